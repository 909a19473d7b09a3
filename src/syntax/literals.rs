//! Decoding numeric literals exactly as OCaml does, range checks included.

use super::ast::Constant;
use super::token::Literal;

/// The integer types a literal can have, by its modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntKind {
    Int,
    Int32,
    Int64,
    Nativeint,
}

impl IntKind {
    fn bits(self) -> u32 {
        match self {
            IntKind::Int => 63,
            IntKind::Int32 => 32,
            IntKind::Int64 | IntKind::Nativeint => 64,
        }
    }

    fn name(self) -> &'static str {
        match self {
            IntKind::Int => "int",
            IntKind::Int32 => "int32",
            IntKind::Int64 => "int64",
            IntKind::Nativeint => "nativeint",
        }
    }
}

/// Decode an integer literal (`negate` when a minus sign was folded into
/// it). The message of the error is OCaml's.
///
/// OCaml converts a literal `s` by parsing `"-" ^ s` and negating the
/// result, so that `max_int + 1` is accepted (and is `min_int`, PR#4210):
/// the range check is on the magnitude, and it does not depend on the sign.
/// A decimal magnitude may be at most 2^(bits-1); a hexadecimal, octal or
/// binary one at most 2^bits - 1 (it wraps to a negative number).
pub fn int_constant(literal: &Literal, negate: bool) -> Result<Constant, String> {
    let kind = match literal.modifier {
        None => IntKind::Int,
        Some('l') => IntKind::Int32,
        Some('L') => IntKind::Int64,
        Some('n') => IntKind::Nativeint,
        Some(m) => {
            return Err(format!(
                "Unknown modifier '{m}' for literal {}{m}",
                literal.text
            ))
        }
    };
    let out_of_range = || {
        format!(
            "Integer literal exceeds the range of representable integers of type {}",
            kind.name()
        )
    };
    let magnitude = magnitude(&literal.text).ok_or_else(out_of_range)?;
    let bits = kind.bits();
    let decimal = !literal.text.starts_with("0x")
        && !literal.text.starts_with("0X")
        && !literal.text.starts_with("0o")
        && !literal.text.starts_with("0O")
        && !literal.text.starts_with("0b")
        && !literal.text.starts_with("0B");
    let limit: u128 = if decimal {
        1u128 << (bits - 1)
    } else {
        (1u128 << bits) - 1
    };
    if magnitude > limit {
        return Err(out_of_range());
    }
    let raw = magnitude as u64;
    let value = sign_extend(if negate { raw.wrapping_neg() } else { raw }, bits);
    Ok(match kind {
        IntKind::Int => Constant::Int(value),
        IntKind::Int32 => Constant::Int32(value as i32),
        IntKind::Int64 => Constant::Int64(value),
        IntKind::Nativeint => Constant::Nativeint(value),
    })
}

/// The value of the digits, or `None` if it does not fit in 64 bits.
fn magnitude(text: &str) -> Option<u128> {
    let (radix, digits) = match text.get(..2) {
        Some("0x" | "0X") => (16, &text[2..]),
        Some("0o" | "0O") => (8, &text[2..]),
        Some("0b" | "0B") => (2, &text[2..]),
        _ => (10, text),
    };
    let mut value: u128 = 0;
    for c in digits.chars().filter(|&c| c != '_') {
        value = value * radix as u128 + c.to_digit(radix)? as u128;
        if value > u64::MAX as u128 {
            return None;
        }
    }
    Some(value)
}

/// Interpret the low `bits` bits of `raw` as a signed number.
fn sign_extend(raw: u64, bits: u32) -> i64 {
    let shift = 64 - bits;
    ((raw << shift) as i64) >> shift
}

/// Decode a float literal (`negate` when a minus sign was folded into it).
pub fn float_constant(literal: &Literal, negate: bool) -> Result<Constant, String> {
    if let Some(m) = literal.modifier {
        return Err(format!(
            "Unknown modifier '{m}' for literal {}{m}",
            literal.text
        ));
    }
    let text: String = literal.text.chars().filter(|&c| c != '_').collect();
    let value = if text.starts_with("0x") || text.starts_with("0X") {
        hex_float(&text[2..]).ok_or_else(|| {
            format!(
                "The hexadecimal float literal {} is not supported by Flambeau \
                 (its mantissa has more than 53 bits)",
                literal.text
            )
        })?
    } else {
        text.parse::<f64>()
            .map_err(|_| format!("Invalid float literal {}", literal.text))?
    };
    Ok(Constant::Float(if negate { -value } else { value }))
}

/// `1.8p3` (after `0x`): mantissa in hex, exponent of 2 in decimal. Exact
/// when the mantissa fits in 53 bits, which is all Flambeau accepts.
fn hex_float(text: &str) -> Option<f64> {
    let (mantissa, exponent) = match text.find(['p', 'P']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value: u64 = 0;
    for c in whole.chars().chain(fraction.chars()) {
        value = value.checked_mul(16)?.checked_add(c.to_digit(16)? as u64)?;
    }
    if value >= 1u64 << 53 {
        return None;
    }
    let scale = exponent.checked_sub(4 * fraction.len() as i32)?;
    Some(value as f64 * 2f64.powi(scale))
}

/// `-n` for an `int`: wraps at 63 bits, as OCaml's `~-` does.
pub fn negate_int(n: i64) -> i64 {
    sign_extend((n as u64).wrapping_neg(), 63)
}
