//! What each primitive computes, for the interpreter. Integer and float
//! semantics come from `observable`, shared with the other interpreters and
//! the runtime.

use super::interp::{closure_of, Closure, InterpError, Reg, V};
use super::kinds::{BoxedNumber, IntKind, NumKind};
use super::primitives::{
    ArrayKind, BlockShape, Comparison, Equality, FieldKind, FloatOp, IntOp, PrimOp, ShiftOp,
    Signedness,
};
use super::terms::{Const, StaticConst};
use crate::observable::{self as obs, tag, Value};

fn error<T>(message: impl Into<String>) -> Result<T, InterpError> {
    Err(InterpError {
        message: message.into(),
    })
}

pub fn constant(c: &Const) -> Reg {
    match *c {
        Const::Tagged(n) => Reg::Value(Value::Int(n)),
        Const::NakedImmediate(n) => Reg::Imm(n),
        Const::NakedFloat(f) => Reg::Float(f.get()),
        Const::NakedInt32(n) => Reg::Int32(n),
        Const::NakedInt64(n) => Reg::Int64(n),
        Const::NakedNativeint(n) => Reg::Nativeint(n),
    }
}

/// A static constant other than a runtime symbol, without the fields that
/// name symbols (the caller fills those in).
pub fn static_const(c: &StaticConst) -> V {
    match c {
        StaticConst::Block { tag, fields, .. } => {
            Value::block(*tag, vec![Value::Int(0); fields.len()])
        }
        StaticConst::BoxedFloat(f) => Value::Float(f.get()),
        StaticConst::BoxedInt32(n) => Value::Boxed(obs::IntKind::Int32, *n as i64),
        StaticConst::BoxedInt64(n) => Value::Boxed(obs::IntKind::Int64, *n),
        StaticConst::BoxedNativeint(n) => Value::Boxed(obs::IntKind::Nativeint, *n),
        StaticConst::String(bytes) => Value::string(bytes),
        StaticConst::FloatBlock { fields, .. } => {
            Value::float_array(fields.iter().map(|f| f.get()).collect())
        }
        StaticConst::Runtime(_) => Value::Int(0),
    }
}

fn value(r: &Reg) -> Result<&V, InterpError> {
    match r {
        Reg::Value(v) => Ok(v),
        other => error(format!("expected a value, found {other:?}")),
    }
}

fn tagged(r: &Reg) -> Result<i64, InterpError> {
    match r {
        Reg::Value(Value::Int(n)) => Ok(*n),
        other => error(format!("expected a tagged integer, found {other:?}")),
    }
}

fn naked_float(r: &Reg) -> Result<f64, InterpError> {
    match r {
        Reg::Float(f) => Ok(*f),
        other => error(format!("expected a naked float, found {other:?}")),
    }
}

fn index(r: &Reg) -> Result<usize, InterpError> {
    usize::try_from(tagged(r)?).or_else(|_| error("negative index reached a primitive"))
}

fn bool_imm(b: bool) -> Reg {
    Reg::Imm(b as i64)
}

