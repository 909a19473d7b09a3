//! What an OCaml program observably does, in one place.
//!
//! Every interpreter in Flambeau (Lambda, CPS, Cmm) and the native runtime
//! must agree with `ocamlopt` on the bytes a program writes and the status it
//! exits with. The rules that decide those bytes are small but fiddly: how a
//! float is printed, which strings `int_of_string` accepts, how 63-bit
//! integers wrap and shift on x86-64, how `compare` orders values (and when it
//! refuses to), when buffered output reaches the terminal, and how an uncaught
//! exception is reported. They live here, once, so that the interpreters share
//! them and the runtime chapter can point at them as its specification.
//!
//! Each rule was checked against OCaml 4.13.1 compiled with `ocamlopt` on
//! x86-64 Linux (glibc); where the bytecode toplevel differs (shift counts
//! beyond the width of `int32`), the native behaviour is the one kept here.

use std::cell::RefCell;
use std::rc::Rc;

// ---------------------------------------------------------------------------
// Integers
// ---------------------------------------------------------------------------

/// `max_int`: OCaml's `int` is 63 bits wide on 64-bit machines.
pub const MAX_INT: i64 = (1 << 62) - 1;
/// `min_int`.
pub const MIN_INT: i64 = -(1 << 62);

/// Reduce a 64-bit result to the 63-bit `int` it denotes: keep the low 63
/// bits and sign-extend from bit 62. This is exactly what tagging (`2n+1`)
/// does to a machine result, so every arithmetic primitive on `int` ends here.
pub fn wrap_int(x: i64) -> i64 {
    x.wrapping_shl(1) >> 1
}

pub fn int_add(a: i64, b: i64) -> i64 {
    wrap_int(a.wrapping_add(b))
}

pub fn int_sub(a: i64, b: i64) -> i64 {
    wrap_int(a.wrapping_sub(b))
}

pub fn int_mul(a: i64, b: i64) -> i64 {
    wrap_int(a.wrapping_mul(b))
}

pub fn int_neg(a: i64) -> i64 {
    wrap_int(a.wrapping_neg())
}

/// `a / b`, rounding towards zero; `None` when `b = 0` (the caller raises
/// `Division_by_zero`). `min_int / -1` wraps to `min_int`, as in ocamlopt.
pub fn int_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        None
    } else {
        Some(wrap_int(a.wrapping_div(b)))
    }
}

/// `a mod b`: the sign of the result is the sign of `a`; `None` when `b = 0`.
pub fn int_rem(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        None
    } else {
        Some(wrap_int(a.wrapping_rem(b)))
    }
}

/// The tagged form `2n+1` of an `int`, as the native code manipulates it.
fn tagged(n: i64) -> i64 {
    n.wrapping_shl(1) | 1
}

fn untagged(t: i64) -> i64 {
    t >> 1
}

// OCaml leaves shifts by a count outside 0..62 unspecified; ocamlopt on x86-64
// computes them on the tagged value with the count masked to 6 bits by the
// hardware, and programs can observe that. We reproduce the instruction
// sequences ocamlopt emits rather than a mathematical definition.

/// `a lsl n` (ocamlopt: `((t - 1) << n) + 1`).
pub fn int_lsl(a: i64, n: i64) -> i64 {
    untagged((tagged(a) - 1).wrapping_shl((n & 63) as u32) + 1)
}

/// `a lsr n` (ocamlopt: `(t >>> n) | 1`).
pub fn int_lsr(a: i64, n: i64) -> i64 {
    untagged((((tagged(a) as u64) >> (n & 63)) | 1) as i64)
}

/// `a asr n` (ocamlopt: `(t >> n) | 1`).
pub fn int_asr(a: i64, n: i64) -> i64 {
    untagged((tagged(a) >> (n & 63)) | 1)
}

/// `int_of_float` / `truncate`: `cvttsd2si` gives `0x8000000000000000` for
/// NaN and out-of-range values, and tagging then keeps the low 63 bits.
pub fn int_of_float(f: f64) -> i64 {
    wrap_int(cvttsd2si64(f))
}

fn cvttsd2si64(f: f64) -> i64 {
    // 2^63 is exactly representable; anything at or beyond it (or NaN) is
    // the "integer indefinite" value.
    if !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f) {
        i64::MIN
    } else {
        f.trunc() as i64
    }
}

/// The boxed integer types and `int`, for the functions that treat them
/// alike (parsing, printing, their arithmetic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Int,
    Int32,
    Int64,
    Nativeint,
}

impl IntKind {
    /// Width in bits of the values of this kind.
    pub fn bits(self) -> u32 {
        match self {
            IntKind::Int => 63,
            IntKind::Int32 => 32,
            IntKind::Int64 | IntKind::Nativeint => 64,
        }
    }

    /// Bring a 64-bit machine result to the kind's width (sign-extending),
    /// which is how ocamlopt's code behaves after each operation.
    pub fn normalize(self, x: i64) -> i64 {
        match self {
            IntKind::Int => wrap_int(x),
            IntKind::Int32 => x as i32 as i64,
            IntKind::Int64 | IntKind::Nativeint => x,
        }
    }

    /// The argument of the `Failure` raised by `of_string` on bad input.
    pub fn of_string_failure(self) -> &'static str {
        match self {
            IntKind::Int => "int_of_string",
            IntKind::Int32 => "Int32.of_string",
            IntKind::Int64 => "Int64.of_string",
            IntKind::Nativeint => "Nativeint.of_string",
        }
    }

    /// The module prefix OCaml uses for this kind (`""` for `int`).
    pub fn module_name(self) -> &'static str {
        match self {
            IntKind::Int => "",
            IntKind::Int32 => "Int32",
            IntKind::Int64 => "Int64",
            IntKind::Nativeint => "Nativeint",
        }
    }

    /// `Int32.of_float` and friends. `Int32.of_float` is a C cast to
    /// `int32_t`, compiled by gcc to the 32-bit `cvttsd2si`; the others use
    /// the 64-bit one.
    pub fn of_float(self, f: f64) -> i64 {
        match self {
            IntKind::Int => int_of_float(f),
            IntKind::Int32 => {
                if !(-2_147_483_648.0..2_147_483_648.0).contains(&f) {
                    i32::MIN as i64
                } else {
                    f.trunc() as i64
                }
            }
            IntKind::Int64 | IntKind::Nativeint => cvttsd2si64(f),
        }
    }

    /// `shift_left`: ocamlopt shifts the 64-bit register by the count masked
    /// to 6 bits, then narrows (so `Int32.shift_left 1l 33 = 0l`, where the
    /// bytecode interpreter gives `2l`).
    pub fn shift_left(self, a: i64, n: i64) -> i64 {
        match self {
            IntKind::Int => int_lsl(a, n),
            _ => self.normalize(a.wrapping_shl((n & 63) as u32)),
        }
    }

    /// `shift_right` (arithmetic).
    pub fn shift_right(self, a: i64, n: i64) -> i64 {
        match self {
            IntKind::Int => int_asr(a, n),
            _ => self.normalize(a >> (n & 63)),
        }
    }

    /// `shift_right_logical`: for `int32` the operand is zero-extended first.
    pub fn shift_right_logical(self, a: i64, n: i64) -> i64 {
        match self {
            IntKind::Int => int_lsr(a, n),
            IntKind::Int32 => self.normalize(((a as u32 as u64) >> (n & 63)) as i64),
            _ => ((a as u64) >> (n & 63)) as i64,
        }
    }

    /// `div`: `None` on a zero divisor; `min / -1` wraps to `min`.
    pub fn div(self, a: i64, b: i64) -> Option<i64> {
        if b == 0 {
            None
        } else {
            Some(self.normalize(a.wrapping_div(b)))
        }
    }

    /// `rem`: `None` on a zero divisor.
    pub fn rem(self, a: i64, b: i64) -> Option<i64> {
        if b == 0 {
            None
        } else {
            Some(self.normalize(a.wrapping_rem(b)))
        }
    }
}

