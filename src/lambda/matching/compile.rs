//! Compiling a clause matrix to a decision tree (Maranget 2008).
//!
//! A match is a matrix: one row per clause, one column per value being
//! examined (an *occurrence*: the scrutinee, or a field of it found by a
//! path of field indices). Compilation picks a column, tests the value there
//! once, and for each possible head constructor continues with the
//! *specialised* matrix (rows compatible with that constructor, its
//! arguments becoming new columns); the rows with a wildcard in the column
//! also form the *default* matrix, used when the column's constructors do
//! not cover the type. A row whose patterns are all wildcards selects its
//! clause. Because a tested column disappears from every matrix below the
//! test, no path of the tree ever tests the same occurrence twice.

use super::pattern::*;
use crate::lambda::ir::{Fresh, Var};
use std::rc::Rc;

/// A value the match examines: its variable (bound when first reached) and
/// its path from the scrutinees (scrutinee index, then field indices).
#[derive(Clone, Debug, PartialEq)]
pub struct Occurrence {
    pub var: Var,
    pub path: Vec<u32>,
}

/// How the fields of a head are read from its occurrence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldAccess {
    Field(u32),
    FloatField(u32),
}

/// What a test looks at.
#[derive(Clone, Debug, PartialEq)]
pub enum Head {
    Construct(Rc<Constructor>),
    Const(Const),
    /// Tuples and records: a single constructor, nothing to test.
    Tuple(usize),
    Record(Rc<RecordType>),
}

impl Head {
    fn arity(&self) -> usize {
        match self {
            Head::Construct(c) => c.arity,
            Head::Const(_) => 0,
            Head::Tuple(n) => *n,
            Head::Record(r) => r.labels.len(),
        }
    }

    fn same(&self, other: &Head) -> bool {
        match (self, other) {
            (Head::Construct(a), Head::Construct(b)) => a.same(b),
            (Head::Const(a), Head::Const(b)) => a.same(b),
            (Head::Tuple(_), Head::Tuple(_)) | (Head::Record(_), Head::Record(_)) => true,
            _ => false,
        }
    }

    /// How the `i`th argument of this head is read.
    pub fn access(&self, i: usize) -> FieldAccess {
        match self {
            Head::Record(r) if r.flat_float => FieldAccess::FloatField(i as u32),
            Head::Construct(c) if matches!(c.tag, ConstructorTag::Exception { .. }) => {
                FieldAccess::Field(i as u32 + 1)
            }
            _ => FieldAccess::Field(i as u32),
        }
    }
}

/// One arm of a test: the head, the variables its arguments are bound to,
/// and what follows.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm {
    pub head: Head,
    pub fields: Vec<Occurrence>,
    pub tree: Tree,
}

/// A decision tree.
#[derive(Clone, Debug, PartialEq)]
pub enum Tree {
    /// Select clause `clause`, its variables bound to these occurrences.
    Leaf {
        clause: usize,
        bindings: Vec<(Var, Var)>,
    },
    /// Bind, evaluate the clause's guard: select the clause if it holds,
    /// otherwise continue with `otherwise`.
    Guard {
        clause: usize,
        bindings: Vec<(Var, Var)>,
        otherwise: Box<Tree>,
    },
    /// No clause matches.
    Fail,
    /// Examine `occ` once; `default` covers the heads not listed (absent
    /// when the listed heads cover the type). A tuple or record "test" has a
    /// single arm and tests nothing: it only names the fields.
    Test {
        occ: Occurrence,
        arms: Vec<Arm>,
        default: Option<Box<Tree>>,
    },
}

/// One clause as the compiler sees it: a pattern per column, whether it has
/// a guard, and its index in the source match.
#[derive(Clone, Debug)]
pub struct Row {
    pub patterns: Vec<Pattern>,
    pub has_guard: bool,
    pub clause: usize,
    /// Pattern variables bound so far: (pattern variable, occurrence var).
    pub bindings: Vec<(Var, Var)>,
}

/// Compile rows against the scrutinee variables.
pub fn compile_rows(scrutinees: &[Var], rows: Vec<Row>, fresh: &mut Fresh) -> Tree {
    let occs = scrutinees
        .iter()
        .enumerate()
        .map(|(i, v)| Occurrence {
            var: v.clone(),
            path: vec![i as u32],
        })
        .collect();
    Compiler { fresh }.compile(occs, rows)
}

struct Compiler<'f> {
    fresh: &'f mut Fresh,
}

fn is_wildcard(p: &Pattern) -> bool {
    matches!(p.kind, PatternKind::Any | PatternKind::Var(_))
}

