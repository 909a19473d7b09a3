//! The Flambeau runtime: a static library linked into every compiled
//! program. See the chapter "The runtime" of the book.
#![cfg_attr(not(test), no_std)]
// In the host test build the entry points are compiled out, and with them
// the only users of some helpers.
#![cfg_attr(test, allow(dead_code))]

mod compare;
mod format;
mod frames;
mod gc;
mod hash;
mod io;
mod sys;
mod value;

#[cfg(not(test))]
mod abi;
#[cfg(not(test))]
mod primitives;
#[cfg(not(test))]
mod runtime;
#[cfg(not(test))]
mod start;

/// A panic in the runtime is a bug in it: say so and stop.
#[cfg(not(test))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    runtime::fatal(&[b"internal error (panic)"])
}

/// `core` is built with unwind tables that name this symbol; with
/// `panic=abort` nothing ever calls it, but the linker wants it defined.
#[cfg(not(test))]
#[no_mangle]
pub extern "C" fn rust_eh_personality() {}

#[cfg(test)]
mod tests;