/// Decimal text of an integer of any kind (`string_of_int`,
/// `Int64.to_string`...): all are C's `%d` of the value.
pub fn format_int(n: i64) -> String {
    n.to_string()
}

/// `int_of_string`, `Int32.of_string`, `Int64.of_string`,
/// `Nativeint.of_string`, after OCaml's `parse_intnat` (runtime/ints.c):
/// an optional `-` or `+`, an optional base prefix `0x 0o 0b 0u` (either
/// case; `0u` means decimal read as unsigned), then at least one digit, then
/// digits and underscores. Decimal without `0u` is signed: it must fit in the
/// kind's signed range. With a prefix the text may denote any unsigned value
/// of the kind's width, which is then reinterpreted (so
/// `int_of_string "0x7FFFFFFFFFFFFFFF" = -1`). `None` means OCaml raises
/// `Failure` with [`IntKind::of_string_failure`].
pub fn parse_int(s: &[u8], kind: IntKind) -> Option<i64> {
    let mut p = 0;
    let negative = match s.first() {
        Some(b'-') => {
            p = 1;
            true
        }
        Some(b'+') => {
            p = 1;
            false
        }
        _ => false,
    };
    let (base, signed) = match (s.get(p), s.get(p + 1)) {
        (Some(b'0'), Some(b'x' | b'X')) => (16u64, false),
        (Some(b'0'), Some(b'o' | b'O')) => (8, false),
        (Some(b'0'), Some(b'b' | b'B')) => (2, false),
        (Some(b'0'), Some(b'u' | b'U')) => (10, false),
        _ => (10, true),
    };
    if !(signed && base == 10) {
        p += 2;
    }
    let digit = |c: u8| -> Option<u64> {
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return None,
        } as u64;
        (d < base).then_some(d)
    };
    // The first character after the prefix must be a digit (not `_`).
    let mut res = digit(*s.get(p)?)?;
    for &c in s.get(p + 1..)? {
        if c == b'_' {
            continue;
        }
        let d = digit(c)?;
        res = res.checked_mul(base)?.checked_add(d)?;
    }
    let bits = kind.bits();
    if signed {
        let limit = 1u64 << (bits - 1);
        if (!negative && res >= limit) || (negative && res > limit) {
            return None;
        }
    } else if bits < 64 && res >= 1u64 << bits {
        return None;
    }
    let v = res as i64;
    Some(kind.normalize(if negative { v.wrapping_neg() } else { v }))
}

// ---------------------------------------------------------------------------
// Floats
// ---------------------------------------------------------------------------

/// C's `printf("%.<precision>g", x)` as glibc prints it, including `inf`,
/// `-inf`, `nan` and `-nan` (glibc shows the sign bit of a NaN, and x86-64
/// produces negative NaNs from invalid operations such as `0. /. 0.`).
pub fn format_float_g(x: f64, precision: usize) -> String {
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_nan() {
        return format!("{sign}nan");
    }
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    let precision = precision.max(1);
    // Rust's `{:e}` with a precision rounds correctly (ties to even on the
    // exact binary value), as glibc does in the default rounding mode; we take
    // the digits and the exponent after rounding from it.
    let e_form = format!("{:.*e}", precision - 1, x.abs());
    let (mantissa, exponent) = e_form.split_once('e').unwrap_or((e_form.as_str(), "0"));
    let exponent: i64 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let strip = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if exponent < -4 || exponent >= precision as i64 {
        let (first, rest) = digits.split_at(1);
        let m = strip(format!("{first}.{rest}"));
        let esign = if exponent < 0 { '-' } else { '+' };
        format!("{sign}{m}e{esign}{:02}", exponent.abs())
    } else if exponent >= 0 {
        let (int_part, frac) = digits.split_at(exponent as usize + 1);
        format!("{sign}{}", strip(format!("{int_part}.{frac}")))
    } else {
        let zeros = "0".repeat((-exponent - 1) as usize);
        format!("{sign}{}", strip(format!("0.{zeros}{digits}")))
    }
}

/// `string_of_float` and `print_float`: `"%.12g"`, then a `.` appended when
/// the text is made only of digits and `-` (OCaml's `valid_float_lexem`), so
/// that `1.` reads back as a float; `inf` and `nan` are left alone.
pub fn string_of_float(x: f64) -> String {
    let s = format_float_g(x, 12);
    if s.bytes().all(|c| c.is_ascii_digit() || c == b'-') {
        s + "."
    } else {
        s
    }
}

// Float arithmetic needs no helper: Rust's `+ - * /` and `sqrt` on `f64`
// compile to the same SSE2 instructions as ocamlopt's, so they produce the
// same bits, NaN signs included. Only constant folding at Rust compile time
// could differ, and interpreters compute on run-time values.

// ---------------------------------------------------------------------------
// Strings
// ---------------------------------------------------------------------------

