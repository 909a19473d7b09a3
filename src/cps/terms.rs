//! The terms of the CPS language.
//!
//! The language is in double-barrelled continuation-passing style:
//! continuations are second class (they are bound by `let_cont`, never stored
//! or passed as values), and every call names both a return continuation and
//! an exception continuation. Ordinary `let` bindings are in A-normal form:
//! every argument is a [`Simple`] (a variable, a symbol or a constant), so
//! every intermediate value and every point we might jump to has a name.
//!
//! Invariants (checked by `check.rs`): names are bound before use and bound
//! once in the whole program; every variable has a kind, and uses agree with
//! it; continuations are applied to as many arguments as they have
//! parameters; exception handlers are reached only by raising; trap pushes
//! and pops balance on every path.

use std::collections::BTreeMap;

use super::ids::{CodeId, Continuation, FunctionSlot, Names, Symbol, ValueSlot, Variable};
use super::kinds::Kind;
use super::primitives::{Mutability, Prim};

/// A 64-bit float compared by its bits, so that terms containing `nan`
/// constants are still equal to themselves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FloatBits(u64);

impl FloatBits {
    pub fn new(f: f64) -> FloatBits {
        FloatBits(f.to_bits())
    }

    pub fn get(self) -> f64 {
        f64::from_bits(self.0)
    }
}

impl std::fmt::Debug for FloatBits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.get())
    }
}

/// A constant that fits in a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Const {
    /// An OCaml `int`, `char`, `bool`, `unit` or constant constructor, in
    /// its tagged form (kind `Value`). Always in the 63-bit range.
    Tagged(i64),
    NakedImmediate(i64),
    NakedFloat(FloatBits),
    NakedInt32(i32),
    NakedInt64(i64),
    NakedNativeint(i64),
}

impl Const {
    pub const UNIT: Const = Const::Tagged(0);

    pub fn kind(self) -> Kind {
        match self {
            Const::Tagged(_) => Kind::Value,
            Const::NakedImmediate(_) => Kind::NakedImmediate,
            Const::NakedFloat(_) => Kind::NakedFloat,
            Const::NakedInt32(_) => Kind::NakedInt32,
            Const::NakedInt64(_) => Kind::NakedInt64,
            Const::NakedNativeint(_) => Kind::NakedNativeint,
        }
    }
}

/// What every argument is: something that needs no computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Simple {
    Var(Variable),
    Symbol(Symbol),
    Const(Const),
}

impl From<Variable> for Simple {
    fn from(v: Variable) -> Simple {
        Simple::Var(v)
    }
}

impl From<Symbol> for Simple {
    fn from(s: Symbol) -> Simple {
        Simple::Symbol(s)
    }
}

impl From<Const> for Simple {
    fn from(c: Const) -> Simple {
        Simple::Const(c)
    }
}

impl Simple {
    pub fn tagged(n: i64) -> Simple {
        Simple::Const(Const::Tagged(n))
    }

    pub fn naked(n: i64) -> Simple {
        Simple::Const(Const::NakedImmediate(n))
    }

    pub fn naked_float(f: f64) -> Simple {
        Simple::Const(Const::NakedFloat(FloatBits::new(f)))
    }

    pub fn unit() -> Simple {
        Simple::Const(Const::UNIT)
    }

    pub fn as_var(self) -> Option<Variable> {
        match self {
            Simple::Var(v) => Some(v),
            _ => None,
        }
    }
}

/// A variable together with its kind, as every binder carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Param {
    pub var: Variable,
    pub kind: Kind,
}

impl Param {
    pub fn new(var: Variable, kind: Kind) -> Param {
        Param { var, kind }
    }

    pub fn value(var: Variable) -> Param {
        Param {
            var,
            kind: Kind::Value,
        }
    }
}

