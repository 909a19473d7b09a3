//! Primitives to Cmm: each CPS primitive, its arguments already translated,
//! becomes Cmm built with the smart constructors of `cmm::helpers`, which
//! fold tagging and constants as they build. Kinds say everything: a
//! `Tagged` integer is a word `2n+1`, a naked one the plain word, an
//! `int32` a word sign-extended from bit 31, a boxed number a pointer.

use crate::cmm::helpers::{
    add_const, add_int, add_int32, add_int_caml, and_int, and_int_caml, asr_const, asr_int, bind,
    block_header, box_float, div_int, div_int_caml, field_address, lsl_const, lsl_int, lsr_const,
    lsr_int, mod_int, mod_int_caml, mul_int, mul_int32, mul_int_caml, neg_int, not_caml, op,
    or_int, or_int_caml, sign_extend_32, sub_int, sub_int32, sub_int_caml, tag_int, unbox_float,
    untag_int, xor_int, xor_int_caml, CUSTOM_TAG, DOUBLE_ARRAY_TAG, WORD_SIZE,
};
use crate::cmm::{Chunk, Expr, FloatCmp, Fresh, IntCmp, Operation};
use crate::cps::ids::{FunctionSlot, ValueSlot};
use crate::cps::kinds::{BoxedNumber, IntKind, Kind, NumKind};
use crate::cps::primitives::{
    ArrayKind, BlockShape, Comparison, Equality, FieldKind, FloatOp, IntOp, Mutability, PrimOp,
    ShiftOp, Signedness,
};

use super::data::custom_ops_symbol;

/// Where the slots of sets of closures are, in words: what projections
/// need from the closure offsets.
pub trait SlotOffsets {
    fn function_slot(&self, slot: FunctionSlot) -> Option<usize>;
    fn value_slot(&self, slot: ValueSlot) -> Option<usize>;
}

/// The primitive `op` applied to `args`. Arguments come in the order the
/// primitive takes them; an argument needed twice is let-bound first
/// (unless trivial), so that no computation is duplicated.
pub fn translate(
    op_: PrimOp,
    args: Vec<Expr>,
    fresh: &mut Fresh,
    offsets: &dyn SlotOffsets,
) -> Result<Expr, String> {
    match op_ {
        PrimOp::MakeBlock {
            tag,
            shape: BlockShape::Values,
            ..
        } => Ok(alloc(tag, args)),
        PrimOp::MakeBlock {
            shape: BlockShape::NakedFloats,
            ..
        } => Ok(alloc(DOUBLE_ARRAY_TAG, args)),
        PrimOp::MakeArray { kind, .. } => Ok(alloc(
            if kind == ArrayKind::NakedFloats {
                DOUBLE_ARRAY_TAG
            } else {
                0
            },
            args,
        )),
        PrimOp::TagImmediate => one(args).map(tag_int),
        PrimOp::UntagImmediate => one(args).map(untag_int),
        PrimOp::BoxNumber(n) => one(args).map(|x| box_number(n, x)),
        PrimOp::UnboxNumber(n) => one(args).map(|x| unbox_number(n, x)),
        PrimOp::IntArith(k, o) => two(args).map(|(a, b)| int_arith(k, o, a, b, fresh)),
        PrimOp::IntShift(k, o) => two(args).map(|(a, b)| int_shift(k, o, a, b)),
        PrimOp::IntNeg(k) => one(args).map(|a| int_neg(k, a)),
        PrimOp::IntComp(_, c, s) => {
            two(args).map(|(a, b)| op(Operation::CmpI(int_cmp(c, s)), vec![a, b]))
        }
        PrimOp::IntCompare(_, s) => two(args).map(|(a, b)| three_way(a, b, s, fresh)),
        PrimOp::FloatArith(o) => two(args).map(|(a, b)| float_arith(o, a, b)),
        PrimOp::FloatNeg => one(args).map(|a| op(Operation::NegF, vec![a])),
        PrimOp::FloatAbs => one(args).map(|a| op(Operation::AbsF, vec![a])),
        PrimOp::FloatComp(c) => {
            two(args).map(|(a, b)| op(Operation::CmpF(float_cmp(c)), vec![a, b]))
        }
        PrimOp::FloatCompare => two(args).map(|(a, b)| float_compare(a, b, fresh)),
        PrimOp::NumConv { src, dst } => one(args).map(|a| convert(src, dst, a, fresh)),
        PrimOp::BooleanNot => one(args).map(not_caml),
        PrimOp::PhysEqual(e) => two(args).map(|(a, b)| {
            let cmp = match e {
                Equality::Eq => IntCmp::Eq,
                Equality::Ne => IntCmp::Ne,
            };
            op(Operation::CmpI(cmp), vec![a, b])
        }),
        _ => memory(op_, args, fresh, offsets),
    }
}

