//! The Cmm interpreter's memory: one byte-addressed space that holds the
//! static data, then the heap, which grows upwards and is never collected.
//! Functions have addresses too, below the data, so that closures can hold
//! code pointers, but no bytes: loading from them is an error.

use super::helpers::{block_header, STRING_TAG, WORD_SIZE};
use super::interp::{InterpError, Value};
use super::Chunk;

/// The address of the first byte of data. Far from zero, so that small
/// integers are never mistaken for valid addresses.
pub const DATA_BASE: i64 = 0x10_0000;
/// The address of the first function; the next ones follow every
/// `CODE_STRIDE` bytes.
pub const CODE_BASE: i64 = 0x1000;
pub const CODE_STRIDE: i64 = 16;

pub struct Memory {
    bytes: Vec<u8>,
    limit: usize,
}

fn fault(message: String) -> InterpError {
    InterpError { message }
}

impl Memory {
    /// An empty memory that may grow to `limit` bytes.
    pub fn new(limit: usize) -> Memory {
        Memory {
            bytes: Vec::new(),
            limit,
        }
    }

    /// The address one past the last byte in use.
    pub fn end(&self) -> i64 {
        DATA_BASE + self.bytes.len() as i64
    }

    fn offset(&self, addr: i64, len: usize) -> Result<usize, InterpError> {
        let off = addr
            .checked_sub(DATA_BASE)
            .and_then(|o| usize::try_from(o).ok());
        match off {
            Some(o) if o.checked_add(len).is_some_and(|e| e <= self.bytes.len()) => Ok(o),
            _ => Err(fault(format!(
                "access to {len} bytes at {addr:#x}, outside memory"
            ))),
        }
    }

    pub fn read(&self, addr: i64, len: usize) -> Result<&[u8], InterpError> {
        let o = self.offset(addr, len)?;
        Ok(&self.bytes[o..o + len])
    }

    pub fn write(&mut self, addr: i64, data: &[u8]) -> Result<(), InterpError> {
        let o = self.offset(addr, data.len())?;
        self.bytes[o..o + data.len()].copy_from_slice(data);
        Ok(())
    }

    pub fn load_word(&self, addr: i64) -> Result<i64, InterpError> {
        let b = self.read(addr, 8)?;
        let mut w = [0u8; 8];
        w.copy_from_slice(b);
        Ok(i64::from_le_bytes(w))
    }

    pub fn store_word(&mut self, addr: i64, w: i64) -> Result<(), InterpError> {
        self.write(addr, &w.to_le_bytes())
    }

    /// A load of `chunk` at `addr`; narrow integers are extended as the
    /// chunk says.
    pub fn load(&self, chunk: Chunk, addr: i64) -> Result<Value, InterpError> {
        let b = self.read(addr, chunk.size())?;
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        let raw = u64::from_le_bytes(w);
        Ok(match chunk {
            Chunk::ByteUnsigned | Chunk::SixteenUnsigned | Chunk::ThirtytwoUnsigned => {
                Value::Word(raw as i64)
            }
            Chunk::ByteSigned => Value::Word(raw as u8 as i8 as i64),
            Chunk::SixteenSigned => Value::Word(raw as u16 as i16 as i64),
            Chunk::ThirtytwoSigned => Value::Word(raw as u32 as i32 as i64),
            Chunk::WordInt | Chunk::WordVal => Value::Word(raw as i64),
            Chunk::Double => Value::Float(f64::from_bits(raw)),
        })
    }

    /// A store of `chunk` at `addr`: the low bytes of a word, or a double.
    pub fn store(&mut self, chunk: Chunk, addr: i64, v: Value) -> Result<(), InterpError> {
        let bits = match (chunk, v) {
            (Chunk::Double, Value::Float(x)) => x.to_bits(),
            (Chunk::Double, _) => return Err(fault("store float64 of a non-float".to_string())),
            (_, Value::Word(w)) => w as u64,
            (_, _) => return Err(fault(format!("store {chunk} of a non-word"))),
        };
        self.write(addr, &bits.to_le_bytes()[..chunk.size()])
    }

    /// Reserves `n` zeroed bytes, word-aligned; gives their address.
    pub fn reserve(&mut self, n: usize) -> Result<i64, InterpError> {
        let start = self.bytes.len().next_multiple_of(WORD_SIZE as usize);
        let end = start.checked_add(n).filter(|&e| e <= self.limit);
        let Some(end) = end else {
            return Err(fault(format!(
                "out of memory: the heap limit is {} bytes",
                self.limit
            )));
        };
        self.bytes.resize(end, 0);
        Ok(DATA_BASE + start as i64)
    }

    /// Allocates a block of `wosize` words after `header`; gives the
    /// address of its first field.
    pub fn alloc_block(&mut self, header: i64, wosize: usize) -> Result<i64, InterpError> {
        let at = self.reserve((wosize + 1) * WORD_SIZE as usize)?;
        self.store_word(at, header)?;
        Ok(at + WORD_SIZE)
    }

    pub fn header(&self, block: i64) -> Result<i64, InterpError> {
        self.load_word(block - WORD_SIZE)
    }

    pub fn tag(&self, block: i64) -> Result<u8, InterpError> {
        Ok((self.header(block)? & 0xff) as u8)
    }

    pub fn wosize(&self, block: i64) -> Result<usize, InterpError> {
        Ok((self.header(block)? as u64 >> 10) as usize)
    }

    /// Is `v` a pointer into data (rather than an immediate or a code
    /// address)?
    pub fn is_block(&self, v: i64) -> bool {
        v & 1 == 0 && v >= DATA_BASE + WORD_SIZE && v < self.end()
    }

    /// An OCaml string: `wosize` words, the last byte of which says how many
    /// padding bytes precede it, so that the length is `8 wosize - 1 - pad`.
    pub fn alloc_string(&mut self, s: &[u8]) -> Result<i64, InterpError> {
        let wosize = s.len() / 8 + 1;
        let at = self.alloc_block(block_header(STRING_TAG, wosize), wosize)?;
        self.write(at, s)?;
        let pad = (wosize * 8 - 1 - s.len()) as u8;
        self.write(at + (wosize * 8 - 1) as i64, &[pad])?;
        Ok(at)
    }

    pub fn string_bytes(&self, s: i64) -> Result<Vec<u8>, InterpError> {
        let bytes = self.wosize(s)? * 8;
        let last = self.read(s + bytes as i64 - 1, 1)?;
        let len = bytes
            .checked_sub(1 + last[0] as usize)
            .ok_or_else(|| fault(format!("bad string at {s:#x}")))?;
        Ok(self.read(s, len)?.to_vec())
    }
}
