//! The typed AST: what the type checker hands to pattern matching and
//! lowering to Lambda.
//!
//! It is the AST with every question a later stage could ask already
//! answered:
//!
//! - Every expression and pattern carries its [`Type`], final (inference is
//!   over), with abbreviations kept as written; [`Decls::expand_head`] sees
//!   through them. A type variable left in a type (`Var`) is one that
//!   nothing constrained: the node is polymorphic there, so lowering must
//!   treat its values generically (see [`Decls::array_kind`]).
//! - Every name is resolved. A value is a [`ValueRef`]: a local variable or a
//!   top-level one, each with a [`VarId`] unique in the program (one per
//!   binding occurrence; the two sides of an or-pattern share theirs), or a
//!   library value with its qualified name and, for an `external`, its
//!   primitive (see [`super::stdlib::LibEntry`]). A constructor is a
//!   [`ConstructorRef`] (its tag and arity are in it), a record field a
//!   [`FieldRef`] (its index, mutability, and whether the record is flat).
//! - Syntax that only guides typing is gone: `(e : t)` leaves `e` with its
//!   type, labelled arguments are in parameter order, and a constructor's
//!   arguments are split as declared (`Node (l, v, r)` has three).
//! - The tree is generic in the type it carries: the typer builds it with
//!   inference types (`Ty`, keys of the union-find table) and, once every
//!   item is typed, maps it to final types ([`Type`], the default), which is
//!   all later stages see.
//! - Evaluation order is not decided here: arguments, tuple items, fields
//!   are listed in source or declaration order, and lowering evaluates them
//!   right to left as ocamlopt does.

use super::decls::{Decls, ExnId, RecordRepr, Tag, TypeKind};
use super::stdlib::{LibId, Library};
use super::ty::{Label, TypeId};
use crate::diagnostics::Span;
use crate::syntax::ast::{Constant, Direction, RecFlag};
use std::rc::Rc;

/// A final type. Shared: the typer builds each distinct type once.
pub type Type = Rc<TypeExpr>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeExpr {
    /// A type variable nothing constrained; the number identifies it within
    /// the program (two occurrences with one number are the same variable).
    Var(u32),
    Con(TypeId, Vec<Type>),
    Arrow(Label, Type, Type),
    Tuple(Vec<Type>),
}

/// A variable bound by a pattern, `let`, `fun` or `for`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

#[derive(Clone, Debug)]
pub struct VarInfo {
    /// The name as written (several variables may share it).
    pub name: Rc<str>,
    /// Where it is bound.
    pub span: Span,
    /// Bound by a top-level item (`let x = ...` outside any expression).
    pub global: bool,
}

/// What a value name refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueRef {
    Local(VarId),
    Global(VarId),
    Library(LibId),
}

/// A resolved constructor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstructorRef {
    /// The `index`-th constructor of variant type `ty` (`bool`, `unit`,
    /// `'a list` and `'a option` included: `[]` is index 0, `::` index 1).
    Variant {
        ty: TypeId,
        index: u32,
        name: Rc<str>,
        tag: Tag,
        arity: u32,
    },
    /// An exception (a constructor of `exn`).
    Exception {
        exn: ExnId,
        name: Rc<str>,
        arity: u32,
    },
}

impl ConstructorRef {
    pub fn name(&self) -> &str {
        match self {
            ConstructorRef::Variant { name, .. } | ConstructorRef::Exception { name, .. } => name,
        }
    }

    pub fn arity(&self) -> u32 {
        match self {
            ConstructorRef::Variant { arity, .. } | ConstructorRef::Exception { arity, .. } => {
                *arity
            }
        }
    }

    /// A constructor without arguments: an immediate for a variant.
    pub fn is_constant(&self) -> bool {
        self.arity() == 0
    }
}

/// A resolved record field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRef {
    /// The record type.
    pub ty: TypeId,
    /// The field's position in the declaration (and in the block).
    pub index: u32,
    pub name: Rc<str>,
    pub mutable: bool,
    /// `Float`: the record is a flat block of doubles (tag 254).
    pub repr: RecordRepr,
    /// How many fields the record has.
    pub count: u32,
}

/// The whole typed program.
#[derive(Clone, Debug)]
pub struct Program {
    pub items: Vec<Item>,
    /// Every type and exception declaration, predefined ones included.
    pub decls: Decls,
    pub library: Rc<Library>,
    /// Indexed by [`VarId`].
    pub vars: Vec<VarInfo>,
    /// The module name OCaml derives from the file name (`Foo` for
    /// `foo.ml`), which qualifies the program's exceptions when printed.
    pub module_name: String,
}