fn one(args: Vec<Expr>) -> Result<Expr, String> {
    match <[Expr; 1]>::try_from(args) {
        Ok([a]) => Ok(a),
        Err(args) => Err(format!("expected one argument, got {}", args.len())),
    }
}

fn two(args: Vec<Expr>) -> Result<(Expr, Expr), String> {
    match <[Expr; 2]>::try_from(args) {
        Ok([a, b]) => Ok((a, b)),
        Err(args) => Err(format!("expected two arguments, got {}", args.len())),
    }
}

fn three(args: Vec<Expr>) -> Result<(Expr, Expr, Expr), String> {
    match <[Expr; 3]>::try_from(args) {
        Ok([a, b, c]) => Ok((a, b, c)),
        Err(args) => Err(format!("expected three arguments, got {}", args.len())),
    }
}

/// A new block: its header, then its fields (floats are stored flat).
pub fn alloc(tag: u8, fields: Vec<Expr>) -> Expr {
    let mut args = vec![Expr::ConstInt(block_header(tag, fields.len()))];
    args.extend(fields);
    op(Operation::Alloc, args)
}

/// A boxed number: a float is a block of one double with `Double_tag`;
/// an integer a custom block of its operations and the number.
pub fn box_number(n: BoxedNumber, x: Expr) -> Expr {
    match n {
        BoxedNumber::Float => box_float(x),
        _ => op(
            Operation::Alloc,
            vec![
                Expr::ConstInt(block_header(CUSTOM_TAG, 2)),
                Expr::ConstSymbol(custom_ops_symbol(n).to_string()),
                x,
            ],
        ),
    }
}

/// The number in a box; unboxing a box just made gives back its contents.
pub fn unbox_number(n: BoxedNumber, x: Expr) -> Expr {
    if n == BoxedNumber::Float {
        return unbox_float(x);
    }
    if let Expr::Op(Operation::Alloc, args) = &x {
        if let [Expr::ConstInt(h), Expr::ConstSymbol(ops), n_] = args.as_slice() {
            if *h == block_header(CUSTOM_TAG, 2) && ops == custom_ops_symbol(n) {
                return n_.clone();
            }
        }
    }
    let chunk = if n == BoxedNumber::Int32 {
        Chunk::ThirtytwoSigned
    } else {
        Chunk::WordInt
    };
    load(chunk, false, field_address(x, 1))
}

fn load(chunk: Chunk, mutable: bool, address: Expr) -> Expr {
    op(Operation::Load { chunk, mutable }, vec![address])
}