/// `String.escaped`, which `%S` and `Printexc` use: `\"`, `\\`, `\n`, `\t`,
/// `\r`, `\b`, printable ASCII as itself, anything else as `\ddd` in decimal.
pub fn escaped(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for &c in s {
        match c {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\r' => out.extend_from_slice(b"\\r"),
            8 => out.extend_from_slice(b"\\b"),
            b' '..=b'~' => out.push(c),
            _ => out.extend_from_slice(format!("\\{c:03}").as_bytes()),
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------

/// Block tags with a meaning to the runtime (OCaml's `Obj` constants).
pub mod tag {
    pub const CLOSURE: u8 = 247;
    /// An exception constructor's identity ("slot"): fields name and id.
    pub const OBJECT: u8 = 248;
    pub const STRING: u8 = 252;
    pub const DOUBLE: u8 = 253;
    pub const DOUBLE_ARRAY: u8 = 254;
    pub const CUSTOM: u8 = 255;
}

/// A run-time value as interpreters see it, mirroring OCaml's representation
/// closely enough that every observable operation (equality, compare,
/// printing an exception) gives OCaml's answer, while keeping the host
/// representation convenient.
///
/// `C` is the interpreter's closure payload (code plus environment): the
/// Lambda and CPS interpreters represent functions differently but share
/// everything else. Mutable things (blocks, strings, float arrays) are behind
/// `Rc` so that sharing and physical equality (`==`) behave as in OCaml;
/// floats and boxed integers are immutable, so they are stored by value and
/// `==` on them compares bits (OCaml leaves `==` on boxed numbers
/// unspecified).
pub enum Value<C> {
    /// An immediate: `int`, `char`, `bool`, `unit`, constant constructors.
    /// Always within `MIN_INT..=MAX_INT`.
    Int(i64),
    /// A boxed float (tag 253).
    Float(f64),
    /// Boxed integers (custom blocks); `Int32` is kept sign-extended.
    Boxed(IntKind, i64),
    /// Strings and bytes (tag 252).
    String(Rc<RefCell<Vec<u8>>>),
    /// A structured block: tuples, records, constructors with arguments,
    /// arrays of non-floats, exceptions, references.
    Block(Rc<Block<C>>),
    /// A flat array of doubles (tag 254): `float array` and all-float
    /// records. Never empty: an empty array is the atom `Block` of tag 0, as
    /// in OCaml.
    FloatArray(Rc<RefCell<Vec<f64>>>),
    /// A function value (tag 247).
    Closure(Rc<C>),
}

/// A heap block: a tag and mutable fields.
pub struct Block<C> {
    pub tag: u8,
    pub fields: RefCell<Vec<Value<C>>>,
}

// Dropping the head of a million-element list would otherwise recurse a
// million times in the host's destructors; we unlink uniquely owned blocks
// iteratively instead.
impl<C> Drop for Block<C> {
    fn drop(&mut self) {
        let mut pending: Vec<Value<C>> = std::mem::take(self.fields.get_mut());
        while let Some(v) = pending.pop() {
            if let Value::Block(rc) = v {
                if let Ok(mut block) = Rc::try_unwrap(rc) {
                    pending.append(block.fields.get_mut());
                }
            }
        }
    }
}

// Written by hand: a derived `Clone` would demand `C: Clone`, but cloning a
// value only copies `Rc` pointers.
impl<C> Clone for Value<C> {
    fn clone(&self) -> Self {
        match self {
            Value::Int(n) => Value::Int(*n),
            Value::Float(f) => Value::Float(*f),
            Value::Boxed(k, n) => Value::Boxed(*k, *n),
            Value::String(s) => Value::String(Rc::clone(s)),
            Value::Block(b) => Value::Block(Rc::clone(b)),
            Value::FloatArray(a) => Value::FloatArray(Rc::clone(a)),
            Value::Closure(c) => Value::Closure(Rc::clone(c)),
        }
    }
}

impl<C> std::fmt::Debug for Value<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Float(x) => write!(f, "{}", string_of_float(*x)),
            Value::Boxed(k, n) => write!(f, "{}.{n}", k.module_name()),
            Value::String(s) => write!(f, "{:?}", String::from_utf8_lossy(&s.borrow())),
            Value::Block(b) => {
                write!(f, "[{}:", b.tag)?;
                for v in b.fields.borrow().iter() {
                    write!(f, " {v:?}")?;
                }
                write!(f, "]")
            }
            Value::FloatArray(a) => write!(f, "[|{:?}|]", a.borrow()),
            Value::Closure(_) => write!(f, "<fun>"),
        }
    }
}

impl<C> Value<C> {
    pub fn unit() -> Self {
        Value::Int(0)
    }

    pub fn bool(b: bool) -> Self {
        Value::Int(b as i64)
    }

    pub fn string(bytes: &[u8]) -> Self {
        Value::String(Rc::new(RefCell::new(bytes.to_vec())))
    }

    pub fn block(tag: u8, fields: Vec<Value<C>>) -> Self {
        Value::Block(Rc::new(Block {
            tag,
            fields: RefCell::new(fields),
        }))
    }

    /// A float array or all-float record; empty gives the tag-0 atom.
    pub fn float_array(elements: Vec<f64>) -> Self {
        if elements.is_empty() {
            Value::block(0, Vec::new())
        } else {
            Value::FloatArray(Rc::new(RefCell::new(elements)))
        }
    }

    /// The block tag OCaml would see (immediates have none).
    pub fn tag(&self) -> Option<u8> {
        match self {
            Value::Int(_) => None,
            Value::Float(_) => Some(tag::DOUBLE),
            Value::Boxed(..) => Some(tag::CUSTOM),
            Value::String(_) => Some(tag::STRING),
            Value::Block(b) => Some(b.tag),
            Value::FloatArray(_) => Some(tag::DOUBLE_ARRAY),
            Value::Closure(_) => Some(tag::CLOSURE),
        }
    }

