//! Frame descriptors, and the walk over the stack of compiled code that
//! finds the roots in each frame.

use super::sys::Table;
use super::value::*;

/// The number of registers `flambeau_call_gc` saves, in the order of the
/// register numbers a descriptor uses: rax rbx rdi rsi rdx rcx r8 r9 r12
/// r13 r10 r11 rbp.
pub const SAVED_REGISTERS: usize = 13;

/// One frame descriptor, read in place from the table compiled code
/// emits. Its layout, all little-endian, 8-byte aligned:
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | return address |
/// | 8 | 2 | frame size in bytes |
/// | 10 | 2 | bytes allocated at this point (GC entry only), else 0 |
/// | 12 | 2 | number of live entries `n` |
/// | 14 | 2n | live entries |
///
/// then padding to a multiple of 8 bytes.
#[derive(Clone, Copy)]
pub struct Descriptor {
    at: usize,
}

impl Descriptor {
    fn u16_at(&self, offset: usize) -> u16 {
        // SAFETY: `at` points into a table validated by `FrameTable::new`.
        unsafe { ((self.at + offset) as *const u16).read_unaligned() }
    }

    pub fn return_address(&self) -> usize {
        // SAFETY: as in `u16_at`; descriptors are 8-byte aligned.
        unsafe { *(self.at as *const usize) }
    }

    pub fn frame_size(&self) -> usize {
        self.u16_at(8) as usize
    }

    pub fn alloc_bytes(&self) -> usize {
        self.u16_at(10) as usize
    }

    pub fn num_live(&self) -> usize {
        self.u16_at(12) as usize
    }

    /// Live entry `i`: an even number is a byte offset from the stack
    /// pointer at the call; an odd one, `2r + 1`, names saved register `r`.
    pub fn live(&self, i: usize) -> u16 {
        self.u16_at(14 + 2 * i)
    }

    fn byte_size(&self) -> usize {
        (14 + 2 * self.num_live() + 7) & !7
    }
}

/// What can be wrong with a frame table or a stack. Every one of these is a
/// bug in the compiler's back end (or in the runtime), never in the
/// program, and the runtime reports it as a fatal error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {
    /// A frame size must be a positive multiple of 16.
    BadFrameSize {
        return_address: usize,
        size: usize,
    },
    /// A stack offset must be a multiple of 8, a register number below 13,
    /// and an allocation size a multiple of 8.
    BadEntry {
        return_address: usize,
        entry: usize,
    },
    /// The walk met a return address that has no descriptor.
    NoDescriptor {
        return_address: usize,
    },
    /// A register root in a frame other than that of `flambeau_call_gc`.
    RegisterOutsideGc {
        return_address: usize,
    },
    /// The walk went past the bottom of the stack of compiled code.
    PastBottom {
        sp: usize,
    },
    OutOfMemory,
}

/// The descriptors of a program, hashed by return address with linear
/// probing, as OCaml's `caml_frame_descriptors` are.
pub struct FrameTable {
    slots: Table<usize>,
    mask: usize,
}

fn hash_return_address(ra: usize) -> usize {
    ra >> 3
}

impl FrameTable {
    pub const fn empty() -> FrameTable {
        FrameTable {
            slots: Table::new(),
            mask: 0,
        }
    }

    /// Read and check the table at `table`: a word holding the number of
    /// descriptors, then the descriptors one after the other.
    ///
    /// # Safety
    /// `table` must point to such a table.
    pub unsafe fn new(table: *const usize) -> Result<FrameTable, FrameError> {
        let count = *table;
        let mut size = 4;
        while size < 2 * count {
            size *= 2;
        }
        let mut slots = Table::new();
        if !slots.reserve(size) {
            return Err(FrameError::OutOfMemory);
        }
        for _ in 0..size {
            slots.push(0);
        }
        let mask = size - 1;
        let mut at = table as usize + 8;
        for _ in 0..count {
            let d = Descriptor { at };
            check_descriptor(d)?;
            let mut h = hash_return_address(d.return_address()) & mask;
            while slots.as_slice()[h] != 0 {
                h = (h + 1) & mask;
            }
            slots.as_mut_slice()[h] = at;
            at += d.byte_size();
        }
        Ok(FrameTable { slots, mask })
    }
}

