//! Text: numbers to strings and back, and the message of an uncaught
//! exception, each exactly as OCaml writes or reads it.

use super::sys::{snprintf, strtod, Table};
use super::value::*;

/// Where text goes: a channel, a fixed buffer, or (in tests) a vector.
pub trait Sink {
    fn put(&mut self, bytes: &[u8]);
}

/// A fixed buffer that silently drops what does not fit, like the
/// `struct stringbuf` of OCaml's `printexc.c`.
pub struct FixedBuf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> FixedBuf<N> {
    pub const fn new() -> Self {
        FixedBuf {
            bytes: [0; N],
            len: 0,
        }
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl<const N: usize> Default for FixedBuf<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Sink for FixedBuf<N> {
    fn put(&mut self, bytes: &[u8]) {
        let n = bytes.len().min(N - self.len);
        self.bytes[self.len..self.len + n].copy_from_slice(&bytes[..n]);
        self.len += n;
    }
}

/// The decimal text of `n` (C's `%ld`, which `string_of_int` and
/// `Int64.to_string` use).
pub fn format_int(n: i64) -> FixedBuf<24> {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut m = n.unsigned_abs();
    loop {
        i -= 1;
        digits[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    let mut out = FixedBuf::new();
    if n < 0 {
        out.put(b"-");
    }
    out.put(&digits[i..]);
    out
}

/// `string_of_float`: C's `%.12g`, then a `.` if the text would otherwise
/// read back as an integer (OCaml's `valid_float_lexem`). `inf`, `-inf`,
/// `nan` and `-nan` (a NaN with its sign bit set, as glibc prints it)
/// are left alone.
pub fn format_float(x: f64) -> FixedBuf<40> {
    let mut c = [0u8; 32];
    // SAFETY: the buffer is 32 bytes, more than `%.12g` ever needs, and
    // the format is NUL-terminated.
    let n = unsafe { snprintf(c.as_mut_ptr() as *mut _, c.len(), c"%.12g".as_ptr(), x) };
    let text = &c[..(n.max(0) as usize).min(c.len() - 1)];
    let mut out = FixedBuf::new();
    out.put(text);
    if text.iter().all(|&b| b.is_ascii_digit() || b == b'-') {
        out.put(b".");
    }
    out
}

fn digit_value(c: u8) -> Option<u64> {
    match c {
        b'0'..=b'9' => Some((c - b'0') as u64),
        b'a'..=b'f' => Some((c - b'a' + 10) as u64),
        b'A'..=b'F' => Some((c - b'A' + 10) as u64),
        _ => None,
    }
}

/// OCaml's `parse_intnat` for an integer of `nbits` bits (63 for `int`, 32
/// or 64 for the boxed integers): an optional sign, an optional base prefix
/// (`0x`, `0o`, `0b`, or `0u` for unsigned decimal), a digit, then digits
/// and underscores. Plain decimal must fit the signed range; with a prefix
/// any `nbits`-bit pattern is accepted. None means OCaml fails.
pub fn parse_int(s: &[u8], nbits: u32) -> Option<i64> {
    let mut p = 0;
    let mut negative = false;
    match s.first() {
        Some(b'-') => {
            negative = true;
            p = 1;
        }
        Some(b'+') => p = 1,
        _ => {}
    }
    let (mut base, mut signed) = (10u64, true);
    if s.get(p) == Some(&b'0') {
        let prefix = match s.get(p + 1) {
            Some(b'x' | b'X') => Some(16),
            Some(b'o' | b'O') => Some(8),
            Some(b'b' | b'B') => Some(2),
            Some(b'u' | b'U') => Some(10),
            _ => None,
        };
        if let Some(b) = prefix {
            base = b;
            signed = false;
            p += 2;
        }
    }
    let first = digit_value(*s.get(p)?).filter(|&d| d < base)?;
    let mut res = first;
    for &c in &s[p + 1..] {
        if c == b'_' {
            continue;
        }
        let d = digit_value(c).filter(|&d| d < base)?;
        res = res.checked_mul(base)?.checked_add(d)?;
    }
    if signed {
        let max = 1u64 << (nbits - 1);
        if (negative && res > max) || (!negative && res >= max) {
            return None;
        }
    } else if nbits < 64 && res >= 1u64 << nbits {
        return None;
    }
    Some(if negative {
        (res as i64).wrapping_neg()
    } else {
        res as i64
    })
}

/// `float_of_string`: underscores removed, then C's `strtod`, which must
/// consume everything (it accepts leading spaces, `inf`, `nan` and
/// hexadecimal floats, as OCaml does through it).
pub fn parse_float(s: &[u8]) -> Option<f64> {
    let mut buf: Table<u8> = Table::new();
    for &c in s {
        if c != b'_' && !buf.push(c) {
            return None;
        }
    }
    let len = buf.len();
    if len == 0 || !buf.push(0) {
        return None;
    }
    let text = buf.as_slice();
    let mut end = core::ptr::null_mut();
    // SAFETY: `text` is NUL-terminated.
    let x = unsafe { strtod(text.as_ptr() as *const _, &mut end) };
    if end as usize != text.as_ptr() as usize + len {
        return None;
    }
    Some(x)
}

/// The exceptions whose single argument is a location tuple, which both
/// printers show as if its fields were the exception's arguments.
fn is_located(name: &[u8]) -> bool {
    matches!(
        name,
        b"Match_failure" | b"Assert_failure" | b"Undefined_recursive_module"
    )
}

/// The name an exception value carries in its identity block.
///
/// # Safety
/// `exn` must be an exception value.
pub unsafe fn exception_name<'a>(exn: Value) -> &'a [u8] {
    string_bytes(field(exception_identity(exn), 0))
}

/// A C string stops at the first NUL byte.
fn c_string(s: &[u8]) -> &[u8] {
    s.split(|&b| b == 0).next().unwrap_or(s)
}

/// `caml_format_exception`, what the runtime prints for an uncaught
/// exception when the program does not link `Printexc`: the name, then the
/// arguments in parentheses, integers in decimal, strings between quotes
/// (not escaped, cut at a NUL, as C sees them), anything else as `_`.
/// OCaml formats into a 256-byte buffer, so the text stops at 255 bytes.
///
/// # Safety
/// `exn` must be an exception value.
pub unsafe fn format_exception(exn: Value) -> FixedBuf<255> {
    let mut out = FixedBuf::new();
    let name = exception_name(exn);
    out.put(c_string(name));
    if tag_of(exn) != 0 {
        return out;
    }
    let (bucket, start) = if wosize(exn) == 2
        && !is_long(field(exn, 1))
        && tag_of(field(exn, 1)) == 0
        && is_located(name)
    {
        (field(exn, 1), 0)
    } else {
        (exn, 1)
    };
    out.put(b"(");
    for i in start..wosize(bucket) {
        if i > start {
            out.put(b", ");
        }
        let v = field(bucket, i);
        if is_long(v) {
            out.put(format_int(long_val(v)).as_bytes());
        } else if tag_of(v) == tag::STRING {
            out.put(b"\"");
            out.put(c_string(string_bytes(v)));
            out.put(b"\"");
        } else {
            out.put(b"_");
        }
    }
    out.put(b")");
    out
}

/// `String.escaped`, as `%S` uses it.
pub fn put_escaped(out: &mut dyn Sink, s: &[u8]) {
    for &c in s {
        match c {
            b'"' | b'\\' => out.put(&[b'\\', c]),
            b'\n' => out.put(b"\\n"),
            b'\t' => out.put(b"\\t"),
            b'\r' => out.put(b"\\r"),
            8 => out.put(b"\\b"),
            b' '..=b'~' => out.put(&[c]),
            _ => out.put(&[b'\\', b'0' + c / 100, b'0' + c / 10 % 10, b'0' + c % 10]),
        }
    }
}

/// `Printexc.to_string`, which OCaml uses for an uncaught exception when
/// the program links `Printexc` (in our library, through `Fun.protect`):
/// strings are escaped, floats printed, and a few exceptions have their own
/// text, including the printer `Fun` registers for `Finally_raised`.
///
/// # Safety
/// `exn` must be an exception value.
pub unsafe fn printexc_to_string(out: &mut dyn Sink, exn: Value) {
    let name = exception_name(exn);
    let args = if tag_of(exn) == 0 { wosize(exn) - 1 } else { 0 };
    if name == b"Stdlib.Fun.Finally_raised" && args == 1 {
        out.put(b"Fun.Finally_raised: ");
        return printexc_to_string(out, field(exn, 1));
    }
    match name {
        b"Out_of_memory" => return out.put(b"Out of memory"),
        b"Stack_overflow" => return out.put(b"Stack overflow"),
        _ => {}
    }
    if is_located(name) && args == 1 && wosize(field(exn, 1)) == 3 {
        let loc = field(exn, 1);
        let (what, width) = match name {
            b"Match_failure" => (&b"Pattern matching failed"[..], 5),
            b"Assert_failure" => (&b"Assertion failed"[..], 6),
            _ => (&b"Undefined recursive module"[..], 6),
        };
        let column = long_val(field(loc, 2));
        out.put(b"File \"");
        out.put(string_bytes(field(loc, 0)));
        out.put(b"\", line ");
        out.put(format_int(long_val(field(loc, 1))).as_bytes());
        out.put(b", characters ");
        out.put(format_int(column).as_bytes());
        out.put(b"-");
        out.put(format_int(column + width).as_bytes());
        out.put(b": ");
        return out.put(what);
    }
    out.put(name);
    if args == 0 {
        return;
    }
    out.put(b"(");
    for i in 1..=args {
        if i > 1 {
            out.put(b", ");
        }
        let v = field(exn, i);
        if is_long(v) {
            out.put(format_int(long_val(v)).as_bytes());
        } else if tag_of(v) == tag::STRING {
            out.put(b"\"");
            put_escaped(out, string_bytes(v));
            out.put(b"\"");
        } else if tag_of(v) == tag::DOUBLE {
            out.put(format_float(double_field(v, 0)).as_bytes());
        } else {
            out.put(b"_");
        }
    }
    out.put(b")");
}

/// `0x` and the hexadecimal digits of `n`, for the runtime's own messages.
pub fn format_hex(n: usize) -> FixedBuf<18> {
    let mut out = FixedBuf::new();
    out.put(b"0x");
    let digits = b"0123456789abcdef";
    let mut started = false;
    for shift in (0..16).rev() {
        let d = (n >> (4 * shift)) & 15;
        if d != 0 || started || shift == 0 {
            started = true;
            out.put(&[digits[d]]);
        }
    }
    out
}