fn int_arith(k: IntKind, o: IntOp, a: Expr, b: Expr, fresh: &mut Fresh) -> Expr {
    match (k, o) {
        (IntKind::Tagged, IntOp::Add) => add_int_caml(a, b),
        (IntKind::Tagged, IntOp::Sub) => sub_int_caml(a, b),
        (IntKind::Tagged, IntOp::Mul) => mul_int_caml(a, b),
        (IntKind::Tagged, IntOp::Div) => div_int_caml(a, b, fresh),
        (IntKind::Tagged, IntOp::Mod) => mod_int_caml(a, b, fresh),
        (IntKind::Tagged, IntOp::And) => and_int_caml(a, b),
        (IntKind::Tagged, IntOp::Or) => or_int_caml(a, b),
        (IntKind::Tagged, IntOp::Xor) => xor_int_caml(a, b),
        // The low 32 bits of a sum, difference or product depend only on
        // the operands' low 32 bits; the result is sign-extended again.
        (IntKind::Int32, IntOp::Add) => add_int32(a, b),
        (IntKind::Int32, IntOp::Sub) => sub_int32(a, b),
        (IntKind::Int32, IntOp::Mul) => mul_int32(a, b),
        // Only `min_int32 / -1` leaves the 32-bit range, and wraps back.
        (IntKind::Int32, IntOp::Div) => sign_extend_32(div_int(a, b, fresh)),
        // A naked immediate is an OCaml `int` untagged: 63 bits, kept
        // sign-extended to the word, as an `int32` is to 32.
        (IntKind::Naked, IntOp::Add) => sign_extend_63(add_int(low_63(a), low_63(b))),
        (IntKind::Naked, IntOp::Sub) => sign_extend_63(sub_int(low_63(a), low_63(b))),
        (IntKind::Naked, IntOp::Mul) => sign_extend_63(mul_int(low_63(a), low_63(b))),
        (IntKind::Naked, IntOp::Div) => sign_extend_63(div_int(a, b, fresh)),
        (_, IntOp::Add) => add_int(a, b),
        (_, IntOp::Sub) => sub_int(a, b),
        (_, IntOp::Mul) => mul_int(a, b),
        (_, IntOp::Div) => div_int(a, b, fresh),
        (_, IntOp::Mod) => mod_int(a, b, fresh),
        (_, IntOp::And) => and_int(a, b),
        (_, IntOp::Or) => or_int(a, b),
        (_, IntOp::Xor) => xor_int(a, b),
    }
}

/// A shift by a naked amount. A tagged number is shifted with its tag bit
/// cleared (left) or set again (right); an `int32` shifted left or
/// logically right is sign-extended again.
fn int_shift(k: IntKind, o: ShiftOp, a: Expr, n: Expr) -> Expr {
    match (k, o) {
        (IntKind::Tagged, ShiftOp::Lsl) => add_const(lsl_int(add_const(a, -1), n), 1),
        (IntKind::Tagged, ShiftOp::Asr) => or_int(asr_int(a, n), Expr::ConstInt(1)),
        (IntKind::Tagged, ShiftOp::Lsr) => or_int(lsr_int(a, n), Expr::ConstInt(1)),
        (IntKind::Int32, ShiftOp::Lsl) => sign_extend_32(lsl_int(a, n)),
        (IntKind::Int32, ShiftOp::Lsr) => {
            sign_extend_32(lsr_int(and_int(a, Expr::ConstInt(0xFFFF_FFFF)), n))
        }
        (IntKind::Naked, ShiftOp::Lsl) => sign_extend_63(lsl_int(low_63(a), n)),
        (IntKind::Naked, ShiftOp::Lsr) => {
            sign_extend_63(lsr_int(and_int(a, Expr::ConstInt(i64::MAX)), n))
        }
        (_, ShiftOp::Lsl) => lsl_int(a, n),
        (_, ShiftOp::Asr) => asr_int(a, n),
        (_, ShiftOp::Lsr) => lsr_int(a, n),
    }
}

/// `-(2n+1) + 2 = 2(-n)+1`.
fn int_neg(k: IntKind, a: Expr) -> Expr {
    match k {
        IntKind::Tagged => sub_int(Expr::ConstInt(2), a),
        IntKind::Int32 => sign_extend_32(neg_int(a)),
        IntKind::Naked => sign_extend_63(neg_int(low_63(a))),
        _ => neg_int(a),
    }
}

/// Tagging preserves order, signed and unsigned, so tagged integers are
/// compared as words.
fn int_cmp(c: Comparison, s: Signedness) -> IntCmp {
    match (c, s) {
        (Comparison::Eq, _) => IntCmp::Eq,
        (Comparison::Ne, _) => IntCmp::Ne,
        (Comparison::Lt, Signedness::Signed) => IntCmp::Lt,
        (Comparison::Gt, Signedness::Signed) => IntCmp::Gt,
        (Comparison::Le, Signedness::Signed) => IntCmp::Le,
        (Comparison::Ge, Signedness::Signed) => IntCmp::Ge,
        (Comparison::Lt, Signedness::Unsigned) => IntCmp::Ult,
        (Comparison::Gt, Signedness::Unsigned) => IntCmp::Ugt,
        (Comparison::Le, Signedness::Unsigned) => IntCmp::Ule,
        (Comparison::Ge, Signedness::Unsigned) => IntCmp::Uge,
    }
}

