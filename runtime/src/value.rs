//! OCaml's representation of values, which Flambeau adopts unchanged.

/// A value is one machine word: a tagged integer (low bit 1) or a pointer
/// to the first field of a block (low bit 0, the header one word before).
pub type Value = usize;

pub const UNIT: Value = 1;
pub const FALSE: Value = 1;
pub const TRUE: Value = 3;

/// `Val_long`: the tagged form `2n + 1` (the top bit of `n` is lost).
pub const fn val_long(n: i64) -> Value {
    ((n as usize) << 1) | 1
}

/// `Long_val`: the integer a tagged value stands for.
pub const fn long_val(v: Value) -> i64 {
    (v as i64) >> 1
}

pub const fn val_bool(b: bool) -> Value {
    if b {
        TRUE
    } else {
        FALSE
    }
}

pub const fn is_long(v: Value) -> bool {
    v & 1 == 1
}

/// The tags the runtime gives a meaning to (OCaml's `Obj` constants).
/// Tags from 0 to 245 are ordinary structured blocks.
pub mod tag {
    pub const CLOSURE: u8 = 247;
    pub const OBJECT: u8 = 248;
    pub const INFIX: u8 = 249;
    /// Tags from here up hold no values, and the collector does not look
    /// inside them.
    pub const NO_SCAN: u8 = 251;
    pub const ABSTRACT: u8 = 251;
    pub const STRING: u8 = 252;
    pub const DOUBLE: u8 = 253;
    pub const DOUBLE_ARRAY: u8 = 254;
    pub const CUSTOM: u8 = 255;
}

/// The colour bits OCaml's major collector uses. Our collector ignores
/// them; static data may carry `BLACK`, as OCaml's does.
pub const BLACK: usize = 3 << 8;

/// The largest size a block can have (the size field is 54 bits wide).
pub const MAX_WOSIZE: usize = (1 << 54) - 1;

pub const fn make_header(wosize: usize, tag: u8) -> usize {
    (wosize << 10) | tag as usize
}

pub const fn wosize_hd(hd: usize) -> usize {
    hd >> 10
}

pub const fn tag_hd(hd: usize) -> u8 {
    (hd & 0xFF) as u8
}

/// The header of block `v`.
///
/// # Safety
/// `v` must point to a block (here and in every accessor below).
pub unsafe fn header(v: Value) -> usize {
    *((v - 8) as *const usize)
}

/// # Safety
/// See [`header`].
pub unsafe fn wosize(v: Value) -> usize {
    wosize_hd(header(v))
}

/// # Safety
/// See [`header`].
pub unsafe fn tag_of(v: Value) -> u8 {
    tag_hd(header(v))
}

/// # Safety
/// `v` must be a block with more than `i` fields.
pub unsafe fn field_ptr(v: Value, i: usize) -> *mut Value {
    (v + 8 * i) as *mut Value
}

/// # Safety
/// See [`field_ptr`].
pub unsafe fn field(v: Value, i: usize) -> Value {
    *field_ptr(v, i)
}

/// # Safety
/// See [`field_ptr`].
pub unsafe fn set_field(v: Value, i: usize, x: Value) {
    *field_ptr(v, i) = x
}

/// Field `i` of a flat float block (a boxed float is one, of size 1).
///
/// # Safety
/// See [`field_ptr`].
pub unsafe fn double_field(v: Value, i: usize) -> f64 {
    f64::from_bits(field(v, i) as u64)
}

/// The size in words of a string of `len` bytes: the bytes, at least one
/// byte of padding, rounded up to whole words.
pub const fn string_wosize(len: usize) -> usize {
    len / 8 + 1
}

/// The number of padding bytes after a string of `len` bytes; the last
/// byte of the block holds this number minus one.
pub const fn string_padding(len: usize) -> usize {
    string_wosize(len) * 8 - len
}

/// The length of string `v`, from its size and its last byte.
///
/// # Safety
/// `v` must be a string block.
pub unsafe fn string_length(v: Value) -> usize {
    let bytes = wosize(v) * 8;
    bytes - 1 - *((v + bytes - 1) as *const u8) as usize
}

/// The bytes of string `v`.
///
/// # Safety
/// `v` must be a string block that outlives the slice, and is not moved by
/// a collection while the slice is in use.
pub unsafe fn string_bytes<'a>(v: Value) -> &'a [u8] {
    core::slice::from_raw_parts(v as *const u8, string_length(v))
}

/// Write the padding of a freshly allocated string of `len` bytes: zeros,
/// and the padding count in the last byte.
///
/// # Safety
/// `v` must be a string block of `string_wosize(len)` words.
pub unsafe fn init_string_padding(v: Value, len: usize) {
    let wo = string_wosize(len);
    set_field(v, wo - 1, 0);
    *((v + wo * 8 - 1) as *mut u8) = (wo * 8 - 1 - len) as u8;
}

/// Where the environment starts, from a closure's information word (the
/// second word of each function slot: arity in the top 8 bits, then this
/// offset in words from the slot, then a 1; OCaml's `Start_env_closinfo`).
pub const fn start_env(closinfo: usize) -> usize {
    (closinfo << 8) >> 9
}

/// Where the environment of closure block `v` starts, clamped to its size
/// so that a malformed block cannot send the collector out of bounds.
///
/// # Safety
/// `v` must be a closure block.
pub unsafe fn closure_env_start(v: Value) -> usize {
    let size = wosize(v);
    if size < 2 {
        size
    } else {
        start_env(field(v, 1)).min(size)
    }
}

/// The operations of a custom block (tag 255), in the block's first field.
/// Only the boxed integers are custom blocks in Flambeau, so this is much
/// smaller than OCaml's `struct custom_operations`: an identifier (used,
/// as in OCaml, to order custom blocks of different kinds) and which kind
/// of integer the second field holds.
#[repr(C)]
pub struct CustomOps {
    /// A NUL-terminated name: `_i` (int32), `_j` (int64), `_n` (nativeint).
    pub identifier: *const u8,
    pub kind: usize,
}

// SAFETY: the operations are immutable static data.
unsafe impl Sync for CustomOps {}

pub const CUSTOM_INT32: usize = 1;
pub const CUSTOM_INT64: usize = 2;
pub const CUSTOM_NATIVEINT: usize = 3;

/// # Safety
/// `v` must be a custom block.
pub unsafe fn custom_ops<'a>(v: Value) -> &'a CustomOps {
    &*(field(v, 0) as *const CustomOps)
}

/// The integer held by a boxed int32, int64 or nativeint (an int32 is kept
/// sign-extended to 64 bits).
///
/// # Safety
/// `v` must be a custom block of one of those kinds.
pub unsafe fn custom_int(v: Value) -> i64 {
    field(v, 1) as i64
}

/// An exception value is either an exception's identity block (tag 248:
/// name, id), for a constructor without arguments, or a block of tag 0
/// whose field 0 is the identity and whose other fields are the arguments.
///
/// # Safety
/// `exn` must be an exception value.
pub unsafe fn exception_identity(exn: Value) -> Value {
    if tag_of(exn) == tag::OBJECT {
        exn
    } else {
        field(exn, 0)
    }
}
