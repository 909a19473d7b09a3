//! The Lambda printer: S-expressions in the style of `ocamlopt -dlambda`.
//!
//! Output is deterministic (variables print as `name/id`, labels as
//! numbers) and laid out by one simple rule, so golden tests stay stable: a
//! form that fits in the remaining width is printed on one line; otherwise
//! its head stays on the first line and each remaining part goes on its own
//! line, indented by two spaces.

use super::ir::*;
use super::primitive::Primitive;
use crate::observable::IntKind;

/// Width of the page the printer lays out for.
pub const WIDTH: usize = 80;

/// A document: an atom, or a group of parts.
#[derive(Clone, Debug)]
enum Doc {
    Atom(String),
    /// `head` parts stay on the first line (separated by spaces), `body`
    /// parts go on their own lines when the group is broken. `parens` is
    /// false for the bare groups of switch cases (`case int 0: e`).
    Group {
        head: Vec<Doc>,
        body: Vec<Doc>,
        parens: bool,
    },
}

fn atom(s: impl Into<String>) -> Doc {
    Doc::Atom(s.into())
}

fn group(head: Vec<Doc>, body: Vec<Doc>) -> Doc {
    Doc::Group {
        head,
        body,
        parens: true,
    }
}

fn bare(head: Vec<Doc>, body: Vec<Doc>) -> Doc {
    Doc::Group {
        head,
        body,
        parens: false,
    }
}

/// The width of a document printed on one line.
fn flat_width(d: &Doc) -> usize {
    match d {
        Doc::Atom(s) => s.len(),
        Doc::Group { head, body, parens } => {
            let parts: usize = head.iter().chain(body).map(flat_width).sum();
            let spaces = (head.len() + body.len()).saturating_sub(1);
            parts + spaces + if *parens { 2 } else { 0 }
        }
    }
}

fn render_flat(d: &Doc, out: &mut String) {
    match d {
        Doc::Atom(s) => out.push_str(s),
        Doc::Group { head, body, parens } => {
            if *parens {
                out.push('(');
            }
            for (i, part) in head.iter().chain(body).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                render_flat(part, out);
            }
            if *parens {
                out.push(')');
            }
        }
    }
}

/// Render `d` starting at column `col`. A group that does not fit keeps
/// its first part on the opening line, then further head parts while they
/// fit there; the rest, and every body part, go on lines of their own,
/// indented two columns past the group's opening.
fn render(d: &Doc, col: usize, out: &mut String) {
    if col + flat_width(d) <= WIDTH {
        return render_flat(d, out);
    }
    match d {
        Doc::Atom(s) => out.push_str(s),
        Doc::Group { head, body, parens } => {
            let inner = col + 2;
            let mut col = col;
            if *parens {
                out.push('(');
                col += 1;
            }
            let mut on_first_line = true;
            for (i, part) in head.iter().enumerate() {
                if i == 0 {
                    let start = out.len();
                    render(part, col, out);
                    col = column_after(out, start, col);
                } else if on_first_line && col + 1 + flat_width(part) <= WIDTH {
                    out.push(' ');
                    render_flat(part, out);
                    col += 1 + flat_width(part);
                } else {
                    on_first_line = false;
                    newline(out, inner);
                    let start = out.len();
                    render(part, inner, out);
                    col = column_after(out, start, inner);
                }
            }
            for part in body {
                newline(out, inner);
                render(part, inner, out);
            }
            if *parens {
                out.push(')');
            }
        }
    }
}

fn newline(out: &mut String, indent: usize) {
    out.push('\n');
    out.push_str(&" ".repeat(indent));
}

/// The column reached after printing `out[start..]` from column `col`.
fn column_after(out: &str, start: usize, col: usize) -> usize {
    let written = out.get(start..).unwrap_or("");
    match written.rfind('\n') {
        Some(i) => written.len() - i - 1,
        None => col + written.len(),
    }
}

/// An OCaml string literal for these bytes (OCaml's escapes).
pub fn quote_string(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    s.push_str(&String::from_utf8_lossy(&crate::observable::escaped(bytes)));
    s.push('"');
    s
}