    /// `==`: the same immediate, or the same heap object.
    pub fn physically_equal(&self, other: &Self) -> bool {
        match (self, other) {
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Boxed(k, a), Value::Boxed(l, b)) => k == l && a == b,
            (Value::String(a), Value::String(b)) => Rc::ptr_eq(a, b),
            (Value::Block(a), Value::Block(b)) => Rc::ptr_eq(a, b),
            (Value::FloatArray(a), Value::FloatArray(b)) => Rc::ptr_eq(a, b),
            (Value::Closure(a), Value::Closure(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_float(&self) -> Option<f64> {
        match self {
            Value::Float(x) => Some(*x),
            _ => None,
        }
    }

    /// The bytes of a string (a copy).
    pub fn string_bytes(&self) -> Option<Vec<u8>> {
        match self {
            Value::String(s) => Some(s.borrow().clone()),
            _ => None,
        }
    }

    /// Field `i` of a block (floats of a float array come back boxed).
    pub fn field(&self, i: usize) -> Option<Value<C>> {
        match self {
            Value::Block(b) => b.fields.borrow().get(i).cloned(),
            Value::FloatArray(a) => a.borrow().get(i).map(|x| Value::Float(*x)),
            _ => None,
        }
    }

    /// Number of fields of a block (0 for immediates and non-blocks).
    pub fn size(&self) -> usize {
        match self {
            Value::Block(b) => b.fields.borrow().len(),
            Value::FloatArray(a) => a.borrow().len(),
            _ => 0,
        }
    }
}

// ---------------------------------------------------------------------------
// Polymorphic comparison
// ---------------------------------------------------------------------------

/// The outcome of OCaml's `compare_val`: an order, or "unordered" when a NaN
/// was met by the equality and ordering operators (which then all answer
/// `false` except `<>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Less,
    Equal,
    Greater,
    Unordered,
}

/// Why a comparison raised: OCaml raises `Invalid_argument` with this text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareError;

impl CompareError {
    pub const MESSAGE: &'static str = "compare: functional value";
}

fn order(a: i64, b: i64) -> Comparison {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => Comparison::Less,
        std::cmp::Ordering::Equal => Comparison::Equal,
        std::cmp::Ordering::Greater => Comparison::Greater,
    }
}

fn compare_floats(a: f64, b: f64, total: bool) -> Comparison {
    if a < b {
        Comparison::Less
    } else if a > b {
        Comparison::Greater
    } else if a == b {
        Comparison::Equal
    } else if !total {
        Comparison::Unordered
    } else if !a.is_nan() {
        // `compare` puts NaN below every other float and equal to itself.
        Comparison::Greater
    } else if !b.is_nan() {
        Comparison::Less
    } else {
        Comparison::Equal
    }
}

/// OCaml's `compare_val` (runtime/compare.c). `total` is true for `compare`
/// (and `min`/`max` through it) and false for `= <> < > <= >=`. They differ
/// in two ways a program can see: `compare` orders NaN (below everything,
/// equal to itself) where the operators report `Unordered`; and `compare`
/// skips physically equal sub-values, so `compare f f` is `0` for a closure
/// `f` where `f = f` raises.
///
/// Blocks are compared by tag, then size, then fields from first to last;
/// immediates are below blocks. Exception identities (tag 248) compare by
/// their id. The traversal uses an explicit stack, as OCaml's does, so that
/// comparing long lists does not grow the host stack.
pub fn compare_values<C>(
    a: &Value<C>,
    b: &Value<C>,
    total: bool,
) -> Result<Comparison, CompareError> {
    let mut work: Vec<(Value<C>, Value<C>)> = vec![(a.clone(), b.clone())];
    while let Some((v1, v2)) = work.pop() {
        if total && v1.physically_equal(&v2) {
            continue;
        }
        let result = match (&v1, &v2) {
            (Value::Int(x), Value::Int(y)) => order(*x, *y),
            (Value::Int(_), _) => Comparison::Less,
            (_, Value::Int(_)) => Comparison::Greater,
            _ => {
                let (t1, t2) = (v1.tag().unwrap_or(0), v2.tag().unwrap_or(0));
                if t1 != t2 {
                    order(t1 as i64, t2 as i64)
                } else {
                    match (&v1, &v2) {
                        (Value::Float(x), Value::Float(y)) => compare_floats(*x, *y, total),
                        (Value::Boxed(_, x), Value::Boxed(_, y)) => order(*x, *y),
                        (Value::String(x), Value::String(y)) => {
                            order_bytes(&x.borrow(), &y.borrow())
                        }
                        (Value::Closure(_), Value::Closure(_)) => return Err(CompareError),
                        (Value::FloatArray(x), Value::FloatArray(y)) => {
                            compare_float_arrays(&x.borrow(), &y.borrow(), total)
                        }
                        (Value::Block(x), Value::Block(y)) => {
                            let (fx, fy) = (x.fields.borrow(), y.fields.borrow());
                            if x.tag == tag::OBJECT {
                                let id =
                                    |f: &[Value<C>]| f.get(1).and_then(Value::as_int).unwrap_or(0);
                                order(id(&fx), id(&fy))
                            } else if fx.len() != fy.len() {
                                order(fx.len() as i64, fy.len() as i64)
                            } else {
                                // Pushed in reverse so that field 0 is compared first.
                                for (f1, f2) in fx.iter().zip(fy.iter()).rev() {
                                    work.push((f1.clone(), f2.clone()));
                                }
                                Comparison::Equal
                            }
                        }
                        // Same tag but different host variants cannot happen.
                        _ => Comparison::Equal,
                    }
                }
            }
        };
        if result != Comparison::Equal {
            return Ok(result);
        }
    }
    Ok(Comparison::Equal)
}

fn order_bytes(a: &[u8], b: &[u8]) -> Comparison {
    match a.cmp(b) {
        std::cmp::Ordering::Less => Comparison::Less,
        std::cmp::Ordering::Equal => Comparison::Equal,
        std::cmp::Ordering::Greater => Comparison::Greater,
    }
}

fn compare_float_arrays(a: &[f64], b: &[f64], total: bool) -> Comparison {
    if a.len() != b.len() {
        return order(a.len() as i64, b.len() as i64);
    }
    for (x, y) in a.iter().zip(b) {
        let c = compare_floats(*x, *y, total);
        if c != Comparison::Equal {
            return c;
        }
    }
    Comparison::Equal
}

/// `compare a b`: -1, 0 or 1.
pub fn compare<C>(a: &Value<C>, b: &Value<C>) -> Result<i64, CompareError> {
    Ok(match compare_values(a, b, true)? {
        Comparison::Less => -1,
        Comparison::Equal | Comparison::Unordered => 0,
        Comparison::Greater => 1,
    })
}

/// The comparison operators of OCaml's `Stdlib`, polymorphic forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CompareOp {
    /// The answer of the operator for an outcome of `compare_values`
    /// computed with `total = false` (runtime/compare.c, `caml_equal` and
    /// friends: Unordered makes every operator false except `<>`).
    pub fn holds(self, c: Comparison) -> bool {
        use Comparison::*;
        match self {
            CompareOp::Eq => c == Equal,
            CompareOp::Ne => c != Equal,
            CompareOp::Lt => c == Less,
            CompareOp::Le => c == Less || c == Equal,
            CompareOp::Gt => c == Greater,
            CompareOp::Ge => c == Greater || c == Equal,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            CompareOp::Eq => "==",
            CompareOp::Ne => "!=",
            CompareOp::Lt => "<",
            CompareOp::Le => "<=",
            CompareOp::Gt => ">",
            CompareOp::Ge => ">=",
        }
    }
}

/// A polymorphic comparison operator applied to two values.
pub fn compare_op<C>(op: CompareOp, a: &Value<C>, b: &Value<C>) -> Result<bool, CompareError> {
    Ok(op.holds(compare_values(a, b, false)?))
}

// ---------------------------------------------------------------------------
// Exceptions
// ---------------------------------------------------------------------------

// An exception value is laid out as in OCaml: a constant exception is its
// identity block ("slot", tag 248, fields: name string and integer id); an
// exception with arguments is a tag-0 block whose field 0 is the slot and
// whose further fields are the arguments (`E (1, 2)` has two arguments,
// `E of (int * int)` one tuple argument).

/// OCaml's predefined exceptions with the ids ocamlopt gives them (negative,
/// numbered in the order of `Predef`); they compare in this order.
pub const PREDEFINED_EXCEPTIONS: [(&str, i64); 12] = [
    ("Out_of_memory", -1),
    ("Sys_error", -2),
    ("Failure", -3),
    ("Invalid_argument", -4),
    ("End_of_file", -5),
    ("Division_by_zero", -6),
    ("Not_found", -7),
    ("Match_failure", -8),
    ("Stack_overflow", -9),
    ("Sys_blocked_io", -10),
    ("Assert_failure", -11),
    ("Undefined_recursive_module", -12),
];

/// The exceptions that carry a location tuple and are printed specially.
fn is_located_exception(name: &[u8]) -> bool {
    name == b"Match_failure" || name == b"Assert_failure" || name == b"Undefined_recursive_module"
}