/// `compare`: `(a > b) - (a < b)`, a naked -1, 0 or 1.
fn three_way(a: Expr, b: Expr, s: Signedness, fresh: &mut Fresh) -> Expr {
    bind("b", b, fresh, |b, fresh| {
        bind("a", a, fresh, |a, _| {
            sub_int(
                op(
                    Operation::CmpI(int_cmp(Comparison::Gt, s)),
                    vec![a.clone(), b.clone()],
                ),
                op(Operation::CmpI(int_cmp(Comparison::Lt, s)), vec![a, b]),
            )
        })
    })
}

fn float_arith(o: FloatOp, a: Expr, b: Expr) -> Expr {
    let operation = match o {
        FloatOp::Add => Operation::AddF,
        FloatOp::Sub => Operation::SubF,
        FloatOp::Mul => Operation::MulF,
        FloatOp::Div => Operation::DivF,
    };
    op(operation, vec![a, b])
}

/// `<>` on floats holds for NaN: it is the negation of `=`, `!=f`.
fn float_cmp(c: Comparison) -> FloatCmp {
    match c {
        Comparison::Eq => FloatCmp::Eq,
        Comparison::Ne => FloatCmp::Neq,
        Comparison::Lt => FloatCmp::Lt,
        Comparison::Gt => FloatCmp::Gt,
        Comparison::Le => FloatCmp::Le,
        Comparison::Ge => FloatCmp::Ge,
    }
}

/// `compare` on floats, as OCaml's runtime computes it without a branch:
/// `(a > b) - (a < b) + (a = a) - (b = b)`, so that NaN equals itself
/// and is below every other float.
fn float_compare(a: Expr, b: Expr, fresh: &mut Fresh) -> Expr {
    let cmp = |c: FloatCmp, x: &Expr, y: &Expr| op(Operation::CmpF(c), vec![x.clone(), y.clone()]);
    bind("b", b, fresh, |b, fresh| {
        bind("a", a, fresh, |a, _| {
            add_int(
                sub_int(cmp(FloatCmp::Gt, &a, &b), cmp(FloatCmp::Lt, &a, &b)),
                sub_int(cmp(FloatCmp::Eq, &a, &a), cmp(FloatCmp::Eq, &b, &b)),
            )
        })
    })
}

/// A conversion between numbers. Every integer kind but `Tagged` is a
/// plain word (an `int32` sign-extended), so most conversions are tagging,
/// untagging, sign extension or a float conversion.
fn convert(src: NumKind, dst: NumKind, a: Expr, fresh: &mut Fresh) -> Expr {
    use IntKind::*;
    match (src, dst) {
        (NumKind::Float, NumKind::Float) => a,
        (NumKind::Float, NumKind::Int(Tagged)) => tag_int(op(Operation::IntOfFloat, vec![a])),
        (NumKind::Float, NumKind::Int(Int32)) => int32_of_float(a, fresh),
        (NumKind::Float, NumKind::Int(_)) => op(Operation::IntOfFloat, vec![a]),
        (NumKind::Int(Tagged), NumKind::Float) => op(Operation::FloatOfInt, vec![untag_int(a)]),
        (NumKind::Int(_), NumKind::Float) => op(Operation::FloatOfInt, vec![a]),
        (NumKind::Int(Tagged), NumKind::Int(Tagged)) => a,
        (NumKind::Int(Tagged), NumKind::Int(Int32)) => sign_extend_32(untag_int(a)),
        (NumKind::Int(Tagged), NumKind::Int(_)) => untag_int(a),
        (NumKind::Int(_), NumKind::Int(Tagged)) => tag_int(a),
        (NumKind::Int(Int32), NumKind::Int(_)) => a,
        (NumKind::Int(_), NumKind::Int(Int32)) => sign_extend_32(a),
        (NumKind::Int(Naked), NumKind::Int(_)) => a,
        (NumKind::Int(_), NumKind::Int(Naked)) => sign_extend_63(a),
        (NumKind::Int(_), NumKind::Int(_)) => a,
    }
}

