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
use crate::driver::ir::{expect_ir, Ir, IrError, Outcome};
use crate::driver::pass::{Pass, PassContext, PassOutput};
use crate::lambda::builder::unit;
use crate::lambda::ir::Program;
use crate::observable::UncaughtPrinter;
use crate::types::typed;
use crate::types::TypedProgram;
use context::Lowerer;
use std::any::Any;
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

/// The exit status reported when the interpreter finds the Lambda program
/// ill-formed (a bug in a pass, never an answer of the program): the same
/// as the Cmm interpreter's.
pub const INTERPRETER_FAILURE_STATUS: i32 = 125;

/// The `lambda` IR of the driver is a Lambda program: printed as
/// S-expressions, checked by `lambda::check`, run by `lambda::interpret`.
impl Ir for Program {
    fn kind(&self) -> &'static str {
        "lambda"
    }

    fn print(&self) -> String {
        crate::lambda::print::program_to_string(self)
    }

    fn check(&self) -> Result<(), IrError> {
        crate::lambda::check::check_program(self).map_err(|errors| IrError {
            message: errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            fragment: String::new(),
        })
    }

    fn interpret(&self) -> Option<Outcome> {
        Some(match crate::lambda::interpret::interpret(self) {
            Ok(o) => Outcome {
                stdout: o.stdout,
                stderr: o.stderr,
                exit_code: o.exit_code,
            },
            Err(e) => Outcome {
                stdout: Vec::new(),
                stderr: format!("{e}\n").into_bytes(),
                exit_code: INTERPRETER_FAILURE_STATUS,
            },
        })
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

fn lower_pass(ctx: &mut PassContext, ir: Box<dyn Ir>) -> Result<PassOutput, Vec<Diagnostic>> {
    let TypedProgram { file, program, .. } =
        expect_ir(ir, "lower").map_err(|m| vec![Diagnostic::error(Default::default(), m)])?;
    let lambda = lower_program(&file, &program, ctx.warnings)?;
    Ok(PassOutput::new(lambda))
}

/// The fourth pass: the typed tree to Lambda (`flambeau dump lambda`,
/// `flambeau interp lambda`).
pub const LOWER: Pass = Pass {
    dump_as: Some("lambda"),
    ..Pass::new("lower", "typed", "lambda", lower_pass)
};
