//! The primitives compiled code calls, with the System V convention.
//! Those marked "noalloc" neither allocate nor raise and may be called
//! directly; the others must be called through `flambeau_c_call`.

use super::abi::*;
use super::compare::*;
use super::format::{format_float, format_int, parse_float, parse_int};
use super::runtime::*;
use super::value::*;

fn out(bytes: &[u8]) {
    STDOUT.get().output(bytes)
}

fn err(bytes: &[u8]) {
    STDERR.get().output(bytes)
}

/// # Safety
/// `s` must be a string.
unsafe fn bytes<'a>(s: Value) -> &'a [u8] {
    string_bytes(s)
}

// Output (noalloc). Each returns `()`.

#[no_mangle]
pub extern "C" fn flambeau_print_int(n: Value) -> Value {
    out(format_int(long_val(n)).as_bytes());
    UNIT
}

#[no_mangle]
pub extern "C" fn flambeau_print_char(c: Value) -> Value {
    out(&[long_val(c) as u8]);
    UNIT
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_print_string(s: Value) -> Value {
    out(bytes(s));
    UNIT
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_print_endline(s: Value) -> Value {
    out(bytes(s));
    out(b"\n");
    STDOUT.get().flush();
    UNIT
}

#[no_mangle]
pub extern "C" fn flambeau_print_newline(_unit: Value) -> Value {
    out(b"\n");
    STDOUT.get().flush();
    UNIT
}

#[no_mangle]
pub extern "C" fn flambeau_print_float(x: f64) -> Value {
    out(format_float(x).as_bytes());
    UNIT
}

// The same, on stderr.

#[no_mangle]
pub extern "C" fn flambeau_prerr_int(n: Value) -> Value {
    err(format_int(long_val(n)).as_bytes());
    UNIT
}

#[no_mangle]
pub extern "C" fn flambeau_prerr_char(c: Value) -> Value {
    err(&[long_val(c) as u8]);
    UNIT
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_prerr_string(s: Value) -> Value {
    err(bytes(s));
    UNIT
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_prerr_endline(s: Value) -> Value {
    err(bytes(s));
    err(b"\n");
    STDERR.get().flush();
    UNIT
}

#[no_mangle]
pub extern "C" fn flambeau_prerr_newline(_unit: Value) -> Value {
    err(b"\n");
    STDERR.get().flush();
    UNIT
}

#[no_mangle]
pub extern "C" fn flambeau_prerr_float(x: f64) -> Value {
    err(format_float(x).as_bytes());
    UNIT
}

// Flushing, and two settings.

#[no_mangle]
pub extern "C" fn flambeau_flush_stdout(_unit: Value) -> Value {
    STDOUT.get().flush();
    UNIT
}

#[no_mangle]
pub extern "C" fn flambeau_flush_stderr(_unit: Value) -> Value {
    STDERR.get().flush();
    UNIT
}

/// Print uncaught exceptions as `Printexc` does; the compiler calls this
/// first thing when the program uses `Fun.protect` (noalloc).
#[no_mangle]
pub extern "C" fn flambeau_use_printexc(_unit: Value) -> Value {
    runtime().printexc = true;
    UNIT
}

/// A fresh id for an exception created at run time (`let exception`)
/// (noalloc).
#[no_mangle]
pub extern "C" fn flambeau_fresh_exception_id(_unit: Value) -> Value {
    let rt = runtime();
    rt.next_exception_id += 1;
    val_long(rt.next_exception_id)
}

// Strings.

/// A fresh string of `len` bytes, not initialised but for the padding.
fn alloc_bytes(len: usize, locals: &mut [*mut Value]) -> Value {
    let s = alloc(string_wosize(len), tag::STRING, locals);
    // SAFETY: `s` is a string block of this size.
    unsafe { init_string_padding(s, len) };
    s
}

/// The length argument of `Bytes.create`, `String.make`: OCaml's limit
/// is the largest string a block can hold.
fn string_size(n: Value) -> usize {
    let n = long_val(n);
    if n < 0 || n as usize > MAX_WOSIZE * 8 - 1 {
        invalid_argument(b"Bytes.create")
    }
    n as usize
}

// Conversions between numbers and strings.

#[no_mangle]
pub extern "C" fn flambeau_string_of_int(n: Value) -> Value {
    alloc_string(format_int(long_val(n)).as_bytes())
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_int_of_string(s: Value) -> Value {
    match parse_int(bytes(s), 63) {
        Some(n) => val_long(n),
        None => failwith(b"int_of_string"),
    }
}

#[no_mangle]
pub extern "C" fn flambeau_string_of_float(x: f64) -> Value {
    alloc_string(format_float(x).as_bytes())
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_float_of_string(s: Value) -> f64 {
    match parse_float(bytes(s)) {
        Some(x) => x,
        None => failwith(b"float_of_string"),
    }
}

/// `a ^ b`.
#[no_mangle]
pub unsafe extern "C" fn flambeau_string_concat(mut a: Value, mut b: Value) -> Value {
    let (la, lb) = (string_length(a), string_length(b));
    let s = alloc_bytes(la + lb, &mut [&mut a, &mut b]);
    core::ptr::copy_nonoverlapping(a as *const u8, s as *mut u8, la);
    core::ptr::copy_nonoverlapping(b as *const u8, (s + la) as *mut u8, lb);
    s
}

/// `String.sub s ofs len`.
#[no_mangle]
pub unsafe extern "C" fn flambeau_string_sub(mut s: Value, ofs: Value, len: Value) -> Value {
    let (ofs, len) = (long_val(ofs), long_val(len));
    if ofs < 0 || len < 0 || ofs > string_length(s) as i64 - len {
        invalid_argument(b"String.sub / Bytes.sub")
    }
    let r = alloc_bytes(len as usize, &mut [&mut s]);
    core::ptr::copy_nonoverlapping((s + ofs as usize) as *const u8, r as *mut u8, len as usize);
    r
}

/// `String.make n c`.
#[no_mangle]
pub extern "C" fn flambeau_string_make(n: Value, c: Value) -> Value {
    let len = string_size(n);
    let s = alloc_bytes(len, &mut []);
    // SAFETY: `s` has room for `len` bytes.
    unsafe { core::ptr::write_bytes(s as *mut u8, long_val(c) as u8, len) };
    s
}

/// `Bytes.create n`: a string of `n` bytes to be filled by the caller.
#[no_mangle]
pub extern "C" fn flambeau_create_bytes(n: Value) -> Value {
    let len = string_size(n);
    alloc_bytes(len, &mut [])
}

/// Copy `len` bytes of `src` from `src_ofs` to `dst` at `dst_ofs`, which
/// the caller has checked (noalloc).
#[no_mangle]
pub unsafe extern "C" fn flambeau_blit_string(
    src: Value,
    src_ofs: Value,
    dst: Value,
    dst_ofs: Value,
    len: Value,
) -> Value {
    core::ptr::copy(
        (src + long_val(src_ofs) as usize) as *const u8,
        (dst + long_val(dst_ofs) as usize) as *mut u8,
        long_val(len) as usize,
    );
    UNIT
}

/// (noalloc)
#[no_mangle]
pub unsafe extern "C" fn flambeau_string_length(s: Value) -> Value {
    val_long(string_length(s) as i64)
}

/// `String.compare`, and the comparisons of two strings (noalloc).
#[no_mangle]
pub unsafe extern "C" fn flambeau_string_compare(a: Value, b: Value) -> Value {
    val_long(compare_bytes(bytes(a), bytes(b)))
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_string_equal(a: Value, b: Value) -> Value {
    val_bool(bytes(a) == bytes(b))
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_string_notequal(a: Value, b: Value) -> Value {
    val_bool(bytes(a) != bytes(b))
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_string_lessthan(a: Value, b: Value) -> Value {
    val_bool(compare_bytes(bytes(a), bytes(b)) < 0)
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_string_lessequal(a: Value, b: Value) -> Value {
    val_bool(compare_bytes(bytes(a), bytes(b)) <= 0)
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_string_greaterthan(a: Value, b: Value) -> Value {
    val_bool(compare_bytes(bytes(a), bytes(b)) > 0)
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_string_greaterequal(a: Value, b: Value) -> Value {
    val_bool(compare_bytes(bytes(a), bytes(b)) >= 0)
}

// Polymorphic comparison and hashing.

/// `compare_val`, raising as OCaml does when it meets a function.
fn compare_or_raise(a: Value, b: Value, total: bool) -> i64 {
    let stack = &mut runtime().compare_stack;
    // SAFETY: compiled code passes well-formed values.
    match unsafe { compare_val(a, b, total, stack) } {
        Ok(r) => r,
        Err(CompareError::Functional) => invalid_argument(b"compare: functional value"),
        Err(CompareError::Abstract) => invalid_argument(b"compare: abstract value"),
        // SAFETY: a predefined exception, static data.
        Err(CompareError::OutOfMemory) => raise(addr(unsafe { &flambeau_exn_Out_of_memory })),
    }
}

#[no_mangle]
pub extern "C" fn flambeau_compare(a: Value, b: Value) -> Value {
    compare_result(compare_or_raise(a, b, true))
}

#[no_mangle]
pub extern "C" fn flambeau_equal(a: Value, b: Value) -> Value {
    val_bool(equal_result(compare_or_raise(a, b, false)))
}

#[no_mangle]
pub extern "C" fn flambeau_notequal(a: Value, b: Value) -> Value {
    val_bool(!equal_result(compare_or_raise(a, b, false)))
}

#[no_mangle]
pub extern "C" fn flambeau_lessthan(a: Value, b: Value) -> Value {
    val_bool(lessthan_result(compare_or_raise(a, b, false)))
}

#[no_mangle]
pub extern "C" fn flambeau_lessequal(a: Value, b: Value) -> Value {
    val_bool(lessequal_result(compare_or_raise(a, b, false)))
}

#[no_mangle]
pub extern "C" fn flambeau_greaterthan(a: Value, b: Value) -> Value {
    val_bool(lessthan_result(compare_or_raise(b, a, false)))
}

#[no_mangle]
pub extern "C" fn flambeau_greaterequal(a: Value, b: Value) -> Value {
    val_bool(lessequal_result(compare_or_raise(b, a, false)))
}

/// `compare` on two ints (noalloc).
#[no_mangle]
pub extern "C" fn flambeau_int_compare(a: Value, b: Value) -> Value {
    val_long((a as i64 > b as i64) as i64 - ((a as i64) < b as i64) as i64)
}

/// `compare` on two floats, NaN equal to itself and below the rest
/// (noalloc).
#[no_mangle]
pub extern "C" fn flambeau_float_compare(x: f64, y: f64) -> Value {
    let r = (x > y) as i64 - (x < y) as i64 + (x == x) as i64 - (y == y) as i64;
    val_long(r.signum())
}

/// `caml_hash count limit seed v`; `Hashtbl.hash v` is
/// `flambeau_hash(21, 201, 1, v)`, the tagged 10, 100 and 0 (noalloc).
#[no_mangle]
pub unsafe extern "C" fn flambeau_hash(count: Value, limit: Value, seed: Value, v: Value) -> Value {
    super::hash::hash(long_val(count), long_val(limit), long_val(seed), v)
}

// Boxed integers, passed and returned unboxed (an int32 sign-extended).

#[no_mangle]
pub extern "C" fn flambeau_int64_to_string(n: i64) -> Value {
    alloc_string(format_int(n).as_bytes())
}

#[no_mangle]
pub extern "C" fn flambeau_int32_to_string(n: i64) -> Value {
    alloc_string(format_int(n as i32 as i64).as_bytes())
}

#[no_mangle]
pub extern "C" fn flambeau_nativeint_to_string(n: i64) -> Value {
    alloc_string(format_int(n).as_bytes())
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_int64_of_string(s: Value) -> i64 {
    parse_int(bytes(s), 64).unwrap_or_else(|| failwith(b"Int64.of_string"))
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_int32_of_string(s: Value) -> i64 {
    match parse_int(bytes(s), 32) {
        Some(n) => n as i32 as i64,
        None => failwith(b"Int32.of_string"),
    }
}

#[no_mangle]
pub unsafe extern "C" fn flambeau_nativeint_of_string(s: Value) -> i64 {
    parse_int(bytes(s), 64).unwrap_or_else(|| failwith(b"Nativeint.of_string"))
}

fn division_by_zero() -> ! {
    // SAFETY: a predefined exception, static data.
    raise(addr(unsafe { &flambeau_exn_Division_by_zero }))
}

/// `Int64.div` and `Nativeint.div`: `Division_by_zero`, and `min_int / -1`
/// wraps instead of trapping as `idiv` would.
#[no_mangle]
pub extern "C" fn flambeau_int64_div(a: i64, b: i64) -> i64 {
    if b == 0 {
        division_by_zero()
    }
    a.wrapping_div(b)
}

#[no_mangle]
pub extern "C" fn flambeau_int64_mod(a: i64, b: i64) -> i64 {
    if b == 0 {
        division_by_zero()
    }
    a.wrapping_rem(b)
}

#[no_mangle]
pub extern "C" fn flambeau_int32_div(a: i64, b: i64) -> i64 {
    if b == 0 {
        division_by_zero()
    }
    (a as i32).wrapping_div(b as i32) as i64
}

#[no_mangle]
pub extern "C" fn flambeau_int32_mod(a: i64, b: i64) -> i64 {
    if b == 0 {
        division_by_zero()
    }
    (a as i32).wrapping_rem(b as i32) as i64
}

// Arrays.

/// `Array.make n init`: a flat float array if `init` is a float, as
/// OCaml's `caml_make_vect`; the empty array is the static `Atom(0)`.
#[no_mangle]
pub unsafe extern "C" fn flambeau_make_vect(n: Value, mut init: Value) -> Value {
    let n = long_val(n);
    if n < 0 || n as usize > MAX_WOSIZE {
        invalid_argument(b"Array.make")
    }
    let n = n as usize;
    if n == 0 {
        return addr(&flambeau_atom0);
    }
    if !is_long(init) && tag_of(init) == tag::DOUBLE {
        let bits = field(init, 0);
        let a = alloc(n, tag::DOUBLE_ARRAY, &mut []);
        for i in 0..n {
            set_field(a, i, bits);
        }
        return a;
    }
    let a = alloc(n, 0, &mut [&mut init]);
    for i in 0..n {
        set_field(a, i, init);
    }
    a
}

/// `Array.create_float n`, filled with zeros.
#[no_mangle]
pub unsafe extern "C" fn flambeau_make_float_vect(n: Value) -> Value {
    let n = long_val(n);
    if n < 0 || n as usize > MAX_WOSIZE {
        invalid_argument(b"Float.Array.create")
    }
    if n == 0 {
        return addr(&flambeau_atom0);
    }
    let a = alloc(n as usize, tag::DOUBLE_ARRAY, &mut []);
    core::ptr::write_bytes(a as *mut Value, 0, n as usize);
    a
}