/// An expression: the six forms, sorted by what they do to control flow.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// Bind names to the result of something that does not affect control
    /// flow, then go on.
    Let(Box<Let>),
    /// Define continuations, then go on with the body.
    LetCont(Box<LetCont>),
    /// Call a function: control goes to the return or exception continuation.
    Apply(Box<Apply>),
    /// Jump to a continuation.
    ApplyCont(Box<ApplyCont>),
    /// Jump to one of several continuations.
    Switch(Box<Switch>),
    /// Code that can never run (for example the branch of a match the types
    /// prove impossible). Reaching it is a bug in the compiler.
    Invalid { message: String },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Let {
    pub binding: Binding,
    pub body: Expr,
}

/// The left- and right-hand sides of a `let` together, so that a binder
/// always has the shape its defining expression needs.
#[derive(Clone, Debug, PartialEq)]
pub enum Binding {
    /// `let x = simple` or `let x = prim args`: one variable, with its kind.
    Var { param: Param, named: Named },
    /// `let f, g = closures ...`: one variable per function slot, in order.
    SetOfClosures {
        vars: Vec<Variable>,
        set: SetOfClosures,
    },
    /// `let symbol $s = ...`: statically allocated constants, which may
    /// refer to each other.
    Static(Vec<StaticBinding>),
}

/// The right-hand side of a `let` binding one variable.
#[derive(Clone, Debug, PartialEq)]
pub enum Named {
    Simple(Simple),
    Prim(Prim),
}

/// The closures of a group of (possibly mutually recursive) functions,
/// allocated together: one function slot per function, each naming the code
/// it runs, and the value slots (the captured environment) they share. Slots
/// are names here; their word offsets in the block are decided late, by
/// To Cmm.
#[derive(Clone, Debug, PartialEq)]
pub struct SetOfClosures {
    pub functions: Vec<(FunctionSlot, CodeId)>,
    pub value_slots: Vec<(ValueSlot, Simple)>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StaticBinding {
    Const {
        symbol: Symbol,
        value: StaticConst,
    },
    /// A set of closures with no dynamically computed value slots: one
    /// symbol per function slot.
    SetOfClosures {
        symbols: Vec<Symbol>,
        set: SetOfClosures,
    },
}

/// A field of a static block: known at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StaticField {
    Symbol(Symbol),
    Tagged(i64),
}

#[derive(Clone, Debug, PartialEq)]
pub enum StaticConst {
    Block {
        tag: u8,
        mutability: Mutability,
        fields: Vec<StaticField>,
    },
    BoxedFloat(FloatBits),
    BoxedInt32(i32),
    BoxedInt64(i64),
    BoxedNativeint(i64),
    /// An immutable OCaml string: bytes, not necessarily UTF-8.
    String(Vec<u8>),
    /// A flat block of floats (tag 254): a constant `float array` or record
    /// of floats.
    FloatBlock {
        mutability: Mutability,
        fields: Vec<FloatBits>,
    },
    /// A value the runtime system defines, known by its linker name (OCaml's
    /// predefined exceptions: `caml_exn_Not_found`...). The program and the
    /// runtime must share these, so that an exception the runtime raises is
    /// physically equal to the one the program matches against.
    Runtime(String),
}