/// Split or-patterns and strip variables and aliases at the top of column
/// `col`, recording bindings: afterwards the column holds `Any` or a head.
fn expand_column(row: Row, col: usize, occ: &Occurrence, out: &mut Vec<Row>) {
    let Some(p) = row.patterns.get(col) else {
        return;
    };
    match &p.kind {
        PatternKind::Var(v) => {
            let v = v.clone();
            let mut row = row;
            row.bindings.push((v, occ.var.clone()));
            row.patterns[col] = Pattern::any();
            out.push(row);
        }
        PatternKind::Alias(inner, v) => {
            let (inner, v) = ((**inner).clone(), v.clone());
            let mut row = row;
            row.bindings.push((v, occ.var.clone()));
            row.patterns[col] = inner;
            expand_column(row, col, occ, out);
        }
        PatternKind::Or(a, b) => {
            let (a, b) = ((**a).clone(), (**b).clone());
            let mut left = row.clone();
            left.patterns[col] = a;
            expand_column(left, col, occ, out);
            let mut right = row;
            right.patterns[col] = b;
            expand_column(right, col, occ, out);
        }
        _ => out.push(row),
    }
}

fn head_of(p: &Pattern) -> Option<Head> {
    match &p.kind {
        PatternKind::Const(c) => Some(Head::Const(c.clone())),
        PatternKind::Tuple(ps) => Some(Head::Tuple(ps.len())),
        PatternKind::Record(r, _) => Some(Head::Record(Rc::clone(r))),
        PatternKind::Construct(c, _) => Some(Head::Construct(Rc::clone(c))),
        _ => None,
    }
}

/// The heads appearing in a pattern (through or-patterns and aliases).
fn heads_in(p: &Pattern, out: &mut Vec<Head>) {
    match &p.kind {
        PatternKind::Alias(q, _) => heads_in(q, out),
        PatternKind::Or(a, b) => {
            heads_in(a, out);
            heads_in(b, out);
        }
        _ => {
            if let Some(h) = head_of(p) {
                if !out.iter().any(|o| o.same(&h)) {
                    out.push(h);
                }
            }
        }
    }
}

/// Do these heads cover every value of their type?
pub fn is_complete(heads: &[Head]) -> bool {
    match heads.first() {
        None => false,
        Some(Head::Tuple(_) | Head::Record(_)) => true,
        Some(Head::Construct(c)) => match &c.ty {
            Some(ty) => ty.constructors.iter().all(|(name, _)| {
                heads
                    .iter()
                    .any(|h| matches!(h, Head::Construct(d) if d.name == *name))
            }),
            None => false,
        },
        Some(Head::Const(Const::Char(_))) => heads.len() == 256,
        Some(Head::Const(_)) => false,
    }
}

