//! Structural comparison, after OCaml's `compare.c`.

use super::sys::Table;
use super::value::*;

/// The result of `compare_val` when a NaN made two values unordered, for
/// the operators `= < <= > >=` (OCaml's `UNORDERED`).
pub const UNORDERED: i64 = i64::MIN;

/// Why a comparison raises. `Functional` and `Abstract` become
/// `Invalid_argument "compare: functional value"` (or `abstract value`);
/// `OutOfMemory` is OCaml's answer to an exhausted comparison stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareError {
    Functional,
    Abstract,
    OutOfMemory,
}

/// Fields still to compare: the next pair, and how many remain.
#[derive(Clone, Copy)]
pub struct Pending {
    v1: *const Value,
    v2: *const Value,
    count: usize,
}

/// OCaml stops growing its comparison stack at a million entries.
const MAX_PENDING: usize = 1 << 20;

/// Order floats as `compare` does (`total`: NaN equals itself and is below
/// everything) or as the operators do (any NaN: unordered).
fn compare_floats(d1: f64, d2: f64, total: bool) -> Option<i64> {
    if d1 < d2 {
        return Some(-1);
    }
    if d1 > d2 {
        return Some(1);
    }
    if d1 != d2 {
        if !total {
            return Some(UNORDERED);
        }
        if !d1.is_nan() {
            return Some(1);
        }
        if !d2.is_nan() {
            return Some(-1);
        }
    }
    None
}

/// Compare two byte strings as `caml_string_compare` does: bytes first,
/// then length.
pub fn compare_bytes(a: &[u8], b: &[u8]) -> i64 {
    let n = a.len().min(b.len());
    for i in 0..n {
        if a[i] != b[i] {
            return if a[i] < b[i] { -1 } else { 1 };
        }
    }
    (a.len() as i64 - b.len() as i64).signum()
}

/// `compare_val`: negative, zero or positive (or `UNORDERED`), comparing
/// integers by value and below all blocks, blocks by tag, then size, then
/// fields from first to last. The fields still to compare wait on an
/// explicit stack, so that long lists do not exhaust the machine stack.
///
/// # Safety
/// `v1` and `v2` must be well-formed values; `stack` is scratch space.
pub unsafe fn compare_val(
    v1: Value,
    v2: Value,
    total: bool,
    stack: &mut Table<Pending>,
) -> Result<i64, CompareError> {
    stack.clear();
    let (mut v1, mut v2) = (v1, v2);
    loop {
        let step = compare_step(v1, v2, total, stack)?;
        if step != 0 {
            return Ok(step);
        }
        // Equal so far: take the next pair of fields, if any.
        let Some(top) = stack.last_mut() else {
            return Ok(0);
        };
        v1 = *top.v1;
        v2 = *top.v2;
        top.v1 = top.v1.add(1);
        top.v2 = top.v2.add(1);
        top.count -= 1;
        if top.count == 0 {
            stack.pop();
        }
    }
}

/// Compare `v1` and `v2` without looking at their fields; for structured
/// blocks of the same tag and size, push their fields and answer 0.
unsafe fn compare_step(
    v1: Value,
    v2: Value,
    total: bool,
    stack: &mut Table<Pending>,
) -> Result<i64, CompareError> {
    if v1 == v2 && total {
        return Ok(0);
    }
    match (is_long(v1), is_long(v2)) {
        (true, true) => return Ok(long_val(v1) - long_val(v2)),
        (true, false) => return Ok(-1),
        (false, true) => return Ok(1),
        (false, false) => {}
    }
    let (mut t1, mut t2) = (tag_of(v1), tag_of(v2));
    if t1 == tag::INFIX {
        t1 = tag::CLOSURE;
    }
    if t2 == tag::INFIX {
        t2 = tag::CLOSURE;
    }
    if t1 != t2 {
        return Ok(t1 as i64 - t2 as i64);
    }
    compare_same_tag(v1, v2, t1, total, stack)
}

/// Compare two blocks of tag `t` (an infix pointer counting as a closure).
unsafe fn compare_same_tag(
    v1: Value,
    v2: Value,
    t: u8,
    total: bool,
    stack: &mut Table<Pending>,
) -> Result<i64, CompareError> {
    match t {
        tag::STRING => {
            if v1 == v2 {
                return Ok(0);
            }
            Ok(compare_bytes(string_bytes(v1), string_bytes(v2)))
        }
        tag::DOUBLE => {
            Ok(compare_floats(double_field(v1, 0), double_field(v2, 0), total).unwrap_or(0))
        }
        tag::DOUBLE_ARRAY => {
            let (n1, n2) = (wosize(v1), wosize(v2));
            if n1 != n2 {
                return Ok(n1 as i64 - n2 as i64);
            }
            for i in 0..n1 {
                if let Some(r) = compare_floats(double_field(v1, i), double_field(v2, i), total) {
                    return Ok(r);
                }
            }
            Ok(0)
        }
        tag::ABSTRACT => Err(CompareError::Abstract),
        tag::CLOSURE => Err(CompareError::Functional),
        // An exception identity: compare the ids.
        tag::OBJECT => Ok(long_val(field(v1, 1)) - long_val(field(v2, 1))),
        tag::CUSTOM => {
            let (ops1, ops2) = (custom_ops(v1), custom_ops(v2));
            if ops1.kind != ops2.kind {
                let (a, b) = (
                    core::ffi::CStr::from_ptr(ops1.identifier as *const core::ffi::c_char),
                    core::ffi::CStr::from_ptr(ops2.identifier as *const core::ffi::c_char),
                );
                return Ok(if a < b { -1 } else { 1 });
            }
            let (i1, i2) = (custom_int(v1), custom_int(v2));
            Ok((i1 > i2) as i64 - (i1 < i2) as i64)
        }
        _ => {
            let (n1, n2) = (wosize(v1), wosize(v2));
            if n1 != n2 {
                return Ok(n1 as i64 - n2 as i64);
            }
            if n1 == 0 {
                return Ok(0);
            }
            if stack.len() >= MAX_PENDING {
                return Err(CompareError::OutOfMemory);
            }
            let pending = Pending {
                v1: field_ptr(v1, 0),
                v2: field_ptr(v2, 0),
                count: n1,
            };
            if !stack.push(pending) {
                return Err(CompareError::OutOfMemory);
            }
            Ok(0)
        }
    }
}

/// The tagged results of the comparison primitives, from `compare_val`.
pub fn compare_result(r: i64) -> Value {
    val_long(r.signum())
}

pub fn equal_result(r: i64) -> bool {
    r == 0
}

pub fn lessthan_result(r: i64) -> bool {
    r < 0 && r != UNORDERED
}

pub fn lessequal_result(r: i64) -> bool {
    r <= 0 && r != UNORDERED
}
