//! Warnings for pattern matching (Maranget, "Warnings for pattern
//! matching", JFP 2007): non-exhaustive matches, with an example of a value
//! no clause matches, and unused clauses.
//!
//! Both questions reduce to *usefulness*: a pattern vector `q` is useful
//! with respect to a matrix `P` when some value matches `q` and no row of
//! `P`. A clause is unused when it is not useful with respect to the
//! clauses above it; a match is exhaustive when the all-wildcards vector is
//! not useful with respect to all its clauses. The second computation is
//! made constructive, so that it returns the value as a pattern, which we
//! print the way OCaml prints it.

use super::compile::{is_complete, Head};
use super::pattern::*;
use super::Clause;
use crate::diagnostics::{Diagnostic, Span};
use std::rc::Rc;

/// A pattern without variables, aliases: what usefulness works on.
#[derive(Clone, Debug)]
enum Simple {
    Any,
    Head(Head, Vec<Simple>),
    Or(Box<Simple>, Box<Simple>),
}

fn simplify(p: &Pattern) -> Simple {
    match &p.kind {
        PatternKind::Any | PatternKind::Var(_) => Simple::Any,
        PatternKind::Alias(q, _) => simplify(q),
        PatternKind::Const(c) => Simple::Head(Head::Const(c.clone()), Vec::new()),
        PatternKind::Tuple(ps) => {
            Simple::Head(Head::Tuple(ps.len()), ps.iter().map(simplify).collect())
        }
        PatternKind::Record(r, ps) => Simple::Head(
            Head::Record(Rc::clone(r)),
            ps.iter().map(simplify).collect(),
        ),
        PatternKind::Construct(c, ps) => Simple::Head(
            Head::Construct(Rc::clone(c)),
            ps.iter().map(simplify).collect(),
        ),
        PatternKind::Or(a, b) => Simple::Or(Box::new(simplify(a)), Box::new(simplify(b))),
    }
}

type Row = Vec<Simple>;

fn head_arity(h: &Head) -> usize {
    match h {
        Head::Construct(c) => c.arity,
        Head::Const(_) => 0,
        Head::Tuple(n) => *n,
        Head::Record(r) => r.labels.len(),
    }
}

fn same_head(a: &Head, b: &Head) -> bool {
    match (a, b) {
        (Head::Construct(x), Head::Construct(y)) => x.same(y),
        (Head::Const(x), Head::Const(y)) => x.same(y),
        (Head::Tuple(_), Head::Tuple(_)) | (Head::Record(_), Head::Record(_)) => true,
        _ => false,
    }
}

/// The heads of the first column, in order of first appearance.
fn column_heads(rows: &[Row]) -> Vec<Head> {
    fn collect(p: &Simple, out: &mut Vec<Head>) {
        match p {
            Simple::Any => {}
            Simple::Head(h, _) => {
                if !out.iter().any(|o| same_head(o, h)) {
                    out.push(h.clone())
                }
            }
            Simple::Or(a, b) => {
                collect(a, out);
                collect(b, out);
            }
        }
    }
    let mut heads = Vec::new();
    for r in rows {
        if let Some(p) = r.first() {
            collect(p, &mut heads);
        }
    }
    heads
}

/// Rows of `S(c, P)`: rows starting with `c` (its arguments spliced in) or
/// a wildcard; or-patterns are split.
fn specialise(rows: &[Row], h: &Head) -> Vec<Row> {
    let mut out = Vec::new();
    for r in rows {
        specialise_row(r, h, &mut out);
    }
    out
}

fn specialise_row(r: &Row, h: &Head, out: &mut Vec<Row>) {
    let Some((first, rest)) = r.split_first() else {
        return;
    };
    match first {
        Simple::Any => {
            let mut row = vec![Simple::Any; head_arity(h)];
            row.extend_from_slice(rest);
            out.push(row);
        }
        Simple::Head(g, args) if same_head(g, h) => {
            let mut row = args.clone();
            row.extend_from_slice(rest);
            out.push(row);
        }
        Simple::Head(..) => {}
        Simple::Or(a, b) => {
            for alt in [a, b] {
                let mut row = vec![(**alt).clone()];
                row.extend_from_slice(rest);
                specialise_row(&row, h, out);
            }
        }
    }
}

