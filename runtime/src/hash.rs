//! Structural hashing, after OCaml's `hash.c`: MurmurHash3's mixing
//! function over a bounded breadth-first walk of the value, so that
//! `Hashtbl.hash` gives exactly OCaml's numbers.

use super::value::*;

fn mix(mut h: u32, mut d: u32) -> u32 {
    d = d.wrapping_mul(0xcc9e_2d51);
    d = d.rotate_left(15);
    d = d.wrapping_mul(0x1b87_3593);
    h ^= d;
    h = h.rotate_left(13);
    h.wrapping_mul(5).wrapping_add(0xe654_6b64)
}

fn final_mix(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^ (h >> 16)
}

/// A native integer, folded so that values that fit in 32 bits hash as
/// they would on a 32-bit machine.
fn mix_intnat(h: u32, d: i64) -> u32 {
    mix(h, ((d >> 32) ^ (d >> 63) ^ d) as u32)
}

/// A float, with every NaN hashed alike and -0.0 like 0.0.
fn mix_double(h: u32, d: f64) -> u32 {
    let bits = d.to_bits();
    let (mut hi, mut lo) = ((bits >> 32) as u32, bits as u32);
    if hi & 0x7FF0_0000 == 0x7FF0_0000 && (lo | (hi & 0xF_FFFF)) != 0 {
        hi = 0x7FF0_0000;
        lo = 1;
    } else if hi == 0x8000_0000 && lo == 0 {
        hi = 0;
    }
    mix(mix(h, lo), hi)
}

fn mix_string(mut h: u32, s: &[u8]) -> u32 {
    let mut chunks = s.chunks_exact(4);
    for c in &mut chunks {
        h = mix(h, u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut w = 0u32;
        for (i, &b) in rest.iter().enumerate() {
            w |= (b as u32) << (8 * i);
        }
        h = mix(h, w);
    }
    h ^ s.len() as u32
}

/// The hash of a boxed integer, as its custom operations compute it.
fn custom_hash(kind: usize, n: i64) -> u32 {
    match kind {
        CUSTOM_INT64 => (n as u32) ^ ((n >> 32) as u32),
        CUSTOM_NATIVEINT if !(-(1 << 31)..1 << 31).contains(&n) => {
            (n as u32) ^ ((n as u64 >> 32) as u32)
        }
        _ => n as u32,
    }
}

const QUEUE_SIZE: usize = 256;

/// `caml_hash count limit seed v`: visit at most `limit` values in
/// breadth-first order, mixing at most `count` meaningful ones (integers,
/// strings, floats...; a block's header is mixed but not counted), and
/// fold the result to 30 bits. `Hashtbl.hash` is `caml_hash 10 100 0`.
///
/// # Safety
/// `v` must be a well-formed value.
pub unsafe fn hash(count: i64, limit: i64, seed: i64, v: Value) -> Value {
    let size = if limit < 0 || limit > QUEUE_SIZE as i64 {
        QUEUE_SIZE
    } else {
        limit as usize
    };
    let mut walk = Walk {
        queue: [0; QUEUE_SIZE],
        read: 0,
        write: 0,
        size,
        num: count,
        h: seed as u32,
    };
    walk.queue[0] = v;
    walk.write = 1;
    while walk.read < walk.write && walk.num > 0 {
        let v = walk.queue[walk.read];
        walk.read += 1;
        if is_long(v) {
            // The tagged word, as OCaml does.
            walk.h = mix_intnat(walk.h, v as i64);
            walk.num -= 1;
        } else {
            walk.block(v);
        }
    }
    val_long((final_mix(walk.h) & 0x3FFF_FFFF) as i64)
}

/// The state of a hash: the queue of values to visit, which never holds
/// more than `size`, the number of meaningful values still to mix, and
/// the hash so far.
struct Walk {
    queue: [Value; QUEUE_SIZE],
    read: usize,
    write: usize,
    size: usize,
    num: i64,
    h: u32,
}

impl Walk {
    fn enqueue(&mut self, v: Value) {
        if self.write < self.size {
            self.queue[self.write] = v;
            self.write += 1;
        }
    }

    /// Mix block `v`, and queue its fields if they are values.
    ///
    /// # Safety
    /// `v` must be a well-formed block.
    unsafe fn block(&mut self, mut v: Value) {
        let mut t = tag_of(v);
        if t == tag::INFIX {
            // Tell apart the functions of one recursive definition.
            let offset = wosize(v) * 8;
            self.h = mix(self.h, offset as u32);
            v -= offset;
            t = tag_of(v);
        }
        match t {
            tag::STRING => {
                self.h = mix_string(self.h, string_bytes(v));
                self.num -= 1;
            }
            tag::DOUBLE => {
                self.h = mix_double(self.h, double_field(v, 0));
                self.num -= 1;
            }
            tag::DOUBLE_ARRAY => {
                for i in 0..wosize(v) {
                    self.h = mix_double(self.h, double_field(v, i));
                    self.num -= 1;
                    if self.num <= 0 {
                        break;
                    }
                }
            }
            tag::ABSTRACT => {}
            tag::OBJECT => {
                self.h = mix_intnat(self.h, long_val(field(v, 1)));
                self.num -= 1;
            }
            tag::CUSTOM => {
                self.h = mix(self.h, custom_hash(custom_ops(v).kind, custom_int(v)));
                self.num -= 1;
            }
            _ => {
                // The header is mixed, but not counted.
                self.h = mix(self.h, (header(v) & !BLACK) as u32);
                let mut first = 0;
                if t == tag::CLOSURE {
                    // Code pointers and closure information are mixed as
                    // numbers (OCaml 4.14 does the same), never followed.
                    first = closure_env_start(v);
                    for i in 0..first {
                        self.h = mix_intnat(self.h, field(v, i) as i64);
                        self.num -= 1;
                    }
                }
                for i in first..wosize(v) {
                    self.enqueue(field(v, i));
                }
            }
        }
    }
}