pub fn var_name(v: &Var) -> String {
    format!("{}/{}", v.name, v.id)
}

/// A float constant as it would read back exactly (shortest round-trip
/// digits, always with a `.` or an exponent).
pub fn float_literal(x: f64) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.to_string();
    }
    if x.is_infinite() {
        return if x < 0.0 { "neg_infinity" } else { "infinity" }.to_string();
    }
    let s = format!("{x:?}");
    if s.contains(['.', 'e']) {
        s
    } else {
        s + "."
    }
}

fn constant_doc(c: &Constant) -> Doc {
    match c {
        Constant::Int(n) => atom(n.to_string()),
        Constant::Float(x) => atom(float_literal(*x)),
        Constant::String(s) => atom(quote_string(s)),
        Constant::Boxed(kind, n) => atom(format!(
            "{n}{}",
            match kind {
                IntKind::Int => "",
                IntKind::Int32 => "l",
                IntKind::Int64 => "L",
                IntKind::Nativeint => "n",
            }
        )),
        Constant::Block { tag, fields } => {
            let mut text = format!("[{tag}:");
            for f in fields {
                let mut inner = String::new();
                render_flat(&constant_doc(f), &mut inner);
                text.push(' ');
                text.push_str(&inner);
            }
            text.push(']');
            atom(text)
        }
    }
}

fn function_doc(f: &Function) -> Doc {
    let mut head = vec![atom("function")];
    head.extend(f.params.iter().map(|p| atom(var_name(p))));
    group(head, vec![doc(&f.body)])
}

/// Collect the bindings of consecutive `let`s, printed as one form like
/// OCaml does: `(let (a/1 = e1 b/2 =mut e2) body)`.
fn let_doc(mut e: &Lambda) -> Doc {
    let mut bindings = Vec::new();
    while let Lambda::Let {
        kind,
        var,
        def,
        body,
    } = e
    {
        let eq = match kind {
            LetKind::Strict => "=",
            LetKind::Mutable => "=mut",
        };
        bindings.push(bare(vec![atom(var_name(var)), atom(eq)], vec![doc(def)]));
        e = body;
    }
    group(vec![atom("let"), group(bindings, vec![])], vec![doc(e)])
}

fn seq_doc(e: &Lambda) -> Doc {
    let mut parts = Vec::new();
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Lambda::Seq(a, b) => {
                stack.push(b);
                stack.push(a);
            }
            other => parts.push(doc(other)),
        }
    }
    group(vec![atom("seq")], parts)
}

fn case_label(c: &SwitchCase) -> String {
    match c {
        SwitchCase::Int(n) => format!("case int {n}:"),
        SwitchCase::Tag(t) => format!("case tag {t}:"),
    }
}

/// The labels of an arm, with runs of consecutive integers shown as ranges.
fn arm_labels(cases: &[SwitchCase]) -> Vec<Doc> {
    let mut labels = Vec::new();
    let mut i = 0;
    while let Some(c) = cases.get(i) {
        let mut j = i;
        if let SwitchCase::Int(n) = c {
            while matches!(cases.get(j + 1), Some(SwitchCase::Int(m)) if *m == n + (j + 1 - i) as i64)
            {
                j += 1;
            }
            if j >= i + 2 {
                if let Some(SwitchCase::Int(last)) = cases.get(j) {
                    labels.push(atom(format!("case int {n}..{last}:")));
                    i = j + 1;
                    continue;
                }
            }
        }
        labels.push(atom(case_label(c)));
        i += 1;
    }
    labels
}