/// Apply a primitive. Arguments are checked to be of the right shape, so an
/// ill-kinded program is an error, never a panic.
pub fn eval(op: PrimOp, args: &[Reg]) -> Result<Reg, InterpError> {
    match (op, args) {
        (
            PrimOp::MakeBlock {
                tag,
                shape: BlockShape::Values,
                ..
            },
            _,
        ) => {
            let fields = args
                .iter()
                .map(|a| value(a).cloned())
                .collect::<Result<Vec<V>, _>>()?;
            Ok(Reg::Value(Value::block(tag, fields)))
        }
        (
            PrimOp::MakeBlock {
                shape: BlockShape::NakedFloats,
                ..
            },
            _,
        )
        | (
            PrimOp::MakeArray {
                kind: ArrayKind::NakedFloats,
                ..
            },
            _,
        ) => {
            let floats = args
                .iter()
                .map(naked_float)
                .collect::<Result<Vec<f64>, _>>()?;
            Ok(Reg::Value(Value::float_array(floats)))
        }
        (PrimOp::MakeArray { .. }, _) => {
            let fields = args
                .iter()
                .map(|a| value(a).cloned())
                .collect::<Result<Vec<V>, _>>()?;
            Ok(Reg::Value(Value::block(0, fields)))
        }
        (PrimOp::BlockLoad { field, kind, .. }, [b]) => load(value(b)?, field as usize, kind),
        (PrimOp::BlockSet { field, kind }, [b, x]) => store(value(b)?, field as usize, kind, x),
        (PrimOp::IsInt, [v]) => Ok(bool_imm(matches!(value(v)?, Value::Int(_)))),
        (PrimOp::GetTag, [v]) => match value(v)?.tag() {
            Some(t) => Ok(Reg::Imm(t as i64)),
            None => error("get_tag of an immediate"),
        },
        (PrimOp::ArrayLength, [a]) => Ok(Reg::Value(Value::Int(value(a)?.size() as i64))),
        (PrimOp::IsFlatFloatArray, [a]) => Ok(bool_imm(value(a)?.tag() == Some(tag::DOUBLE_ARRAY))),
        (PrimOp::ArrayLoad { kind, .. }, [a, i]) => {
            let field = match kind {
                ArrayKind::NakedFloats => FieldKind::NakedFloat,
                _ => FieldKind::Value,
            };
            load(value(a)?, index(i)?, field)
        }
        (PrimOp::ArraySet { kind }, [a, i, x]) => {
            let field = match kind {
                ArrayKind::NakedFloats => FieldKind::NakedFloat,
                _ => FieldKind::Value,
            };
            store(value(a)?, index(i)?, field, x)
        }
        (PrimOp::StringLength(_), [s]) => match value(s)? {
            Value::String(bytes) => Ok(Reg::Value(Value::Int(bytes.borrow().len() as i64))),
            other => error(format!("string_length of {other:?}")),
        },
        (PrimOp::StringLoad(_), [s, i]) => {
            let i = index(i)?;
            match value(s)? {
                Value::String(bytes) => match bytes.borrow().get(i) {
                    Some(b) => Ok(Reg::Imm(*b as i64)),
                    None => error("string index out of bounds reached a primitive"),
                },
                other => error(format!("string_load of {other:?}")),
            }
        }
        (PrimOp::BytesSet, [s, i, c]) => {
            let i = index(i)?;
            let Reg::Imm(c) = c else {
                return error("bytes_store of a non-byte");
            };
            match value(s)? {
                Value::String(bytes) => match bytes.borrow_mut().get_mut(i) {
                    Some(b) => {
                        *b = *c as u8;
                        Ok(Reg::Value(Value::unit()))
                    }
                    None => error("bytes index out of bounds reached a primitive"),
                },
                other => error(format!("bytes_store of {other:?}")),
            }
        }
        (PrimOp::TagImmediate, [Reg::Imm(n)]) => Ok(Reg::Value(Value::Int(obs::wrap_int(*n)))),
        (PrimOp::UntagImmediate, [v]) => Ok(Reg::Imm(tagged(v)?)),
        (PrimOp::BoxNumber(n), [x]) => box_number(n, x),
        (PrimOp::UnboxNumber(n), [v]) => unbox_number(n, value(v)?),
        (PrimOp::IntArith(k, op), [a, b]) => int_arith(k, op, a, b),
        (PrimOp::IntShift(k, op), [a, Reg::Imm(n)]) => int_shift(k, op, a, *n),
        (PrimOp::IntNeg(k), [a]) => {
            let a = int_of(k, a)?;
            Ok(int_reg(k, normalize(k, a.wrapping_neg())))
        }
        (PrimOp::IntComp(k, cmp, signed), [a, b]) => {
            let ord = int_order(k, signed, int_of(k, a)?, int_of(k, b)?);
            Ok(bool_imm(holds(cmp, Some(ord))))
        }
        (PrimOp::IntCompare(k, signed), [a, b]) => {
            Ok(Reg::Imm(
                int_order(k, signed, int_of(k, a)?, int_of(k, b)?) as i64
            ))
        }
        (PrimOp::FloatArith(op), [a, b]) => {
            let (a, b) = (naked_float(a)?, naked_float(b)?);
            Ok(Reg::Float(match op {
                FloatOp::Add => a + b,
                FloatOp::Sub => a - b,
                FloatOp::Mul => a * b,
                FloatOp::Div => a / b,
            }))
        }
        (PrimOp::FloatNeg, [a]) => Ok(Reg::Float(-naked_float(a)?)),
        (PrimOp::FloatAbs, [a]) => Ok(Reg::Float(naked_float(a)?.abs())),
        (PrimOp::FloatComp(cmp), [a, b]) => {
            let ord = naked_float(a)?.partial_cmp(&naked_float(b)?);
            Ok(bool_imm(holds(cmp, ord)))
        }
        (PrimOp::FloatCompare, [a, b]) => {
            Ok(Reg::Imm(float_compare(naked_float(a)?, naked_float(b)?)))
        }
        (PrimOp::NumConv { src, dst }, [x]) => num_conv(src, dst, x),
        (PrimOp::BooleanNot, [v]) => Ok(Reg::Value(Value::bool(tagged(v)? == 0))),
        (PrimOp::PhysEqual(eq), [a, b]) => {
            let same = value(a)?.physically_equal(value(b)?);
            Ok(bool_imm(same == (eq == Equality::Eq)))
        }
        (PrimOp::ProjectFunctionSlot { to, .. }, [c]) => match value(c)? {
            Value::Closure(closure) => match &**closure {
                Closure::Function { set, .. } => match set.slot_index(to) {
                    Some(i) => Ok(Reg::Value(closure_of(set, i))),
                    None => error("projection of a function slot the set does not have"),
                },
                Closure::Partial { .. } => error("projection from a partial application"),
            },
            other => error(format!("projection from {other:?}")),
        },
        (PrimOp::ProjectValueSlot { value_slot, .. }, [c]) => match value(c)? {
            Value::Closure(closure) => match &**closure {
                Closure::Function { set, .. } => match set.value_slot(value_slot) {
                    Some(r) => Ok(r.clone()),
                    None => error("projection of a value slot the set does not have"),
                },
                Closure::Partial { .. } => error("projection from a partial application"),
            },
            other => error(format!("projection from {other:?}")),
        },
        (op, args) => error(format!("primitive {op:?} applied to {args:?}")),
    }
}

