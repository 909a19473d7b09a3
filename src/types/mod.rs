//! Types: Hindley–Milner inference with levels, on `ena`'s union-find.

pub mod bindings;
pub mod declare;
pub mod decls;
pub mod env;
pub mod errors;
pub mod expr;
pub mod format;
pub mod infer;
pub mod pattern;
pub mod printer;
pub mod signature;
pub mod stdlib;
pub mod toplevel;
pub mod ty;
pub mod typed;
pub mod unify;
pub mod zonk;

#[cfg(test)]
mod tests;

use crate::diagnostics::{Diagnostic, SourceFile};
use crate::driver::ir::{expect_ir, Ir};
use crate::driver::pass::{Pass, PassContext, PassOutput};
use crate::syntax::{ast, ParsedProgram};
use std::any::Any;

/// Type-check a parsed program: the typed AST, or every error found.
pub fn check_program(
    file: &SourceFile,
    program: &ast::Program,
) -> Result<typed::Program, Vec<Diagnostic>> {
    let checked = toplevel::type_program(file, program);
    if !checked.errors.is_empty() {
        return Err(checked.errors);
    }
    let mut checker = checked.checker;
    let mut zonker = zonk::Zonker::new(&mut checker.store);
    let items = checked.items.into_iter().map(|i| zonker.item(i)).collect();
    Ok(typed::Program {
        items,
        decls: checker.decls,
        library: checker.library,
        vars: checker.vars,
        module_name: checker.module_name,
    })
}

/// The `typed` dump: parse and type-check a program, then print its
/// signature as `ocamlc -i` does (`val f : 'a list -> int`, type and
/// exception declarations).
pub fn dump_typed(file: &SourceFile) -> Result<String, Vec<Diagnostic>> {
    let program = crate::syntax::parse(file)?;
    check_program_with_signature(file, &program).map(|(_, signature)| signature)
}

/// Type-check and also print the signature (the `typed` dump).
pub fn check_program_with_signature(
    file: &SourceFile,
    program: &ast::Program,
) -> Result<(typed::Program, String), Vec<Diagnostic>> {
    let mut checked = toplevel::type_program(file, program);
    if !checked.errors.is_empty() {
        return Err(checked.errors);
    }
    let signature = signature::print_signature(&mut checked.checker, &checked.signature);
    let mut checker = checked.checker;
    let mut zonker = zonk::Zonker::new(&mut checker.store);
    let items = checked.items.into_iter().map(|i| zonker.item(i)).collect();
    let program = typed::Program {
        items,
        decls: checker.decls,
        library: checker.library,
        vars: checker.vars,
        module_name: checker.module_name,
    };
    Ok((program, signature))
}

/// The `typed` IR: the typed program, its file, and its signature, which is
/// what `flambeau dump typed` prints.
pub struct TypedProgram {
    pub file: SourceFile,
    pub program: typed::Program,
    pub signature: String,
}

impl Ir for TypedProgram {
    fn kind(&self) -> &'static str {
        "typed"
    }
    fn print(&self) -> String {
        self.signature.clone()
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

fn typecheck_pass(_: &mut PassContext, ir: Box<dyn Ir>) -> Result<PassOutput, Vec<Diagnostic>> {
    let ParsedProgram { file, program } =
        expect_ir(ir, "typecheck").map_err(|m| vec![Diagnostic::error(Default::default(), m)])?;
    let (program, signature) = check_program_with_signature(&file, &program)?;
    Ok(PassOutput::new(TypedProgram {
        file,
        program,
        signature,
    }))
}

/// The third pass: the abstract syntax tree to the typed AST
/// (`flambeau dump typed`, `flambeau check`).
pub const TYPECHECK: Pass = Pass {
    dump_as: Some("typed"),
    ..Pass::new("typecheck", "ast", "typed", typecheck_pass)
};
