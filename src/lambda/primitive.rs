//! The primitive operations of Lambda.
//!
//! Everything a program does to data, apart from calling functions, is a
//! primitive: allocating and reading blocks, arithmetic, comparisons, array
//! and string accesses, and the few calls into the runtime (printing,
//! formatting numbers, exiting). Each primitive says exactly what it does to
//! which representation, so that later passes never need the types again: an
//! `array.get[float]` reads an unboxed double, a `caml_string_equal` compares
//! bytes. Where OCaml's `Translprim` specialises a polymorphic primitive at a
//! known type (`=` on `int` becomes an integer comparison), the lowering does
//! the same and chooses the specialised primitive here.

use crate::observable::{CompareOp, IntKind};
use std::fmt;

/// The representation of an array's elements, known from its type as in
/// OCaml's `Typeopt.array_kind`: `Int` (immediates, never scanned), `Addr`
/// (pointers, never floats), `Float` (a flat array of doubles), or `Gen`
/// (unknown: the tag decides at run time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArrayKind {
    Gen,
    Int,
    Addr,
    Float,
}

impl ArrayKind {
    pub fn name(self) -> &'static str {
        match self {
            ArrayKind::Gen => "gen",
            ArrayKind::Int => "int",
            ArrayKind::Addr => "addr",
            ArrayKind::Float => "float",
        }
    }
}

/// Binary operations on integers of every kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    /// Raises `Division_by_zero` on a zero divisor.
    Div,
    /// Raises `Division_by_zero` on a zero divisor.
    Mod,
    And,
    Or,
    Xor,
    Lsl,
    Lsr,
    Asr,
}

impl IntOp {
    fn symbol(self) -> &'static str {
        match self {
            IntOp::Add => "+",
            IntOp::Sub => "-",
            IntOp::Mul => "*",
            IntOp::Div => "/",
            IntOp::Mod => "mod",
            IntOp::And => "and",
            IntOp::Or => "or",
            IntOp::Xor => "xor",
            IntOp::Lsl => "lsl",
            IntOp::Lsr => "lsr",
            IntOp::Asr => "asr",
        }
    }
}

/// Binary arithmetic on floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// Float functions that are C calls in OCaml's runtime (`caml_*_float`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatFn {
    Sqrt,
    Exp,
    Log,
    Sin,
    Cos,
    Tan,
    Floor,
    Ceil,
    /// `**`, binary.
    Pow,
    /// `mod_float`, binary.
    Fmod,
}

impl FloatFn {
    pub fn arity(self) -> usize {
        match self {
            FloatFn::Pow | FloatFn::Fmod => 2,
            _ => 1,
        }
    }

    /// The name of the C function in OCaml's runtime.
    pub fn c_name(self) -> &'static str {
        match self {
            FloatFn::Sqrt => "caml_sqrt_float",
            FloatFn::Exp => "caml_exp_float",
            FloatFn::Log => "caml_log_float",
            FloatFn::Sin => "caml_sin_float",
            FloatFn::Cos => "caml_cos_float",
            FloatFn::Tan => "caml_tan_float",
            FloatFn::Floor => "caml_floor_float",
            FloatFn::Ceil => "caml_ceil_float",
            FloatFn::Pow => "caml_power_float",
            FloatFn::Fmod => "caml_fmod_float",
        }
    }
}

/// The numeric representations that conversions go between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumKind {
    Int(IntKind),
    Float,
}

impl NumKind {
    fn name(self) -> &'static str {
        match self {
            NumKind::Int(IntKind::Int) => "int",
            NumKind::Int(IntKind::Int32) => "int32",
            NumKind::Int(IntKind::Int64) => "int64",
            NumKind::Int(IntKind::Nativeint) => "nativeint",
            NumKind::Float => "float",
        }
    }
}

/// What a comparison primitive knows about its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareKind {
    /// Immediates: `int`, `char`, `bool`, constant-only variants.
    Int,
    Float,
    String,
    Boxed(IntKind),
    /// Unknown type: OCaml's structural `caml_compare`, which may raise on
    /// functional values.
    Generic,
}

