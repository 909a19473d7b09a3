//! The machine-level interface: the variables compiled code shares with
//! the runtime, the assembly stubs it calls, and the runtime's static
//! data (predefined exceptions, custom operations, the empty block).
#![allow(non_upper_case_globals)]

use super::value::*;

/// The allocation pointer, while the runtime runs (compiled code keeps it
/// in `r15`; the stubs store it here on the way in and reload it after).
#[no_mangle]
pub static mut flambeau_young_ptr: usize = 0;
/// The limit of the inline allocation check `cmp r15, [flambeau_young_limit]`.
#[no_mangle]
pub static mut flambeau_young_limit: usize = 0;
/// The trap pointer (`r14`) at the last entry into the runtime.
#[no_mangle]
pub static mut flambeau_exception_pointer: usize = 0;
/// The stack pointer of compiled code at its last call into the runtime
/// (its value at the call instruction), and the return address of that
/// call: where the walk over the stack starts.
#[no_mangle]
pub static mut flambeau_last_sp: usize = 0;
#[no_mangle]
pub static mut flambeau_last_return_address: usize = 0;
/// The stack pointer at the call of `flambeau_entry`: where the walk ends.
#[no_mangle]
pub static mut flambeau_stack_bottom: usize = 0;

extern "C" {
    /// Emitted by the compiler: the frame table, the global roots, the
    /// program, and two labels around its code.
    pub static flambeau_frametable: usize;
    pub static flambeau_globals: Value;
    pub static flambeau_code_begin: u8;
    pub static flambeau_code_end: u8;
    /// Defined below, in assembly.
    pub fn flambeau_start_program() -> Value;
    pub fn flambeau_raise_exception(exn: Value) -> !;
    pub fn flambeau_stack_overflow();
    /// The linker's bounds of the section `flambeau_stubs`, which holds
    /// every stub: a fault there happens with compiled code's registers.
    pub static __start_flambeau_stubs: u8;
    pub static __stop_flambeau_stubs: u8;
    pub static flambeau_exn_Out_of_memory: Value;
    pub static flambeau_exn_Failure: Value;
    pub static flambeau_exn_Invalid_argument: Value;
    pub static flambeau_exn_Division_by_zero: Value;
    pub static flambeau_atom0: Value;
}

/// The address of a static symbol, as a value.
pub fn addr<T>(symbol: &T) -> Value {
    symbol as *const T as Value
}