/// The identity block of an exception constructor named `name` (fully
/// qualified: `Foo.E`, `Stdlib.Exit`, or a bare predefined name).
pub fn exception_slot<C>(name: &str, id: i64) -> Value<C> {
    Value::block(
        tag::OBJECT,
        vec![Value::string(name.as_bytes()), Value::Int(id)],
    )
}

/// An exception value: the slot alone, or a tag-0 block of slot and arguments.
pub fn exception_value<C>(slot: Value<C>, args: Vec<Value<C>>) -> Value<C> {
    if args.is_empty() {
        slot
    } else {
        let mut fields = vec![slot];
        fields.extend(args);
        Value::block(0, fields)
    }
}

/// The slot and arguments of an exception value.
fn exception_parts<C>(exn: &Value<C>) -> (Option<Value<C>>, Vec<Value<C>>) {
    match exn {
        Value::Block(b) if b.tag == tag::OBJECT => (Some(exn.clone()), Vec::new()),
        Value::Block(b) => {
            let fields = b.fields.borrow();
            (
                fields.first().cloned(),
                fields.get(1..).map(<[_]>::to_vec).unwrap_or_default(),
            )
        }
        _ => (None, Vec::new()),
    }
}

/// The constructor name of an exception value.
pub fn exception_name<C>(exn: &Value<C>) -> Vec<u8> {
    exception_parts(exn)
        .0
        .and_then(|slot| slot.field(0))
        .and_then(|n| n.string_bytes())
        .unwrap_or_default()
}

/// Which code reports an uncaught exception. ocamlopt's runtime prints it in
/// C (`caml_format_exception`) unless the `Printexc` module is linked, in
/// which case Printexc's OCaml printer takes over. In our library subset only
/// `Fun` links Printexc (it registers a printer for `Fun.Finally_raised`), so
/// a program that mentions `Fun` anywhere gets the second style: strings
/// escaped, floats printed, `Assert_failure` spelt out as a location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UncaughtPrinter {
    Runtime,
    Printexc,
}

/// The text OCaml writes to stderr for an uncaught exception, newline
/// included.
pub fn uncaught_exception_message<C>(exn: &Value<C>, printer: UncaughtPrinter) -> Vec<u8> {
    let mut out = b"Fatal error: exception ".to_vec();
    match printer {
        UncaughtPrinter::Runtime => out.extend(format_exception_runtime(exn)),
        UncaughtPrinter::Printexc => out.extend(printexc_to_string(exn)),
    }
    out.push(b'\n');
    out
}

/// `caml_format_exception` (runtime/printexc.c): arguments that are
/// immediates print as integers, strings between quotes without escaping (and
/// cut at a NUL byte, as C strings are), anything else as `_`; a
/// `Match_failure`-like exception shows its tuple's fields as if they were
/// its arguments. The whole text is cut at 255 bytes (a fixed C buffer).
pub fn format_exception_runtime<C>(exn: &Value<C>) -> Vec<u8> {
    let c_string = |v: &Value<C>| -> Vec<u8> {
        let s = v.string_bytes().unwrap_or_default();
        s.split(|&c| c == 0).next().unwrap_or_default().to_vec()
    };
    let (_, args) = exception_parts(exn);
    let name = exception_name(exn);
    let mut buf = name.split(|&c| c == 0).next().unwrap_or_default().to_vec();
    if matches!(exn, Value::Block(b) if b.tag == 0) {
        let shown: Vec<Value<C>> = match args.as_slice() {
            [Value::Block(tuple)] if tuple.tag == 0 && is_located_exception(&name) => {
                tuple.fields.borrow().clone()
            }
            _ => args,
        };
        buf.push(b'(');
        for (i, v) in shown.iter().enumerate() {
            if i > 0 {
                buf.extend_from_slice(b", ");
            }
            match v {
                Value::Int(n) => buf.extend(format_int(*n).into_bytes()),
                Value::String(_) => {
                    buf.push(b'"');
                    buf.extend(c_string(v));
                    buf.push(b'"');
                }
                _ => buf.push(b'_'),
            }
        }
        buf.push(b')');
    }
    buf.truncate(255);
    buf
}

/// `Printexc.to_string` with the printer `Fun` registers for
/// `Finally_raised`.
pub fn printexc_to_string<C>(exn: &Value<C>) -> Vec<u8> {
    let name = exception_name(exn);
    let (_, args) = exception_parts(exn);
    if name == b"Fun.Finally_raised" {
        if let Some(inner) = args.first() {
            let mut s = b"Fun.Finally_raised: ".to_vec();
            s.extend(printexc_to_string(inner));
            return s;
        }
    }
    match name.as_slice() {
        b"Out_of_memory" => return b"Out of memory".to_vec(),
        b"Stack_overflow" => return b"Stack overflow".to_vec(),
        _ => {}
    }
    if let (Some((what, width)), [Value::Block(loc)]) =
        (located_exception_text(&name), args.as_slice())
    {
        let loc = loc.fields.borrow();
        if let [file, Value::Int(line), Value::Int(col)] = loc.as_slice() {
            let file =
                String::from_utf8_lossy(&file.string_bytes().unwrap_or_default()).into_owned();
            return format!(
                "File \"{file}\", line {line}, characters {col}-{}: {what}",
                col + width
            )
            .into_bytes();
        }
    }
    let mut s = name;
    let field = |v: &Value<C>| -> Vec<u8> {
        match v {
            Value::Int(n) => format_int(*n).into_bytes(),
            Value::String(b) => {
                let mut t = b"\"".to_vec();
                t.extend(escaped(&b.borrow()));
                t.push(b'"');
                t
            }
            Value::Float(x) => string_of_float(*x).into_bytes(),
            _ => b"_".to_vec(),
        }
    };
    if !args.is_empty() {
        s.push(b'(');
        for (i, v) in args.iter().enumerate() {
            if i > 0 {
                s.extend_from_slice(b", ");
            }
            s.extend(field(v));
        }
        s.push(b')');
    }
    s
}

fn located_exception_text(name: &[u8]) -> Option<(&'static str, i64)> {
    match name {
        b"Match_failure" => Some(("Pattern matching failed", 5)),
        b"Assert_failure" => Some(("Assertion failed", 6)),
        b"Undefined_recursive_module" => Some(("Undefined recursive module", 6)),
        _ => None,
    }
}

// ---------------------------------------------------------------------------
// Output channels and the end of a program
// ---------------------------------------------------------------------------

/// The two output channels a program can write to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// OCaml's channel buffer size (`IO_BUFFER_SIZE`).
pub const CHANNEL_BUFFER_SIZE: usize = 65536;