fn load(b: &V, i: usize, kind: FieldKind) -> Result<Reg, InterpError> {
    match (b, kind) {
        (Value::Block(block), FieldKind::Value | FieldKind::Immediate) => {
            match block.fields.borrow().get(i) {
                Some(v) => Ok(Reg::Value(v.clone())),
                None => error(format!(
                    "load of field {i} of a block of size {}",
                    block.fields.borrow().len()
                )),
            }
        }
        (Value::FloatArray(floats), FieldKind::NakedFloat) => match floats.borrow().get(i) {
            Some(f) => Ok(Reg::Float(*f)),
            None => error(format!("load of float field {i} out of bounds")),
        },
        (other, kind) => error(format!("{kind:?} load from {other:?}")),
    }
}

fn store(b: &V, i: usize, kind: FieldKind, x: &Reg) -> Result<Reg, InterpError> {
    match (b, kind, x) {
        (Value::Block(block), FieldKind::Value | FieldKind::Immediate, Reg::Value(v)) => {
            match block.fields.borrow_mut().get_mut(i) {
                Some(slot) => *slot = v.clone(),
                None => return error(format!("store to field {i} out of bounds")),
            }
        }
        (Value::FloatArray(floats), FieldKind::NakedFloat, Reg::Float(f)) => {
            match floats.borrow_mut().get_mut(i) {
                Some(slot) => *slot = *f,
                None => return error(format!("store to float field {i} out of bounds")),
            }
        }
        (other, kind, x) => return error(format!("{kind:?} store of {x:?} into {other:?}")),
    }
    Ok(Reg::Value(Value::unit()))
}

fn box_number(n: BoxedNumber, x: &Reg) -> Result<Reg, InterpError> {
    Ok(Reg::Value(match (n, x) {
        (BoxedNumber::Float, Reg::Float(f)) => Value::Float(*f),
        (BoxedNumber::Int32, Reg::Int32(i)) => Value::Boxed(obs::IntKind::Int32, *i as i64),
        (BoxedNumber::Int64, Reg::Int64(i)) => Value::Boxed(obs::IntKind::Int64, *i),
        (BoxedNumber::Nativeint, Reg::Nativeint(i)) => Value::Boxed(obs::IntKind::Nativeint, *i),
        (n, x) => return error(format!("box_{} of {x:?}", n.name())),
    }))
}

fn unbox_number(n: BoxedNumber, v: &V) -> Result<Reg, InterpError> {
    Ok(match (n, v) {
        (BoxedNumber::Float, Value::Float(f)) => Reg::Float(*f),
        (BoxedNumber::Int32, Value::Boxed(obs::IntKind::Int32, i)) => Reg::Int32(*i as i32),
        (BoxedNumber::Int64, Value::Boxed(obs::IntKind::Int64, i)) => Reg::Int64(*i),
        (BoxedNumber::Nativeint, Value::Boxed(obs::IntKind::Nativeint, i)) => Reg::Nativeint(*i),
        (n, v) => return error(format!("unbox_{} of {v:?}", n.name())),
    })
}

/// The integer an argument of kind `k` holds. A naked immediate denotes the
/// same integer as its tagged form, so both use OCaml's 63-bit arithmetic.
fn int_of(k: IntKind, r: &Reg) -> Result<i64, InterpError> {
    match (k, r) {
        (IntKind::Tagged, Reg::Value(Value::Int(n))) => Ok(*n),
        (IntKind::Naked, Reg::Imm(n)) => Ok(*n),
        (IntKind::Int32, Reg::Int32(n)) => Ok(*n as i64),
        (IntKind::Int64, Reg::Int64(n)) | (IntKind::Nativeint, Reg::Nativeint(n)) => Ok(*n),
        (k, r) => error(format!("expected {k}, found {r:?}")),
    }
}