// `flambeau_call_gc`: save every register compiled code allocates, in
// the order of the register numbers of frame descriptors, and the
// sixteen xmm registers; record where compiled code stopped; collect and
// allocate; restore the registers (the collector may have updated those
// that held values) and return with the new `r15`.
core::arch::global_asm!(
    ".pushsection flambeau_stubs, \"ax\", @progbits",
    ".globl flambeau_call_gc",
    ".type flambeau_call_gc, @function",
    "flambeau_call_gc:",
    "    sub rsp, 360",
    "    mov qword ptr [rsp + 0], rax",
    "    mov qword ptr [rsp + 8], rbx",
    "    mov qword ptr [rsp + 16], rdi",
    "    mov qword ptr [rsp + 24], rsi",
    "    mov qword ptr [rsp + 32], rdx",
    "    mov qword ptr [rsp + 40], rcx",
    "    mov qword ptr [rsp + 48], r8",
    "    mov qword ptr [rsp + 56], r9",
    "    mov qword ptr [rsp + 64], r12",
    "    mov qword ptr [rsp + 72], r13",
    "    mov qword ptr [rsp + 80], r10",
    "    mov qword ptr [rsp + 88], r11",
    "    mov qword ptr [rsp + 96], rbp",
    "    movups xmmword ptr [rsp + 104], xmm0",
    "    movups xmmword ptr [rsp + 120], xmm1",
    "    movups xmmword ptr [rsp + 136], xmm2",
    "    movups xmmword ptr [rsp + 152], xmm3",
    "    movups xmmword ptr [rsp + 168], xmm4",
    "    movups xmmword ptr [rsp + 184], xmm5",
    "    movups xmmword ptr [rsp + 200], xmm6",
    "    movups xmmword ptr [rsp + 216], xmm7",
    "    movups xmmword ptr [rsp + 232], xmm8",
    "    movups xmmword ptr [rsp + 248], xmm9",
    "    movups xmmword ptr [rsp + 264], xmm10",
    "    movups xmmword ptr [rsp + 280], xmm11",
    "    movups xmmword ptr [rsp + 296], xmm12",
    "    movups xmmword ptr [rsp + 312], xmm13",
    "    movups xmmword ptr [rsp + 328], xmm14",
    "    movups xmmword ptr [rsp + 344], xmm15",
    "    mov rax, qword ptr [rsp + 360]",
    "    mov qword ptr [rip + flambeau_last_return_address], rax",
    "    lea rax, [rsp + 368]",
    "    mov qword ptr [rip + flambeau_last_sp], rax",
    "    mov qword ptr [rip + flambeau_young_ptr], r15",
    "    mov qword ptr [rip + flambeau_exception_pointer], r14",
    "    mov rax, qword ptr [rsp - 32768]", // probe, as in flambeau_c_call
    "    mov rdi, rsp",
    "    call flambeau_garbage_collection",
    "    mov r15, qword ptr [rip + flambeau_young_ptr]",
    "    mov rax, qword ptr [rsp + 0]",
    "    mov rbx, qword ptr [rsp + 8]",
    "    mov rdi, qword ptr [rsp + 16]",
    "    mov rsi, qword ptr [rsp + 24]",
    "    mov rdx, qword ptr [rsp + 32]",
    "    mov rcx, qword ptr [rsp + 40]",
    "    mov r8, qword ptr [rsp + 48]",
    "    mov r9, qword ptr [rsp + 56]",
    "    mov r12, qword ptr [rsp + 64]",
    "    mov r13, qword ptr [rsp + 72]",
    "    mov r10, qword ptr [rsp + 80]",
    "    mov r11, qword ptr [rsp + 88]",
    "    mov rbp, qword ptr [rsp + 96]",
    "    movups xmm0, xmmword ptr [rsp + 104]",
    "    movups xmm1, xmmword ptr [rsp + 120]",
    "    movups xmm2, xmmword ptr [rsp + 136]",
    "    movups xmm3, xmmword ptr [rsp + 152]",
    "    movups xmm4, xmmword ptr [rsp + 168]",
    "    movups xmm5, xmmword ptr [rsp + 184]",
    "    movups xmm6, xmmword ptr [rsp + 200]",
    "    movups xmm7, xmmword ptr [rsp + 216]",
    "    movups xmm8, xmmword ptr [rsp + 232]",
    "    movups xmm9, xmmword ptr [rsp + 248]",
    "    movups xmm10, xmmword ptr [rsp + 264]",
    "    movups xmm11, xmmword ptr [rsp + 280]",
    "    movups xmm12, xmmword ptr [rsp + 296]",
    "    movups xmm13, xmmword ptr [rsp + 312]",
    "    movups xmm14, xmmword ptr [rsp + 328]",
    "    movups xmm15, xmmword ptr [rsp + 344]",
    "    add rsp, 360",
    "    ret",
    ".size flambeau_call_gc, . - flambeau_call_gc",
    ".popsection",
);

// Raising. `flambeau_raise_exception` raises from the runtime (System V,
// the exception in `rdi`) to the handler of the last entry into it;
// `flambeau_array_bound_error` and `flambeau_raise_division_by_zero` are
// raises compiled code may jump (or call) to, with `r14` and `r15` as it
// keeps them.
core::arch::global_asm!(
    ".pushsection flambeau_stubs, \"ax\", @progbits",
    ".globl flambeau_raise_exception",
    ".type flambeau_raise_exception, @function",
    "flambeau_raise_exception:",
    "    mov rax, rdi",
    "    mov rsp, qword ptr [rip + flambeau_exception_pointer]",
    "    mov r15, qword ptr [rip + flambeau_young_ptr]",
    "    pop r14",
    "    ret",
    ".size flambeau_raise_exception, . - flambeau_raise_exception",
    ".globl flambeau_array_bound_error",
    "flambeau_array_bound_error:",
    "    lea rax, [rip + flambeau_exn_index_out_of_bounds]",
    "    mov rsp, r14",
    "    pop r14",
    "    ret",
    ".globl flambeau_raise_division_by_zero",
    "flambeau_raise_division_by_zero:",
    "    lea rax, [rip + flambeau_exn_Division_by_zero]",
    "    mov rsp, r14",
    "    pop r14",
    "    ret",
    ".popsection",
);

