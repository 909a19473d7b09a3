//! The abstract syntax tree: the program as the parser understood it, before
//! any name is resolved or any type is known.
//!
//! Design, in the order a reader of the type checker will need it:
//!
//! - Every node that can be the subject of an error message carries a
//!   [`Span`]: expressions, patterns and type expressions through their
//!   `span` field, names through [`Ident`] and [`Path`], and every binding,
//!   case, field, declaration and top-level item through its own `span`.
//! - The tree is close to OCaml's own `Parsetree`, and desugars what OCaml's
//!   parser desugars, so that later stages have fewer forms to handle:
//!   * infix and prefix operators are applications of the operator's name:
//!     `a + b` is `Apply(Var "+", [a; b])`, `-x` is `Apply(Var "~-", [x])`,
//!     `-.x` is `Apply(Var "~-.", [x])`, `!r` is `Apply(Var "!", [r])`,
//!     `a && b` is `Apply(Var "&&", [a; b])` (the type checker or Lambda
//!     recognises `&&`, `||` to make them short-circuit). A minus sign
//!     directly in front of a numeric literal is folded into the constant,
//!     as OCaml does: `-1` is `Const(Int(-1))`.
//!   * `true`, `false`, `()`, `[]` and `::` are constructors (of the
//!     predefined types `bool`, `unit` and `'a list`), named by the constants
//!     [`TRUE`], [`FALSE`], [`UNIT`], [`NIL`] and [`CONS`]. A list literal
//!     `[a; b]` is `a :: b :: []` built from `Construct` nodes, in expressions
//!     and in patterns; `x :: xs` is `Construct("::", Some(Tuple [x; xs]))`.
//!   * A constructor's argument is one expression or pattern. When the
//!     constructor was declared with several arguments (`Node of t * int * t`)
//!     the argument is written, and parsed, as a `Tuple`, and the type checker
//!     splits it, as OCaml does (`C (a, b)` for a two-argument constructor).
//!   * `let f x y = e` is `let f = fun x y -> e`; `let f x : t = e` is
//!     `let f = fun x -> (e : t)`; `let x : t = e` is `let x = (e : t)`.
//!     `fun x y -> e` keeps its parameters together in one `Fun` node (the
//!     arity matters to the middle end), and each parameter is a pattern
//!     (possibly `Constraint`ed: `fun (x : int) -> ...`).
//!   * `begin e end` and `(e)` leave no node: the span of `e` is widened to
//!     include the brackets.
//! - Names are plain `String`s. A qualified name such as `List.map`,
//!   `Fun.protect` or `Fun.Finally_raised` is a [`Path`] whose `qualifier`
//!   lists the module names (`["List"]`) and whose `name` is the last
//!   component (`"map"`); an unqualified name has an empty qualifier. An
//!   operator used as a value, `( + )`, is the path with name `"+"`.
//! - Literals are already decoded and range-checked by the parser: integers
//!   are `i64` values within the range of their type, strings are the bytes
//!   they denote (OCaml strings are byte strings, so `"\255"` is one byte).
//! - Labelled arguments exist only for the library's two (`~finally`,
//!   `~default`); an [`Arg`] carries its optional label.

use crate::diagnostics::Span;

/// Constructor names of OCaml's predefined types, as they appear in `Path::name`.
pub const UNIT: &str = "()";
pub const TRUE: &str = "true";
pub const FALSE: &str = "false";
pub const NIL: &str = "[]";
pub const CONS: &str = "::";

/// A name with the place it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A possibly qualified name: `x`, `List.map`, `Some`, `Fun.Finally_raised`,
/// `( + )` (name `"+"`), a record label `r.M.x` (qualifier `["M"]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path {
    /// Module names before the last dot, outermost first; empty if unqualified.
    pub qualifier: Vec<String>,
    pub name: String,
    pub span: Span,
}

impl Path {
    pub fn simple(name: impl Into<String>, span: Span) -> Path {
        Path {
            qualifier: Vec::new(),
            name: name.into(),
            span,
        }
    }

