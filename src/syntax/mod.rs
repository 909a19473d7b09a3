//! The front end: source text to tokens (`lexer`) to an abstract syntax tree
//! (`parser`), with printers for the `tokens` and `ast` dump stages.

pub mod ast;
pub mod lexer;
pub mod literals;
pub mod parser;
pub mod printer;
pub mod token;

use crate::diagnostics::{Diagnostic, SourceFile, Span};
pub use token::Token;

/// Lex a whole file: the tokens (ending with `Token::Eof`) and the lexical
/// errors found on the way.
pub fn lex(file: &SourceFile) -> (Vec<(Token, Span)>, Vec<Diagnostic>) {
    lexer::lex(file)
}

/// Parse a whole program. Either the program, or at least one error.
pub fn parse(file: &SourceFile) -> Result<ast::Program, Vec<Diagnostic>> {
    parser::parse_program(file)
}

/// The `tokens` dump stage: one token per line, `line:column NAME text`.
pub fn dump_tokens(file: &SourceFile) -> Result<String, Vec<Diagnostic>> {
    let (tokens, diagnostics) = lex(file);
    if !diagnostics.is_empty() {
        return Err(diagnostics);
    }
    let mut out = String::new();
    for (token, span) in &tokens {
        let (line, col) = file.line_col(span.start);
        let position = format!("{line}:{col}");
        let text = token.source_text();
        // Keywords are their own name (`LET`); everything else shows its text.
        if text.is_empty() || text.to_uppercase() == token.name() {
            out.push_str(&format!("{position:<8}{}\n", token.name()));
        } else {
            out.push_str(&format!("{position:<8}{} {}\n", token.name(), text));
        }
    }
    Ok(out)
}

/// The `ast` dump stage: the program as an indented tree.
pub fn dump_ast(file: &SourceFile) -> Result<String, Vec<Diagnostic>> {
    let program = parse(file)?;
    Ok(printer::print_program(file, &program))
}

#[cfg(test)]
mod tests;
