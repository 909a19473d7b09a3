//! The native back end: instruction selection, liveness, register
//! allocation, stack layout, emission of x86-64 code and ELF objects, and
//! linking.

pub mod emit;
pub mod frames;
pub mod link;
pub mod listing;
pub mod liveness;
pub mod mach;
pub mod object;
pub mod print;
pub mod regalloc;
pub mod runtime_calls;
pub mod selection;

#[cfg(test)]
pub(crate) mod examples;
#[cfg(test)]
mod tests;

/// Compiles a Cmm program to machine code, all the way.
pub fn compile(program: &crate::cmm::Program, entry: &str) -> Result<emit::ObjectCode, String> {
    let mut unit = selection::select_unit(program, entry)?;
    for f in &mut unit.functions {
        regalloc::allocate(f)?;
        frames::lay_out_frame(f)?;
        regalloc::verify(f)?;
    }
    emit::emit_unit(&unit)
}

/// A failure of the back end is the compiler's fault, never the program's:
/// reported as a diagnostic without a position.
pub(crate) fn internal(message: String) -> Vec<crate::diagnostics::Diagnostic> {
    vec![crate::diagnostics::Diagnostic::error(
        crate::diagnostics::Span::default(),
        format!("internal error in the back end: {message}"),
    )]
}
