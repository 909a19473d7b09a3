//! The runtime's state, and the services its primitives share: allocation
//! with collection, and raising exceptions into compiled code.

use super::abi::*;
use super::compare::Pending;
use super::frames::{scan_globals, scan_stack, FrameError, FrameTable};
use super::gc::{GcError, Heap, Roots, DEFAULT_SEMISPACE_BYTES};
use super::io::Channel;
use super::sys::{self, write_all, Global, Table};
use super::value::*;
use core::ptr::addr_of;

pub struct Runtime {
    pub heap: Option<Heap>,
    pub frames: FrameTable,
    pub compare_stack: Table<Pending>,
    /// Print uncaught exceptions as `Printexc` does (see `flambeau_use_printexc`).
    pub printexc: bool,
    pub print_stats: bool,
    /// The next id of an exception created at run time.
    pub next_exception_id: i64,
}

static RUNTIME: Global<Runtime> = Global::new(Runtime {
    heap: None,
    frames: FrameTable::empty(),
    compare_stack: Table::new(),
    printexc: false,
    print_stats: false,
    next_exception_id: 1 << 32,
});

pub static STDOUT: Global<Channel> = Global::new(Channel::new(1));
pub static STDERR: Global<Channel> = Global::new(Channel::new(2));

pub fn runtime() -> &'static mut Runtime {
    RUNTIME.get()
}

/// Stop on a bug of the compiler or the runtime (never of the program):
/// say what went wrong, and exit with status 2.
pub fn fatal(parts: &[&[u8]]) -> ! {
    STDOUT.get().flush();
    STDERR.get().flush();
    write_all(2, b"Fatal error: flambeau runtime: ");
    for part in parts {
        write_all(2, part);
    }
    write_all(2, b"\n");
    // SAFETY: ends the process.
    unsafe { sys::exit(2) }
}

fn env_flag(name: &core::ffi::CStr) -> bool {
    matches!(sys::env_var(name), Some(v) if !v.is_empty() && v != b"0")
}

/// Set up the heap and read the frame table, before the program starts.
pub fn init() {
    let rt = runtime();
    rt.print_stats = env_flag(c"FLAMBEAU_STATS");
    let stress = env_flag(c"FLAMBEAU_GC_STRESS");
    let verify = env_flag(c"FLAMBEAU_GC_VERIFY");
    let Some(heap) = Heap::new(DEFAULT_SEMISPACE_BYTES, stress, verify) else {
        fatal(&[b"cannot allocate the heap"]);
    };
    // SAFETY: single-threaded; compiled code has not started.
    unsafe {
        flambeau_young_ptr = heap.young_ptr;
        flambeau_young_limit = heap.young_limit;
    }
    rt.heap = Some(heap);
    // SAFETY: the compiler emits `flambeau_frametable` in this format.
    match unsafe { FrameTable::new(addr_of!(flambeau_frametable)) } {
        Ok(frames) => rt.frames = frames,
        Err(e) => frame_error(e),
    }
}

fn frame_error(e: FrameError) -> ! {
    use super::format::format_hex as hex;
    match e {
        FrameError::BadFrameSize {
            return_address,
            size,
        } => fatal(&[
            b"frame descriptor for ",
            hex(return_address).as_bytes(),
            b": frame size ",
            hex(size).as_bytes(),
            b" is not a positive multiple of 16",
        ]),
        FrameError::BadEntry {
            return_address,
            entry,
        } => fatal(&[
            b"frame descriptor for ",
            hex(return_address).as_bytes(),
            b": bad entry ",
            hex(entry).as_bytes(),
        ]),
        FrameError::NoDescriptor { return_address } => fatal(&[
            b"no frame descriptor for return address ",
            hex(return_address).as_bytes(),
        ]),
        FrameError::RegisterOutsideGc { return_address } => fatal(&[
            b"register root outside a GC call, at ",
            hex(return_address).as_bytes(),
        ]),
        FrameError::PastBottom { sp } => fatal(&[
            b"stack walk went past the bottom of the stack, at sp ",
            hex(sp).as_bytes(),
        ]),
        FrameError::OutOfMemory => fatal(&[b"out of memory reading the frame table"]),
    }
}

/// The roots of a collection: the stack of compiled code (with the
/// registers `flambeau_call_gc` saved, if it is the caller), the static
/// blocks of `flambeau_globals`, and the locals of the runtime function
/// that is allocating.
struct ProgramRoots<'a> {
    frames: &'a FrameTable,
    regs: *mut Value,
    locals: &'a mut [*mut Value],
}

impl Roots for ProgramRoots<'_> {
    fn each_root(&mut self, visit: &mut dyn FnMut(*mut Value)) {
        // SAFETY: the stubs recorded the stack of compiled code as it was
        // at its last call into the runtime, and the compiler emitted the
        // descriptors and globals.
        unsafe {
            if let Err(e) = scan_stack(
                self.frames,
                flambeau_last_sp,
                flambeau_last_return_address,
                self.regs,
                flambeau_stack_bottom,
                visit,
            ) {
                frame_error(e);
            }
            scan_globals(addr_of!(flambeau_globals), visit);
        }
        self.locals.each_root(visit);
    }
}

