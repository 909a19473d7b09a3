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
    let mut queue = [0usize; QUEUE_SIZE];
    let sz = if limit < 0 || limit > QUEUE_SIZE as i64 {
        QUEUE_SIZE
    } else {
        limit as usize
    };
    let mut num = count;
    let mut h = seed as u32;
    queue[0] = v;
    let (mut rd, mut wr) = (0, 1);
    while rd < wr && num > 0 {
        let mut v = queue[rd];
        rd += 1;
        if is_long(v) {
            // The tagged word, as OCaml does.
            h = mix_intnat(h, v as i64);
            num -= 1;
            continue;
        }
        let mut t = tag_of(v);
        if t == tag::INFIX {
            // Tell apart the functions of one recursive definition.
            let offset = wosize(v) * 8;
            h = mix(h, offset as u32);
            v -= offset;
            t = tag_of(v);
        }
        match t {
            tag::STRING => {
                h = mix_string(h, string_bytes(v));
                num -= 1;
            }
            tag::DOUBLE => {
                h = mix_double(h, double_field(v, 0));
                num -= 1;
            }
            tag::DOUBLE_ARRAY => {
                for i in 0..wosize(v) {
                    h = mix_double(h, double_field(v, i));
                    num -= 1;
                    if num <= 0 {
                        break;
                    }
                }
            }
            tag::ABSTRACT => {}
            tag::OBJECT => {
                h = mix_intnat(h, long_val(field(v, 1)));
                num -= 1;
            }
            tag::CUSTOM => {
                h = mix(h, custom_hash(custom_ops(v).kind, custom_int(v)));
                num -= 1;
            }
            _ => {
                h = mix(h, (header(v) & !BLACK) as u32);
                let first = if t == tag::CLOSURE {
                    // Code pointers and closure information are mixed as
                    // numbers (OCaml 4.14 does the same), never followed.
                    let env = closure_env_start(v);
                    for i in 0..env {
                        h = mix_intnat(h, field(v, i) as i64);
                        num -= 1;
                    }
                    env
                } else {
                    0
                };
                for i in first..wosize(v) {
                    if wr >= sz {
                        break;
                    }
                    queue[wr] = field(v, i);
                    wr += 1;
                }
            }
        }
    }
    val_long((final_mix(h) & 0x3FFF_FFFF) as i64)
}
