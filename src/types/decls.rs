//! Declarations: the type constructors, their constructors and record
//! fields, and the exceptions of a program, including the predefined ones.
//! Everything later stages need to know about a name's representation (a
//! constructor's tag, a field's index, whether a record is flat) is decided
//! here, once, when the declaration is entered.

use super::ty::{Label, Ty, TypeId};
use crate::diagnostics::Span;
use std::rc::Rc;

/// A type with parameters: the body of a type declaration, the argument of
/// a constructor, the type of a field, or a type scheme `∀'a 'b. t`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SType {
    /// The i-th parameter (of the declaration, or of the scheme).
    Param(u32),
    Con(TypeId, Vec<SType>),
    Arrow(Label, Box<SType>, Box<SType>),
    Tuple(Vec<SType>),
    /// A part of a scheme with no generalised variable, shared with the
    /// inference graph (a non-generalised `'_weak` variable lives here).
    Mono(Ty),
    /// The type of something whose declaration had an error: instantiates
    /// to a fresh variable, so that an error is reported once, not at
    /// every use.
    Any,
}

/// A polymorphic type `∀ p0 ... p(n-1). body`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheme {
    pub params: u32,
    pub body: SType,
}

impl Scheme {
    pub fn mono(t: Ty) -> Scheme {
        Scheme {
            params: 0,
            body: SType::Mono(t),
        }
    }

    /// `∀'a. 'a`: what a name whose definition failed is given.
    pub fn any() -> Scheme {
        Scheme {
            params: 1,
            body: SType::Param(0),
        }
    }
}

/// How a type parameter may vary (used by the relaxed value restriction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variance {
    /// Does not occur.
    Unused,
    /// Only in positive positions: `'a list`, `'a option`.
    Covariant,
    /// Only to the left of arrows.
    Contravariant,
    /// Both, or under a mutable field: `'a ref`, `'a array`.
    Invariant,
}

impl Variance {
    /// The variance of an occurrence under a context of variance `self`.
    pub fn compose(self, inner: Variance) -> Variance {
        use Variance::*;
        match (self, inner) {
            (Unused, _) | (_, Unused) => Unused,
            (Invariant, _) | (_, Invariant) => Invariant,
            (Covariant, v) => v,
            (Contravariant, Covariant) => Contravariant,
            (Contravariant, Contravariant) => Covariant,
        }
    }

    /// Both occurrences together.
    pub fn join(self, other: Variance) -> Variance {
        use Variance::*;
        match (self, other) {
            (Unused, v) | (v, Unused) => v,
            (a, b) if a == b => a,
            _ => Invariant,
        }
    }
}

/// The runtime tag of a constructor: constant constructors are immediates
/// numbered from 0 in declaration order, the others are blocks whose tags are
/// numbered from 0 separately (OCaml's rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tag {
    Constant(u32),
    Block(u32),
}

#[derive(Clone, Debug)]
pub struct ConstructorDecl {
    pub name: Rc<str>,
    /// The argument types, in terms of the type's parameters; empty for a
    /// constant constructor. `A of int * int` has two arguments (a block of
    /// two fields), as in OCaml; `A of (int * int)` has one (a tuple).
    pub args: Vec<SType>,
    pub tag: Tag,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FieldDecl {
    pub name: Rc<str>,
    pub ty: SType,
    pub mutable: bool,
    pub span: Span,
}

/// How a record is laid out: a block of values, or (when every field has
/// type `float`) a flat block of doubles with tag 254, as OCaml does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordRepr {
    Boxed,
    Float,
}

#[derive(Clone, Debug)]
pub enum TypeKind {
    /// A predefined type with no visible definition (`int`, `'a array`).
    Abstract,
    Variant(Vec<ConstructorDecl>),
    Record(Vec<FieldDecl>, RecordRepr),
    /// `type ('a, 'b) t = body`.
    Abbrev(SType),
    /// `exn`, extended by exception declarations.
    Open,
}

