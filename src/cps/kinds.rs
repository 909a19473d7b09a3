//! Kinds: what a variable holds at the machine level.

use std::fmt;

/// The kind of every variable, parameter and argument. `Value` is anything
/// the garbage collector may look at (a tagged integer or a pointer to a
/// block); the others are raw ("naked") machine numbers that the collector
/// must never see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Value,
    NakedImmediate,
    NakedFloat,
    NakedInt32,
    NakedInt64,
    NakedNativeint,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Value => "val",
            Kind::NakedImmediate => "imm#",
            Kind::NakedFloat => "float#",
            Kind::NakedInt32 => "int32#",
            Kind::NakedInt64 => "int64#",
            Kind::NakedNativeint => "nativeint#",
        })
    }
}

/// The integers arithmetic works on. A `Tagged` integer is an OCaml `int`
/// in its tagged form (kind `Value`); the others are naked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntKind {
    Tagged,
    Naked,
    Int32,
    Int64,
    Nativeint,
}

impl IntKind {
    pub fn kind(self) -> Kind {
        match self {
            IntKind::Tagged => Kind::Value,
            IntKind::Naked => Kind::NakedImmediate,
            IntKind::Int32 => Kind::NakedInt32,
            IntKind::Int64 => Kind::NakedInt64,
            IntKind::Nativeint => Kind::NakedNativeint,
        }
    }

    /// The suffix the printer puts on operators of this kind (`+L` adds two
    /// naked int64s), borrowed from OCaml's literal suffixes.
    pub fn suffix(self) -> &'static str {
        match self {
            IntKind::Tagged => "",
            IntKind::Naked => "#",
            IntKind::Int32 => "l",
            IntKind::Int64 => "L",
            IntKind::Nativeint => "n",
        }
    }
}

impl fmt::Display for IntKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntKind::Tagged => f.write_str("int"),
            other => write!(f, "{}", other.kind()),
        }
    }
}

/// The numbers that OCaml boxes: each lives in a heap block as a `Value` and
/// naked once unboxed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoxedNumber {
    Float,
    Int32,
    Int64,
    Nativeint,
}

impl BoxedNumber {
    /// The kind of the number once out of its box.
    pub fn naked_kind(self) -> Kind {
        match self {
            BoxedNumber::Float => Kind::NakedFloat,
            BoxedNumber::Int32 => Kind::NakedInt32,
            BoxedNumber::Int64 => Kind::NakedInt64,
            BoxedNumber::Nativeint => Kind::NakedNativeint,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BoxedNumber::Float => "float",
            BoxedNumber::Int32 => "int32",
            BoxedNumber::Int64 => "int64",
            BoxedNumber::Nativeint => "nativeint",
        }
    }
}

/// The source and destination of a numeric conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NumKind {
    Int(IntKind),
    Float,
}

impl NumKind {
    pub fn kind(self) -> Kind {
        match self {
            NumKind::Int(i) => i.kind(),
            NumKind::Float => Kind::NakedFloat,
        }
    }
}

impl fmt::Display for NumKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumKind::Int(i) => write!(f, "{i}"),
            NumKind::Float => f.write_str("float#"),
        }
    }
}