impl Program {
    pub fn var(&self, v: VarId) -> &VarInfo {
        &self.vars[v.0 as usize]
    }
}

#[derive(Clone, Debug)]
pub enum Item<T = Type> {
    /// `let [rec] p = e and ...`; the variables are [`ValueRef::Global`].
    Let {
        rec_flag: RecFlag,
        bindings: Vec<Binding<T>>,
        span: Span,
    },
    /// A bare top-level expression (`;; e`).
    Expr(Expr<T>),
    /// `type ... and ...`: nothing to run, listed for completeness.
    Type(Vec<TypeId>),
    /// `exception E ...`: allocates the exception's identity at run time.
    Exception(ExnId, Span),
}

#[derive(Clone, Debug)]
pub struct Binding<T = Type> {
    pub pat: Pattern<T>,
    pub expr: Expr<T>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Case<T = Type> {
    pub pat: Pattern<T>,
    pub guard: Option<Expr<T>>,
    pub body: Expr<T>,
}

#[derive(Clone, Debug)]
pub struct Expr<T = Type> {
    pub kind: ExprKind<T>,
    pub ty: T,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind<T = Type> {
    Const(Constant),
    /// A value; its `ty` is the instance at this use (`int -> int -> bool`
    /// for a use of `=` on integers), which lowering uses to specialise
    /// comparisons as OCaml does.
    Var(ValueRef),
    /// A constructor and its arguments, as many as its arity.
    Construct(ConstructorRef, Vec<Expr<T>>),
    /// `f a1 ... an` (n >= 1), arguments in the order of the function's
    /// parameters (labels are resolved; every application is to unlabelled
    /// positions).
    Apply(Box<Expr<T>>, Vec<Expr<T>>),
    Let(RecFlag, Vec<Binding<T>>, Box<Expr<T>>),
    /// `let exception E in body`
    LetException(ExnId, Box<Expr<T>>),
    /// `fun p1 ... pn -> body`
    Fun(Vec<Pattern<T>>, Box<Expr<T>>),
    /// `function cases`: a function of one parameter that matches it.
    Function(Vec<Case<T>>),
    Match(Box<Expr<T>>, Vec<Case<T>>),
    Try(Box<Expr<T>>, Vec<Case<T>>),
    Tuple(Vec<Expr<T>>),
    /// A record: one entry per field in declaration order; `None` means
    /// "copied from `base`" (only with `{ base with ... }`).
    Record {
        ty: TypeId,
        fields: Vec<Option<Expr<T>>>,
        base: Option<Box<Expr<T>>>,
    },
    Field(Box<Expr<T>>, FieldRef),
    SetField(Box<Expr<T>>, FieldRef, Box<Expr<T>>),
    /// `[| ... |]`; the element kind comes from the type (`Decls::array_kind`).
    Array(Vec<Expr<T>>),
    ArrayGet(Box<Expr<T>>, Box<Expr<T>>),
    ArraySet(Box<Expr<T>>, Box<Expr<T>>, Box<Expr<T>>),
    StringGet(Box<Expr<T>>, Box<Expr<T>>),
    If(Box<Expr<T>>, Box<Expr<T>>, Option<Box<Expr<T>>>),
    Sequence(Box<Expr<T>>, Box<Expr<T>>),
    While(Box<Expr<T>>, Box<Expr<T>>),
    /// `for v = start to/downto stop do body done`; `var` is `None` for `_`.
    For {
        var: Option<VarId>,
        start: Box<Expr<T>>,
        dir: Direction,
        stop: Box<Expr<T>>,
        body: Box<Expr<T>>,
    },
    /// `assert e` (`assert false` is `Assert` of the constructor `false`).
    Assert(Box<Expr<T>>),
}

#[derive(Clone, Debug)]
pub struct Pattern<T = Type> {
    pub kind: PatternKind<T>,
    pub ty: T,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum PatternKind<T = Type> {
    Any,
    Var(VarId),
    Alias(Box<Pattern<T>>, VarId),
    Const(Constant),
    /// `'a' .. 'z'`, bounds included.
    Range(u8, u8),
    Tuple(Vec<Pattern<T>>),
    Construct(ConstructorRef, Vec<Pattern<T>>),
    /// The fields mentioned, in source order.
    Record(Vec<(FieldRef, Pattern<T>)>),
    Array(Vec<Pattern<T>>),
    /// Both sides bind the same variables (the same [`VarId`]s).
    Or(Box<Pattern<T>>, Box<Pattern<T>>),
}

impl Expr {
    /// The type constructor at the head of this expression's type, if it is
    /// one (abbreviations are not expanded).
    pub fn head(&self) -> Option<TypeId> {
        match &*self.ty {
            TypeExpr::Con(id, _) => Some(*id),
            _ => None,
        }
    }
}

/// How the elements of an array are stored, from its element type
/// (OCaml's `Typeopt.array_kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrayKind {
    /// Immediates (`int`, `char`, `bool`, constant-only variants): no
    /// write barrier, no float check.
    Int,
    /// `float`: a flat array of doubles (tag 254).
    Float,
    /// Pointers (or immediates) that are never floats.
    Addr,
    /// Unknown (a type variable): test the array's tag at run time.
    Gen,
}

/// What the representation of a type's values is, as far as the type says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repr {
    /// Always an immediate: `int`, `char`, `bool`, `unit`, a variant whose
    /// constructors are all constant.
    Immediate,
    Float,
    String,
    Int32,
    Int64,
    Nativeint,
    /// Some other known type that is never a float (lists, records,
    /// functions, tuples, variants with arguments, `exn`, arrays).
    Block,
    /// Unknown: a variable.
    Unknown,
}

impl Decls {
    /// A type with its head abbreviations expanded (`env` becomes
    /// `(name * int) list`), so that its shape is visible.
    pub fn expand_head(&self, t: &Type) -> Type {
        let mut current = t.clone();
        for _ in 0..1000 {
            let next = match &*current {
                TypeExpr::Con(id, args) => match self.abbrev(*id) {
                    Some(body) => substitute(body, args),
                    None => return current,
                },
                _ => return current,
            };
            current = next;
        }
        current
    }