#[derive(Clone, Debug)]
pub struct TypeDecl {
    pub name: Rc<str>,
    /// The parameters' names as written (`a` for `'a`), for printing.
    pub params: Vec<Rc<str>>,
    pub kind: TypeKind,
    pub variance: Vec<Variance>,
    /// Where it was declared; the empty span at 0 for predefined types.
    pub span: Span,
    /// The type declarations of one `type ... and ...` group share a group
    /// number; `ocamlc -i` prints a group with `and`.
    pub group: u32,
}

impl TypeDecl {
    pub fn arity(&self) -> usize {
        self.params.len()
    }
}

/// An exception's identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExnId(pub u32);

#[derive(Clone, Debug)]
pub struct ExceptionDecl {
    pub name: Rc<str>,
    /// The name the runtime prints: `Not_found` for a predefined exception,
    /// `Foo.My` for `exception My` in `foo.ml` (the module name is the file
    /// stem, capitalised).
    pub qualified: String,
    pub args: Vec<SType>,
    pub predefined: bool,
    /// Declared with `let exception E in ...`.
    pub local: bool,
    pub span: Span,
}

/// All declarations of a program: the predefined ones first, then the
/// program's own, in the order they were entered. Identifiers index these
/// vectors and are only created here, so they are always in range.
#[derive(Clone, Debug)]
pub struct Decls {
    pub types: Vec<TypeDecl>,
    pub exceptions: Vec<ExceptionDecl>,
}

/// The predefined exceptions, in OCaml's order (`Predef`), then the two the
/// standard library defines (`Exit`, `Fun.Finally_raised`).
impl ExnId {
    pub const OUT_OF_MEMORY: ExnId = ExnId(0);
    pub const SYS_ERROR: ExnId = ExnId(1);
    pub const FAILURE: ExnId = ExnId(2);
    pub const INVALID_ARGUMENT: ExnId = ExnId(3);
    pub const END_OF_FILE: ExnId = ExnId(4);
    pub const DIVISION_BY_ZERO: ExnId = ExnId(5);
    pub const NOT_FOUND: ExnId = ExnId(6);
    pub const MATCH_FAILURE: ExnId = ExnId(7);
    pub const STACK_OVERFLOW: ExnId = ExnId(8);
    pub const SYS_BLOCKED_IO: ExnId = ExnId(9);
    pub const ASSERT_FAILURE: ExnId = ExnId(10);
    pub const UNDEFINED_RECURSIVE_MODULE: ExnId = ExnId(11);
    pub const EXIT: ExnId = ExnId(12);
    pub const FINALLY_RAISED: ExnId = ExnId(13);
}

fn constant(id: TypeId) -> SType {
    SType::Con(id, Vec::new())
}

