//! The front end: source text to tokens (`lexer`) to an abstract syntax tree
//! (`parser`), with printers for the `tokens` and `ast` dump stages.

pub mod ast;
pub mod parser;

use crate::diagnostics::{Diagnostic, SourceFile};

/// Parse a whole program. Either the program, or at least one error.
pub fn parse(file: &SourceFile) -> Result<ast::Program, Vec<Diagnostic>> {
    parser::parse_program(file)
}
