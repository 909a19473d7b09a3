//! The runtime functions a CPS program may call (`apply[runtime] name`), as
//! the interpreter runs them. The names are those of OCaml's own runtime,
//! which the prelude's `external` declarations use and the Lambda primitives
//! keep; their behaviour comes from `observable`.

use std::collections::HashMap;

use super::interp::{InterpError, Reg, V};
use super::kinds::Kind;
use crate::observable::{self as obs, Channels, CompareOp, Stream, Value};

/// How a runtime function ended.
pub enum RuntimeResult {
    Return(Vec<Reg>),
    Raise(V),
    /// `caml_sys_exit`: the program stops with this status.
    Exit(i64),
}

fn error<T>(message: impl Into<String>) -> Result<T, InterpError> {
    Err(InterpError {
        message: message.into(),
    })
}

/// The symbols the runtime defines: OCaml's predefined exceptions, named
/// as in OCaml's runtime (`caml_exn_Not_found`).
pub fn runtime_symbols() -> HashMap<String, V> {
    obs::PREDEFINED_EXCEPTIONS
        .iter()
        .map(|(name, id)| (format!("caml_exn_{name}"), obs::exception_slot(name, *id)))
        .collect()
}

/// The state the runtime keeps besides the channels.
#[derive(Default)]
pub struct RuntimeState {
    /// The last identity handed out by `caml_fresh_oo_id`.
    next_oo_id: i64,
}

