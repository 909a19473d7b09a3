//! Lambda: the untyped tree language between the typed AST and CPS.
//!
//! Lambda is OCaml's own first intermediate language, kept close to it in
//! shape. Types are gone: every operation on data is an explicit
//! [`Primitive`] that names the representation it works on. Pattern matching
//! is gone: matches have been compiled to decision trees made of `switch`,
//! `if`, and static exceptions (`catch`/`exit`), which let several branches
//! of a tree share one action without duplicating its code. What remains is a
//! strict, higher-order language with curried application, mutable blocks,
//! dynamic exceptions and loops.
//!
//! Invariants (checked by `check::check_program`):
//! - every variable is bound exactly once in the program (ids are unique) and
//!   used only in the scope of its binding;
//! - a `StaticRaise` refers to an enclosing `StaticCatch` body of the same
//!   function (never across a `Function` boundary; leaving a `TryWith` body
//!   this way is allowed and removes its handler), with as many arguments as
//!   the handler has parameters;
//! - primitives get as many arguments as their arity;
//! - `LetRec` binds only functions; a mutable variable (`Let` with
//!   `LetKind::Mutable`) is assigned only by `Assign` and never captured by a
//!   function.
//!
//! Evaluation order: the arguments of an application, of a primitive, and
//! the fields of an allocation are evaluated right to left, then the function
//! of an application; `let` evaluates its definition first. This is the order
//! ocamlopt produces for almost everything; where OCaml's order differs (a
//! `for` loop's bounds, `{ e with ... }`, `compare` at `int` or `float`,
//! which ocamlopt evaluates left to right) the lowering binds the operands
//! with `let` in the order OCaml uses.

use super::primitive::Primitive;
use crate::observable::IntKind;
use std::sync::Arc;

/// A variable: a unique id and the source name it came from (for printing).
/// Two variables are the same variable exactly when their ids are equal.
#[derive(Clone, Debug)]
pub struct Var {
    pub id: u32,
    pub name: Arc<str>,
}

impl PartialEq for Var {
    fn eq(&self, other: &Var) -> bool {
        self.id == other.id
    }
}

impl Eq for Var {}

impl std::hash::Hash for Var {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state)
    }
}

impl PartialOrd for Var {
    fn partial_cmp(&self, other: &Var) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Var {
    fn cmp(&self, other: &Var) -> std::cmp::Ordering {
        self.id.cmp(&other.id)
    }
}

/// The label of a static exception handler (`catch ... with (label ...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label(pub u32);

/// A supply of fresh variables and labels. Every pass that creates Lambda
/// draws from the program's supply, so ids stay unique.
#[derive(Clone, Debug, Default)]
pub struct Fresh {
    next_var: u32,
    next_label: u32,
}

impl Fresh {
    pub fn new() -> Fresh {
        Fresh::default()
    }

    pub fn var(&mut self, name: &str) -> Var {
        let id = self.next_var;
        self.next_var += 1;
        Var {
            id,
            name: Arc::from(name),
        }
    }

    pub fn label(&mut self) -> Label {
        let l = Label(self.next_label);
        self.next_label += 1;
        l
    }
}

/// A constant. Structured constants are immutable blocks (lists and tuples
/// of constants); mutable data is always built by a primitive.
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// An immediate: integers, characters, booleans, unit, constant
    /// constructors, the empty list.
    Int(i64),
    Float(f64),
    String(Vec<u8>),
    Boxed(IntKind, i64),
    Block {
        tag: u8,
        fields: Vec<Constant>,
    },
}

impl Constant {
    pub fn unit() -> Constant {
        Constant::Int(0)
    }
}

/// How a `let` binds its variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LetKind {
    /// An immutable binding.
    Strict,
    /// A local mutable variable, changed by `Assign` (OCaml's `Lmutlet`);
    /// it never escapes into a closure.
    Mutable,
}