fn heap_of(heap: &mut Option<Heap>) -> &mut Heap {
    match heap.as_mut() {
        Some(heap) => heap,
        None => fatal(&[b"allocation before the heap exists"]),
    }
}

/// Publish the heap's allocation pointer and limit to compiled code.
fn publish(heap: &Heap) {
    // SAFETY: single-threaded; compiled code is suspended.
    unsafe {
        flambeau_young_ptr = heap.young_ptr;
        flambeau_young_limit = heap.young_limit;
    }
}

/// Collect, so that `request` bytes can be allocated next. Raises
/// `Out_of_memory` if the heap cannot grow enough.
fn collect(rt: &mut Runtime, request: usize, regs: *mut Value, locals: &mut [*mut Value]) {
    let heap = heap_of(&mut rt.heap);
    let mut roots = ProgramRoots {
        frames: &rt.frames,
        regs,
        locals,
    };
    // SAFETY: the roots are those of the suspended program, and the
    // program initialises every block before its next GC point.
    match unsafe { heap.collect(request, &mut roots) } {
        Ok(()) => {}
        Err(GcError::OutOfMemory) => {
            publish(heap);
            raise(addr(unsafe { &flambeau_exn_Out_of_memory }))
        }
        Err(GcError::Corrupt { at }) => fatal(&[
            b"heap check failed at ",
            super::format::format_hex(at).as_bytes(),
        ]),
    }
}

/// Allocate a block of `wosize` fields (at least one) with tag `tag`. Its
/// fields are not initialised: the caller must fill them before it
/// allocates again. `locals` are the caller's variables that hold values
/// across this allocation: a collection updates them.
pub fn alloc(wosize: usize, tag: u8, locals: &mut [*mut Value]) -> Value {
    debug_assert!(wosize >= 1);
    let bytes = (wosize + 1) * 8;
    let rt = runtime();
    let heap = heap_of(&mut rt.heap);
    // SAFETY: the stubs stored `r15` on the way in.
    heap.young_ptr = unsafe { flambeau_young_ptr };
    if heap.try_alloc(bytes).is_none() {
        collect(rt, bytes, core::ptr::null_mut(), locals);
        heap_of(&mut rt.heap).alloc_after_collect(bytes);
    }
    let heap = heap_of(&mut rt.heap);
    publish(heap);
    let p = heap.young_ptr;
    // SAFETY: `p` is the header of `wosize + 1` fresh words.
    unsafe { *(p as *mut usize) = make_header(wosize, tag) };
    p + 8
}

/// The GC entry, called by `flambeau_call_gc` with its register save area:
/// undo the allocation that failed its check, collect, and redo it, so
/// that compiled code finds the block at `r15 + 8` on return.
#[no_mangle]
pub extern "C" fn flambeau_garbage_collection(regs: *mut Value) {
    let rt = runtime();
    // SAFETY: the stub recorded the return address of its caller.
    let return_address = unsafe { flambeau_last_return_address };
    let Some(d) = rt.frames.find(return_address) else {
        frame_error(FrameError::NoDescriptor { return_address });
    };
    let request = d.alloc_bytes();
    // SAFETY: as in `alloc`.
    heap_of(&mut rt.heap).young_ptr = unsafe { flambeau_young_ptr } + request;
    collect(rt, request, regs, &mut []);
    let heap = heap_of(&mut rt.heap);
    heap.alloc_after_collect(request);
    publish(heap);
}

/// Raise `exn` into compiled code: cut the stack back to the trap frame
/// recorded by the stub that entered the runtime, and jump to its handler.
/// Only primitives entered through `flambeau_c_call` (or the GC entry) may
/// raise: the others do not record the trap pointer.
pub fn raise(exn: Value) -> ! {
    // SAFETY: the trap pointer is that of the last entry from compiled
    // code, whose frames are intact; the runtime keeps no state across a
    // raise (its roots are Rust locals, which simply disappear).
    unsafe {
        if flambeau_exception_pointer == 0 {
            super::start::uncaught_exception(exn)
        }
        flambeau_raise_exception(exn)
    }
}

/// A fresh string holding `bytes`, which must not be in the heap (a
/// collection could move them).
pub fn alloc_string(bytes: &[u8]) -> Value {
    let s = alloc(string_wosize(bytes.len()), tag::STRING, &mut []);
    // SAFETY: `s` has room for the bytes and the padding.
    unsafe {
        init_string_padding(s, bytes.len());
        core::ptr::copy_nonoverlapping(bytes.as_ptr(), s as *mut u8, bytes.len());
    }
    s
}

/// Raise `identity(text)`: `Failure`, `Invalid_argument`...
pub fn raise_with_string(identity: Value, text: &[u8]) -> ! {
    let mut s = alloc_string(text);
    let exn = alloc(2, 0, &mut [&mut s]);
    // SAFETY: `exn` is a fresh block of two fields.
    unsafe {
        set_field(exn, 0, identity);
        set_field(exn, 1, s);
    }
    raise(exn)
}

pub fn failwith(text: &[u8]) -> ! {
    raise_with_string(addr(unsafe { &flambeau_exn_Failure }), text)
}

pub fn invalid_argument(text: &[u8]) -> ! {
    raise_with_string(addr(unsafe { &flambeau_exn_Invalid_argument }), text)
}