/// Rows of the default matrix `D(P)`.
fn default_matrix(rows: &[Row]) -> Vec<Row> {
    let mut out = Vec::new();
    for r in rows {
        default_row(r, &mut out);
    }
    out
}

fn default_row(r: &Row, out: &mut Vec<Row>) {
    let Some((first, rest)) = r.split_first() else {
        return;
    };
    match first {
        Simple::Any => out.push(rest.to_vec()),
        Simple::Head(..) => {}
        Simple::Or(a, b) => {
            for alt in [a, b] {
                let mut row = vec![(**alt).clone()];
                row.extend_from_slice(rest);
                default_row(&row, out);
            }
        }
    }
}

/// Is `q` useful with respect to `rows` (algorithm U)?
fn useful(rows: &[Row], q: &[Simple]) -> bool {
    let Some((first, rest)) = q.split_first() else {
        return rows.is_empty();
    };
    match first {
        Simple::Head(h, args) => {
            let mut q2 = args.clone();
            q2.extend_from_slice(rest);
            useful(&specialise(rows, h), &q2)
        }
        Simple::Or(a, b) => [a, b].iter().any(|alt| {
            let mut q2 = vec![(***alt).clone()];
            q2.extend_from_slice(rest);
            useful(rows, &q2)
        }),
        Simple::Any => {
            let heads = column_heads(rows);
            if is_complete(&heads) {
                heads.iter().any(|h| {
                    let mut q2 = vec![Simple::Any; head_arity(h)];
                    q2.extend_from_slice(rest);
                    useful(&specialise(rows, h), &q2)
                })
            } else {
                useful(&default_matrix(rows), rest)
            }
        }
    }
}

/// A value, as a pattern, that no row matches (printed for the user).
#[derive(Clone, Debug, PartialEq)]
pub enum Witness {
    Any,
    Head(Head, Vec<Witness>),
    Or(Vec<Witness>),
    /// A constructor of an extensible type (exceptions) not listed.
    Extension,
}

/// A vector of `n` witnesses none of `rows` matches, if there is one
/// (algorithm I). Like OCaml, the specialised matrices are explored before
/// the default one, so the example printed is the one OCaml prints.
fn witness(rows: &[Row], n: usize) -> Option<Vec<Witness>> {
    if n == 0 {
        return rows.is_empty().then(Vec::new);
    }
    let heads = column_heads(rows);
    for h in &heads {
        let a = head_arity(h);
        if let Some(mut w) = witness(&specialise(rows, h), a + n - 1) {
            let rest = w.split_off(a);
            let mut out = vec![Witness::Head(h.clone(), w)];
            out.extend(rest);
            return Some(out);
        }
    }
    if is_complete(&heads) {
        return None;
    }
    let mut w = witness(&default_matrix(rows), n - 1)?;
    w.insert(0, missing_heads(&heads));
    Some(w)
}

/// What the first column lacks: all missing constructors of a variant, or
/// the first constant OCaml would pick.
fn missing_heads(heads: &[Head]) -> Witness {
    match heads.first() {
        None | Some(Head::Tuple(_) | Head::Record(_)) => Witness::Any,
        Some(Head::Construct(c)) => match &c.ty {
            None => Witness::Extension,
            Some(ty) => {
                let present = |name: &str| {
                    heads
                        .iter()
                        .any(|h| matches!(h, Head::Construct(d) if d.name == name))
                };
                let missing: Vec<Witness> = ty
                    .constructors
                    .iter()
                    .filter(|(name, _)| !present(name))
                    .map(|(name, arity)| {
                        let cstr = Constructor {
                            name: name.clone(),
                            arity: *arity,
                            tag: ConstructorTag::Constant(0),
                            ty: Some(Rc::clone(ty)),
                        };
                        Witness::Head(Head::Construct(Rc::new(cstr)), vec![Witness::Any; *arity])
                    })
                    .collect();
                match missing.len() {
                    1 => missing.into_iter().next().unwrap_or(Witness::Any),
                    _ => Witness::Or(missing),
                }
            }
        },
        Some(Head::Const(c)) => Witness::Head(Head::Const(other_constant(c, heads)), Vec::new()),
    }
}

