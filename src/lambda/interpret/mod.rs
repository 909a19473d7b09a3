//! The reference interpreter for Lambda.
//!
//! It defines what a Lambda program means, byte for byte: `interpret` runs a
//! program and returns what OCaml would have written to stdout and stderr
//! and the status it would have exited with. Every later pass is tested
//! against it: a program interpreted before the pass and after must agree,
//! and both must agree with `ocamlopt`.

mod machine;
mod primitives;
mod resolve;

use super::ir::Program;
use crate::observable::Outcome;
use machine::{End, Machine};

/// A Lambda program that is not well formed reached a state the semantics
/// does not cover (applying a non-function, a field of an integer...). This
/// is always a bug in the pass that produced the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterpError(pub String);

impl std::fmt::Display for InterpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Lambda interpreter: {}", self.0)
    }
}

/// How deep non-tail calls (and exception handlers) may nest before the
/// program gets `Stack_overflow`. ocamlopt's frames take at least 16 bytes
/// and Linux gives the main thread 8 MiB of stack, so no program that
/// ocamlopt runs successfully nests deeper than 8 MiB / 16 B; at this depth
/// the program has certainly overflowed under ocamlopt too.
pub const MAX_DEPTH: usize = (8 << 20) / 16;

/// Interpret a program with the default limits.
pub fn interpret(program: &Program) -> Result<Outcome, InterpError> {
    interpret_with_depth(program, MAX_DEPTH)
}

/// Interpret a program, allowing `max_depth` nested non-tail calls.
pub fn interpret_with_depth(program: &Program, max_depth: usize) -> Result<Outcome, InterpError> {
    // The machine keeps OCaml's call stack on the heap, but resolving and
    // dropping a deeply nested term still recurse on the host stack: give
    // them room (only touched pages of the reservation are ever mapped).
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("lambda-interpreter".to_string())
            .stack_size(1 << 30)
            .spawn_scoped(scope, || run(program, max_depth))
            .map_err(|e| InterpError(format!("cannot start the interpreter thread: {e}")))?
            .join()
            .map_err(|_| InterpError("the interpreter thread panicked".to_string()))?
    })
}

fn run(program: &Program, max_depth: usize) -> Result<Outcome, InterpError> {
    let (code, frame_size) = resolve::resolve_program(&program.body)?;
    let mut machine = Machine::new(frame_size, max_depth);
    let end = machine.run(&code)?;
    let channels = std::mem::take(&mut machine.channels);
    Ok(match end {
        End::Normal => channels.finish(0),
        End::Exit(code) => channels.abandon(code),
        End::Uncaught(exn) => channels.finish_uncaught(&exn, program.uncaught_printer),
    })
}

#[cfg(test)]
mod tests;
