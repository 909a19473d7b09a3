//! Primitives: the operations a `let` may bind, with the kinds they take and
//! return and the effects and co-effects they have.
//!
//! As in Flambda 2, no primitive raises an exception or otherwise changes
//! control flow: a bounds check or a division-by-zero check is a comparison
//! and a `switch` written out by CPS conversion, and failing it is an
//! `apply_cont` to the exception handler.

use super::ids::{FunctionSlot, ValueSlot};
use super::kinds::{BoxedNumber, IntKind, Kind, NumKind};
use super::terms::Simple;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mutability {
    Immutable,
    Mutable,
}

/// What the fields of a new block hold: values, or naked floats stored
/// flat (a `float array` or a record of floats only, tag 254).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BlockShape {
    Values,
    NakedFloats,
}

/// What one field read or written holds. `Immediate` promises the field
/// never holds a pointer, so a store needs no write barrier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FieldKind {
    Value,
    Immediate,
    NakedFloat,
}

impl FieldKind {
    pub fn kind(self) -> Kind {
        match self {
            FieldKind::Value | FieldKind::Immediate => Kind::Value,
            FieldKind::NakedFloat => Kind::NakedFloat,
        }
    }
}

/// The array kinds OCaml's types tell apart (`Typeopt.array_kind`). An array
/// whose kind the types do not know is `Values` guarded by a dynamic
/// `is_flat_float_array` test, written out by CPS conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ArrayKind {
    Immediates,
    Values,
    NakedFloats,
}