// `flambeau_c_call`: call the System V function whose address is in
// `rax`, its arguments in `rdi rsi rdx rcx r8 r9` and `xmm0`-`xmm7`,
// after recording where compiled code stopped. `r12` is callee-saved in
// System V, so it keeps the return address across the call.
core::arch::global_asm!(
    ".pushsection flambeau_stubs, \"ax\", @progbits",
    ".globl flambeau_c_call",
    ".type flambeau_c_call, @function",
    "flambeau_c_call:",
    "    pop r12",
    "    mov r11, qword ptr [rsp - 32768]", // probe: overflow here, not in Rust
    "    mov qword ptr [rip + flambeau_last_return_address], r12",
    "    mov qword ptr [rip + flambeau_last_sp], rsp",
    "    mov qword ptr [rip + flambeau_young_ptr], r15",
    "    mov qword ptr [rip + flambeau_exception_pointer], r14",
    "    call rax",
    "    mov r15, qword ptr [rip + flambeau_young_ptr]",
    "    push r12",
    "    ret",
    ".size flambeau_c_call, . - flambeau_c_call",
    ".popsection",
);

/// A static OCaml string `text` at label `label` (local to the runtime),
/// with its header before it and OCaml's padding after it.
macro_rules! static_string {
    ($label:expr, $text:literal) => {
        core::arch::global_asm!(
            ".pushsection .data",
            ".balign 8",
            ".quad {header}",
            concat!($label, ":"),
            concat!(".ascii \"", $text, "\""),
            ".fill {zeros}, 1, 0",
            ".byte {last}",
            ".popsection",
            header = const make_header(string_wosize($text.len()), tag::STRING) | BLACK,
            zeros = const string_padding($text.len()) - 1,
            last = const string_padding($text.len()) - 1,
        );
    };
}

/// A predefined exception: its name, and its identity block
/// `flambeau_exn_NAME` (tag 248: the name, and OCaml's negative id).
macro_rules! predefined_exception {
    ($name:literal, $id:literal) => {
        static_string!(concat!("flambeau_name_", $name), $name);
        core::arch::global_asm!(
            ".pushsection .data",
            ".balign 8",
            ".quad {header}",
            concat!(".globl flambeau_exn_", $name),
            concat!("flambeau_exn_", $name, ":"),
            concat!(".quad flambeau_name_", $name),
            ".quad {id}",
            ".popsection",
            header = const make_header(2, tag::OBJECT) | BLACK,
            id = const val_long($id),
        );
    };
}

predefined_exception!("Out_of_memory", -1);
predefined_exception!("Sys_error", -2);
predefined_exception!("Failure", -3);
predefined_exception!("Invalid_argument", -4);
predefined_exception!("End_of_file", -5);
predefined_exception!("Division_by_zero", -6);
predefined_exception!("Not_found", -7);
predefined_exception!("Match_failure", -8);
predefined_exception!("Stack_overflow", -9);
predefined_exception!("Sys_blocked_io", -10);
predefined_exception!("Assert_failure", -11);
predefined_exception!("Undefined_recursive_module", -12);

// `Invalid_argument "index out of bounds"`, preallocated so that a failed
// bounds check raises without allocating (and so needs no frame
// descriptor); the custom operations of the boxed integers; and the one
// block of size 0, OCaml's `Atom(0)`, for empty arrays.
static_string!("flambeau_text_index_out_of_bounds", "index out of bounds");
core::arch::global_asm!(
    ".pushsection .data",
    ".balign 8",
    ".quad {exn_header}",
    "flambeau_exn_index_out_of_bounds:",
    ".quad flambeau_exn_Invalid_argument",
    ".quad flambeau_text_index_out_of_bounds",
    ".globl flambeau_int32_ops",
    "flambeau_int32_ops:",
    ".quad .Lid_int32",
    ".quad {int32}",
    ".globl flambeau_int64_ops",
    "flambeau_int64_ops:",
    ".quad .Lid_int64",
    ".quad {int64}",
    ".globl flambeau_nativeint_ops",
    "flambeau_nativeint_ops:",
    ".quad .Lid_nativeint",
    ".quad {nativeint}",
    ".quad {atom_header}",
    ".globl flambeau_atom0",
    "flambeau_atom0:",
    ".Lid_int32: .asciz \"_i\"",
    ".Lid_int64: .asciz \"_j\"",
    ".Lid_nativeint: .asciz \"_n\"",
    ".popsection",
    exn_header = const make_header(2, 0) | BLACK,
    atom_header = const make_header(0, 0) | BLACK,
    int32 = const CUSTOM_INT32,
    int64 = const CUSTOM_INT64,
    nativeint = const CUSTOM_NATIVEINT,
);
