//! The heap and its collector: two semispaces, allocation downwards from
//! the top of the current one, and Cheney's copying collection into the
//! other, which grows the heap when too much survives.

use super::sys::Mapping;
use super::value::*;

/// What a collection needs from its caller: every location that holds a
/// value the program can still reach, visited one at a time. A collection
/// that grows the heap copies twice, so `each_root` may be called twice.
pub trait Roots {
    fn each_root(&mut self, visit: &mut dyn FnMut(*mut Value));
}

/// A plain list of root locations: the roots of the runtime's own
/// allocations, and of the tests.
impl Roots for &mut [*mut Value] {
    fn each_root(&mut self, visit: &mut dyn FnMut(*mut Value)) {
        for &root in self.iter() {
            visit(root);
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub allocated_words: u64,
    pub collections: u64,
    pub copied_words: u64,
    /// The size of both semispaces together.
    pub heap_bytes: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GcError {
    /// The memory could not be grown to satisfy a request.
    OutOfMemory,
    /// Verification found a malformed block at this address (a header).
    Corrupt { at: usize },
}

pub const DEFAULT_SEMISPACE_BYTES: usize = 4 << 20;

pub struct Heap {
    /// The allocation pointer: the header of the most recent block.
    /// Compiled code keeps it in `r15`; it moves downwards.
    pub young_ptr: usize,
    /// The limit the allocation check compares with: `floor`, or the top
    /// of the space in stress mode so that every check fails.
    pub young_limit: usize,
    /// The end of the data the last collection copied; allocation never
    /// goes below it.
    floor: usize,
    space: Mapping,
    spare: Mapping,
    /// `young_ptr` just after the last collection, to count allocation.
    mark: usize,
    stress: bool,
    verify: bool,
    pub stats: Stats,
}

impl Heap {
    /// A heap of two semispaces of `semispace_bytes` each. `stress` makes
    /// every allocation collect; `verify` checks the heap after each
    /// collection.
    pub fn new(semispace_bytes: usize, stress: bool, verify: bool) -> Option<Heap> {
        let space = Mapping::new(semispace_bytes)?;
        let spare = Mapping::new(space.len())?;
        let mut heap = Heap {
            young_ptr: space.end(),
            young_limit: 0,
            floor: space.start(),
            mark: space.end(),
            stats: Stats {
                heap_bytes: 2 * space.len(),
                ..Stats::default()
            },
            space,
            spare,
            stress,
            verify,
        };
        heap.reset_limit();
        Some(heap)
    }

    fn reset_limit(&mut self) {
        self.young_limit = if self.stress {
            self.space.end()
        } else {
            self.floor
        };
    }
}

impl Heap {
    /// Whether `v` points into the current semispace.
    #[cfg(test)]
    pub fn contains(&self, v: Value) -> bool {
        !is_long(v) && v > self.space.start() && v < self.space.end()
    }

    /// Allocate `bytes` (header included) as the inline check does: the
    /// address of the new header, or None if a collection is due.
    pub fn try_alloc(&mut self, bytes: usize) -> Option<usize> {
        let p = self.young_ptr.checked_sub(bytes)?;
        if p < self.young_limit {
            return None;
        }
        self.young_ptr = p;
        Some(p)
    }

    /// Allocate `bytes` just after a collection made room for them.
    pub fn alloc_after_collect(&mut self, bytes: usize) -> usize {
        debug_assert!(self.young_ptr - bytes >= self.floor);
        self.young_ptr -= bytes;
        self.young_ptr
    }

    /// Add the allocation since the last collection to the statistics.
    pub fn account(&mut self) {
        self.stats.allocated_words += (self.mark.saturating_sub(self.young_ptr) / 8) as u64;
        self.mark = self.young_ptr;
    }
}

/// One Cheney copy: `from` is the space being evacuated, `free` the next
/// free word of the to-space.
struct Copier {
    from_start: usize,
    from_end: usize,
    free: usize,
}

/// A forwarded block's header is 0: no real header is 0, because the
/// heap never holds blocks of size 0. Its first field then holds the
/// address of the copy.
const FORWARDED: usize = 0;

impl Copier {
    /// The new location of the value `v`: `v` itself if it is an integer
    /// or points outside the from-space (static data), else the address of
    /// the block's copy, made now if it was not made before.
    ///
    /// # Safety
    /// `v` must be a value whose blocks in the from-space are well formed,
    /// and the to-space must have room for them.
    unsafe fn forward(&mut self, v: Value) -> Value {
        if is_long(v) || v <= self.from_start || v >= self.from_end {
            return v;
        }
        let hd = header(v);
        if tag_hd(hd) == tag::INFIX {
            // A pointer to a function slot inside a set of closures: move
            // the whole block, and point at the same slot in the copy.
            let offset = wosize_hd(hd) * 8;
            return self.forward(v - offset) + offset;
        }
        if hd == FORWARDED {
            return field(v, 0);
        }
        let words = wosize_hd(hd) + 1;
        core::ptr::copy_nonoverlapping((v - 8) as *const usize, self.free as *mut usize, words);
        let copy = self.free + 8;
        self.free += words * 8;
        *((v - 8) as *mut usize) = FORWARDED;
        set_field(v, 0, copy);
        copy
    }
}

impl Copier {
    /// Forward every field of the blocks between `scan` and `free`, until
    /// the two meet: then everything reachable has been copied.
    ///
    /// # Safety
    /// As for `forward`.
    unsafe fn scan_from(&mut self, mut scan: usize) {
        while scan < self.free {
            let hd = *(scan as *const usize);
            let v = scan + 8;
            let size = wosize_hd(hd);
            let t = tag_hd(hd);
            if t < tag::NO_SCAN {
                let first = if t == tag::CLOSURE {
                    closure_env_start(v)
                } else {
                    0
                };
                for i in first..size {
                    let p = field_ptr(v, i);
                    *p = self.forward(*p);
                }
            }
            scan += (size + 1) * 8;
        }
    }
}

impl Heap {
    /// Collect, then make sure `request` bytes can be allocated: copy the
    /// live data into the spare semispace; if it then fills more than half
    /// of it, copy again into a pair of semispaces large enough to keep
    /// it at most half full.
    ///
    /// # Safety
    /// Every root must hold a well-formed value, and every block reachable
    /// from the roots must be well formed (fields initialised).
    pub unsafe fn collect(&mut self, request: usize, roots: &mut dyn Roots) -> Result<(), GcError> {
        self.account();
        self.stats.collections += 1;
        let live = self.copy_into_spare(roots);
        let size = self.space.len();
        if live + request > size / 2 {
            let mut new_size = 2 * size;
            while live + request > new_size / 2 {
                new_size = new_size.checked_mul(2).ok_or(GcError::OutOfMemory)?;
            }
            match (Mapping::new(new_size), Mapping::new(new_size)) {
                (Some(bigger), Some(spare)) => {
                    self.spare = bigger;
                    self.copy_into_spare(roots);
                    self.spare = spare;
                    self.stats.heap_bytes = 2 * new_size;
                }
                _ if live + request <= size => {}
                _ => return Err(GcError::OutOfMemory),
            }
        }
        if self.verify {
            self.check_heap()?;
        }
        Ok(())
    }
}

impl Heap {
    /// One copy from the current space into the spare one, which then
    /// becomes current. Returns the number of bytes copied.
    unsafe fn copy_into_spare(&mut self, roots: &mut dyn Roots) -> usize {
        let to_start = self.spare.start();
        let mut copier = Copier {
            from_start: self.space.start(),
            from_end: self.space.end(),
            free: to_start,
        };
        roots.each_root(&mut |root| *root = copier.forward(*root));
        copier.scan_from(to_start);
        core::mem::swap(&mut self.space, &mut self.spare);
        let live = copier.free - to_start;
        self.stats.copied_words += (live / 8) as u64;
        self.floor = copier.free;
        self.young_ptr = self.space.end();
        self.mark = self.young_ptr;
        self.reset_limit();
        live
    }
}

impl Heap {
    /// Check the invariants a collection establishes: the copied blocks
    /// tile the space up to `floor`, and every field the collector scans
    /// is an integer, a pointer outside the heap, or a pointer into a
    /// copied block, never into the evacuated space. This is what
    /// `FLAMBEAU_GC_VERIFY=1` runs: a wrong frame descriptor or a missing
    /// global root shows up here, at the collection that reveals it.
    ///
    /// # Safety
    /// Must be called right after a collection.
    pub unsafe fn check_heap(&self) -> Result<(), GcError> {
        let (start, end) = (self.space.start(), self.space.end());
        let (old_start, old_end) = (self.spare.start(), self.spare.end());
        let mut p = start;
        while p < self.floor {
            let hd = *(p as *const usize);
            let v = p + 8;
            let size = wosize_hd(hd);
            let corrupt = Err(GcError::Corrupt { at: p });
            if size == 0 || size > (self.floor - v) / 8 || tag_hd(hd) == tag::INFIX {
                return corrupt;
            }
            if tag_hd(hd) < tag::NO_SCAN {
                let first = if tag_hd(hd) == tag::CLOSURE {
                    closure_env_start(v)
                } else {
                    0
                };
                for i in first..size {
                    let f = field(v, i);
                    let into_old = !is_long(f) && f > old_start && f < old_end;
                    let into_free = !is_long(f) && f >= self.floor && f < end;
                    if into_old || into_free || (!is_long(f) && f > start && f < start + 8) {
                        return corrupt;
                    }
                }
            }
            p += (size + 1) * 8;
        }
        Ok(())
    }
}
