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
    let mut lines = LineCounter::new(file);
    for (token, span) in &tokens {
        let (line, col) = lines.line_col(span.start);
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

/// Lines and columns of offsets visited in increasing order, each found by
/// scanning on from the previous one (`SourceFile::line_col` scans from the
/// start of the file, which would make a dump quadratic).
pub(crate) struct LineCounter<'a> {
    text: &'a [u8],
    offset: usize,
    line: usize,
    line_start: usize,
}

impl<'a> LineCounter<'a> {
    pub(crate) fn new(file: &'a SourceFile) -> LineCounter<'a> {
        LineCounter {
            text: file.text.as_bytes(),
            offset: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// 1-based line, 0-based column in bytes, as `SourceFile::line_col`.
    pub(crate) fn line_col(&mut self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        if offset < self.offset {
            // Going back: start again from the top.
            (self.offset, self.line, self.line_start) = (0, 1, 0);
        }
        for (i, &b) in self.text[self.offset..offset].iter().enumerate() {
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.offset + i + 1;
            }
        }
        self.offset = offset;
        (self.line, offset - self.line_start)
    }
}
