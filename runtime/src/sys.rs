//! The little the runtime needs from the operating system, declared by hand
//! so that the crate depends on nothing but `core` and the C library.

use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int, c_void};

extern "C" {
    pub fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
    pub fn mmap(
        addr: *mut c_void,
        len: usize,
        prot: c_int,
        flags: c_int,
        fd: c_int,
        offset: i64,
    ) -> *mut c_void;
    pub fn munmap(addr: *mut c_void, len: usize) -> c_int;
    pub fn snprintf(buf: *mut c_char, size: usize, format: *const c_char, ...) -> c_int;
    pub fn strtod(text: *const c_char, end: *mut *mut c_char) -> f64;
    pub fn getenv(name: *const c_char) -> *const c_char;
    pub fn exit(status: c_int) -> !;
    pub fn _exit(status: c_int) -> !;
    fn __errno_location() -> *mut c_int;
}

const PROT_READ: c_int = 1;
const PROT_WRITE: c_int = 2;
const MAP_PRIVATE: c_int = 2;
const MAP_ANONYMOUS: c_int = 0x20;
const EINTR: c_int = 4;

/// A page-aligned region of fresh, zeroed memory from `mmap`, returned to
/// the system when dropped. The heap's semispaces and the runtime's few
/// growable tables live in these.
pub struct Mapping {
    start: usize,
    len: usize,
}

impl Mapping {
    pub fn new(len: usize) -> Option<Mapping> {
        let len = len.checked_add(4095)? & !4095;
        // SAFETY: an anonymous private mapping aliases nothing.
        let p = unsafe {
            mmap(
                core::ptr::null_mut(),
                len,
                PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p as isize == -1 || p.is_null() {
            None
        } else {
            Some(Mapping {
                start: p as usize,
                len,
            })
        }
    }

    pub fn start(&self) -> usize {
        self.start
    }

    pub fn end(&self) -> usize {
        self.start + self.len
    }

    pub fn len(&self) -> usize {
        self.len
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the region was mapped by `new` and nothing refers to it
        // any more.
        unsafe {
            munmap(self.start as *mut c_void, self.len);
        }
    }
}

/// A growable array of plain values in mapped memory: the explicit stack
/// of `compare`, the frame descriptor hash table, a scratch buffer.
pub struct Table<T: Copy> {
    map: Option<Mapping>,
    len: usize,
    _marker: core::marker::PhantomData<T>,
}

impl<T: Copy> Table<T> {
    pub const fn new() -> Table<T> {
        Table {
            map: None,
            len: 0,
            _marker: core::marker::PhantomData,
        }
    }

    fn capacity(&self) -> usize {
        self.map
            .as_ref()
            .map_or(0, |m| m.len() / core::mem::size_of::<T>())
    }

    fn base(&self) -> *mut T {
        self.map
            .as_ref()
            .map_or(core::ptr::null_mut(), |m| m.start() as *mut T)
    }

    /// Room for at least `n` elements, or false if memory is exhausted.
    pub fn reserve(&mut self, n: usize) -> bool {
        if n <= self.capacity() {
            return true;
        }
        let want = n.max(2 * self.capacity()).max(64);
        let Some(bytes) = want.checked_mul(core::mem::size_of::<T>()) else {
            return false;
        };
        let Some(map) = Mapping::new(bytes) else {
            return false;
        };
        // SAFETY: both regions are valid for `len` elements and distinct.
        unsafe {
            core::ptr::copy_nonoverlapping(self.base(), map.start() as *mut T, self.len);
        }
        self.map = Some(map);
        true
    }

    pub fn push(&mut self, x: T) -> bool {
        if !self.reserve(self.len + 1) {
            return false;
        }
        // SAFETY: `reserve` made room for index `len`.
        unsafe { self.base().add(self.len).write(x) };
        self.len += 1;
        true
    }

    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        // SAFETY: index `len` was written by `push`.
        Some(unsafe { self.base().add(self.len).read() })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn as_slice(&self) -> &[T] {
        if self.len == 0 {
            return &[];
        }
        // SAFETY: the first `len` elements were written by `push`.
        unsafe { core::slice::from_raw_parts(self.base(), self.len) }
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: as in `as_slice`, and `self` is borrowed mutably.
        unsafe { core::slice::from_raw_parts_mut(self.base(), self.len) }
    }

    pub fn last_mut(&mut self) -> Option<&mut T> {
        self.as_mut_slice().last_mut()
    }
}

impl<T: Copy> Default for Table<T> {
    fn default() -> Self {
        Table::new()
    }
}

/// A global of the runtime. The runtime runs on one thread, and the only
/// code that can interrupt it, the stack-overflow signal handler, reads
/// none of these, so a plain cell is enough; `Sync` is asserted, not proved.
pub struct Global<T>(UnsafeCell<T>);

// SAFETY: see the type's comment: one thread, no reentrant access.
unsafe impl<T> Sync for Global<T> {}

impl<T> Global<T> {
    pub const fn new(value: T) -> Global<T> {
        Global(UnsafeCell::new(value))
    }

    /// The global itself. Callers must not hold two of these borrows at
    /// once, which the runtime ensures by taking them only at the top of
    /// an entry point.
    #[allow(clippy::mut_from_ref)]
    pub fn get(&self) -> &mut T {
        // SAFETY: single-threaded, non-reentrant use (see above).
        unsafe { &mut *self.0.get() }
    }
}

/// Write all of `bytes` to a file descriptor, retrying after signals and
/// partial writes. Errors are ignored: OCaml would raise `Sys_error`, which
/// no program in our language can observe usefully.
pub fn write_all(fd: c_int, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: the pointer and length come from a live slice.
        let n = unsafe { write(fd, bytes.as_ptr() as *const c_void, bytes.len()) };
        // SAFETY: glibc's errno location is valid for the calling thread.
        if n < 0 && unsafe { *__errno_location() } == EINTR {
            continue;
        }
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// The value of an environment variable, if set.
pub fn env_var(name: &core::ffi::CStr) -> Option<&'static [u8]> {
    // SAFETY: `getenv` returns a NUL-terminated string that lives as long
    // as the environment is not modified, which the runtime never does.
    unsafe {
        let p = getenv(name.as_ptr());
        if p.is_null() {
            None
        } else {
            Some(core::ffi::CStr::from_ptr(p).to_bytes())
        }
    }
}