    /// The representation of values of type `t`.
    pub fn repr_of(&self, t: &Type) -> Repr {
        match &*self.expand_head(t) {
            TypeExpr::Var(_) => Repr::Unknown,
            TypeExpr::Arrow(..) | TypeExpr::Tuple(_) => Repr::Block,
            TypeExpr::Con(id, _) => match *id {
                TypeId::INT | TypeId::CHAR | TypeId::BOOL | TypeId::UNIT => Repr::Immediate,
                TypeId::FLOAT => Repr::Float,
                TypeId::STRING => Repr::String,
                TypeId::INT32 => Repr::Int32,
                TypeId::INT64 => Repr::Int64,
                TypeId::NATIVEINT => Repr::Nativeint,
                TypeId::ARRAY => Repr::Block,
                _ => match &self.ty(*id).kind {
                    TypeKind::Variant(cs) if cs.iter().all(|c| c.args.is_empty()) => {
                        Repr::Immediate
                    }
                    TypeKind::Abstract => Repr::Unknown,
                    _ => Repr::Block,
                },
            },
        }
    }

    /// The kind of an array whose elements have type `elem`.
    pub fn array_kind(&self, elem: &Type) -> ArrayKind {
        match self.repr_of(elem) {
            Repr::Immediate => ArrayKind::Int,
            Repr::Float => ArrayKind::Float,
            Repr::Unknown => ArrayKind::Gen,
            _ => ArrayKind::Addr,
        }
    }
}

/// Instantiate a declaration's body with the arguments of a final type.
fn substitute(body: &super::decls::SType, args: &[Type]) -> Type {
    use super::decls::SType;
    match body {
        SType::Param(i) => args
            .get(*i as usize)
            .cloned()
            .unwrap_or_else(|| Rc::new(TypeExpr::Var(u32::MAX))),
        SType::Con(id, ts) => Rc::new(TypeExpr::Con(
            *id,
            ts.iter().map(|t| substitute(t, args)).collect(),
        )),
        SType::Arrow(l, a, b) => Rc::new(TypeExpr::Arrow(
            l.clone(),
            substitute(a, args),
            substitute(b, args),
        )),
        SType::Tuple(ts) => Rc::new(TypeExpr::Tuple(
            ts.iter().map(|t| substitute(t, args)).collect(),
        )),
        // Declarations contain neither.
        SType::Mono(_) | SType::Any => Rc::new(TypeExpr::Var(u32::MAX)),
    }
}
