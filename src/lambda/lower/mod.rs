//! Lowering: from the typed tree to Lambda (OCaml's `Translcore`).
//!
//! Types disappear here. Every operation on data becomes a primitive that
//! names its representation (chosen from the types, as `Translprim` and
//! `Typeopt` do), every pattern match becomes a decision tree (through the
//! match compiler), every exception constructor becomes a run-time identity,
//! and the standard library becomes ordinary Lambda code: the prelude,
//! compiled with the same lowering, of which only the definitions the
//! program reaches are kept.

mod apply;
mod context;
mod data;
mod expr;
mod patterns;
pub mod prelude;
mod toplevel;

#[cfg(test)]
mod tests;

pub use context::{Export, External, Link};
pub use toplevel::TopDef;

use crate::diagnostics::{Diagnostic, SourceFile};
use crate::lambda::builder::unit;
use crate::lambda::ir::Program;
use crate::observable::UncaughtPrinter;
use crate::types::typed;
use context::Lowerer;
use std::collections::HashSet;

/// Lower a type-checked program, linked with the part of the prelude it
/// uses. Warnings (non-exhaustive and unused match cases) are appended to
/// `warnings`; an error is a construct the lowering does not support, or an
/// internal inconsistency, reported at its source location.
pub fn lower_program(
    file: &SourceFile,
    program: &typed::Program,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Program, Vec<Diagnostic>> {
    let prelude = prelude::compiled().map_err(|e| vec![e])?;
    let mut lowerer = Lowerer::new(
        file,
        &program.decls,
        &program.library,
        &program.vars,
        prelude.link.clone(),
        prelude.fresh.clone(),
    );
    let mut defs = Vec::new();
    for item in &program.items {
        lowerer
            .item(item, &mut defs)
            .map_err(|d| vec![*d])?;
    }
    warnings.append(&mut lowerer.warnings);
    let mut used = HashSet::new();
    for d in &defs {
        d.used_vars(&mut used);
    }
    let linked = prelude.needed(&used);
    let uncaught_printer = if linked.links_printexc {
        UncaughtPrinter::Printexc
    } else {
        UncaughtPrinter::Runtime
    };
    let mut all = linked.defs;
    all.extend(defs);
    Ok(Program {
        body: toplevel::assemble(all, unit()),
        uncaught_printer,
        fresh: lowerer.fresh,
    })
}
