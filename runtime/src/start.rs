//! Program start and exit, the report of an uncaught exception, and stack
//! overflow.

use super::abi::*;
use super::format::{format_exception, format_int, printexc_to_string, FixedBuf, Sink};
use super::runtime::{init, runtime, STDERR, STDOUT};
use super::sys::{self, write_all};
use super::value::*;
use core::ffi::{c_char, c_int, c_void};
use core::sync::atomic::{AtomicUsize, Ordering};

/// The C entry point: set up, run the program, and report.
#[no_mangle]
pub extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    let marker = 0u8;
    STACK_TOP.store(&marker as *const u8 as usize, Ordering::Relaxed);
    init();
    install_stack_overflow_handler();
    // SAFETY: the runtime is initialised; the stub runs the program.
    let exn = unsafe { flambeau_start_program() };
    if exn != 0 {
        uncaught_exception(exn);
    }
    exit_program(0)
}

// `flambeau_start_program`, called by `main` (System V): save the
// callee-saved registers, install the outermost trap, load `r15` and
// `r14`, record the bottom of the stack of compiled code, and call the
// program. Returns 0, or the exception that reached the outermost trap.
core::arch::global_asm!(
    ".pushsection flambeau_stubs, \"ax\", @progbits",
    ".globl flambeau_start_program",
    ".type flambeau_start_program, @function",
    "flambeau_start_program:",
    "    push rbx",
    "    push rbp",
    "    push r12",
    "    push r13",
    "    push r14",
    "    push r15",
    "    sub rsp, 8",
    "    lea rax, [rip + .Lstart_handler]",
    "    push rax",
    "    push 0",
    "    mov r14, rsp",
    "    mov r15, qword ptr [rip + flambeau_young_ptr]",
    "    mov qword ptr [rip + flambeau_stack_bottom], rsp",
    "    call flambeau_entry",
    "    pop r14",
    "    add rsp, 8",
    "    xor eax, eax",
    ".Lstart_return:",
    "    mov qword ptr [rip + flambeau_young_ptr], r15",
    "    mov qword ptr [rip + flambeau_last_sp], 0",
    "    add rsp, 8",
    "    pop r15",
    "    pop r14",
    "    pop r13",
    "    pop r12",
    "    pop rbp",
    "    pop rbx",
    "    ret",
    ".Lstart_handler:", // the outermost handler: the exception is in rax
    "    jmp .Lstart_return",
    ".size flambeau_start_program, . - flambeau_start_program",
    ".popsection",
);

/// What OCaml's `at_exit` does for our programs: flush stdout, then
/// stderr; then the statistics line, if asked for.
fn at_exit() {
    STDOUT.get().flush();
    STDERR.get().flush();
    let rt = runtime();
    if rt.print_stats {
        if let Some(heap) = rt.heap.as_mut() {
            // SAFETY: compiled code has stopped, and the last stub it went
            // through stored r15.
            heap.young_ptr = unsafe { flambeau_young_ptr };
            heap.account();
            let s = heap.stats;
            let mut line: FixedBuf<200> = FixedBuf::new();
            line.put(b"flambeau: ");
            line.put(format_int(s.allocated_words as i64).as_bytes());
            line.put(b" words allocated, ");
            line.put(format_int(s.collections as i64).as_bytes());
            line.put(b" collections, ");
            line.put(format_int(s.copied_words as i64).as_bytes());
            line.put(b" words copied, heap ");
            line.put(format_int(s.heap_bytes as i64).as_bytes());
            line.put(b" bytes\n");
            write_all(2, line.as_bytes());
        }
    }
}

fn exit_program(status: c_int) -> ! {
    at_exit();
    // SAFETY: ends the process.
    unsafe { sys::exit(status) }
}

/// `exit n`: flush, and end the program at once.
#[no_mangle]
pub extern "C" fn flambeau_exit(status: Value) -> Value {
    exit_program(long_val(status) as c_int)
}

/// Report an exception that no handler caught, as OCaml does: flush the
/// channels (OCaml's `at_exit`), then `Fatal error: exception ...` on
/// stderr, and exit with status 2.
pub fn uncaught_exception(exn: Value) -> ! {
    STDOUT.get().flush();
    STDERR.get().flush();
    let err = STDERR.get();
    err.output(b"Fatal error: exception ");
    // SAFETY: whatever reaches the outermost handler is an exception value.
    unsafe {
        if runtime().printexc {
            printexc_to_string(err, exn);
        } else {
            err.output(format_exception(exn).as_bytes());
        }
    }
    err.output(b"\n");
    exit_program(2)
}