impl FrameTable {
    pub fn find(&self, return_address: usize) -> Option<Descriptor> {
        let slots = self.slots.as_slice();
        if slots.is_empty() {
            return None;
        }
        let mut h = hash_return_address(return_address) & self.mask;
        loop {
            let at = slots[h];
            if at == 0 {
                return None;
            }
            let d = Descriptor { at };
            if d.return_address() == return_address {
                return Some(d);
            }
            h = (h + 1) & self.mask;
        }
    }
}

fn check_descriptor(d: Descriptor) -> Result<(), FrameError> {
    let return_address = d.return_address();
    let size = d.frame_size();
    if size == 0 || !size.is_multiple_of(16) {
        return Err(FrameError::BadFrameSize {
            return_address,
            size,
        });
    }
    if !d.alloc_bytes().is_multiple_of(8) {
        let entry = d.alloc_bytes();
        return Err(FrameError::BadEntry {
            return_address,
            entry,
        });
    }
    for i in 0..d.num_live() {
        let entry = d.live(i) as usize;
        let bad = if entry & 1 == 1 {
            entry >> 1 >= SAVED_REGISTERS
        } else {
            !entry.is_multiple_of(8)
        };
        if bad {
            return Err(FrameError::BadEntry {
                return_address,
                entry,
            });
        }
    }
    Ok(())
}

/// Visit every root on the stack of compiled code, from the innermost
/// frame, suspended at the call whose return address is `ra` with the
/// stack pointer `sp` (its value at the call instruction), out to
/// `bottom`, the stack pointer at the call of `flambeau_entry`. `regs` is
/// the register save area of `flambeau_call_gc` when the innermost call is
/// the GC entry, else null. A null `sp` means no compiled code is running.
///
/// # Safety
/// `sp` and `ra` must describe a suspended stack of compiled code whose
/// frames all have descriptors in `table`.
pub unsafe fn scan_stack(
    table: &FrameTable,
    mut sp: usize,
    mut ra: usize,
    mut regs: *mut Value,
    bottom: usize,
    visit: &mut dyn FnMut(*mut Value),
) -> Result<(), FrameError> {
    if sp == 0 {
        return Ok(());
    }
    loop {
        let d = table
            .find(ra)
            .ok_or(FrameError::NoDescriptor { return_address: ra })?;
        for i in 0..d.num_live() {
            let entry = d.live(i) as usize;
            if entry & 1 == 1 {
                if regs.is_null() {
                    return Err(FrameError::RegisterOutsideGc { return_address: ra });
                }
                visit(regs.add(entry >> 1));
            } else {
                visit((sp + entry) as *mut Value);
            }
        }
        // Registers hold roots only in the innermost frame: every other
        // frame is suspended at a call, which destroys all registers.
        regs = core::ptr::null_mut();
        sp += d.frame_size();
        if sp == bottom {
            return Ok(());
        }
        if sp > bottom {
            return Err(FrameError::PastBottom { sp });
        }
        ra = *((sp - 8) as *const usize);
    }
}

/// Visit the fields of each static block listed in `globals`, a
/// null-terminated array of block pointers (`flambeau_globals`).
///
/// # Safety
/// `globals` must be null or such an array of well-formed blocks.
pub unsafe fn scan_globals(globals: *const Value, visit: &mut dyn FnMut(*mut Value)) {
    if globals.is_null() {
        return;
    }
    let mut p = globals;
    while *p != 0 {
        scan_fields(*p, visit);
        p = p.add(1);
    }
}

/// Visit the fields of block `v` that the collector scans: none for the
/// tags from `NO_SCAN` up, the environment for a closure, else all.
///
/// # Safety
/// `v` must be a well-formed block.
pub unsafe fn scan_fields(v: Value, visit: &mut dyn FnMut(*mut Value)) {
    let t = tag_of(v);
    if t >= tag::NO_SCAN {
        return;
    }
    let first = if t == tag::CLOSURE {
        closure_env_start(v)
    } else {
        0
    };
    for i in first..wosize(v) {
        visit(field_ptr(v, i));
    }
}