    pub fn is_qualified(&self) -> bool {
        !self.qualifier.is_empty()
    }
}

/// `M.x` as OCaml writes it (operators are written bare: `Stdlib.+`).
impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for m in &self.qualifier {
            write!(f, "{m}.")?;
        }
        write!(f, "{}", self.name)
    }
}

/// A literal, decoded.
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// An `int`, within OCaml's 63-bit range.
    Int(i64),
    /// `5l`
    Int32(i32),
    /// `5L`
    Int64(i64),
    /// `5n` (64 bits on x86-64)
    Nativeint(i64),
    Float(f64),
    Char(u8),
    /// The bytes of the string (not necessarily UTF-8).
    String(Vec<u8>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecFlag {
    NonRecursive,
    Recursive,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Upto,
    Downto,
}

/// The whole program: one `.ml` file.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub items: Vec<Item>,
}

/// A top-level item.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// `let [rec] p1 = e1 and p2 = e2` (no `in`).
    Let(RecFlag, Vec<Binding>),
    /// `type t1 = ... and t2 = ...`: one group of possibly mutually recursive
    /// declarations.
    Type(Vec<TypeDecl>),
    /// `exception E [of t]`
    Exception(ExceptionDecl),
    /// A bare expression: at the start of the file or after `;;`.
    Expr(Expr),
}

/// `p = e` in a `let`: the pattern bound and the expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    pub pat: Pattern,
    pub expr: Expr,
    pub span: Span,
}

/// `| p when g -> e`
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub pat: Pattern,
    pub guard: Option<Expr>,
    pub body: Expr,
    pub span: Span,
}

/// An argument in an application, with its label if it has one
/// (`~finally:e`, or `~finally` punned, which is `~finally:finally`).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub label: Option<Ident>,
    pub expr: Expr,
}