#[repr(C)]
struct SigAction {
    handler: usize,
    mask: [u64; 16],
    flags: c_int,
    restorer: usize,
}

#[repr(C)]
struct SignalStack {
    sp: *mut c_void,
    flags: c_int,
    size: usize,
}

extern "C" {
    fn sigaction(signal: c_int, action: *const SigAction, old: *mut SigAction) -> c_int;
    fn sigaltstack(stack: *const SignalStack, old: *mut SignalStack) -> c_int;
}

const SIGSEGV: c_int = 11;
const SA_SIGINFO: c_int = 4;
const SA_ONSTACK: c_int = 0x0800_0000;
const SA_NODEFER: c_int = 0x4000_0000;
/// Offsets in Linux's x86-64 `siginfo_t` and `ucontext_t`.
const SIGINFO_ADDR: usize = 16;
const UCONTEXT_GREGS: usize = 40;
const REG_RSP: usize = 15;
const REG_RIP: usize = 16;
/// How far below the stack pointer a fault still counts as an overflow:
/// the stubs probe 32 KiB below it.
const STACK_SLACK: usize = 64 << 10;

/// An address near the top of the main stack, for the overflow handler
/// (an atomic, because a signal handler reads it).
static STACK_TOP: AtomicUsize = AtomicUsize::new(0);

/// Install `segv_handler` for SIGSEGV, running on a stack of its own,
/// since the program's stack is the one that is full.
fn install_stack_overflow_handler() {
    let Some(stack) = sys::Mapping::new(64 << 10) else {
        return;
    };
    let alt = SignalStack {
        sp: stack.start() as *mut c_void,
        flags: 0,
        size: stack.len(),
    };
    let action = SigAction {
        handler: segv_handler as *const () as usize,
        mask: [0; 16],
        flags: SA_SIGINFO | SA_ONSTACK | SA_NODEFER,
        restorer: 0,
    };
    // SAFETY: the structures have the kernel's layout; the alternate stack
    // is never unmapped.
    unsafe {
        if sigaltstack(&alt, core::ptr::null_mut()) == 0 {
            sigaction(SIGSEGV, &action, core::ptr::null_mut());
        }
    }
    core::mem::forget(stack);
}

fn contains(start: &u8, end: &u8, pc: usize) -> bool {
    pc >= start as *const u8 as usize && pc < end as *const u8 as usize
}

// `flambeau_stack_overflow`: where the handler sends a faulting compiled
// function. Raise `Stack_overflow` as compiled code raises anything.
core::arch::global_asm!(
    ".pushsection flambeau_stubs, \"ax\", @progbits",
    ".globl flambeau_stack_overflow",
    "flambeau_stack_overflow:",
    "    lea rax, [rip + flambeau_exn_Stack_overflow]",
    "    mov rsp, r14",
    "    pop r14",
    "    ret",
    ".popsection",
);

/// A fault on the stack, near the stack pointer, is a stack overflow. In
/// compiled code or in a stub, where `r14` is the trap pointer, it becomes
/// the exception `Stack_overflow`: the handler returns to
/// `flambeau_stack_overflow` instead of the faulting instruction. Anywhere
/// else it is fatal, with OCaml's message. Other faults are not ours: the
/// default action is restored and the fault happens again.
extern "C" fn segv_handler(_signal: c_int, info: *mut u8, context: *mut u8) {
    // SAFETY: the kernel passes a valid siginfo_t and ucontext_t.
    unsafe {
        let fault = *(info.add(SIGINFO_ADDR) as *const usize);
        let gregs = context.add(UCONTEXT_GREGS) as *mut usize;
        let (sp, pc) = (*gregs.add(REG_RSP), *gregs.add(REG_RIP));
        let on_stack = fault % 8 == 0
            && fault < STACK_TOP.load(Ordering::Relaxed)
            && fault.saturating_add(STACK_SLACK) >= sp;
        if on_stack {
            if contains(&flambeau_code_begin, &flambeau_code_end, pc)
                || contains(&__start_flambeau_stubs, &__stop_flambeau_stubs, pc)
            {
                *gregs.add(REG_RIP) = flambeau_stack_overflow as *const () as usize;
                return;
            }
            write_all(1, STDOUT.get().pending());
            write_all(2, b"Fatal error: exception Stack_overflow\n");
            sys::_exit(2);
        }
        let default = SigAction {
            handler: 0,
            mask: [0; 16],
            flags: 0,
            restorer: 0,
        };
        sigaction(SIGSEGV, &default, core::ptr::null_mut());
    }
}