/// Call runtime function `name`. Arguments arrive with the kinds the call
/// declares; naked numbers are boxed first, so that each function sees
/// OCaml values, and results are unboxed to the declared result kinds.
pub fn call(
    name: &str,
    args: Vec<Reg>,
    result_kinds: &[Kind],
    channels: &mut Channels,
    symbols: &HashMap<String, V>,
    state: &mut RuntimeState,
) -> Result<RuntimeResult, InterpError> {
    let args: Vec<V> = args.into_iter().map(boxed).collect();
    let raise = |exn: &str, arg: &str| -> Result<RuntimeResult, InterpError> {
        match symbols.get(&format!("caml_exn_{exn}")) {
            Some(slot) => Ok(RuntimeResult::Raise(obs::exception_value(
                slot.clone(),
                vec![Value::string(arg.as_bytes())],
            ))),
            None => error(format!("no predefined exception {exn}")),
        }
    };
    let result = match (name, args.as_slice()) {
        // A channel is its file descriptor, as in the Lambda interpreter.
        ("caml_ml_open_descriptor_out", [fd]) => {
            stream(fd)?;
            fd.clone()
        }
        (
            "caml_ml_output" | "caml_ml_output_bytes",
            [chan, s, Value::Int(ofs), Value::Int(len)],
        ) => {
            let bytes = string(s)?;
            let Some(part) = usize::try_from(*ofs)
                .ok()
                .zip(usize::try_from(*len).ok())
                .and_then(|(o, l)| bytes.get(o..o.checked_add(l)?))
            else {
                return error("caml_ml_output out of bounds");
            };
            channels.output(stream(chan)?, part);
            Value::unit()
        }
        ("caml_ml_output_char", [chan, Value::Int(c)]) => {
            channels.output(stream(chan)?, &[*c as u8]);
            Value::unit()
        }
        ("caml_ml_flush", [chan]) => {
            channels.flush(stream(chan)?);
            Value::unit()
        }
        ("caml_sys_exit", [Value::Int(code)]) => return Ok(RuntimeResult::Exit(*code)),
        ("caml_format_int", [fmt, Value::Int(n)]) => {
            Value::string(format_integer(&string(fmt)?, *n)?.as_bytes())
        }
        (
            "caml_int32_format" | "caml_int64_format" | "caml_nativeint_format",
            [fmt, Value::Boxed(_, n)],
        ) => Value::string(format_integer(&string(fmt)?, *n)?.as_bytes()),
        ("caml_format_float", [fmt, Value::Float(x)]) => {
            Value::string(format_float(&string(fmt)?, *x)?.as_bytes())
        }
        ("caml_int_of_string", [s]) => match parse(s, obs::IntKind::Int)? {
            Some(v) => v,
            None => return raise("Failure", obs::IntKind::Int.of_string_failure()),
        },
        ("caml_int32_of_string", [s]) => match parse(s, obs::IntKind::Int32)? {
            Some(v) => v,
            None => return raise("Failure", obs::IntKind::Int32.of_string_failure()),
        },
        ("caml_int64_of_string", [s]) => match parse(s, obs::IntKind::Int64)? {
            Some(v) => v,
            None => return raise("Failure", obs::IntKind::Int64.of_string_failure()),
        },
        ("caml_nativeint_of_string", [s]) => match parse(s, obs::IntKind::Nativeint)? {
            Some(v) => v,
            None => return raise("Failure", obs::IntKind::Nativeint.of_string_failure()),
        },
        ("caml_create_bytes", [Value::Int(n)]) => match usize::try_from(*n) {
            Ok(n) if n < (1 << 40) => Value::string(&vec![0; n]),
            _ => return raise("Invalid_argument", "Bytes.create"),
        },
        (
            "caml_blit_string" | "caml_blit_bytes",
            [src, Value::Int(so), dst, Value::Int(d), Value::Int(len)],
        ) => {
            let bytes = string(src)?;
            let (Value::String(dst), Ok(so), Ok(d), Ok(len)) = (
                dst,
                usize::try_from(*so),
                usize::try_from(*d),
                usize::try_from(*len),
            ) else {
                return error("bad arguments to caml_blit_string");
            };
            let mut dst = dst.borrow_mut();
            match (
                bytes.get(so..so.saturating_add(len)),
                dst.get_mut(d..d.saturating_add(len)),
            ) {
                (Some(from), Some(to)) => to.copy_from_slice(from),
                _ => return error("caml_blit_string out of bounds"),
            }
            Value::unit()
        }
        (
            "caml_fill_bytes",
            [Value::String(b), Value::Int(ofs), Value::Int(len), Value::Int(c)],
        ) => {
            let mut b = b.borrow_mut();
            let range = usize::try_from(*ofs).ok().zip(usize::try_from(*len).ok());
            match range.and_then(|(o, l)| b.get_mut(o..o.checked_add(l)?)) {
                Some(part) => part.fill(*c as u8),
                None => return error("caml_fill_bytes out of bounds"),
            }
            Value::unit()
        }
        ("caml_make_vect", [Value::Int(n), x]) => match usize::try_from(*n) {
            Ok(n) if n < (1 << 40) => match x {
                Value::Float(f) if n > 0 => Value::float_array(vec![*f; n]),
                _ => Value::block(0, vec![x.clone(); n]),
            },
            _ => return raise("Invalid_argument", "Array.make"),
        },
        ("caml_compare", [a, b]) => match obs::compare(a, b) {
            Ok(c) => Value::Int(c),
            Err(_) => return raise("Invalid_argument", obs::CompareError::MESSAGE),
        },
        ("caml_string_compare", [a, b]) => Value::Int(string(a)?.cmp(&string(b)?) as i64),
        ("caml_fresh_oo_id", [_]) => {
            state.next_oo_id += 1;
            Value::Int(state.next_oo_id)
        }
        (name, [a, b]) if comparison(name).is_some() => {
            let Some(op) = comparison(name) else {
                return error("unreachable");
            };
            match obs::compare_op(op, a, b) {
                Ok(holds) => Value::bool(holds),
                Err(_) => return raise("Invalid_argument", obs::CompareError::MESSAGE),
            }
        }
        (name, args) => match float_function(name, args) {
            Some(x) => Value::Float(x),
            None => {
                return error(format!(
                    "unknown runtime function {name} applied to {args:?}"
                ))
            }
        },
    };
    let results = match result_kinds {
        [] => vec![],
        [kind] => vec![unboxed(result, *kind)?],
        _ => return error(format!("runtime function {name} returns one value")),
    };
    Ok(RuntimeResult::Return(results))
}

/// A naked number as the OCaml value that boxes it.
fn boxed(r: Reg) -> V {
    match r {
        Reg::Value(v) => v,
        Reg::Imm(n) => Value::Int(obs::wrap_int(n)),
        Reg::Float(f) => Value::Float(f),
        Reg::Int32(n) => Value::Boxed(obs::IntKind::Int32, n as i64),
        Reg::Int64(n) => Value::Boxed(obs::IntKind::Int64, n),
        Reg::Nativeint(n) => Value::Boxed(obs::IntKind::Nativeint, n),
    }
}

