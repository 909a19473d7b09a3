//! The front end: source text to tokens (`lexer`) to an abstract syntax tree
//! (`parser`), with printers for the `tokens` and `ast` dump stages and the
//! two passes that put them in the pipeline.

pub mod lexer;
pub mod literals;
pub mod token;

use std::any::Any;

use crate::diagnostics::{Diagnostic, SourceFile, Span};
use crate::driver::ir::{expect_ir, Ir, Source};
use crate::driver::pass::{Pass, PassContext, PassOutput};
pub use token::Token;

/// Lex a whole file: the tokens (ending with `Token::Eof`) and the lexical
/// errors found on the way.
pub fn lex(file: &SourceFile) -> (Vec<(Token, Span)>, Vec<Diagnostic>) {
    lexer::lex(file)
}

/// The `tokens` dump stage: one token per line, `line:column NAME text`.
pub fn dump_tokens(file: &SourceFile) -> Result<String, Vec<Diagnostic>> {
    let (tokens, diagnostics) = lex(file);
    if !diagnostics.is_empty() {
        return Err(diagnostics);
    }
    Ok(print_tokens(file, &tokens))
}

fn print_tokens(file: &SourceFile, tokens: &[(Token, Span)]) -> String {
    let mut out = String::new();
    let mut lines = LineCounter::new(file);
    for (token, span) in tokens {
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
    out
}

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

/// A driver error that is the compiler's fault, as a diagnostic.
fn internal(message: String) -> Vec<Diagnostic> {
    vec![Diagnostic::error(Span::default(), message)]
}

/// The `tokens` IR: a file's tokens, and the file (to print positions).
pub struct TokenStream {
    pub file: SourceFile,
    pub tokens: Vec<(Token, Span)>,
}

impl Ir for TokenStream {
    fn kind(&self) -> &'static str {
        "tokens"
    }
    fn print(&self) -> String {
        print_tokens(&self.file, &self.tokens)
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

fn lex_pass(_: &mut PassContext, ir: Box<dyn Ir>) -> Result<PassOutput, Vec<Diagnostic>> {
    let Source(file) = expect_ir(ir, "lex").map_err(internal)?;
    let (tokens, diagnostics) = lex(&file);
    if !diagnostics.is_empty() {
        return Err(diagnostics);
    }
    Ok(PassOutput::new(TokenStream { file, tokens }))
}

/// The first pass: source text to tokens (`flambeau dump tokens`).
pub const LEX: Pass = Pass {
    dump_as: Some("tokens"),
    ..Pass::new("lex", "source", "tokens", lex_pass)
};

pub mod ast;
pub mod parser;
pub mod printer;

/// Parse a whole program. Either the program, or at least one error.
pub fn parse(file: &SourceFile) -> Result<ast::Program, Vec<Diagnostic>> {
    parser::parse_program(file)
}

/// The `ast` dump stage: the program as S-expressions.
pub fn dump_ast(file: &SourceFile) -> Result<String, Vec<Diagnostic>> {
    let program = parse(file)?;
    Ok(printer::print_program(file, &program))
}

/// The `ast` IR: the parsed program, and its file (the type checker and the
/// printer need it; OCaml's `Match_failure` carries its name).
pub struct ParsedProgram {
    pub file: SourceFile,
    pub program: ast::Program,
}

impl Ir for ParsedProgram {
    fn kind(&self) -> &'static str {
        "ast"
    }
    fn print(&self) -> String {
        printer::print_program(&self.file, &self.program)
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

fn parse_pass(_: &mut PassContext, ir: Box<dyn Ir>) -> Result<PassOutput, Vec<Diagnostic>> {
    let TokenStream { file, tokens } = expect_ir(ir, "parse").map_err(internal)?;
    let program = parser::parse_tokens(&file, tokens)?;
    Ok(PassOutput::new(ParsedProgram { file, program }))
}

/// The second pass: tokens to the abstract syntax tree (`flambeau dump ast`).
pub const PARSE: Pass = Pass {
    dump_as: Some("ast"),
    ..Pass::new("parse", "tokens", "ast", parse_pass)
};

#[cfg(test)]
mod tests;