/// `field = e` in a record expression (`{ x }` is punned: `{ x = x }`).
#[derive(Clone, Debug, PartialEq)]
pub struct FieldExpr {
    pub field: Path,
    pub expr: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A literal (not `()`, `true`, `false`, `[]`: those are constructors).
    Const(Constant),
    /// A value name, possibly qualified: `x`, `List.map`, `( + )`.
    Var(Path),
    /// A constructor, with its argument if applied: `None`, `Some x`,
    /// `Node (l, v, r)`, `x :: xs`, `()`, `true`.
    Construct(Path, Option<Box<Expr>>),
    /// Function application `f a1 ... an` (n >= 1), also operators.
    Apply(Box<Expr>, Vec<Arg>),
    /// `let [rec] bindings in body`
    Let(RecFlag, Vec<Binding>, Box<Expr>),
    /// `let exception E of t in body`
    LetException(ExceptionDecl, Box<Expr>),
    /// `fun p1 ... pn -> body` (n >= 1)
    Fun(Vec<Pattern>, Box<Expr>),
    /// `function | p -> e | ...`
    Function(Vec<Case>),
    /// `match e with cases`
    Match(Box<Expr>, Vec<Case>),
    /// `try e with cases`
    Try(Box<Expr>, Vec<Case>),
    /// `e1, ..., en` (n >= 2)
    Tuple(Vec<Expr>),
    /// `{ f1 = e1; ...; fn = en }` or `{ e with f1 = e1; ... }`
    Record {
        fields: Vec<FieldExpr>,
        base: Option<Box<Expr>>,
    },
    /// `e.f`
    Field(Box<Expr>, Path),
    /// `e1.f <- e2`
    SetField(Box<Expr>, Path, Box<Expr>),
    /// `[| e1; ...; en |]` (n >= 0)
    Array(Vec<Expr>),
    /// `a.(i)`
    ArrayGet(Box<Expr>, Box<Expr>),
    /// `a.(i) <- v`
    ArraySet {
        array: Box<Expr>,
        index: Box<Expr>,
        value: Box<Expr>,
    },
    /// `s.[i]`
    StringGet(Box<Expr>, Box<Expr>),
    /// `if c then e1 [else e2]`
    If {
        cond: Box<Expr>,
        then_: Box<Expr>,
        else_: Option<Box<Expr>>,
    },
    /// `e1; e2`
    Sequence(Box<Expr>, Box<Expr>),
    /// `while c do body done`
    While(Box<Expr>, Box<Expr>),
    /// `for i = start to/downto stop do body done`; `var` is a `Var` or `Any`
    /// pattern.
    For {
        var: Pattern,
        start: Box<Expr>,
        dir: Direction,
        stop: Box<Expr>,
        body: Box<Expr>,
    },
    /// `(e : t)`
    Constraint(Box<Expr>, TypeExpr),
    /// `assert e` (`assert false` included: the type checker gives it any type).
    Assert(Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    pub kind: PatternKind,
    pub span: Span,
}

impl Pattern {
    pub fn new(kind: PatternKind, span: Span) -> Pattern {
        Pattern { kind, span }
    }
}

/// `field = p` in a record pattern (`{ x }` is punned: `{ x = x }`).
#[derive(Clone, Debug, PartialEq)]
pub struct FieldPattern {
    pub field: Path,
    pub pat: Pattern,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PatternKind {
    /// `_`
    Any,
    /// A variable to bind.
    Var(String),
    /// `p as x`
    Alias(Box<Pattern>, Ident),
    /// A literal; negative numbers included (`-1`).
    Const(Constant),
    /// `'a' .. 'z'`
    Range(u8, u8),
    /// `p1, ..., pn` (n >= 2)
    Tuple(Vec<Pattern>),
    /// A constructor, with its argument pattern if applied (see `ExprKind::Construct`).
    Construct(Path, Option<Box<Pattern>>),
    /// `{ f1 = p1; ...; fn = pn }`; `open_` when the pattern ends with `; _`.
    Record {
        fields: Vec<FieldPattern>,
        open_: bool,
    },
    /// `[| p1; ...; pn |]`
    Array(Vec<Pattern>),
    /// `p1 | p2`
    Or(Box<Pattern>, Box<Pattern>),
    /// `(p : t)`
    Constraint(Box<Pattern>, TypeExpr),
}

/// A type as written in annotations and declarations.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub kind: TypeExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeExprKind {
    /// `'a` (the name without the quote)
    Var(String),
    /// `_`
    Any,
    /// `t1 -> t2`
    Arrow(Box<TypeExpr>, Box<TypeExpr>),
    /// `t1 * ... * tn` (n >= 2)
    Tuple(Vec<TypeExpr>),
    /// A type constructor and its arguments: `int`, `int list`,
    /// `(string, int) Hashtbl.t`.
    Constr(Path, Vec<TypeExpr>),
}

/// One declaration in a `type ... and ...` group.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeDecl {
    pub name: Ident,
    /// `'a` and `'b` in `type ('a, 'b) t` (names without the quote).
    pub params: Vec<Ident>,
    pub kind: TypeDeclKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeDeclKind {
    /// `type t`
    Abstract,
    /// `type t = int list`
    Abbrev(TypeExpr),
    /// `type t = A | B of int * t`
    Variant(Vec<ConstructorDecl>),
    /// `type t = { x : int; mutable y : float }`
    Record(Vec<FieldDecl>),
}

/// `C of t1 * ... * tn`. `args` has one element per argument: `C of int * int`
/// has two, `C of (int * int)` has one (a tuple), as in OCaml, where the two
/// are represented differently.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstructorDecl {
    pub name: Ident,
    pub args: Vec<TypeExpr>,
    pub span: Span,
}

/// `[mutable] x : t`
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    pub name: Ident,
    pub mutable: bool,
    pub ty: TypeExpr,
    pub span: Span,
}

/// `exception E [of t1 * ... * tn]`, top-level or local (`let exception`);
/// `args` as in [`ConstructorDecl`].
#[derive(Clone, Debug, PartialEq)]
pub struct ExceptionDecl {
    pub name: Ident,
    pub args: Vec<TypeExpr>,
    pub span: Span,
}