fn unboxed(v: V, kind: Kind) -> Result<Reg, InterpError> {
    Ok(match (kind, v) {
        (Kind::Value, v) => Reg::Value(v),
        (Kind::NakedImmediate, Value::Int(n)) => Reg::Imm(n),
        (Kind::NakedFloat, Value::Float(f)) => Reg::Float(f),
        (Kind::NakedInt32, Value::Boxed(_, n)) => Reg::Int32(n as i32),
        (Kind::NakedInt64, Value::Boxed(_, n)) => Reg::Int64(n),
        (Kind::NakedNativeint, Value::Boxed(_, n)) => Reg::Nativeint(n),
        (kind, v) => return error(format!("runtime result {v:?} is not a {kind}")),
    })
}

fn string(v: &V) -> Result<Vec<u8>, InterpError> {
    match v.string_bytes() {
        Some(bytes) => Ok(bytes),
        None => error(format!("expected a string, found {v:?}")),
    }
}

/// The stream a channel (from `caml_ml_open_descriptor_out`) writes to.
fn stream(chan: &V) -> Result<Stream, InterpError> {
    match chan.as_int() {
        Some(1) => Ok(Stream::Stdout),
        Some(2) => Ok(Stream::Stderr),
        _ => error(format!("output to {chan:?}, which is not stdout or stderr")),
    }
}

fn comparison(name: &str) -> Option<CompareOp> {
    let word = name
        .strip_prefix("caml_string_")
        .or_else(|| name.strip_prefix("caml_"))?;
    Some(match word {
        "equal" => CompareOp::Eq,
        "notequal" => CompareOp::Ne,
        "lessthan" => CompareOp::Lt,
        "lessequal" => CompareOp::Le,
        "greaterthan" => CompareOp::Gt,
        "greaterequal" => CompareOp::Ge,
        _ => return None,
    })
}

/// `caml_format_int` and friends, for the formats the library uses.
fn format_integer(fmt: &[u8], n: i64) -> Result<String, InterpError> {
    match fmt {
        b"%d" | b"%i" => Ok(obs::format_int(n)),
        other => error(format!(
            "unsupported integer format {}",
            String::from_utf8_lossy(other)
        )),
    }
}

/// `caml_format_float` for `%g` and `%.<n>g`.
fn format_float(fmt: &[u8], x: f64) -> Result<String, InterpError> {
    let text = String::from_utf8_lossy(fmt);
    let precision = match text.strip_prefix("%.").and_then(|t| t.strip_suffix('g')) {
        Some(digits) => digits.parse().ok(),
        None if text == "%g" => Some(6),
        None => None,
    };
    match precision {
        Some(p) => Ok(obs::format_float_g(x, p)),
        None => error(format!("unsupported float format {text}")),
    }
}

/// `caml_int_of_string` and friends: `None` when OCaml raises `Failure`.
fn parse(s: &V, kind: obs::IntKind) -> Result<Option<V>, InterpError> {
    Ok(obs::parse_int(&string(s)?, kind).map(|n| match kind {
        obs::IntKind::Int => Value::Int(n),
        other => Value::Boxed(other, n),
    }))
}

/// The float functions of OCaml's runtime (`caml_sqrt_float`...), which
/// call the C library as Rust's `f64` methods do.
fn float_function(name: &str, args: &[V]) -> Option<f64> {
    let unary = |f: fn(f64) -> f64| match args {
        [Value::Float(x)] => Some(f(*x)),
        _ => None,
    };
    let binary = |f: fn(f64, f64) -> f64| match args {
        [Value::Float(x), Value::Float(y)] => Some(f(*x, *y)),
        _ => None,
    };
    match name {
        "caml_sqrt_float" => unary(f64::sqrt),
        "caml_exp_float" => unary(f64::exp),
        "caml_log_float" => unary(f64::ln),
        "caml_sin_float" => unary(f64::sin),
        "caml_cos_float" => unary(f64::cos),
        "caml_tan_float" => unary(f64::tan),
        "caml_floor_float" => unary(f64::floor),
        "caml_ceil_float" => unary(f64::ceil),
        "caml_power_float" => binary(f64::powf),
        "caml_fmod_float" => binary(|x, y| x % y),
        _ => None,
    }
}