impl ArrayKind {
    /// The kind of one element as loads return it and stores take it.
    pub fn element_kind(self) -> Kind {
        match self {
            ArrayKind::Immediates | ArrayKind::Values => Kind::Value,
            ArrayKind::NakedFloats => Kind::NakedFloat,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StringKind {
    String,
    Bytes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Comparison {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

impl Comparison {
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Eq => "=",
            Comparison::Ne => "<>",
            Comparison::Lt => "<",
            Comparison::Gt => ">",
            Comparison::Le => "<=",
            Comparison::Ge => ">=",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Signedness {
    Signed,
    Unsigned,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    /// Truncating division; the divisor is known to be non-zero.
    Div,
    /// Remainder with the sign of the dividend; the divisor is non-zero.
    Mod,
    And,
    Or,
    Xor,
}

impl IntOp {
    pub fn symbol(self) -> &'static str {
        match self {
            IntOp::Add => "+",
            IntOp::Sub => "-",
            IntOp::Mul => "*",
            IntOp::Div => "/",
            IntOp::Mod => "mod",
            IntOp::And => "land",
            IntOp::Or => "lor",
            IntOp::Xor => "lxor",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShiftOp {
    Lsl,
    Lsr,
    Asr,
}

impl ShiftOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ShiftOp::Lsl => "lsl",
            ShiftOp::Lsr => "lsr",
            ShiftOp::Asr => "asr",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl FloatOp {
    pub fn symbol(self) -> &'static str {
        match self {
            FloatOp::Add => "+.",
            FloatOp::Sub => "-.",
            FloatOp::Mul => "*.",
            FloatOp::Div => "/.",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Equality {
    Eq,
    Ne,
}

/// An operation, without its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PrimOp {
    // Blocks.
    /// A new block with the given tag, one field per argument.
    MakeBlock {
        tag: u8,
        shape: BlockShape,
        mutability: Mutability,
    },
    /// Read field `field` of a block (0-based).
    BlockLoad {
        field: u32,
        kind: FieldKind,
        mutability: Mutability,
    },
    /// Write field `field` of a block; returns unit.
    BlockSet {
        field: u32,
        kind: FieldKind,
    },
    /// 1 if the value is a tagged integer, 0 if a pointer.
    IsInt,
    /// The tag of a block.
    GetTag,

    // Arrays (the index is a tagged integer already checked to be in bounds).
    MakeArray {
        kind: ArrayKind,
        mutability: Mutability,
    },
    ArrayLength,
    IsFlatFloatArray,
    ArrayLoad {
        kind: ArrayKind,
        mutability: Mutability,
    },
    ArraySet {
        kind: ArrayKind,
    },

    // Strings (the index is a tagged integer already checked to be in bounds;
    // a byte is a naked immediate).
    StringLength(StringKind),
    StringLoad(StringKind),
    BytesSet,

    // Tagging and boxing.
    TagImmediate,
    UntagImmediate,
    BoxNumber(BoxedNumber),
    UnboxNumber(BoxedNumber),

    // Integer arithmetic, on tagged or naked integers of one kind.
    IntArith(IntKind, IntOp),
    /// The shift amount is a naked immediate.
    IntShift(IntKind, ShiftOp),
    IntNeg(IntKind),
    /// A comparison yielding a naked 0 or 1.
    IntComp(IntKind, Comparison, Signedness),
    /// A comparison yielding a naked -1, 0 or 1, like `compare`.
    IntCompare(IntKind, Signedness),

    // Floating-point arithmetic, on naked floats.
    FloatArith(FloatOp),
    FloatNeg,
    FloatAbs,
    FloatComp(Comparison),
    /// `compare` on floats: a naked -1, 0 or 1, with `nan` equal to itself
    /// and below every other float.
    FloatCompare,

    /// Conversion between numbers, with OCaml's (and x86-64's) wrapping and
    /// truncation.
    NumConv {
        src: NumKind,
        dst: NumKind,
    },
    /// `not` on an OCaml `bool`.
    BooleanNot,
    /// `==` or `!=`: a naked 0 or 1.
    PhysEqual(Equality),

    // Closures.
    /// From the closure of function slot `from`, the closure of `to` in the
    /// same set.
    ProjectFunctionSlot {
        from: FunctionSlot,
        to: FunctionSlot,
    },
    /// From the closure of `function_slot`, the value in `value_slot`.
    ProjectValueSlot {
        function_slot: FunctionSlot,
        value_slot: ValueSlot,
        kind: Kind,
    },
}

/// The kinds of a primitive's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKinds {
    Fixed(Vec<Kind>),
    /// Any number of arguments, all of one kind.
    Variadic(Kind),
}

impl PrimOp {
    pub fn arg_kinds(self) -> ArgKinds {
        use Kind::*;
        let fixed = |kinds: &[Kind]| ArgKinds::Fixed(kinds.to_vec());
        match self {
            PrimOp::MakeBlock {
                shape: BlockShape::Values,
                ..
            } => ArgKinds::Variadic(Value),
            PrimOp::MakeBlock {
                shape: BlockShape::NakedFloats,
                ..
            } => ArgKinds::Variadic(NakedFloat),
            PrimOp::BlockLoad { .. } => fixed(&[Value]),
            PrimOp::BlockSet { kind, .. } => fixed(&[Value, kind.kind()]),
            PrimOp::IsInt | PrimOp::GetTag => fixed(&[Value]),
            PrimOp::MakeArray { kind, .. } => ArgKinds::Variadic(kind.element_kind()),
            PrimOp::ArrayLength | PrimOp::IsFlatFloatArray => fixed(&[Value]),
            PrimOp::ArrayLoad { .. } => fixed(&[Value, Value]),
            PrimOp::ArraySet { kind } => fixed(&[Value, Value, kind.element_kind()]),
            PrimOp::StringLength(_) => fixed(&[Value]),
            PrimOp::StringLoad(_) => fixed(&[Value, Value]),
            PrimOp::BytesSet => fixed(&[Value, Value, NakedImmediate]),
            PrimOp::TagImmediate => fixed(&[NakedImmediate]),
            PrimOp::UntagImmediate => fixed(&[Value]),
            PrimOp::BoxNumber(n) => fixed(&[n.naked_kind()]),
            PrimOp::UnboxNumber(_) => fixed(&[Value]),
            PrimOp::IntArith(k, _) | PrimOp::IntComp(k, _, _) | PrimOp::IntCompare(k, _) => {
                fixed(&[k.kind(), k.kind()])
            }
            PrimOp::IntShift(k, _) => fixed(&[k.kind(), NakedImmediate]),
            PrimOp::IntNeg(k) => fixed(&[k.kind()]),
            PrimOp::FloatArith(_) | PrimOp::FloatComp(_) | PrimOp::FloatCompare => {
                fixed(&[NakedFloat, NakedFloat])
            }
            PrimOp::FloatNeg | PrimOp::FloatAbs => fixed(&[NakedFloat]),
            PrimOp::NumConv { src, .. } => fixed(&[src.kind()]),
            PrimOp::BooleanNot => fixed(&[Value]),
            PrimOp::PhysEqual(_) => fixed(&[Value, Value]),
            PrimOp::ProjectFunctionSlot { .. } | PrimOp::ProjectValueSlot { .. } => fixed(&[Value]),
        }
    }

    pub fn result_kind(self) -> Kind {
        use Kind::*;
        match self {
            PrimOp::MakeBlock { .. } | PrimOp::MakeArray { .. } => Value,
            PrimOp::BlockLoad { kind, .. } => kind.kind(),
            PrimOp::BlockSet { .. } | PrimOp::ArraySet { .. } | PrimOp::BytesSet => Value,
            PrimOp::IsInt | PrimOp::GetTag | PrimOp::IsFlatFloatArray => NakedImmediate,
            PrimOp::ArrayLength | PrimOp::StringLength(_) => Value,
            PrimOp::ArrayLoad { kind, .. } => kind.element_kind(),
            PrimOp::StringLoad(_) => NakedImmediate,
            PrimOp::TagImmediate => Value,
            PrimOp::UntagImmediate => NakedImmediate,
            PrimOp::BoxNumber(_) => Value,
            PrimOp::UnboxNumber(n) => n.naked_kind(),
            PrimOp::IntArith(k, _) | PrimOp::IntShift(k, _) | PrimOp::IntNeg(k) => k.kind(),
            PrimOp::IntComp(..) | PrimOp::IntCompare(..) => NakedImmediate,
            PrimOp::FloatArith(_) | PrimOp::FloatNeg | PrimOp::FloatAbs => NakedFloat,
            PrimOp::FloatComp(_) | PrimOp::FloatCompare => NakedImmediate,
            PrimOp::NumConv { dst, .. } => dst.kind(),
            PrimOp::BooleanNot => Value,
            PrimOp::PhysEqual(_) => NakedImmediate,
            PrimOp::ProjectFunctionSlot { .. } => Value,
            PrimOp::ProjectValueSlot { kind, .. } => kind,
        }
    }
}

/// A primitive applied to its arguments: the right-hand side of a `let`.
#[derive(Clone, Debug, PartialEq)]
pub struct Prim {
    pub op: PrimOp,
    pub args: Vec<Simple>,
}

impl Prim {
    pub fn new(op: PrimOp, args: Vec<Simple>) -> Prim {
        Prim { op, args }
    }
}