/// OCaml's `Parmatch.build_other` for constants: the first integer from 0,
/// float from 0. by steps of 1., string of stars by length, or character
/// from the ranges a-z, A-Z, 0-9, printable, all, that is absent.
fn other_constant(sample: &Const, heads: &[Head]) -> Const {
    let consts: Vec<&Const> = heads
        .iter()
        .filter_map(|h| {
            if let Head::Const(c) = h {
                Some(c)
            } else {
                None
            }
        })
        .collect();
    let absent = |c: &Const| !consts.iter().any(|d| d.same(c));
    match sample {
        Const::Int(_) => (0..).map(Const::Int).find(absent).unwrap_or(Const::Int(0)),
        Const::Boxed(k, _) => (0..)
            .map(|n| Const::Boxed(*k, n))
            .find(absent)
            .unwrap_or(Const::Boxed(*k, 0)),
        Const::Float(_) => (0..)
            .map(|n| Const::Float(n as f64))
            .find(absent)
            .unwrap_or(Const::Float(0.0)),
        Const::String(_) => {
            let lengths: Vec<usize> = consts
                .iter()
                .filter_map(|c| {
                    if let Const::String(s) = c {
                        Some(s.len())
                    } else {
                        None
                    }
                })
                .collect();
            let n = (0..).find(|n| !lengths.contains(n)).unwrap_or(0);
            Const::String(vec![b'*'; n])
        }
        Const::Char(_) => [
            (b'a', b'z'),
            (b'A', b'Z'),
            (b'0', b'9'),
            (b' ', b'~'),
            (0, 255),
        ]
        .iter()
        .find_map(|(lo, hi)| (*lo..=*hi).map(Const::Char).find(absent))
        .unwrap_or(Const::Char(0)),
    }
}

/// Could a row match the witness (used to warn that a guarded clause may
/// cover it)?
fn compatible(row: &[Simple], w: &[Witness]) -> bool {
    row.iter().zip(w).all(|(p, w)| compatible_one(p, w))
}

fn compatible_one(p: &Simple, w: &Witness) -> bool {
    match (p, w) {
        (Simple::Any, _) | (_, Witness::Any) => true,
        (Simple::Or(a, b), w) => compatible_one(a, w) || compatible_one(b, w),
        (p, Witness::Or(ws)) => ws.iter().any(|w| compatible_one(p, w)),
        (Simple::Head(h, ps), Witness::Head(g, ws)) => same_head(h, g) && compatible(ps, ws),
        (Simple::Head(..), Witness::Extension) => false,
    }
}

// --- printing, as OCaml's Printpat does -----------------------------------

fn char_literal(c: u8) -> String {
    match c {
        b'\'' => "'\\''".to_string(),
        b'\\' => "'\\\\'".to_string(),
        b'\n' => "'\\n'".to_string(),
        b'\t' => "'\\t'".to_string(),
        b'\r' => "'\\r'".to_string(),
        8 => "'\\b'".to_string(),
        b' '..=b'~' => format!("'{}'", c as char),
        _ => format!("'\\{c:03}'"),
    }
}

fn const_text(c: &Const) -> String {
    match c {
        Const::Int(n) => n.to_string(),
        Const::Char(c) => char_literal(*c),
        Const::String(s) => crate::lambda::print::quote_string(s),
        Const::Float(x) => crate::observable::string_of_float(*x),
        Const::Boxed(k, n) => format!(
            "{n}{}",
            match k {
                crate::observable::IntKind::Int32 => "l",
                crate::observable::IntKind::Int64 => "L",
                crate::observable::IntKind::Nativeint => "n",
                crate::observable::IntKind::Int => "",
            }
        ),
    }
}

fn is_cons(h: &Head) -> bool {
    matches!(h, Head::Construct(c) if c.name == "::" && c.arity == 2)
}