/// The exceptions OCaml predefines (`Predef`), which exist before any code
/// runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PredefException {
    OutOfMemory,
    SysError,
    Failure,
    InvalidArgument,
    EndOfFile,
    DivisionByZero,
    NotFound,
    MatchFailure,
    StackOverflow,
    SysBlockedIo,
    AssertFailure,
    UndefinedRecursiveModule,
}

impl PredefException {
    pub const ALL: [PredefException; 12] = [
        PredefException::OutOfMemory,
        PredefException::SysError,
        PredefException::Failure,
        PredefException::InvalidArgument,
        PredefException::EndOfFile,
        PredefException::DivisionByZero,
        PredefException::NotFound,
        PredefException::MatchFailure,
        PredefException::StackOverflow,
        PredefException::SysBlockedIo,
        PredefException::AssertFailure,
        PredefException::UndefinedRecursiveModule,
    ];

    /// Position in `observable::PREDEFINED_EXCEPTIONS` (name and id).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        crate::observable::PREDEFINED_EXCEPTIONS[self.index()].0
    }

    pub fn from_name(name: &str) -> Option<PredefException> {
        PredefException::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// A Lambda primitive. The number of arguments each takes is given by
/// [`Primitive::arity`]; arguments are evaluated right to left, like every
/// argument list in Lambda.
#[derive(Clone, Debug, PartialEq)]
pub enum Primitive {
    // --- blocks -----------------------------------------------------------
    /// Allocate a block with this tag whose fields are the arguments (any
    /// number, at least one: an empty block is a constant).
    MakeBlock {
        tag: u8,
        mutable: bool,
    },
    /// Read field `n` of a block.
    Field(u32),
    /// Write field `n` of a block; returns unit.
    SetField(u32),
    /// Read field `n` of a flat float record (an unboxed double).
    FloatField(u32),
    /// Write field `n` of a flat float record.
    SetFloatField(u32),
    /// `incr`/`decr`: add a constant to field 0 of an `int ref`.
    OffsetRef(i64),

    // --- integers ---------------------------------------------------------
    /// Binary arithmetic on `int` (wrapping at 63 bits) or a boxed kind.
    IntArith(IntKind, IntOp),
    /// Unary minus.
    IntNeg(IntKind),
    /// `not` on booleans.
    Not,
    /// Conversion between numeric representations (`float_of_int`,
    /// `Int64.of_int`, `Int32.to_float`...), with OCaml's x86-64 results for
    /// out-of-range floats.
    Convert {
        from: NumKind,
        to: NumKind,
    },

    // --- floats -----------------------------------------------------------
    FloatArith(FloatOp),
    FloatNeg,
    FloatAbs,
    FloatFn(FloatFn),
    /// `Int64.float_of_bits`: the float with these IEEE bits (how the
    /// library defines `nan`, `infinity` and friends exactly).
    FloatOfBits,

    // --- comparisons ------------------------------------------------------
    /// `= <> < > <= >=` at a kind; returns a boolean.
    Compare(CompareKind, CompareOp),
    /// `compare` at a kind; returns -1, 0 or 1.
    CompareTotal(CompareKind),
    /// `==` (or `!=` when negated): physical equality.
    PhysEqual {
        negated: bool,
    },

    // --- strings and bytes --------------------------------------------------
    StringLength,
    /// `s.[i]`; when checked, raises `Invalid_argument "index out of bounds"`.
    StringGet {
        checked: bool,
    },
    /// `Bytes.create n` (uninitialised contents; raises
    /// `Invalid_argument "Bytes.create"` when `n < 0`).
    BytesCreate,
    /// `Bytes.set b i c`.
    BytesSet {
        checked: bool,
    },
    /// `caml_blit_string src srcoff dst dstoff len` (no bounds checks).
    BlitString,
    /// `caml_fill_bytes b ofs len c` (no bounds checks).
    FillBytes,

    // --- arrays -----------------------------------------------------------
    /// `[| a; b; c |]`: the elements (at least one).
    MakeArray(ArrayKind),
    ArrayLength(ArrayKind),
    ArrayGet {
        kind: ArrayKind,
        checked: bool,
    },
    ArraySet {
        kind: ArrayKind,
        checked: bool,
    },
    /// `caml_make_vect n x`: an array of `n` copies of `x`, flat when `x` is
    /// a float (a run-time test, as in OCaml); raises
    /// `Invalid_argument "Array.make"` when `n < 0`.
    MakeVect,

    // --- runtime calls ------------------------------------------------------
    /// `caml_format_int fmt n` and the boxed variants (`caml_int64_format`).
    FormatInt(IntKind),
    /// `caml_format_float fmt x` (`"%.12g"` for `string_of_float`).
    FormatFloat,
    /// `caml_int_of_string` and variants; raise `Failure`.
    IntOfString(IntKind),
    /// `caml_ml_open_descriptor_out fd`: the channel on a file descriptor.
    OpenDescriptorOut,
    /// `caml_ml_output chan s ofs len`.
    Output,
    /// `caml_ml_output_char chan c`.
    OutputChar,
    /// `caml_ml_flush chan`.
    Flush,
    /// `caml_sys_exit code`: stop now (the channels are flushed by the
    /// library's `exit` before this is called).
    SysExit,

    // --- exceptions ---------------------------------------------------------
    /// The identity of a predefined exception.
    PredefException(PredefException),
    /// A new exception identity named `name` (`exception E` runs this).
    NewException(String),
}

impl Primitive {
    /// The number of arguments, or `None` for the variadic allocations.
    pub fn arity(&self) -> Option<usize> {
        use Primitive::*;
        Some(match self {
            MakeBlock { .. } | MakeArray(_) => return None,
            PredefException(_) | NewException(_) => 0,
            Field(_)
            | FloatField(_)
            | OffsetRef(_)
            | IntNeg(_)
            | Not
            | Convert { .. }
            | FloatNeg
            | FloatAbs
            | FloatOfBits => 1,
            StringLength | BytesCreate | ArrayLength(_) | OpenDescriptorOut | Flush | SysExit
            | IntOfString(_) => 1,
            FloatFn(f) => f.arity(),
            SetField(_) | SetFloatField(_) | IntArith(..) | FloatArith(_) | Compare(..)
            | CompareTotal(_) => 2,
            PhysEqual { .. }
            | StringGet { .. }
            | ArrayGet { .. }
            | MakeVect
            | FormatInt(_)
            | FormatFloat => 2,
            OutputChar => 2,
            BytesSet { .. } | ArraySet { .. } => 3,
            FillBytes | Output => 4,
            BlitString => 5,
        })
    }

    /// Is this primitive free of side effects (it neither writes, raises,
    /// nor performs input or output)? Allocation counts as pure.
    pub fn is_pure(&self) -> bool {
        use Primitive::*;
        match self {
            MakeBlock { .. }
            | Field(_)
            | FloatField(_)
            | Not
            | Convert { .. }
            | FloatArith(_)
            | FloatNeg
            | FloatAbs
            | FloatOfBits
            | FloatFn(_)
            | PhysEqual { .. }
            | StringLength
            | MakeArray(_)
            | ArrayLength(_)
            | PredefException(_)
            | FormatFloat => true,
            IntArith(_, op) => !matches!(op, IntOp::Div | IntOp::Mod),
            IntNeg(_) => true,
            Compare(kind, _) | CompareTotal(kind) => *kind != CompareKind::Generic,
            StringGet { checked } => !checked,
            ArrayGet { checked, .. } => !checked,
            _ => false,
        }
    }

    /// Map the name of an OCaml `external` (as the prelude declares it, with
    /// the primitive names OCaml's own standard library uses) to a Lambda
    /// primitive, the way `Translprim` does. Polymorphic comparisons come back
    /// generic; the lowering specialises them when the type is known.
    /// Externals that are not primitives but plain control (`%raise`,
    /// `%apply`, `%identity`, `%ignore`, `%sequand`...) are handled by the
    /// lowering itself and are not in this table.
    pub fn of_external(name: &str) -> Option<Primitive> {
        use IntKind::*;
        use Primitive::*;
        let int = |op| Some(IntArith(Int, op));
        let cmp = |op| Some(Compare(CompareKind::Generic, op));
        Some(match name {
            "%addint" => return int(IntOp::Add),
            "%subint" => return int(IntOp::Sub),
            "%mulint" => return int(IntOp::Mul),
            "%divint" => return int(IntOp::Div),
            "%modint" => return int(IntOp::Mod),
            "%andint" => return int(IntOp::And),
            "%orint" => return int(IntOp::Or),
            "%xorint" => return int(IntOp::Xor),
            "%lslint" => return int(IntOp::Lsl),
            "%lsrint" => return int(IntOp::Lsr),
            "%asrint" => return int(IntOp::Asr),
            "%negint" => IntNeg(Int),
            "%boolnot" => Not,
            "%equal" => return cmp(CompareOp::Eq),
            "%notequal" => return cmp(CompareOp::Ne),
            "%lessthan" => return cmp(CompareOp::Lt),
            "%lessequal" => return cmp(CompareOp::Le),
            "%greaterthan" => return cmp(CompareOp::Gt),
            "%greaterequal" => return cmp(CompareOp::Ge),
            "%compare" => CompareTotal(CompareKind::Generic),
            "%eq" => PhysEqual { negated: false },
            "%noteq" => PhysEqual { negated: true },
            "%floatofint" => Convert {
                from: NumKind::Int(Int),
                to: NumKind::Float,
            },
            "%intoffloat" => Convert {
                from: NumKind::Float,
                to: NumKind::Int(Int),
            },
            "%negfloat" => FloatNeg,
            "%absfloat" => FloatAbs,
            "%addfloat" => FloatArith(FloatOp::Add),
            "%subfloat" => FloatArith(FloatOp::Sub),
            "%mulfloat" => FloatArith(FloatOp::Mul),
            "%divfloat" => FloatArith(FloatOp::Div),
            "caml_sqrt_float" => FloatFn(self::FloatFn::Sqrt),
            "caml_exp_float" => FloatFn(self::FloatFn::Exp),
            "caml_log_float" => FloatFn(self::FloatFn::Log),
            "caml_sin_float" => FloatFn(self::FloatFn::Sin),
            "caml_cos_float" => FloatFn(self::FloatFn::Cos),
            "caml_tan_float" => FloatFn(self::FloatFn::Tan),
            "caml_floor_float" => FloatFn(self::FloatFn::Floor),
            "caml_ceil_float" => FloatFn(self::FloatFn::Ceil),
            "caml_power_float" => FloatFn(self::FloatFn::Pow),
            "caml_fmod_float" => FloatFn(self::FloatFn::Fmod),
            "caml_int64_float_of_bits" => FloatOfBits,
            "%string_length" | "%bytes_length" => StringLength,
            "%string_safe_get" | "%bytes_safe_get" => StringGet { checked: true },
            "%string_unsafe_get" | "%bytes_unsafe_get" => StringGet { checked: false },
            "caml_create_bytes" => BytesCreate,
            "%bytes_safe_set" => BytesSet { checked: true },
            "%bytes_unsafe_set" => BytesSet { checked: false },
            "caml_blit_string" | "caml_blit_bytes" => BlitString,
            "caml_fill_bytes" => FillBytes,
            "caml_string_equal" => Compare(CompareKind::String, CompareOp::Eq),
            "caml_string_notequal" => Compare(CompareKind::String, CompareOp::Ne),
            "caml_string_compare" => CompareTotal(CompareKind::String),
            "%array_length" => ArrayLength(ArrayKind::Gen),
            "%array_safe_get" => ArrayGet {
                kind: ArrayKind::Gen,
                checked: true,
            },
            "%array_safe_set" => ArraySet {
                kind: ArrayKind::Gen,
                checked: true,
            },
            "%array_unsafe_get" => ArrayGet {
                kind: ArrayKind::Gen,
                checked: false,
            },
            "%array_unsafe_set" => ArraySet {
                kind: ArrayKind::Gen,
                checked: false,
            },
            "caml_make_vect" => MakeVect,
            "%makemutable" => MakeBlock {
                tag: 0,
                mutable: true,
            },
            "%field0" => Field(0),
            "%field1" => Field(1),
            "%setfield0" => SetField(0),
            "%incr" => OffsetRef(1),
            "%decr" => OffsetRef(-1),
            "caml_format_int" => FormatInt(Int),
            "caml_int32_format" => FormatInt(Int32),
            "caml_int64_format" => FormatInt(Int64),
            "caml_nativeint_format" => FormatInt(Nativeint),
            "caml_format_float" => FormatFloat,
            "caml_int_of_string" => IntOfString(Int),
            "caml_int32_of_string" => IntOfString(Int32),
            "caml_int64_of_string" => IntOfString(Int64),
            "caml_nativeint_of_string" => IntOfString(Nativeint),
            "caml_ml_open_descriptor_out" => OpenDescriptorOut,
            "caml_ml_output" | "caml_ml_output_bytes" => Output,
            "caml_ml_output_char" => OutputChar,
            "caml_ml_flush" => Flush,
            "caml_sys_exit" => SysExit,
            _ => return Self::of_boxed_external(name),
        })
    }

    /// `%int64_add`, `%int32_of_int`, `caml_int64_of_float`...
    fn of_boxed_external(name: &str) -> Option<Primitive> {
        use Primitive::*;
        let (kind, op) = [
            ("int32", IntKind::Int32),
            ("int64", IntKind::Int64),
            ("nativeint", IntKind::Nativeint),
        ]
        .into_iter()
        .find_map(|(prefix, kind)| {
            let rest = name
                .strip_prefix('%')
                .or_else(|| name.strip_prefix("caml_"))?;
            Some((kind, rest.strip_prefix(prefix)?.strip_prefix('_')?))
        })?;
        let arith = |op| Some(IntArith(kind, op));
        let to = |n| {
            Some(Convert {
                from: NumKind::Int(kind),
                to: n,
            })
        };
        let from = |n| {
            Some(Convert {
                from: n,
                to: NumKind::Int(kind),
            })
        };
        match op {
            "add" => arith(IntOp::Add),
            "sub" => arith(IntOp::Sub),
            "mul" => arith(IntOp::Mul),
            "div" => arith(IntOp::Div),
            "mod" => arith(IntOp::Mod),
            "and" => arith(IntOp::And),
            "or" => arith(IntOp::Or),
            "xor" => arith(IntOp::Xor),
            "lsl" => arith(IntOp::Lsl),
            "lsr" => arith(IntOp::Lsr),
            "asr" => arith(IntOp::Asr),
            "neg" => Some(IntNeg(kind)),
            "of_int" => from(NumKind::Int(IntKind::Int)),
            "to_int" => to(NumKind::Int(IntKind::Int)),
            "of_float" => from(NumKind::Float),
            "to_float" => to(NumKind::Float),
            "of_int32" => from(NumKind::Int(IntKind::Int32)),
            "to_int32" => to(NumKind::Int(IntKind::Int32)),
            "of_nativeint" => from(NumKind::Int(IntKind::Nativeint)),
            "to_nativeint" => to(NumKind::Int(IntKind::Nativeint)),
            "compare" => Some(CompareTotal(CompareKind::Boxed(kind))),
            _ => None,
        }
    }

    /// The name the printer shows, close to `ocamlopt -dlambda`.
    pub fn name(&self) -> String {
        use Primitive::*;
        match self {
            MakeBlock { tag, mutable } => format!(
                "{} {tag}",
                if *mutable { "makemutable" } else { "makeblock" }
            ),
            Field(n) => format!("field {n}"),
            SetField(n) => format!("setfield {n}"),
            FloatField(n) => format!("floatfield {n}"),
            SetFloatField(n) => format!("setfloatfield {n}"),
            OffsetRef(n) => format!("+:={n}"),
            IntArith(IntKind::Int, op) => op.symbol().to_string(),
            IntArith(kind, op) => format!("{}.{}", kind.module_name(), op.symbol()),
            IntNeg(IntKind::Int) => "~".to_string(),
            IntNeg(kind) => format!("{}.~", kind.module_name()),
            Not => "not".to_string(),
            Convert { from, to } => format!("{}_of_{}", to.name(), from.name()),
            FloatArith(op) => match op {
                FloatOp::Add => "+.",
                FloatOp::Sub => "-.",
                FloatOp::Mul => "*.",
                FloatOp::Div => "/.",
            }
            .to_string(),
            FloatNeg => "~.".to_string(),
            FloatAbs => "abs.".to_string(),
            FloatFn(f) => f.c_name().to_string(),
            FloatOfBits => "caml_int64_float_of_bits".to_string(),
            Compare(kind, op) => compare_name(*kind, *op),
            CompareTotal(kind) => match kind {
                CompareKind::Int => "compare_ints".to_string(),
                CompareKind::Float => "compare_floats".to_string(),
                CompareKind::String => "caml_string_compare".to_string(),
                CompareKind::Boxed(k) => format!("compare_{}", NumKind::Int(*k).name()),
                CompareKind::Generic => "caml_compare".to_string(),
            },
            PhysEqual { negated } => if *negated { "phys!=" } else { "phys==" }.to_string(),
            StringLength => "string.length".to_string(),
            StringGet { checked } => if *checked {
                "string.get"
            } else {
                "string.unsafe_get"
            }
            .to_string(),
            BytesCreate => "caml_create_bytes".to_string(),
            BytesSet { checked } => if *checked {
                "bytes.set"
            } else {
                "bytes.unsafe_set"
            }
            .to_string(),
            BlitString => "caml_blit_string".to_string(),
            FillBytes => "caml_fill_bytes".to_string(),
            MakeArray(kind) => format!("makearray[{}]", kind.name()),
            ArrayLength(kind) => format!("array.length[{}]", kind.name()),
            ArrayGet { kind, checked } => {
                format!(
                    "array.{}get[{}]",
                    if *checked { "" } else { "unsafe_" },
                    kind.name()
                )
            }
            ArraySet { kind, checked } => {
                format!(
                    "array.{}set[{}]",
                    if *checked { "" } else { "unsafe_" },
                    kind.name()
                )
            }
            MakeVect => "caml_make_vect".to_string(),
            FormatInt(IntKind::Int) => "caml_format_int".to_string(),
            FormatInt(kind) => format!("caml_{}_format", NumKind::Int(*kind).name()),
            FormatFloat => "caml_format_float".to_string(),
            IntOfString(kind) => format!("caml_{}_of_string", NumKind::Int(*kind).name()),
            OpenDescriptorOut => "caml_ml_open_descriptor_out".to_string(),
            Output => "caml_ml_output".to_string(),
            OutputChar => "caml_ml_output_char".to_string(),
            Flush => "caml_ml_flush".to_string(),
            SysExit => "caml_sys_exit".to_string(),
            PredefException(e) => format!("predef {}", e.name()),
            NewException(name) => format!(
                "new_exception {}",
                crate::lambda::print::quote_string(name.as_bytes())
            ),
        }
    }
}

fn compare_name(kind: CompareKind, op: CompareOp) -> String {
    let sym = op.name();
    match kind {
        CompareKind::Int => sym.to_string(),
        CompareKind::Float => format!("{sym}."),
        CompareKind::Boxed(k) => format!("{}.{sym}", k.module_name()),
        CompareKind::String | CompareKind::Generic => {
            let word = match op {
                CompareOp::Eq => "equal",
                CompareOp::Ne => "notequal",
                CompareOp::Lt => "lessthan",
                CompareOp::Le => "lessequal",
                CompareOp::Gt => "greaterthan",
                CompareOp::Ge => "greaterequal",
            };
            if kind == CompareKind::String {
                format!("caml_string_{word}")
            } else {
                format!("caml_{word}")
            }
        }
    }
}

impl fmt::Display for Primitive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}