fn int_reg(k: IntKind, n: i64) -> Reg {
    match k {
        IntKind::Tagged => Reg::Value(Value::Int(n)),
        IntKind::Naked => Reg::Imm(n),
        IntKind::Int32 => Reg::Int32(n as i32),
        IntKind::Int64 => Reg::Int64(n),
        IntKind::Nativeint => Reg::Nativeint(n),
    }
}

fn observable_kind(k: IntKind) -> obs::IntKind {
    match k {
        IntKind::Tagged | IntKind::Naked => obs::IntKind::Int,
        IntKind::Int32 => obs::IntKind::Int32,
        IntKind::Int64 => obs::IntKind::Int64,
        IntKind::Nativeint => obs::IntKind::Nativeint,
    }
}

fn normalize(k: IntKind, n: i64) -> i64 {
    observable_kind(k).normalize(n)
}

fn int_arith(k: IntKind, op: IntOp, a: &Reg, b: &Reg) -> Result<Reg, InterpError> {
    let (a, b) = (int_of(k, a)?, int_of(k, b)?);
    let ok = observable_kind(k);
    let n = match op {
        IntOp::Add => a.wrapping_add(b),
        IntOp::Sub => a.wrapping_sub(b),
        IntOp::Mul => a.wrapping_mul(b),
        IntOp::Div => match ok.div(a, b) {
            Some(q) => q,
            None => return error("division by zero reached a primitive (the check is missing)"),
        },
        IntOp::Mod => match ok.rem(a, b) {
            Some(r) => r,
            None => return error("modulo by zero reached a primitive (the check is missing)"),
        },
        IntOp::And => a & b,
        IntOp::Or => a | b,
        IntOp::Xor => a ^ b,
    };
    Ok(int_reg(k, normalize(k, n)))
}

fn int_shift(k: IntKind, op: ShiftOp, a: &Reg, n: i64) -> Result<Reg, InterpError> {
    let a = int_of(k, a)?;
    let ok = observable_kind(k);
    let r = match op {
        ShiftOp::Lsl => ok.shift_left(a, n),
        ShiftOp::Asr => ok.shift_right(a, n),
        ShiftOp::Lsr => ok.shift_right_logical(a, n),
    };
    Ok(int_reg(k, r))
}

fn int_order(k: IntKind, signed: Signedness, a: i64, b: i64) -> std::cmp::Ordering {
    match (signed, k) {
        (Signedness::Signed, _) => a.cmp(&b),
        (Signedness::Unsigned, IntKind::Int32) => (a as u32).cmp(&(b as u32)),
        (Signedness::Unsigned, _) => (a as u64).cmp(&(b as u64)),
    }
}

/// Whether a comparison holds; `None` (a NaN was involved) makes every
/// comparison false except `<>`.
fn holds(cmp: Comparison, ord: Option<std::cmp::Ordering>) -> bool {
    use std::cmp::Ordering::*;
    match ord {
        None => cmp == Comparison::Ne,
        Some(o) => match cmp {
            Comparison::Eq => o == Equal,
            Comparison::Ne => o != Equal,
            Comparison::Lt => o == Less,
            Comparison::Gt => o == Greater,
            Comparison::Le => o != Greater,
            Comparison::Ge => o != Less,
        },
    }
}

/// `compare` on floats: NaN equal to itself and below everything else.
fn float_compare(a: f64, b: f64) -> i64 {
    match (a.is_nan(), b.is_nan()) {
        (true, true) => 0,
        (true, false) => -1,
        (false, true) => 1,
        (false, false) => match a.partial_cmp(&b) {
            Some(std::cmp::Ordering::Less) => -1,
            Some(std::cmp::Ordering::Greater) => 1,
            _ => 0,
        },
    }
}

fn num_conv(src: NumKind, dst: NumKind, x: &Reg) -> Result<Reg, InterpError> {
    Ok(match (src, dst) {
        (NumKind::Float, NumKind::Float) => Reg::Float(naked_float(x)?),
        (NumKind::Int(k), NumKind::Float) => Reg::Float(int_of(k, x)? as f64),
        (NumKind::Float, NumKind::Int(k)) => {
            int_reg(k, observable_kind(k).of_float(naked_float(x)?))
        }
        // Between integers: the value, brought to the destination's width.
        (NumKind::Int(from), NumKind::Int(to)) => int_reg(to, normalize(to, int_of(from, x)?)),
    })
}
