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
use crate::syntax::ast;

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
    let mut checked = toplevel::type_program(file, &program);
    if !checked.errors.is_empty() {
        return Err(checked.errors);
    }
    Ok(signature::print_signature(
        &mut checked.checker,
        &checked.signature,
    ))
}
