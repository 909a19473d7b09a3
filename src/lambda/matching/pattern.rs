//! Patterns as the match compiler sees them: untyped, but carrying what the
//! types told us about representation (tags, arities, flat float records)
//! and about completeness (the full list of a variant type's constructors).

use crate::diagnostics::Span;
use crate::lambda::ir::{Lambda, Var};
use crate::observable::IntKind;
use std::rc::Rc;

/// A variant type: its constructors in declaration order, with their
/// arities. Constant constructors are numbered 0, 1, ... among themselves,
/// constructors with arguments get block tags 0, 1, ... among themselves.
#[derive(Debug, PartialEq)]
pub struct VariantType {
    pub constructors: Vec<(String, usize)>,
}

/// How a constructor is represented, hence how it is tested.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstructorTag {
    /// A constant constructor: the immediate `n`.
    Constant(i64),
    /// A constructor with arguments: a block with this tag, arguments in
    /// fields 0, 1, ...
    Block(u8),
    /// An exception constructor: compared physically with the exception's
    /// identity, which this expression computes (a variable bound by the
    /// `exception` declaration, or a predefined exception). A constant
    /// exception is its identity; one with arguments is a block whose field
    /// 0 is the identity and whose arguments follow.
    Exception { slot: Lambda },
}

#[derive(Debug, PartialEq)]
pub struct Constructor {
    pub name: String,
    pub arity: usize,
    pub tag: ConstructorTag,
    /// The type the constructor belongs to; `None` for exceptions (an open
    /// type: a match on exceptions is never complete).
    pub ty: Option<Rc<VariantType>>,
}

impl Constructor {
    /// Index of the constructor in its type's declaration.
    pub fn index(&self) -> Option<usize> {
        self.ty
            .as_ref()?
            .constructors
            .iter()
            .position(|(n, _)| *n == self.name)
    }

    /// The same constructor: of a variant, the same name (the types agree);
    /// of exceptions, the same identity.
    pub fn same(&self, other: &Constructor) -> bool {
        match (&self.ty, &other.ty) {
            (Some(_), Some(_)) => self.name == other.name,
            _ => self.name == other.name && self.tag == other.tag,
        }
    }
}

/// A record type, for printing counterexamples and reading fields.
#[derive(Debug, PartialEq)]
pub struct RecordType {
    pub labels: Vec<String>,
    /// All fields are floats: the record is a flat float array.
    pub flat_float: bool,
}

/// A constant in a pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum Const {
    Int(i64),
    Char(u8),
    String(Vec<u8>),
    Float(f64),
    Boxed(IntKind, i64),
}

impl Const {
    /// Do the two constants match the same values? Floats are compared as
    /// numbers (`0.` and `-0.` match the same values).
    pub fn same(&self, other: &Const) -> bool {
        match (self, other) {
            (Const::Float(a), Const::Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            _ => self == other,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    pub kind: PatternKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PatternKind {
    /// `_`
    Any,
    /// A variable: matches anything and binds it.
    Var(Var),
    /// `p as x`
    Alias(Box<Pattern>, Var),
    Const(Const),
    Tuple(Vec<Pattern>),
    /// A record pattern with one pattern per field, in declaration order
    /// (fields the source does not mention are `Any`).
    Record(Rc<RecordType>, Vec<Pattern>),
    Construct(Rc<Constructor>, Vec<Pattern>),
    /// `p | q`: both sides bind the same variables (the same `Var`s).
    Or(Box<Pattern>, Box<Pattern>),
}

impl Pattern {
    pub fn new(kind: PatternKind, span: Span) -> Pattern {
        Pattern { kind, span }
    }

    pub fn any() -> Pattern {
        Pattern::new(PatternKind::Any, Span::default())
    }

    pub fn var(v: &Var) -> Pattern {
        Pattern::new(PatternKind::Var(v.clone()), Span::default())
    }

    pub fn constant(c: Const) -> Pattern {
        Pattern::new(PatternKind::Const(c), Span::default())
    }

    pub fn tuple(ps: Vec<Pattern>) -> Pattern {
        Pattern::new(PatternKind::Tuple(ps), Span::default())
    }

    pub fn construct(c: &Rc<Constructor>, args: Vec<Pattern>) -> Pattern {
        Pattern::new(PatternKind::Construct(Rc::clone(c), args), Span::default())
    }

    pub fn or(p: Pattern, q: Pattern) -> Pattern {
        let span = p.span.to(q.span);
        Pattern::new(PatternKind::Or(Box::new(p), Box::new(q)), span)
    }

    pub fn alias(p: Pattern, v: &Var) -> Pattern {
        let span = p.span;
        Pattern::new(PatternKind::Alias(Box::new(p), v.clone()), span)
    }

    pub fn with_span(mut self, span: Span) -> Pattern {
        self.span = span;
        self
    }

    /// `'a'..'z'`: OCaml's type checker turns a character range into the
    /// or-pattern of its characters, and so do we.
    pub fn char_range(lo: u8, hi: u8, span: Span) -> Pattern {
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let mut p = Pattern::new(PatternKind::Const(Const::Char(lo)), span);
        for c in lo.saturating_add(1)..=hi {
            if c > lo {
                p = Pattern::new(
                    PatternKind::Or(
                        Box::new(p),
                        Box::new(Pattern::new(PatternKind::Const(Const::Char(c)), span)),
                    ),
                    span,
                );
            }
        }
        p
    }

    /// The variables the pattern binds, in order of first occurrence.
    pub fn variables(&self) -> Vec<Var> {
        let mut out = Vec::new();
        self.collect_variables(&mut out);
        out
    }

    fn collect_variables(&self, out: &mut Vec<Var>) {
        match &self.kind {
            PatternKind::Any | PatternKind::Const(_) => {}
            PatternKind::Var(v) => {
                if !out.contains(v) {
                    out.push(v.clone())
                }
            }
            PatternKind::Alias(p, v) => {
                p.collect_variables(out);
                if !out.contains(v) {
                    out.push(v.clone())
                }
            }
            PatternKind::Tuple(ps) | PatternKind::Record(_, ps) | PatternKind::Construct(_, ps) => {
                ps.iter().for_each(|p| p.collect_variables(out))
            }
            PatternKind::Or(p, q) => {
                p.collect_variables(out);
                q.collect_variables(out);
            }
        }
    }
}
