//! Calls into the runtime. A CPS program names a runtime function by its
//! name in OCaml's runtime (`caml_ml_output`, `caml_sqrt_float`) and gives
//! its arguments and results kinds; the functions themselves take OCaml
//! values, except the C library's float functions, which OCaml calls
//! unboxed under their C names (`sqrt`, as the second name of OCaml's
//! `external sqrt : float -> float = "caml_sqrt_float" "sqrt"`). Each
//! argument is converted from the kind it has to the convention the
//! function wants, and the result back to the kind the program expects.

use crate::cmm::helpers::{box_float, tag_int, unbox_float, untag_int};
use crate::cmm::{Expr, MachType, Operation};
use crate::cps::kinds::{BoxedNumber, Kind};

use super::prims::{box_number, unbox_number};

/// How a runtime function takes its arguments and gives its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Convention {
    /// OCaml values, tagged or boxed; the function may allocate and raise.
    Values,
    /// Unboxed doubles: a C function that neither allocates nor raises.
    Floats,
}

/// The C name and convention of a runtime function.
fn convention(name: &str) -> (&str, Convention) {
    let c_name = match name {
        "caml_sqrt_float" => "sqrt",
        "caml_exp_float" => "exp",
        "caml_log_float" => "log",
        "caml_sin_float" => "sin",
        "caml_cos_float" => "cos",
        "caml_tan_float" => "tan",
        "caml_floor_float" => "floor",
        "caml_ceil_float" => "ceil",
        "caml_power_float" => "pow",
        "caml_fmod_float" => "fmod",
        _ => return (name, Convention::Values),
    };
    (c_name, Convention::Floats)
}

/// The number boxed for a naked kind, if any.
fn boxed_number(kind: Kind) -> Option<BoxedNumber> {
    match kind {
        Kind::NakedFloat => Some(BoxedNumber::Float),
        Kind::NakedInt32 => Some(BoxedNumber::Int32),
        Kind::NakedInt64 => Some(BoxedNumber::Int64),
        Kind::NakedNativeint => Some(BoxedNumber::Nativeint),
        Kind::Value | Kind::NakedImmediate => None,
    }
}

/// `e`, of kind `kind`, as an OCaml value.
fn to_value(kind: Kind, e: Expr) -> Expr {
    match (kind, boxed_number(kind)) {
        (Kind::NakedImmediate, _) => tag_int(e),
        (_, Some(n)) => box_number(n, e),
        _ => e,
    }
}

/// An OCaml value as kind `kind`.
fn of_value(kind: Kind, e: Expr) -> Expr {
    match (kind, boxed_number(kind)) {
        (Kind::NakedImmediate, _) => untag_int(e),
        (_, Some(n)) => unbox_number(n, e),
        _ => e,
    }
}

/// The call of runtime function `name` on `args` (of kinds `arg_kinds`),
/// giving a result of kind `result_kind` (or none).
pub fn call(name: &str, args: Vec<Expr>, arg_kinds: &[Kind], result_kind: Option<Kind>) -> Expr {
    let (c_name, conv) = convention(name);
    let args = args
        .into_iter()
        .zip(
            arg_kinds
                .iter()
                .copied()
                .chain(std::iter::repeat(Kind::Value)),
        )
        .map(|(e, kind)| match conv {
            Convention::Values => to_value(kind, e),
            Convention::Floats if kind == Kind::NakedFloat => e,
            Convention::Floats => unbox_float(to_value(kind, e)),
        })
        .collect();
    let (result, alloc) = match conv {
        Convention::Values => (MachType::Val, true),
        Convention::Floats => (MachType::Float, false),
    };
    let call = Expr::Op(
        Operation::ExtCall {
            name: c_name.to_string(),
            result,
            alloc,
        },
        args,
    );
    match (conv, result_kind) {
        (_, None) => call,
        (Convention::Values, Some(kind)) => of_value(kind, call),
        (Convention::Floats, Some(Kind::NakedFloat)) => call,
        (Convention::Floats, Some(kind)) => of_value(kind, box_float(call)),
    }
}
