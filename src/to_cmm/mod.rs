//! To Cmm: the translation of CPS terms, after closure conversion, to Cmm.
//! Kinds become tagging and boxing, blocks become headers, loads and
//! allocations, continuations become inlined code or `catch` handlers,
//! closures become blocks at offsets chosen for the whole unit, and the
//! delayed `let`s of the let-substitution stages (`env.rs`) give the smart
//! constructors of Cmm nested expressions to fold.

pub mod apply;
pub mod closures;
pub mod data;
pub mod externals;
pub mod occurrences;
pub mod prims;
pub mod translate;

#[cfg(test)]
mod tests;

use crate::cmm::stage::CmmUnit;
use crate::cps::terms::Program;
use crate::diagnostics::{Diagnostic, Span};
use crate::driver::ir::{expect_ir, Ir};
use crate::driver::pass::{Pass, PassContext, PassOutput};

pub use translate::{Options, ToCmmError};

/// OCaml's name for the module of a file: its stem, capitalised
/// (`foo/bar.ml` is `Bar`), with what could not be in a symbol replaced.
pub fn module_name(file_name: &str) -> String {
    let base = file_name.rsplit('/').next().unwrap_or(file_name);
    let stem = base.strip_suffix(".ml").unwrap_or(base);
    let mut name: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    if name.is_empty() {
        name.push_str("Program");
    }
    name
}

/// Translates a program to a Cmm unit that the driver can print, check
/// and run.
pub fn to_cmm(program: &Program, module: &str, options: Options) -> Result<CmmUnit, ToCmmError> {
    let translated = translate::translate_program(program, module, options)?;
    Ok(CmmUnit {
        program: translated.program,
        entry: translated.entry,
        uncaught_printer: program.uncaught_printer,
    })
}

fn to_cmm_pass(ctx: &mut PassContext, ir: Box<dyn Ir>) -> Result<PassOutput, Vec<Diagnostic>> {
    let internal = |message: String| vec![Diagnostic::error(Span::default(), message)];
    let program: Program = expect_ir(ir, "to-cmm").map_err(internal)?;
    let module = module_name(&ctx.file.name);
    let unit = to_cmm(&program, &module, Options::default())
        .map_err(|e| internal(format!("internal error: {e}")))?;
    Ok(PassOutput::new(unit))
}

/// CPS to Cmm (`flambeau dump cmm`). It reads CPS after closure
/// conversion, which, as a transformation of CPS into CPS, the pass
/// manager runs before any pass that leaves CPS.
pub const TO_CMM: Pass = Pass {
    dump_as: Some("cmm"),
    ..Pass::new("to-cmm", "cps", "cmm", to_cmm_pass)
};

pub mod env;
pub mod slot_offsets;
