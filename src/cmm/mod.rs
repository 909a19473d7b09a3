//! Cmm: OCaml's machine-level expression language, as Flambeau uses it.
//!
//! A Cmm program is a list of phrases: functions and static data. Function
//! bodies are expressions over machine words and floats: constants, variables,
//! `let`, mutable variables, operations (arithmetic, loads, stores,
//! allocation, calls), `if`, `switch`, and the structured jumps `catch` and
//! `exit`. Exception handlers are `catch` handlers too, entered by `raise`
//! once an `exit` has pushed them as traps. Nothing is typed beyond machine
//! types: whether a word is a GC-scanned value, a plain integer, a derived
//! pointer, or whether it is a float.

use std::fmt;
use std::sync::Arc;

pub mod check;
pub mod helpers;
pub mod interp;
pub mod memory;
pub mod print;
pub mod runtime;
pub mod stage;

/// The machine type of a variable or result. OCaml's `machtype` is an array
/// of components so that a value can span several registers on 32-bit
/// targets; on x86-64 every value fits one register, so one component (or
/// none, for unit) is all we need.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MachType {
    /// No value at all (the result of a store, for instance).
    Void,
    /// A well-formed OCaml value: a tagged integer or a pointer to the start
    /// of a block (or to an infix header's successor). The GC scans these.
    Val,
    /// A derived pointer into the middle of a heap block; never live across
    /// an allocation or a call.
    Addr,
    /// A machine integer, or a pointer outside the heap. Not scanned.
    Int,
    /// An unboxed double-precision float.
    Float,
}

/// A variable: a name for the reader and a stamp for uniqueness, printed
/// `name/stamp` as OCaml prints its identifiers.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Var {
    pub name: Arc<str>,
    pub stamp: u32,
}

/// Stamps are meant to be unique, so hashing the stamp alone is cheap and
/// still consistent with equality, which compares names too.
impl std::hash::Hash for Var {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.stamp.hash(state)
    }
}

impl Var {
    pub fn new(name: &str, stamp: u32) -> Var {
        Var {
            name: Arc::from(name),
            stamp,
        }
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.name, self.stamp)
    }
}

/// The label of a `catch` handler, unique within its function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label(pub u32);

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A supply of fresh variables and labels for one compilation unit.
#[derive(Clone, Debug)]
pub struct Fresh {
    next_stamp: u32,
    next_label: u32,
}

impl Fresh {
    pub fn new() -> Fresh {
        Fresh {
            next_stamp: 1,
            next_label: 1,
        }
    }

    pub fn var(&mut self, name: &str) -> Var {
        let v = Var::new(name, self.next_stamp);
        self.next_stamp += 1;
        v
    }

    pub fn label(&mut self) -> Label {
        let l = Label(self.next_label);
        self.next_label += 1;
        l
    }
}

impl Default for Fresh {
    fn default() -> Fresh {
        Fresh::new()
    }
}

/// Integer comparisons, signed and unsigned. OCaml 4.13 spells unsigned
/// comparison as an "address" comparison (`Ccmpa`); we follow
/// flambda-backend and make it an ordinary integer comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntCmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl IntCmp {
    /// The comparison that holds exactly when this one does not.
    pub fn negate(self) -> IntCmp {
        use IntCmp::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Lt => Ge,
            Le => Gt,
            Gt => Le,
            Ge => Lt,
            Ult => Uge,
            Ule => Ugt,
            Ugt => Ule,
            Uge => Ult,
        }
    }

    /// The comparison with its operands exchanged: `a < b` is `b > a`.
    pub fn swap(self) -> IntCmp {
        use IntCmp::*;
        match self {
            Eq => Eq,
            Ne => Ne,
            Lt => Gt,
            Le => Ge,
            Gt => Lt,
            Ge => Le,
            Ult => Ugt,
            Ule => Uge,
            Ugt => Ult,
            Uge => Ule,
        }
    }

    pub fn eval(self, a: i64, b: i64) -> bool {
        use IntCmp::*;
        let (ua, ub) = (a as u64, b as u64);
        match self {
            Eq => a == b,
            Ne => a != b,
            Lt => a < b,
            Le => a <= b,
            Gt => a > b,
            Ge => a >= b,
            Ult => ua < ub,
            Ule => ua <= ub,
            Ugt => ua > ub,
            Uge => ua >= ub,
        }
    }
}

/// Float comparisons. Each has a negated twin (`!<` is "not less than") so
/// that negating a comparison stays exact in the presence of NaN: `not (a <
/// b)` is `a !< b`, which is not `a >= b` when either is NaN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatCmp {
    Eq,
    Neq,
    Lt,
    Nlt,
    Le,
    Nle,
    Gt,
    Ngt,
    Ge,
    Nge,
}

impl FloatCmp {
    pub fn negate(self) -> FloatCmp {
        use FloatCmp::*;
        match self {
            Eq => Neq,
            Neq => Eq,
            Lt => Nlt,
            Nlt => Lt,
            Le => Nle,
            Nle => Le,
            Gt => Ngt,
            Ngt => Gt,
            Ge => Nge,
            Nge => Ge,
        }
    }

    pub fn eval(self, a: f64, b: f64) -> bool {
        use FloatCmp::*;
        match self {
            Eq => a == b,
            Lt => a < b,
            Le => a <= b,
            Gt => a > b,
            Ge => a >= b,
            // With a NaN operand every ordered comparison is false, so its
            // negation is true.
            Neq | Nlt | Nle | Ngt | Nge => !self.negate().eval(a, b),
        }
    }
}