impl Compiler<'_> {
    fn compile(&mut self, occs: Vec<Occurrence>, rows: Vec<Row>) -> Tree {
        let Some(first) = rows.first() else {
            return Tree::Fail;
        };
        // The first row matches when its remaining patterns are all
        // variables or wildcards.
        if first.patterns.iter().all(is_wildcard) {
            let mut rows = rows.into_iter();
            let Some(mut first) = rows.next() else {
                return Tree::Fail;
            };
            for (p, occ) in first.patterns.iter().zip(&occs) {
                if let PatternKind::Var(v) = &p.kind {
                    first.bindings.push((v.clone(), occ.var.clone()));
                }
            }
            if !first.has_guard {
                return Tree::Leaf {
                    clause: first.clause,
                    bindings: first.bindings,
                };
            }
            // A guard may fail: then matching goes on with the other rows,
            // knowing everything tested so far.
            let otherwise = self.compile(occs, rows.collect());
            return Tree::Guard {
                clause: first.clause,
                bindings: first.bindings,
                otherwise: Box::new(otherwise),
            };
        }
        let col = self.choose_column(&rows);
        self.split(occs, rows, col)
    }

    /// The column heuristic, Maranget's "pba": among the columns the first
    /// row needs (where it has a constructor, so no path to its clause can
    /// avoid testing them), prefer the smallest branching factor (number of
    /// arms, counting the default), then the smallest total arity of the
    /// heads (fewer new columns), then the leftmost.
    fn choose_column(&self, rows: &[Row]) -> usize {
        let Some(first) = rows.first() else { return 0 };
        let mut best: Option<(usize, usize, usize)> = None;
        for (col, p) in first.patterns.iter().enumerate() {
            if is_wildcard(p) {
                continue;
            }
            let mut heads = Vec::new();
            for r in rows {
                if let Some(p) = r.patterns.get(col) {
                    heads_in(p, &mut heads);
                }
            }
            let branching = heads.len() + usize::from(!is_complete(&heads));
            let arity: usize = heads.iter().map(Head::arity).sum();
            if best.is_none_or(|(_, b, a)| (branching, arity) < (b, a)) {
                best = Some((col, branching, arity));
            }
        }
        best.map_or(0, |(col, _, _)| col)
    }

    fn split(&mut self, occs: Vec<Occurrence>, rows: Vec<Row>, col: usize) -> Tree {
        let Some(occ) = occs.get(col).cloned() else {
            return Tree::Fail;
        };
        let mut expanded = Vec::new();
        for r in rows {
            expand_column(r, col, &occ, &mut expanded);
        }
        let mut heads = Vec::new();
        for r in &expanded {
            if let Some(h) = r.patterns.get(col).and_then(head_of) {
                if !heads.iter().any(|o: &Head| o.same(&h)) {
                    heads.push(h);
                }
            }
        }
        let mut arms = Vec::new();
        for head in &heads {
            let fields: Vec<Occurrence> = (0..head.arity())
                .map(|i| {
                    let mut path = occ.path.clone();
                    path.push(i as u32);
                    Occurrence {
                        var: self.fresh.var(&occ_name(&occ.var, head, i)),
                        path,
                    }
                })
                .collect();
            let specialised = specialise(&expanded, col, head);
            let mut sub_occs = fields.clone();
            sub_occs.extend(
                occs.iter()
                    .enumerate()
                    .filter(|(i, _)| *i != col)
                    .map(|(_, o)| o.clone()),
            );
            let tree = self.compile(sub_occs, specialised);
            arms.push(Arm {
                head: head.clone(),
                fields,
                tree,
            });
        }
        let default = if is_complete(&heads) {
            None
        } else {
            let rest: Vec<Occurrence> = occs
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != col)
                .map(|(_, o)| o.clone())
                .collect();
            let rows = default_rows(&expanded, col);
            Some(Box::new(self.compile(rest, rows)))
        };
        if arms.is_empty() {
            // Only wildcards in the column: nothing to test.
            return default.map_or(Tree::Fail, |d| *d);
        }
        Tree::Test { occ, arms, default }
    }
}

/// A readable name for the variable of a head's `i`th argument.
fn occ_name(parent: &Var, head: &Head, i: usize) -> String {
    let alphanumeric = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let name = match head {
        Head::Construct(c) if c.arity == 1 => alphanumeric(&c.name.to_lowercase()),
        Head::Construct(c) => format!("{}_{i}", alphanumeric(&c.name.to_lowercase())),
        Head::Record(r) => r.labels.get(i).cloned().unwrap_or_default(),
        Head::Tuple(_) | Head::Const(_) => format!("{}_{i}", parent.name),
    };
    if name.is_empty() || name.starts_with('_') {
        format!("field{i}")
    } else {
        name
    }
}

/// The specialised matrix for `head` in column `col`: rows whose pattern
/// there is `head` (its arguments replace the column) or a wildcard
/// (`arity` wildcards replace it).
fn specialise(rows: &[Row], col: usize, head: &Head) -> Vec<Row> {
    let mut out = Vec::new();
    for r in rows {
        let Some(p) = r.patterns.get(col) else {
            continue;
        };
        let args: Vec<Pattern> = match &p.kind {
            PatternKind::Any => vec![Pattern::any(); head.arity()],
            _ => match head_of(p) {
                Some(h) if h.same(head) => match &p.kind {
                    PatternKind::Tuple(ps)
                    | PatternKind::Record(_, ps)
                    | PatternKind::Construct(_, ps) => ps.clone(),
                    _ => Vec::new(),
                },
                _ => continue,
            },
        };
        let mut patterns = args;
        patterns.extend(
            r.patterns
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != col)
                .map(|(_, p)| p.clone()),
        );
        out.push(Row {
            patterns,
            ..r.clone()
        });
    }
    out
}

/// The default matrix: rows with a wildcard in column `col`, without it.
fn default_rows(rows: &[Row], col: usize) -> Vec<Row> {
    rows.iter()
        .filter(|r| {
            r.patterns
                .get(col)
                .is_some_and(|p| matches!(p.kind, PatternKind::Any))
        })
        .map(|r| Row {
            patterns: r
                .patterns
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != col)
                .map(|(_, p)| p.clone())
                .collect(),
            ..r.clone()
        })
        .collect()
}