/// Print a witness the way OCaml prints counterexamples.
pub fn witness_to_string(w: &Witness) -> String {
    match w {
        Witness::Any => "_".to_string(),
        Witness::Extension => "*extension*".to_string(),
        Witness::Or(ws) => {
            let alts: Vec<String> = ws.iter().map(or_alternative).collect();
            format!("({})", alts.join("|"))
        }
        Witness::Head(Head::Const(c), _) => const_text(c),
        Witness::Head(Head::Tuple(_), ws) => {
            format!(
                "({})",
                ws.iter()
                    .map(witness_to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
        Witness::Head(Head::Record(r), ws) => {
            let shown: Vec<String> = r
                .labels
                .iter()
                .zip(ws)
                .filter(|(_, w)| **w != Witness::Any)
                .map(|(l, w)| format!("{l}={}", witness_to_string(w)))
                .collect();
            if shown.is_empty() {
                "_".to_string()
            } else if shown.len() < r.labels.len() {
                format!("{{{}; _ }}", shown.join("; "))
            } else {
                format!("{{{}}}", shown.join("; "))
            }
        }
        Witness::Head(h @ Head::Construct(c), ws) => match ws.as_slice() {
            [] => c.name.clone(),
            [head, tail] if is_cons(h) => format!("{}::{}", cons_car(head), cons_cdr(tail)),
            [arg] => format!("{} {}", c.name, constructor_argument(arg)),
            args => format!(
                "{} ({})",
                c.name,
                args.iter()
                    .map(witness_to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
    }
}

/// Alternatives of an or-pattern are printed without their own parentheses.
fn or_alternative(w: &Witness) -> String {
    match w {
        Witness::Or(ws) => ws.iter().map(or_alternative).collect::<Vec<_>>().join("|"),
        w => witness_to_string(w),
    }
}

fn constructor_argument(w: &Witness) -> String {
    match w {
        Witness::Head(Head::Construct(_), args) if !args.is_empty() => {
            format!("({})", witness_to_string(w))
        }
        w => witness_to_string(w),
    }
}

fn cons_car(w: &Witness) -> String {
    match w {
        Witness::Head(h, _) if is_cons(h) => format!("({})", witness_to_string(w)),
        w => witness_to_string(w),
    }
}

fn cons_cdr(w: &Witness) -> String {
    match w {
        Witness::Head(h, ws) if is_cons(h) => match ws.as_slice() {
            [head, tail] => format!("{}::{}", cons_car(head), cons_cdr(tail)),
            _ => witness_to_string(w),
        },
        w => witness_to_string(w),
    }
}

/// What kind of match is being checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchKind {
    /// `match`, `function`, `let`, `fun`: a missing case is reported.
    Total,
    /// The handlers of `try`: unhandled exceptions propagate, so only
    /// unused clauses are reported.
    Handler,
}

/// The counterexample of a non-exhaustive match, if there is one.
pub fn counterexample(clauses: &[Clause]) -> Option<Vec<Witness>> {
    let width = clauses.first().map_or(1, |c| c.patterns.len());
    let rows: Vec<Row> = clauses
        .iter()
        .filter(|c| c.guard.is_none())
        .map(|c| c.patterns.iter().map(simplify).collect())
        .collect();
    witness(&rows, width)
}

/// The warnings for a match whose source spans `span`.
pub fn check_match(clauses: &[Clause], span: Span, kind: MatchKind) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let rows: Vec<Row> = clauses
        .iter()
        .map(|c| c.patterns.iter().map(simplify).collect())
        .collect();
    let mut above: Vec<Row> = Vec::new();
    for (clause, row) in clauses.iter().zip(&rows) {
        if !useful(&above, row) {
            let span = clause
                .patterns
                .iter()
                .map(|p| p.span)
                .reduce(Span::to)
                .unwrap_or(span);
            diagnostics.push(Diagnostic::warning(span, "this match case is unused."));
        }
        if clause.guard.is_none() {
            above.push(row.clone());
        }
    }
    if kind == MatchKind::Total {
        if let Some(w) = counterexample(clauses) {
            let text = match w.as_slice() {
                [one] => witness_to_string(one),
                // Several columns come from a tuple the lowering split.
                many => format!(
                    "({})",
                    many.iter()
                        .map(witness_to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            let mut d = Diagnostic::warning(span, "this pattern-matching is not exhaustive.")
                .with_note(format!(
                    "Here is an example of a case that is not matched:\n{text}"
                ));
            if w.contains(&Witness::Extension) {
                d = d.with_note(
                    "Matching over values of extensible variant types (the *extension* above)\n\
                     must include a wild card pattern in order to be exhaustive.",
                );
            }
            let guarded_may_match = clauses
                .iter()
                .zip(&rows)
                .any(|(c, r)| c.guard.is_some() && compatible(r, &w));
            if guarded_may_match {
                d = d.with_note("(However, some guarded clause may match this value.)");
            }
            diagnostics.push(d);
        }
    }
    diagnostics
}