/// A function: parameters (at least one) and a body. The number of
/// parameters is the function's arity; application is curried, so a call
/// with fewer arguments builds a partial application and a call with more
/// applies the result to the rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub params: Vec<Var>,
    pub body: Lambda,
}

/// One case of a `switch`: the scrutinee is this immediate, or a block with
/// this tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SwitchCase {
    Int(i64),
    Tag(u8),
}

/// A `switch` arm: several cases may share one action.
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchArm {
    pub cases: Vec<SwitchCase>,
    pub body: Lambda,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Upto,
    Downto,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaiseKind {
    /// `raise e`.
    Regular,
    /// Re-raising the exception a handler caught but does not handle.
    Reraise,
    /// `raise_notrace e`.
    NoTrace,
}

/// A Lambda expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Lambda {
    Var(Var),
    Const(Constant),
    /// Curried application of a function value to arguments (at least one).
    Apply {
        func: Box<Lambda>,
        args: Vec<Lambda>,
    },
    /// A function value (a closure over its free variables).
    Function(Box<Function>),
    Let {
        kind: LetKind,
        var: Var,
        def: Box<Lambda>,
        body: Box<Lambda>,
    },
    /// Mutually recursive functions.
    LetRec {
        bindings: Vec<(Var, Function)>,
        body: Box<Lambda>,
    },
    Prim {
        prim: Primitive,
        args: Vec<Lambda>,
    },
    /// Dispatch on an immediate's value or a block's tag. When no arm
    /// matches, the `default` runs; without a default the match is known to
    /// be exhaustive and reaching an unlisted case is a compiler bug.
    Switch {
        scrutinee: Box<Lambda>,
        arms: Vec<SwitchArm>,
        default: Option<Box<Lambda>>,
    },
    /// Dispatch on the contents of a string.
    StringSwitch {
        scrutinee: Box<Lambda>,
        arms: Vec<(Vec<u8>, Lambda)>,
        default: Option<Box<Lambda>>,
    },
    /// Jump to the handler of the enclosing `StaticCatch` with this label,
    /// passing arguments (OCaml's `exit`).
    StaticRaise {
        label: Label,
        args: Vec<Lambda>,
    },
    /// Run `body`; a `StaticRaise` to `label` inside it continues with
    /// `handler`, its parameters bound to the raise's arguments.
    StaticCatch {
        body: Box<Lambda>,
        label: Label,
        params: Vec<Var>,
        handler: Box<Lambda>,
    },
    /// Run `body`; an exception raised in it binds `exn` and runs `handler`.
    TryWith {
        body: Box<Lambda>,
        exn: Var,
        handler: Box<Lambda>,
    },
    Raise {
        kind: RaiseKind,
        exn: Box<Lambda>,
    },
    /// `if cond then .. else ..`, where any value other than the immediate 0
    /// is true (so a block, such as a non-empty list, is true).
    If {
        cond: Box<Lambda>,
        then_: Box<Lambda>,
        else_: Box<Lambda>,
    },
    Seq(Box<Lambda>, Box<Lambda>),
    While {
        cond: Box<Lambda>,
        body: Box<Lambda>,
    },
    /// `for var = start to/downto end do body done`: `end` is evaluated
    /// before `start` (right to left, as everywhere); the lowering binds them
    /// when OCaml's order matters.
    For {
        var: Var,
        start: Box<Lambda>,
        end: Box<Lambda>,
        direction: Direction,
        body: Box<Lambda>,
    },
    /// Assign a mutable variable.
    Assign {
        var: Var,
        value: Box<Lambda>,
    },
}

/// A whole program: one expression that runs the top-level items in order,
/// and the facts about linking that change what the program observably does.
#[derive(Clone, Debug)]
pub struct Program {
    pub body: Lambda,
    /// How an uncaught exception is reported (see `observable`).
    pub uncaught_printer: crate::observable::UncaughtPrinter,
    /// The supply the program's variables and labels came from.
    pub fresh: Fresh,
}
