//! Cmm as the driver sees it: a program with its entry point, printed,
//! checked and interpreted through the driver's `Ir` trait.

use std::any::Any;

use super::check::check_program;
use super::interp::{run, Config};
use super::runtime::{runtime_symbols, Runtime};
use super::Program;
use crate::driver::ir::{Ir, IrError, Outcome};
use crate::observable::UncaughtPrinter;

/// The status the interpreter reports when the Cmm itself is broken, so
/// that such a failure never looks like the program's own exit.
pub const INTERPRETER_FAILURE_STATUS: i32 = 125;

/// A translated compilation unit.
pub struct CmmUnit {
    pub program: Program,
    /// The function the program starts with (no arguments).
    pub entry: String,
    /// How an uncaught exception is reported (see `observable`).
    pub uncaught_printer: UncaughtPrinter,
}

impl Ir for CmmUnit {
    fn kind(&self) -> &'static str {
        "cmm"
    }

    fn print(&self) -> String {
        self.program.to_string()
    }

    fn check(&self) -> Result<(), IrError> {
        let externals = runtime_symbols();
        let externals: Vec<&str> = externals.iter().map(String::as_str).collect();
        check_program(&self.program, &externals).map_err(|errors| {
            let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            let fragment = errors
                .iter()
                .find_map(|e| e.function.as_ref())
                .and_then(|name| self.program.functions().find(|f| &f.name == name))
                .map(|f| f.to_string())
                .unwrap_or_default();
            IrError {
                message: messages.join("\n"),
                fragment,
            }
        })
    }

    fn interpret(&self) -> Option<Outcome> {
        let config = Config {
            uncaught_printer: self.uncaught_printer,
            ..Config::default()
        };
        Some(
            match run(&self.program, &self.entry, &Runtime::standard(), &config) {
                Ok(out) => Outcome {
                    stdout: out.stdout,
                    stderr: out.stderr,
                    exit_code: out.exit_code,
                },
                Err(e) => Outcome {
                    stdout: Vec::new(),
                    stderr: format!("Cmm interpreter: {e}\n").into_bytes(),
                    exit_code: INTERPRETER_FAILURE_STATUS,
                },
            },
        )
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmm::helpers::{int_const, op};
    use crate::cmm::{Expr, FunDecl, MachType, Operation, Phrase};

    fn unit(body: Expr) -> CmmUnit {
        let main = FunDecl {
            name: "main".into(),
            params: vec![],
            body,
        };
        CmmUnit {
            program: Program {
                phrases: vec![Phrase::Function(main)],
            },
            entry: "main".into(),
            uncaught_printer: UncaughtPrinter::Runtime,
        }
    }

    #[test]
    fn the_driver_can_print_check_and_run_a_unit() {
        let print = Operation::ExtCall {
            name: "caml_print_int".into(),
            result: MachType::Val,
            alloc: true,
        };
        let u = unit(op(print, vec![int_const(3)]));
        assert_eq!(
            u.print(),
            "(function main ()\n (extcall \"caml_print_int\" 7 val))\n\n"
        );
        assert_eq!(u.check(), Ok(()));
        let out = u.interpret().expect("Cmm has an interpreter");
        assert_eq!((out.stdout, out.exit_code), (b"3".to_vec(), 0));
    }

    #[test]
    fn broken_units_are_reported() {
        let u = unit(Expr::ConstSymbol("nowhere".into()));
        let err = u.check().expect_err("undefined symbol");
        assert_eq!(
            err.message,
            "in function main: undefined symbol \"nowhere\""
        );
        assert_eq!(err.fragment, "(function main ()\n \"nowhere\")");
        let out = u.interpret().expect("Cmm has an interpreter");
        assert_eq!(out.exit_code, INTERPRETER_FAILURE_STATUS);
    }
}