/// `Int32.of_float`: OCaml calls C's `(int32_t) d`, which x86-64 computes
/// with a 32-bit `cvttsd2si`, giving `min_int32` for a float out of range
/// (or NaN). The 64-bit conversion agrees whenever its result fits.
fn int32_of_float(x: Expr, fresh: &mut Fresh) -> Expr {
    bind("i", op(Operation::IntOfFloat, vec![x]), fresh, |i, _| {
        Expr::If(
            Box::new(op(
                Operation::CmpI(IntCmp::Eq),
                vec![sign_extend_32(i.clone()), i.clone()],
            )),
            Box::new(i),
            Box::new(Expr::ConstInt(i32::MIN as i64)),
        )
    })
}

/// `e` brought back to 63 bits, sign-extended: `(e << 1) >>s 1`.
fn sign_extend_63(e: Expr) -> Expr {
    if let Expr::ConstInt(n) = e {
        return Expr::ConstInt(n.wrapping_shl(1) >> 1);
    }
    if is_sign_extension_63(&e) {
        return e;
    }
    asr_const(lsl_const(e, 1), 1)
}

fn is_sign_extension_63(e: &Expr) -> bool {
    match e {
        Expr::Op(Operation::Asr, args) => match args.as_slice() {
            [Expr::Op(Operation::Lsl, inner), Expr::ConstInt(1)] => {
                matches!(inner.as_slice(), [_, Expr::ConstInt(1)])
            }
            _ => false,
        },
        _ => false,
    }
}

/// `e` for a consumer that reads only its low 63 bits (a sum, a product):
/// the sign extension of `x` has the same low bits as `x`.
fn low_63(e: Expr) -> Expr {
    if !is_sign_extension_63(&e) {
        return e;
    }
    match e {
        Expr::Op(asr, args) => match <[Expr; 2]>::try_from(args) {
            Ok([Expr::Op(lsl, inner), one]) => match <[Expr; 2]>::try_from(inner) {
                Ok([x, _]) => x,
                Err(inner) => Expr::Op(asr, vec![Expr::Op(lsl, inner), one]),
            },
            Ok([a, b]) => Expr::Op(asr, vec![a, b]),
            Err(args) => Expr::Op(asr, args),
        },
        e => e,
    }
}

/// The chunk a field of this kind is read and written with.
fn field_chunk(kind: FieldKind) -> Chunk {
    match kind {
        FieldKind::Value => Chunk::WordVal,
        FieldKind::Immediate => Chunk::WordInt,
        FieldKind::NakedFloat => Chunk::Double,
    }
}

fn array_chunk(kind: ArrayKind) -> Chunk {
    match kind {
        ArrayKind::Values => Chunk::WordVal,
        ArrayKind::Immediates => Chunk::WordInt,
        ArrayKind::NakedFloats => Chunk::Double,
    }
}

/// The address of element `index` (tagged) of an array of words or
/// doubles: `a + (index >> 1) * 8`, which is `a + index * 4 - 4`.
fn element_address(array: Expr, index: Expr) -> Expr {
    op(
        Operation::AddA,
        vec![array, add_const(lsl_const(index, 2), -4)],
    )
}

/// The address of byte `index` (tagged) of a string.
fn byte_address(s: Expr, index: Expr) -> Expr {
    op(Operation::AddA, vec![s, untag_int(index)])
}

/// `ptr + bytes`, a derived pointer.
fn offset_address(ptr: Expr, bytes: i64) -> Expr {
    if bytes == 0 {
        ptr
    } else {
        op(Operation::AddA, vec![ptr, Expr::ConstInt(bytes)])
    }
}

/// The header word of a block.
fn header(block: Expr) -> Expr {
    load(Chunk::WordInt, false, offset_address(block, -WORD_SIZE))
}

fn store(chunk: Chunk, address: Expr, value: Expr) -> Expr {
    // A store gives unit, the value of OCaml's `()` (tagged 0).
    Expr::Sequence(
        Box::new(op(
            Operation::Store { chunk, init: false },
            vec![address, value],
        )),
        Box::new(Expr::ConstInt(1)),
    )
}

fn mutable(m: Mutability) -> bool {
    m == Mutability::Mutable
}

/// The naked kinds a value slot can hold, and how to load them.
fn slot_chunk(kind: Kind) -> Chunk {
    match kind {
        Kind::Value => Chunk::WordVal,
        Kind::NakedFloat => Chunk::Double,
        Kind::NakedInt32 => Chunk::ThirtytwoSigned,
        Kind::NakedImmediate | Kind::NakedInt64 | Kind::NakedNativeint => Chunk::WordInt,
    }
}