/// How many bytes a load or store touches, and how a narrow load is
/// extended to a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chunk {
    ByteUnsigned,
    ByteSigned,
    SixteenUnsigned,
    SixteenSigned,
    ThirtytwoUnsigned,
    ThirtytwoSigned,
    /// A word that is an integer or a pointer outside the heap.
    WordInt,
    /// A word that is an OCaml value.
    WordVal,
    /// A 64-bit float.
    Double,
}

impl Chunk {
    pub fn size(self) -> usize {
        use Chunk::*;
        match self {
            ByteUnsigned | ByteSigned => 1,
            SixteenUnsigned | SixteenSigned => 2,
            ThirtytwoUnsigned | ThirtytwoSigned => 4,
            WordInt | WordVal | Double => 8,
        }
    }
}

/// `raise` records a backtrace, `reraise` keeps the current one,
/// `raise_notrace` records none. The interpreter treats all three alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaiseKind {
    Regular,
    Reraise,
    NoTrace,
}

/// The operations of `Expr::Op`. Their arguments are evaluated right to
/// left, as OCaml's instruction selection does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// Call the code pointer given as first argument with the remaining
    /// arguments; the machine type is the result's.
    Apply(MachType),
    /// Call a runtime function. `alloc` says whether it may allocate (and so
    /// run the GC), which the back end needs to know to record live roots.
    ExtCall {
        name: String,
        result: MachType,
        alloc: bool,
    },
    Load {
        chunk: Chunk,
        mutable: bool,
    },
    /// Allocate a block: the first argument is the header word, the others
    /// are the fields. The result points at the first field.
    Alloc,
    /// Store the second argument at the address given by the first.
    /// `init` marks the initialisation of a fresh block (no write barrier).
    Store {
        chunk: Chunk,
        init: bool,
    },
    AddI,
    SubI,
    MulI,
    DivI,
    ModI,
    And,
    Or,
    Xor,
    Lsl,
    Lsr,
    Asr,
    CmpI(IntCmp),
    /// Pointer plus integer, giving a well-formed value (an infix pointer).
    AddV,
    /// Pointer plus integer, giving a derived pointer.
    AddA,
    NegF,
    AbsF,
    AddF,
    SubF,
    MulF,
    DivF,
    FloatOfInt,
    IntOfFloat,
    CmpF(FloatCmp),
    Raise(RaiseKind),
    /// `checkbound bound index`: raise `Invalid_argument "index out of
    /// bounds"` unless `index < bound`, unsigned.
    Checkbound,
}

/// What a `catch` introduces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CatchKind {
    /// Handlers reached by `exit` from the body only.
    Normal,
    /// Handlers reached from the body and from each other (loops).
    Recursive,
    /// One exception handler with one parameter, the exception. It is
    /// entered only by `raise` while pushed as a trap.
    ExnHandler,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Handler {
    pub label: Label,
    pub params: Vec<(Var, MachType)>,
    pub body: Expr,
}

/// Where an `exit` goes: a handler, or out of the function with a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExitLabel {
    Label(Label),
    Return,
}

/// Run on the way to an `exit`'s target, in order: push an exception
/// handler (making it the one `raise` reaches), or pop the innermost one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrapAction {
    Push(Label),
    Pop(Label),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A machine word. OCaml distinguishes `Cconst_int` (fits an OCaml int)
    /// from `Cconst_natint` (needs all 64 bits) because the compiler itself
    /// holds them in OCaml ints; an `i64` holds both.
    ConstInt(i64),
    ConstFloat(f64),
    ConstSymbol(String),
    Var(Var),
    /// The unit value, printed `[]` (OCaml's empty `Ctuple`).
    Unit,
    Let(Var, Box<Expr>, Box<Expr>),
    LetMut(Var, MachType, Box<Expr>, Box<Expr>),
    Assign(Var, Box<Expr>),
    Op(Operation, Vec<Expr>),
    Sequence(Box<Expr>, Box<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `index[v]` is the case taken when the scrutinee is `v`.
    Switch {
        scrutinee: Box<Expr>,
        index: Vec<usize>,
        cases: Vec<Expr>,
    },
    Catch {
        kind: CatchKind,
        handlers: Vec<Handler>,
        body: Box<Expr>,
    },
    Exit {
        label: ExitLabel,
        args: Vec<Expr>,
        traps: Vec<TrapAction>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunDecl {
    pub name: String,
    pub params: Vec<(Var, MachType)>,
    pub body: Expr,
}

/// Static data, laid out in order. A symbol names the address of the next
/// item.
#[derive(Clone, Debug, PartialEq)]
pub enum DataItem {
    DefineSymbol(String),
    /// The symbol is visible to other compilation units.
    GlobalSymbol(String),
    Int8(i64),
    Int16(i64),
    Int32(i64),
    Int(i64),
    Double(f64),
    SymbolAddress(String),
    String(Vec<u8>),
    Skip(usize),
    Align(usize),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Phrase {
    Function(FunDecl),
    Data(Vec<DataItem>),
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    pub phrases: Vec<Phrase>,
}

impl Program {
    pub fn functions(&self) -> impl Iterator<Item = &FunDecl> {
        self.phrases.iter().filter_map(|p| match p {
            Phrase::Function(f) => Some(f),
            Phrase::Data(_) => None,
        })
    }

    pub fn data(&self) -> impl Iterator<Item = &[DataItem]> {
        self.phrases.iter().filter_map(|p| match p {
            Phrase::Data(d) => Some(d.as_slice()),
            Phrase::Function(_) => None,
        })
    }
}