/// `let_cont`: one non-recursive handler, or a group of recursive ones.
#[derive(Clone, Debug, PartialEq)]
pub enum LetCont {
    /// The handler cannot jump to itself; the body can jump to it.
    NonRecursive {
        cont: Continuation,
        handler: ContHandler,
        body: Expr,
    },
    /// Each handler can jump to every handler of the group.
    Recursive {
        handlers: Vec<(Continuation, ContHandler)>,
        body: Expr,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ContHandler {
    pub params: Vec<Param>,
    pub body: Expr,
    /// Reached only by raising: as the exception continuation of an
    /// `Apply`, or by an `apply_cont` that pops it. Never recursive; one
    /// parameter, the exception.
    pub is_exn_handler: bool,
    /// Rarely run (an error path): a hint for code layout.
    pub is_cold: bool,
}

impl ContHandler {
    pub fn new(params: Vec<Param>, body: Expr) -> ContHandler {
        ContHandler {
            params,
            body,
            is_exn_handler: false,
            is_cold: false,
        }
    }

    pub fn exn_handler(exn: Variable, body: Expr) -> ContHandler {
        ContHandler {
            params: vec![Param::value(exn)],
            body,
            is_exn_handler: true,
            is_cold: false,
        }
    }
}

/// Where a call returns to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Return {
    Cont(Continuation),
    /// The callee is known never to return normally (it always raises or
    /// exits).
    Never,
}

/// How a call finds the code it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum CallKind {
    /// The callee's code is known and takes exactly these arguments.
    Direct { code: CodeId },
    /// The callee is an OCaml closure known to take exactly as many
    /// arguments as given: a full application through the code pointer.
    IndirectKnownArity,
    /// The callee is an OCaml closure of unknown arity: the generic
    /// application, which handles partial and over-application.
    IndirectUnknownArity,
    /// A function of the runtime system, called with the system's calling
    /// convention (an external "C call" in OCaml).
    Runtime {
        name: String,
        arg_kinds: Vec<Kind>,
        result_kinds: Vec<Kind>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Apply {
    /// The closure called. For a runtime call, which names its function in
    /// the call kind, there is none.
    pub callee: Option<Simple>,
    pub args: Vec<Simple>,
    pub call_kind: CallKind,
    pub return_to: Return,
    pub exn_cont: Continuation,
}

/// What a jump does to the stack of exception handlers before it jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrapAction {
    /// Install the handler (entering a `try` body).
    Push { exn_handler: Continuation },
    /// Remove it (leaving a `try` body normally, or raising to it).
    Pop { exn_handler: Continuation },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ApplyCont {
    pub cont: Continuation,
    pub args: Vec<Simple>,
    pub trap: Option<TrapAction>,
}

impl ApplyCont {
    pub fn new(cont: Continuation, args: Vec<Simple>) -> ApplyCont {
        ApplyCont {
            cont,
            args,
            trap: None,
        }
    }

    /// A raise: a jump to the innermost exception handler that pops it.
    pub fn raise(handler: Continuation, exn: Simple) -> ApplyCont {
        ApplyCont {
            cont: handler,
            args: vec![exn],
            trap: Some(TrapAction::Pop {
                exn_handler: handler,
            }),
        }
    }
}

/// A multi-way branch on a naked immediate. No default arm: every value
/// that can occur has an arm (a value without one is undefined behaviour,
/// like `Invalid`).
#[derive(Clone, Debug, PartialEq)]
pub struct Switch {
    pub scrutinee: Simple,
    pub arms: BTreeMap<i64, ApplyCont>,
}

/// A function's code, apart from any closure: it is called with its
/// parameters, the closure it was called through (`my_closure`), a return
/// continuation and an exception continuation.
#[derive(Clone, Debug, PartialEq)]
pub struct Code {
    pub id: CodeId,
    pub params: Vec<Param>,
    pub my_closure: Variable,
    pub return_cont: Continuation,
    pub exn_cont: Continuation,
    /// The kinds of the results, i.e. of the return continuation's
    /// parameters. Usually one `Value`.
    pub result_kinds: Vec<Kind>,
    pub body: Expr,
}

/// A whole program: the table of its names, its code, and the expression
/// that initialises the module (which runs the program). Code is kept in a
/// table rather than bound in the term as Flambda 2 does with `let code`:
/// nothing in our pipeline needs code to be scoped.
#[derive(Clone, Debug)]
pub struct Program {
    pub names: Names,
    pub code: BTreeMap<CodeId, Code>,
    /// Jumping here ends the program normally (the argument is unit).
    pub return_cont: Continuation,
    /// Jumping here ends it with an uncaught exception.
    pub exn_cont: Continuation,
    pub body: Expr,
    /// How an uncaught exception is reported (see `observable`): carried
    /// over from Lambda.
    pub uncaught_printer: crate::observable::UncaughtPrinter,
}