/// The primitives that read and write memory: fields, arrays, strings,
/// headers, and the slots of closures.
fn memory(
    op_: PrimOp,
    args: Vec<Expr>,
    fresh: &mut Fresh,
    offsets: &dyn SlotOffsets,
) -> Result<Expr, String> {
    Ok(match op_ {
        PrimOp::BlockLoad {
            field,
            kind,
            mutability,
        } => load(
            field_chunk(kind),
            mutable(mutability),
            field_address(one(args)?, field as usize),
        ),
        PrimOp::BlockSet { field, kind } => {
            let (block, value) = two(args)?;
            store(
                field_chunk(kind),
                field_address(block, field as usize),
                value,
            )
        }
        PrimOp::IsInt => and_int(one(args)?, Expr::ConstInt(1)),
        // The tag is the low byte of the header (x86-64 is little-endian).
        PrimOp::GetTag => load(
            Chunk::ByteUnsigned,
            false,
            offset_address(one(args)?, -WORD_SIZE),
        ),
        // `wosize` is the header shifted by 10; `(header >> 9) | 1` is it
        // tagged. A float array holds one double per word, so its length
        // is its size too.
        PrimOp::ArrayLength => or_int(lsr_const(header(one(args)?), 9), Expr::ConstInt(1)),
        PrimOp::IsFlatFloatArray => op(
            Operation::CmpI(IntCmp::Eq),
            vec![
                load(
                    Chunk::ByteUnsigned,
                    false,
                    offset_address(one(args)?, -WORD_SIZE),
                ),
                Expr::ConstInt(DOUBLE_ARRAY_TAG as i64),
            ],
        ),
        PrimOp::ArrayLoad { kind, mutability } => {
            let (array, index) = two(args)?;
            load(
                array_chunk(kind),
                mutable(mutability),
                element_address(array, index),
            )
        }
        PrimOp::ArraySet { kind } => {
            let (array, index, value) = three(args)?;
            store(array_chunk(kind), element_address(array, index), value)
        }
        PrimOp::StringLength(_) => string_length(one(args)?, fresh),
        PrimOp::StringLoad(kind) => {
            let (s, index) = two(args)?;
            let mutable = kind == crate::cps::primitives::StringKind::Bytes;
            load(Chunk::ByteUnsigned, mutable, byte_address(s, index))
        }
        PrimOp::BytesSet => {
            let (s, index, byte) = three(args)?;
            store(Chunk::ByteUnsigned, byte_address(s, index), byte)
        }
        PrimOp::ProjectFunctionSlot { from, to } => {
            let (Some(a), Some(b)) = (offsets.function_slot(from), offsets.function_slot(to))
            else {
                return Err(format!("function slot {from:?} or {to:?} has no offset"));
            };
            let closure = one(args)?;
            let distance = (b as i64 - a as i64) * WORD_SIZE;
            if distance == 0 {
                closure
            } else {
                op(Operation::AddV, vec![closure, Expr::ConstInt(distance)])
            }
        }
        PrimOp::ProjectValueSlot {
            function_slot,
            value_slot,
            kind,
        } => {
            let (Some(f), Some(v)) = (
                offsets.function_slot(function_slot),
                offsets.value_slot(value_slot),
            ) else {
                return Err(format!(
                    "function slot {function_slot:?} or value slot {value_slot:?} has no offset"
                ));
            };
            let distance = (v as i64 - f as i64) * WORD_SIZE;
            load(
                slot_chunk(kind),
                false,
                offset_address(one(args)?, distance),
            )
        }
        other => return Err(format!("primitive {other:?} is not a memory access")),
    })
}

/// The length of a string, tagged: its size in bytes, less one, less the
/// padding count stored in its last byte.
fn string_length(s: Expr, fresh: &mut Fresh) -> Expr {
    bind("str", s, fresh, |s, fresh| {
        let last = sub_int(
            lsl_const(lsr_const(header(s.clone()), 10), 3),
            Expr::ConstInt(1),
        );
        bind("last", last, fresh, |last, _| {
            let pad = load(
                Chunk::ByteUnsigned,
                false,
                op(Operation::AddA, vec![s, last.clone()]),
            );
            tag_int(sub_int(last, pad))
        })
    })
}