/// OCaml's buffered `stdout` and `stderr`. Both channels buffer (even
/// stderr); bytes reach the terminal only when a channel is flushed or its
/// buffer fills. `print_endline`, `print_newline`, `prerr_endline` and
/// `prerr_newline` flush their channel; `print_string`, `print_int`,
/// `print_char`, `print_float` and `prerr_string` do not. At exit (normal
/// end, `exit n`, or an uncaught exception) `flush_all` flushes stdout then
/// stderr. With separate pipes only the final bytes are visible, but the
/// order of flushes decides what `2>&1` shows, which `combined` records.
#[derive(Clone, Debug, Default)]
pub struct Channels {
    stdout_buffer: Vec<u8>,
    stderr_buffer: Vec<u8>,
    out: Outcome,
}

/// What the outside world saw of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// stdout and stderr as one stream would have received them (`2>&1`).
    pub combined: Vec<u8>,
    /// The exit status as the shell sees it (0..=255).
    pub exit_code: i32,
}

impl Channels {
    pub fn new() -> Channels {
        Channels::default()
    }

    /// `output_string` on a channel: buffer, writing the buffer out each
    /// time it fills (as `caml_putblock` does).
    pub fn output(&mut self, stream: Stream, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let buffer = self.buffer(stream);
            let room = CHANNEL_BUFFER_SIZE - buffer.len();
            let n = room.min(bytes.len());
            buffer.extend_from_slice(&bytes[..n]);
            bytes = &bytes[n..];
            if buffer.len() == CHANNEL_BUFFER_SIZE {
                self.flush(stream);
            }
        }
    }

    pub fn flush(&mut self, stream: Stream) {
        let pending = std::mem::take(self.buffer(stream));
        let sink = match stream {
            Stream::Stdout => &mut self.out.stdout,
            Stream::Stderr => &mut self.out.stderr,
        };
        sink.extend_from_slice(&pending);
        self.out.combined.extend_from_slice(&pending);
    }

    /// `Stdlib.flush_all`, run at exit: stdout first, then stderr.
    pub fn flush_all(&mut self) {
        self.flush(Stream::Stdout);
        self.flush(Stream::Stderr);
    }

    fn buffer(&mut self, stream: Stream) -> &mut Vec<u8> {
        match stream {
            Stream::Stdout => &mut self.stdout_buffer,
            Stream::Stderr => &mut self.stderr_buffer,
        }
    }

    /// The program returned normally (or called `exit code`): flush, and
    /// report the status as the shell sees it.
    pub fn finish(mut self, code: i64) -> Outcome {
        self.flush_all();
        self.out.exit_code = (code & 0xff) as i32;
        self.out
    }

    /// An exception escaped the program: flush (OCaml's `at_exit`), print
    /// the report on stderr, exit with status 2.
    pub fn finish_uncaught<C>(mut self, exn: &Value<C>, printer: UncaughtPrinter) -> Outcome {
        self.flush_all();
        let message = uncaught_exception_message(exn, printer);
        self.output(Stream::Stderr, &message);
        self.finish(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type V = Value<()>;

    // glibc is the oracle for `%.12g`: OCaml's runtime calls it.
    extern "C" {
        fn snprintf(
            buf: *mut std::ffi::c_char,
            n: usize,
            fmt: *const std::ffi::c_char,
            ...
        ) -> std::ffi::c_int;
    }

    fn glibc_g(x: f64, precision: usize) -> String {
        let mut buf = [0 as std::ffi::c_char; 64];
        let fmt = std::ffi::CString::new(format!("%.{precision}g")).expect("no NUL");
        // SAFETY: the buffer is 64 bytes and snprintf writes at most 64.
        let n = unsafe { snprintf(buf.as_mut_ptr(), buf.len(), fmt.as_ptr(), x) };
        let bytes: Vec<u8> = buf.iter().take(n as usize).map(|&c| c as u8).collect();
        String::from_utf8(bytes).expect("ascii")
    }

    #[test]
    fn string_of_float_matches_ocaml() {
        // Expected texts printed by OCaml 4.13.1 (ocamlopt, x86-64).
        let cases: [(f64, &str); 16] = [
            (0.0, "0."),
            (-0.0, "-0."),
            (1.0, "1."),
            (1.5, "1.5"),
            (0.1, "0.1"),
            (1e15, "1e+15"),
            (123456789012.0, "123456789012."),
            (1234567890123.0, "1.23456789012e+12"),
            (1e-5, "1e-05"),
            (1e-4, "0.0001"),
            (1.234567890126, "1.23456789013"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::MAX, "1.79769313486e+308"),
            (2.5e-310, "2.5e-310"),
            (4611686018427387903.0, "4.61168601843e+18"),
        ];
        for (x, text) in cases {
            assert_eq!(string_of_float(x), text, "{x:e}");
        }
        let zero = std::hint::black_box(0.0f64);
        assert_eq!(string_of_float(zero / zero), "-nan");
        assert_eq!(string_of_float(-(zero / zero)), "nan");
        assert_eq!(
            string_of_float(f64::from_bits(0x7ff0_0000_0000_0001)),
            "nan"
        );
    }

    proptest::proptest! {
        #[test]
        fn format_float_g_is_glibc(bits in proptest::prelude::any::<u64>(), precision in 1usize..18) {
            let x = f64::from_bits(bits);
            proptest::prop_assert_eq!(format_float_g(x, precision), glibc_g(x, precision));
        }

        #[test]
        fn format_float_g_is_glibc_on_short_decimals(n in -10_000_000i64..10_000_000, e in -12i32..20) {
            let x = n as f64 * 10f64.powi(e) / 8.0;
            proptest::prop_assert_eq!(format_float_g(x, 12), glibc_g(x, 12));
        }
    }

    #[test]
    fn int_of_string_matches_ocaml() {
        use IntKind::*;
        let ok: [(&str, IntKind, i64); 24] = [
            ("0", Int, 0),
            ("-12", Int, -12),
            ("+12", Int, 12),
            ("1_000", Int, 1000),
            ("1__0", Int, 10),
            ("1_", Int, 1),
            ("0x1F", Int, 31),
            ("0X1f", Int, 31),
            ("-0x1F", Int, -31),
            ("0o17", Int, 15),
            ("0b101", Int, 5),
            ("0u123", Int, 123),
            ("007", Int, 7),
            ("4611686018427387903", Int, MAX_INT),
            ("-4611686018427387904", Int, MIN_INT),
            ("0x7FFFFFFFFFFFFFFF", Int, -1),
            ("0x4000000000000000", Int, MIN_INT),
            ("-0x4000000000000001", Int, MAX_INT),
            ("0u9223372036854775807", Int, -1),
            ("-9223372036854775808", Int64, i64::MIN),
            ("0xFFFFFFFFFFFFFFFF", Int64, -1),
            ("0u18446744073709551615", Int64, -1),
            ("-2147483648", Int32, -2147483648),
            ("0xFFFFFFFF", Int32, -1),
        ];
        for (s, kind, v) in ok {
            assert_eq!(parse_int(s.as_bytes(), kind), Some(v), "{s} as {kind:?}");
        }
        let bad: [(&str, IntKind); 17] = [
            ("", Int),
            ("-", Int),
            ("_1", Int),
            ("0x", Int),
            ("0x_1", Int),
            (" 1", Int),
            ("1 ", Int),
            ("--1", Int),
            ("0b2", Int),
            ("0xg", Int),
            ("4611686018427387904", Int),
            ("-4611686018427387905", Int),
            ("0x8000000000000000", Int),
            ("0u9223372036854775808", Int),
            ("9223372036854775808", Int64),
            ("2147483648", Int32),
            ("0x100000000", Int32),
        ];
        for (s, kind) in bad {
            assert_eq!(parse_int(s.as_bytes(), kind), None, "{s} as {kind:?}");
        }
    }

    #[test]
    fn shifts_and_division_match_ocamlopt() {
        assert_eq!(int_lsl(1, 63), 0);
        assert_eq!(int_lsl(1, 64), 1);
        assert_eq!(int_lsl(1, 62), MIN_INT);
        assert_eq!(int_lsl(5, -1), int_lsl(5, 63));
        assert_eq!(int_lsr(-1, 1), MAX_INT);
        assert_eq!(int_lsr(-1, 0), -1);
        assert_eq!(int_asr(-8, 63), -1);
        assert_eq!(int_asr(-8, 64), -8);
        assert_eq!(int_asr(-8, 65), -4);
        assert_eq!(int_div(MIN_INT, -1), Some(MIN_INT));
        assert_eq!(int_rem(MIN_INT, -1), Some(0));
        assert_eq!(int_div(-7, 2), Some(-3));
        assert_eq!(int_rem(-7, 2), Some(-1));
        assert_eq!(int_div(1, 0), None);
        assert_eq!(int_add(MAX_INT, 1), MIN_INT);
        assert_eq!(int_of_float(f64::NAN), 0);
        assert_eq!(int_of_float(5e18), -4223372036854775808);
        assert_eq!(int_of_float(1e18), 1_000_000_000_000_000_000);
        assert_eq!(int_of_float(-4.7), -4);
        assert_eq!(IntKind::Int32.of_float(1e10), i32::MIN as i64);
        assert_eq!(IntKind::Int64.of_float(1e19), i64::MIN);
        assert_eq!(IntKind::Int32.normalize(0x1_0000_0005), 5);
        assert_eq!(
            IntKind::Int32.div(i32::MIN as i64, -1),
            Some(i32::MIN as i64)
        );
        assert_eq!(IntKind::Int32.shift_left(1, 33), 0);
        assert_eq!(IntKind::Int64.shift_left(1, 65), 2);
        assert_eq!(IntKind::Int32.shift_right(-8, 33), -1);
    }

    fn s(text: &str) -> V {
        Value::string(text.as_bytes())
    }

    fn list(items: Vec<V>) -> V {
        items
            .into_iter()
            .rev()
            .fold(Value::Int(0), |tail, x| Value::block(0, vec![x, tail]))
    }

    fn cmp(a: &V, b: &V) -> i64 {
        compare(a, b).expect("comparable")
    }

    #[test]
    fn compare_orders_like_ocaml() {
        assert_eq!(cmp(&Value::Int(MIN_INT), &Value::Int(MAX_INT)), -1);
        let l123 = list(vec![Value::Int(1), Value::Int(2), Value::Int(3)]);
        let l12 = list(vec![Value::Int(1), Value::Int(2)]);
        assert_eq!(cmp(&l12, &l123), -1);
        assert_eq!(cmp(&Value::Int(0), &l12), -1);
        assert_eq!(cmp(&s("b"), &s("abc")), 1);
        assert_eq!(cmp(&s("ab"), &s("abc")), -1);
        // Tuple (0, "z") < (1, "a"): the first field decides.
        let t = |n, x| Value::block(0, vec![Value::Int(n), s(x)]);
        assert_eq!(cmp(&t(0, "z"), &t(1, "a")), -1);
        // Constructors: tags before fields (B 100 < C ("a", A)).
        let b100 = Value::block(0, vec![Value::Int(100)]);
        let ca = Value::block(1, vec![s("a"), Value::Int(0)]);
        assert_eq!(cmp(&b100, &ca), -1);
        // Arrays: size before contents.
        let a = |xs: Vec<i64>| Value::block(0, xs.into_iter().map(Value::Int).collect());
        assert_eq!(cmp(&a(vec![1, 2, 3]), &a(vec![1, 2])), 1);
        assert_eq!(cmp(&a(vec![1, 5]), &a(vec![2, 0])), -1);
        assert_eq!(
            cmp(
                &Value::Boxed(IntKind::Int64, 3),
                &Value::Boxed(IntKind::Int64, 5)
            ),
            -1
        );
    }

    #[test]
    fn nan_separates_compare_from_the_operators() {
        let nan: V = Value::Float(f64::NAN);
        let one: V = Value::Float(1.0);
        assert_eq!(cmp(&nan, &nan), 0);
        assert_eq!(cmp(&nan, &one), -1);
        assert_eq!(cmp(&one, &nan), 1);
        assert_eq!(cmp(&Value::Float(-0.0), &Value::Float(0.0)), 0);
        assert!(!compare_op(CompareOp::Eq, &nan, &nan).expect("ok"));
        assert!(compare_op(CompareOp::Ne, &nan, &nan).expect("ok"));
        assert!(!compare_op(CompareOp::Lt, &nan, &one).expect("ok"));
        assert!(!compare_op(CompareOp::Ge, &nan, &one).expect("ok"));
        let pair = |x: V, n| Value::block(0, vec![x, Value::Int(n)]);
        // (nan, 1) < (nan, 2) is false; compare gives -1.
        assert!(
            !compare_op(CompareOp::Lt, &pair(nan.clone(), 1), &pair(nan.clone(), 2)).expect("ok")
        );
        assert_eq!(cmp(&pair(nan.clone(), 1), &pair(nan.clone(), 2)), -1);
        assert!(
            compare_op(CompareOp::Ne, &pair(nan.clone(), 1), &pair(nan.clone(), 1)).expect("ok")
        );
        let fa = |x| V::float_array(vec![x]);
        assert!(!compare_op(CompareOp::Eq, &fa(f64::NAN), &fa(f64::NAN)).expect("ok"));
        assert!(!compare_op(CompareOp::Lt, &fa(1.0), &fa(f64::NAN)).expect("ok"));
    }

    #[test]
    fn functional_values_raise_except_when_physically_equal_under_compare() {
        let f: V = Value::Closure(Rc::new(()));
        let g: V = Value::Closure(Rc::new(()));
        assert_eq!(compare(&f, &f), Ok(0));
        assert_eq!(compare(&f, &g), Err(CompareError));
        assert_eq!(compare_op(CompareOp::Eq, &f, &f), Err(CompareError));
        let l = list(vec![f.clone()]);
        assert_eq!(compare(&l, &l), Ok(0));
        assert_eq!(compare_op(CompareOp::Eq, &l, &l), Err(CompareError));
        // (1, f) = (2, f) is false: the first field decides before f is met.
        let p = |n| Value::block(0, vec![Value::Int(n), f.clone()]);
        assert_eq!(compare_op(CompareOp::Eq, &p(1), &p(2)), Ok(false));
        assert_eq!(compare_op(CompareOp::Lt, &p(1), &p(1)), Err(CompareError));
        // Some f = None is false: an immediate is below every block.
        let some_f = Value::block(0, vec![f.clone()]);
        assert_eq!(
            compare_op(CompareOp::Eq, &some_f, &Value::Int(0)),
            Ok(false)
        );
    }

    #[test]
    fn compare_handles_long_lists_without_recursion() {
        let long = list((0..1_000_000).map(Value::Int).collect());
        let other = list((0..1_000_000).map(Value::Int).collect());
        assert_eq!(compare_op(CompareOp::Eq, &long, &other), Ok(true));
        // Dropping them must not overflow the host stack either.
        drop(long);
        drop(other);
    }

    fn predefined(name: &str) -> V {
        let id = PREDEFINED_EXCEPTIONS
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(0, |(_, id)| *id);
        exception_slot(name, id)
    }

    fn runtime_text(exn: &V) -> String {
        String::from_utf8_lossy(&uncaught_exception_message(exn, UncaughtPrinter::Runtime))
            .into_owned()
    }

    fn printexc_text(exn: &V) -> String {
        String::from_utf8_lossy(&uncaught_exception_message(exn, UncaughtPrinter::Printexc))
            .into_owned()
    }

    #[test]
    fn uncaught_exceptions_print_like_ocamlopt() {
        let e = exception_slot::<()>("E1.E", 4);
        let e_3_x = exception_value(e.clone(), vec![Value::Int(3), s("x\"y\n")]);
        assert_eq!(
            runtime_text(&e_3_x),
            "Fatal error: exception E1.E(3, \"x\"y\n\")\n"
        );
        assert_eq!(
            printexc_text(&e_3_x),
            "Fatal error: exception E1.E(3, \"x\\\"y\\n\")\n"
        );
        let f = exception_value(exception_slot("E1.F", 5), vec![Value::Float(1.5)]);
        assert_eq!(runtime_text(&f), "Fatal error: exception E1.F(_)\n");
        assert_eq!(printexc_text(&f), "Fatal error: exception E1.F(1.5)\n");
        let g = exception_value(
            exception_slot("E1.G", 6),
            vec![Value::block(0, vec![Value::Int(1), Value::Int(2)])],
        );
        assert_eq!(runtime_text(&g), "Fatal error: exception E1.G(_)\n");
        assert_eq!(
            runtime_text(&predefined("Not_found")),
            "Fatal error: exception Not_found\n"
        );
        assert_eq!(
            runtime_text(&exception_slot("Stdlib.Exit", 0)),
            "Fatal error: exception Stdlib.Exit\n"
        );
        let boom = exception_value(predefined("Failure"), vec![s("a\0b")]);
        assert_eq!(
            runtime_text(&boom),
            "Fatal error: exception Failure(\"a\")\n"
        );
        let long = exception_value(predefined("Failure"), vec![s(&"a".repeat(300))]);
        assert_eq!(runtime_text(&long).len(), 279);
        let loc = Value::block(0, vec![s("e1.ml"), Value::Int(18), Value::Int(12)]);
        let assert_failure = exception_value(predefined("Assert_failure"), vec![loc.clone()]);
        assert_eq!(
            runtime_text(&assert_failure),
            "Fatal error: exception Assert_failure(\"e1.ml\", 18, 12)\n"
        );
        assert_eq!(
            printexc_text(&assert_failure),
            "Fatal error: exception File \"e1.ml\", line 18, characters 12-18: Assertion failed\n"
        );
        let match_failure = exception_value(predefined("Match_failure"), vec![loc]);
        assert_eq!(
            printexc_text(&match_failure),
            "Fatal error: exception File \"e1.ml\", line 18, characters 12-17: Pattern matching failed\n"
        );
        assert_eq!(
            printexc_text(&predefined("Stack_overflow")),
            "Fatal error: exception Stack overflow\n"
        );
        let finally = exception_value(
            exception_slot("Fun.Finally_raised", 3),
            vec![exception_slot("Stdlib.Exit", 0)],
        );
        assert_eq!(
            printexc_text(&finally),
            "Fatal error: exception Fun.Finally_raised: Stdlib.Exit\n"
        );
    }

    #[test]
    fn exceptions_compare_by_identity_then_arguments() {
        let failure = |m| exception_value(predefined("Failure"), vec![s(m)]);
        assert_eq!(
            compare_op(CompareOp::Eq, &failure("a"), &failure("a")),
            Ok(true)
        );
        assert_eq!(
            cmp(&predefined("Not_found"), &exception_slot("Stdlib.Exit", 0)),
            -1
        );
        let invalid = exception_value(predefined("Invalid_argument"), vec![s("a")]);
        assert_eq!(cmp(&failure("z"), &invalid), 1);
    }

    #[test]
    fn channels_flush_stdout_before_stderr_at_exit() {
        // print_string "a"; prerr_string "b"; print_string "c"; prerr_endline "d";
        // print_string "e"; print_newline (); prerr_string "f"; print_string "g"; exit 0
        let mut ch = Channels::new();
        ch.output(Stream::Stdout, b"a");
        ch.output(Stream::Stderr, b"b");
        ch.output(Stream::Stdout, b"c");
        ch.output(Stream::Stderr, b"d\n");
        ch.flush(Stream::Stderr);
        ch.output(Stream::Stdout, b"e\n");
        ch.flush(Stream::Stdout);
        ch.output(Stream::Stderr, b"f");
        ch.output(Stream::Stdout, b"g");
        let out = ch.finish(0);
        assert_eq!(out.combined, b"bd\nace\ngf");
        assert_eq!(out.stdout, b"ace\ng");
        assert_eq!(out.stderr, b"bd\nf");
        assert_eq!(out.exit_code, 0);
    }

    #[test]
    fn a_full_buffer_is_written_out() {
        let mut ch = Channels::new();
        ch.output(Stream::Stdout, &vec![b'x'; CHANNEL_BUFFER_SIZE + 1]);
        ch.output(Stream::Stderr, b"!");
        ch.flush(Stream::Stderr);
        let out = ch.finish(257);
        assert_eq!(out.combined.get(CHANNEL_BUFFER_SIZE), Some(&b'!'));
        assert_eq!(out.exit_code, 1);
    }

    #[test]
    fn uncaught_exception_flushes_then_reports() {
        let mut ch = Channels::new();
        ch.output(Stream::Stdout, b"out");
        ch.output(Stream::Stderr, b"err:");
        let out = ch.finish_uncaught(
            &exception_value::<()>(predefined("Failure"), vec![s("x")]),
            UncaughtPrinter::Runtime,
        );
        assert_eq!(
            out.combined,
            b"outerr:Fatal error: exception Failure(\"x\")\n"
        );
        assert_eq!(out.exit_code, 2);
    }
}