fn doc(e: &Lambda) -> Doc {
    match e {
        Lambda::Var(v) => atom(var_name(v)),
        Lambda::Const(c) => constant_doc(c),
        Lambda::Apply { func, args } => {
            let mut head = vec![atom("apply"), doc(func)];
            head.extend(args.iter().map(doc));
            group(head, vec![])
        }
        Lambda::Function(f) => function_doc(f),
        Lambda::Let { .. } => let_doc(e),
        Lambda::LetRec { bindings, body } => {
            let mut parts: Vec<Doc> = bindings
                .iter()
                .map(|(v, f)| group(vec![atom(var_name(v))], vec![function_doc(f)]))
                .collect();
            parts.push(doc(body));
            group(vec![atom("letrec")], parts)
        }
        Lambda::Prim { prim, args } => prim_doc(prim, args),
        Lambda::Switch {
            scrutinee,
            arms,
            default,
        } => {
            let mut body = Vec::new();
            for arm in arms {
                body.push(bare(arm_labels(&arm.cases), vec![doc(&arm.body)]));
            }
            if let Some(d) = default {
                body.push(bare(vec![atom("default:")], vec![doc(d)]));
            }
            group(vec![atom("switch"), doc(scrutinee)], body)
        }
        Lambda::StringSwitch {
            scrutinee,
            arms,
            default,
        } => {
            let mut body = Vec::new();
            for (s, action) in arms {
                body.push(bare(
                    vec![atom(format!("case {}:", quote_string(s)))],
                    vec![doc(action)],
                ));
            }
            if let Some(d) = default {
                body.push(bare(vec![atom("default:")], vec![doc(d)]));
            }
            group(vec![atom("stringswitch"), doc(scrutinee)], body)
        }
        Lambda::StaticRaise { label, args } => {
            let mut head = vec![atom("exit"), atom(label.0.to_string())];
            head.extend(args.iter().map(doc));
            group(head, vec![])
        }
        Lambda::StaticCatch {
            body,
            label,
            params,
            handler,
        } => {
            let mut pattern = vec![atom(label.0.to_string())];
            pattern.extend(params.iter().map(|p| atom(var_name(p))));
            let with = bare(
                vec![atom("with"), group(pattern, vec![])],
                vec![doc(handler)],
            );
            group(vec![atom("catch")], vec![doc(body), with])
        }
        Lambda::TryWith { body, exn, handler } => {
            let with = bare(vec![atom("with"), atom(var_name(exn))], vec![doc(handler)]);
            group(vec![atom("try")], vec![doc(body), with])
        }
        Lambda::Raise { kind, exn } => {
            let word = match kind {
                RaiseKind::Regular => "raise",
                RaiseKind::Reraise => "reraise",
                RaiseKind::NoTrace => "raise_notrace",
            };
            group(vec![atom(word), doc(exn)], vec![])
        }
        Lambda::If { cond, then_, else_ } => {
            group(vec![atom("if"), doc(cond)], vec![doc(then_), doc(else_)])
        }
        Lambda::Seq(..) => seq_doc(e),
        Lambda::While { cond, body } => group(vec![atom("while"), doc(cond)], vec![doc(body)]),
        Lambda::For {
            var,
            start,
            end,
            direction,
            body,
        } => {
            let dir = match direction {
                Direction::Upto => "to",
                Direction::Downto => "downto",
            };
            group(
                vec![
                    atom("for"),
                    atom(var_name(var)),
                    doc(start),
                    atom(dir),
                    doc(end),
                ],
                vec![doc(body)],
            )
        }
        Lambda::Assign { var, value } => group(
            vec![atom("assign"), atom(var_name(var)), doc(value)],
            vec![],
        ),
    }
}

fn prim_doc(prim: &Primitive, args: &[Lambda]) -> Doc {
    let mut head = vec![atom(prim.name())];
    head.extend(args.iter().map(doc));
    group(head, vec![])
}

/// Print an expression, laid out for a page of [`WIDTH`] columns.
pub fn lambda_to_string(e: &Lambda) -> String {
    let mut out = String::new();
    render(&doc(e), 0, &mut out);
    out
}

/// Print a program (its body), with a final newline.
pub fn program_to_string(p: &Program) -> String {
    let mut s = lambda_to_string(&p.body);
    s.push('\n');
    s
}

impl std::fmt::Display for Lambda {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&lambda_to_string(self))
    }
}
