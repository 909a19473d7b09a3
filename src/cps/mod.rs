//! The CPS language (Flambda 2 style): terms, kinds, primitives, and the
//! printer, checker and interpreter that every pass relies on.

pub mod builder;
pub mod check;
pub mod effects;
pub mod examples;
pub mod free_names;
pub mod ids;
pub mod interp;
pub mod interp_prims;
pub mod kinds;
pub mod primitives;
pub mod print;
pub mod rename;
pub mod runtime_calls;
pub mod terms;

#[cfg(test)]
mod tests;

/// A CPS program as the driver sees it: the printer for `dump cps`, the
/// checker for `--check-ir`, the interpreter for `interp cps`.
impl crate::driver::ir::Ir for terms::Program {
    fn kind(&self) -> &'static str {
        "cps"
    }

    fn print(&self) -> String {
        print::program(self)
    }

    fn check(&self) -> Result<(), crate::driver::ir::IrError> {
        check::check(self).map_err(|errors| {
            let more = errors.len().saturating_sub(1);
            let first = errors.into_iter().next();
            crate::driver::ir::IrError {
                message: match (&first, more) {
                    (Some(e), 0) => e.message.clone(),
                    (Some(e), n) => format!("{} (and {n} more)", e.message),
                    (None, _) => "invalid CPS term".to_string(),
                },
                fragment: first.map(|e| e.fragment).unwrap_or_default(),
            }
        })
    }

    fn interpret(&self) -> Option<crate::driver::ir::Outcome> {
        let outcome = interp::interpret(self);
        Some(crate::driver::ir::Outcome {
            stdout: outcome.stdout,
            stderr: outcome.stderr,
            exit_code: outcome.exit_code,
        })
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}