impl Decls {
    /// The predefined types and exceptions (OCaml's `Predef`, plus `ref`,
    /// `Exit` and `Fun.Finally_raised` from the standard library).
    pub fn predefined() -> Decls {
        let here = Span::default();
        let abstract_ = |name: &str, params: &[&str], variance: Vec<Variance>| TypeDecl {
            name: name.into(),
            params: params.iter().map(|p| Rc::from(*p)).collect(),
            kind: TypeKind::Abstract,
            variance,
            span: here,
            group: 0,
        };
        let cons = |name: &str, args: Vec<SType>, tag: Tag| ConstructorDecl {
            name: name.into(),
            args,
            tag,
            span: here,
        };
        let a = SType::Param(0);
        let mut types = vec![
            abstract_("int", &[], vec![]),
            abstract_("char", &[], vec![]),
            abstract_("string", &[], vec![]),
            abstract_("float", &[], vec![]),
            TypeDecl {
                kind: TypeKind::Variant(vec![
                    cons("false", vec![], Tag::Constant(0)),
                    cons("true", vec![], Tag::Constant(1)),
                ]),
                ..abstract_("bool", &[], vec![])
            },
            TypeDecl {
                kind: TypeKind::Variant(vec![cons("()", vec![], Tag::Constant(0))]),
                ..abstract_("unit", &[], vec![])
            },
            TypeDecl {
                kind: TypeKind::Open,
                ..abstract_("exn", &[], vec![])
            },
            abstract_("array", &["a"], vec![Variance::Invariant]),
            TypeDecl {
                kind: TypeKind::Variant(vec![
                    cons("[]", vec![], Tag::Constant(0)),
                    cons(
                        "::",
                        vec![a.clone(), SType::Con(TypeId::LIST, vec![a.clone()])],
                        Tag::Block(0),
                    ),
                ]),
                ..abstract_("list", &["a"], vec![Variance::Covariant])
            },
            TypeDecl {
                kind: TypeKind::Variant(vec![
                    cons("None", vec![], Tag::Constant(0)),
                    cons("Some", vec![a.clone()], Tag::Block(0)),
                ]),
                ..abstract_("option", &["a"], vec![Variance::Covariant])
            },
            abstract_("int32", &[], vec![]),
            abstract_("int64", &[], vec![]),
            abstract_("nativeint", &[], vec![]),
            TypeDecl {
                kind: TypeKind::Record(
                    vec![FieldDecl {
                        name: "contents".into(),
                        ty: a,
                        mutable: true,
                        span: here,
                    }],
                    RecordRepr::Boxed,
                ),
                ..abstract_("ref", &["a"], vec![Variance::Invariant])
            },
        ];
        for (i, t) in types.iter_mut().enumerate() {
            t.group = i as u32;
        }
        let string = constant(TypeId::STRING);
        let location = SType::Tuple(vec![
            string.clone(),
            constant(TypeId::INT),
            constant(TypeId::INT),
        ]);
        let exn = |name: &str, args: Vec<SType>| ExceptionDecl {
            name: name.into(),
            qualified: name.to_string(),
            args,
            predefined: true,
            local: false,
            span: here,
        };
        let exceptions = vec![
            exn("Out_of_memory", vec![]),
            exn("Sys_error", vec![string.clone()]),
            exn("Failure", vec![string.clone()]),
            exn("Invalid_argument", vec![string]),
            exn("End_of_file", vec![]),
            exn("Division_by_zero", vec![]),
            exn("Not_found", vec![]),
            exn("Match_failure", vec![location.clone()]),
            exn("Stack_overflow", vec![]),
            exn("Sys_blocked_io", vec![]),
            exn("Assert_failure", vec![location]),
            exn(
                "Undefined_recursive_module",
                vec![SType::Tuple(vec![
                    constant(TypeId::STRING),
                    constant(TypeId::INT),
                    constant(TypeId::INT),
                ])],
            ),
            ExceptionDecl {
                qualified: "Stdlib.Exit".into(),
                predefined: false,
                ..exn("Exit", vec![])
            },
            ExceptionDecl {
                qualified: "Stdlib.Fun.Finally_raised".into(),
                predefined: false,
                ..exn("Finally_raised", vec![constant(TypeId::EXN)])
            },
        ];
        Decls { types, exceptions }
    }

    pub fn ty(&self, id: TypeId) -> &TypeDecl {
        &self.types[id.0 as usize]
    }

    pub fn exn(&self, id: ExnId) -> &ExceptionDecl {
        &self.exceptions[id.0 as usize]
    }

    /// The body of an abbreviation, if `id` is one.
    pub fn abbrev(&self, id: TypeId) -> Option<&SType> {
        match &self.ty(id).kind {
            TypeKind::Abbrev(body) => Some(body),
            _ => None,
        }
    }

    pub fn add_type(&mut self, decl: TypeDecl) -> TypeId {
        self.types.push(decl);
        TypeId(self.types.len() as u32 - 1)
    }

    pub fn add_exception(&mut self, decl: ExceptionDecl) -> ExnId {
        self.exceptions.push(decl);
        ExnId(self.exceptions.len() as u32 - 1)
    }
}
