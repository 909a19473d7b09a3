//! The parser: recursive descent for the statement-like forms (`let`,
//! `match`, `if`, declarations, patterns, types) and precedence climbing for
//! OCaml's table of binary operators.

use super::ast::*;
use super::lexer;
use super::literals;
use super::token::Token;
use crate::diagnostics::{Diagnostic, SourceFile, Span};

mod declarations;
mod expressions;
mod items;
mod operators;
mod patterns;
mod types;

use expressions::*;
use items::*;
use operators::*;
use patterns::*;

type PResult<T> = Result<T, Diagnostic>;

/// How deeply expressions, patterns and types may nest before the parser
/// gives up with a diagnostic instead of exhausting the stack.
const MAX_DEPTH: usize = 2000;

/// Parse a whole program: lex it, then parse the tokens. Lexical errors
/// stop before parsing (a token stream with holes would only produce
/// confusing syntax errors).
pub fn parse_program(file: &SourceFile) -> Result<Program, Vec<Diagnostic>> {
    let (tokens, lex_errors) = lexer::lex(file);
    if !lex_errors.is_empty() {
        return Err(lex_errors);
    }
    parse_tokens(file, tokens)
}

/// Parse the tokens of `file` (as `lex` returns them, ending with `Eof`).
/// A syntax error stops the item it is in, and parsing resumes at the next
/// item (see `recover`), so one run reports the errors of independent items.
pub fn parse_tokens(
    file: &SourceFile,
    tokens: Vec<(Token, Span)>,
) -> Result<Program, Vec<Diagnostic>> {
    let mut parser = Parser::new(file, tokens);
    let program = parser.program();
    if parser.diagnostics.is_empty() {
        Ok(program)
    } else {
        Err(parser.diagnostics)
    }
}

struct Parser<'a> {
    file: &'a SourceFile,
    tokens: Vec<(Token, Span)>,
    pos: usize,
    /// The end of the last token consumed: the end of the span of whatever
    /// was just parsed.
    prev_end: u32,
    diagnostics: Vec<Diagnostic>,
    depth: usize,
    /// The span of the last parenthesised expression, to reject
    /// `(a.(i)) <- v` as OCaml does: `<-` wants `a.(i)` itself on its left.
    last_parenthesised: Option<Span>,
}

/// Whether a token can start a top-level item (error recovery skips to one).
fn is_item_start(token: &Token) -> bool {
    matches!(
        token,
        Token::Let | Token::Type | Token::Exception | Token::SemiSemi | Token::Eof
    ) || matches!(token, Token::UnsupportedKeyword(k) if
            ["module", "open", "include", "external", "class", "val"].contains(&k.as_str()))
}

/// What to call an unsupported construct, and a note on why it is missing.
fn unsupported(what: &str, span: Span, note: &str) -> Diagnostic {
    let d = Diagnostic::error(span, format!("{what} is not supported by Flambeau"));
    if note.is_empty() {
        d
    } else {
        d.with_note(note)
    }
}

fn unsupported_keyword(keyword: &str, span: Span) -> Diagnostic {
    let (what, note) = match keyword {
        "module" | "open" | "include" | "functor" | "struct" | "sig" => (
            format!("`{keyword}`"),
            "Flambeau compiles one file without modules of its own; the library's modules \
             (List, Array, String...) are used by qualified names such as `List.map`",
        ),
        "class" | "object" | "method" | "new" | "inherit" | "initializer" | "virtual" => (
            format!("`{keyword}`"),
            "objects and classes are not part of Flambeau's subset of OCaml",
        ),
        "lazy" => (
            "`lazy`".to_owned(),
            "lazy values are not part of Flambeau's subset of OCaml",
        ),
        "external" => (
            "`external`".to_owned(),
            "the primitives Flambeau knows are reached through the library's functions",
        ),
        "private" | "constraint" | "nonrec" | "val" => (format!("`{keyword}`"), ""),
        _ => (format!("`{keyword}`"), ""),
    };
    unsupported(&what, span, note)
}

impl<'a> Parser<'a> {
    fn new(file: &'a SourceFile, tokens: Vec<(Token, Span)>) -> Parser<'a> {
        Parser {
            file,
            tokens,
            pos: 0,
            prev_end: 0,
            diagnostics: Vec::new(),
            depth: 0,
            last_parenthesised: None,
        }
    }

    // ----- looking at tokens -----

    fn peek(&self) -> &Token {
        self.peek_at(0)
    }

    fn peek_at(&self, n: usize) -> &Token {
        match self.tokens.get(self.pos + n).or(self.tokens.last()) {
            Some((token, _)) => token,
            None => &Token::Eof,
        }
    }

    fn span(&self) -> Span {
        self.span_at(0)
    }

    fn span_at(&self, n: usize) -> Span {
        match self.tokens.get(self.pos + n).or(self.tokens.last()) {
            Some((_, span)) => *span,
            None => Span::new(self.file.text.len(), self.file.text.len()),
        }
    }

    fn at(&self, token: &Token) -> bool {
        self.peek() == token
    }

    /// Consume the current token, returning it and its span.
    /// The parser never looks back, so the token is moved out of the
    /// vector rather than cloned.
    fn advance(&mut self) -> (Token, Span) {
        match self.tokens.get_mut(self.pos) {
            Some((token, span)) if *token != Token::Eof => {
                let span = *span;
                self.pos += 1;
                self.prev_end = span.end;
                (std::mem::replace(token, Token::Eof), span)
            }
            _ => {
                let span = self.span();
                self.prev_end = span.end;
                (Token::Eof, span)
            }
        }
    }

    /// Consume the current token and return the text it carries (a name,
    /// a label, an operator; a string literal's bytes as text are never
    /// asked for), or an empty string for a token without text.
    fn take_text(&mut self) -> std::string::String {
        match self.advance().0 {
            Token::Lident(s)
            | Token::Uident(s)
            | Token::Label(s)
            | Token::OptLabel(s)
            | Token::UnsupportedKeyword(s) => s,
            _ => std::string::String::new(),
        }
    }

    /// Consume a string literal and return its bytes.
    fn take_bytes(&mut self) -> Vec<u8> {
        match self.advance().0 {
            Token::String(bytes) => bytes,
            _ => Vec::new(),
        }
    }

    fn eat(&mut self, token: &Token) -> bool {
        if self.at(token) {
            self.advance();
            true
        } else {
            false
        }
    }

    /// Whether the span starts in column 0.
    fn starts_line(&self, span: Span) -> bool {
        let start = span.start as usize;
        start == 0 || self.file.text.as_bytes().get(start - 1) == Some(&b'\n')
    }

    /// The span from `start` to the end of the last token consumed.
    fn since(&self, start: Span) -> Span {
        Span {
            start: start.start,
            end: self.prev_end.max(start.end),
        }
    }

    // ----- errors -----

    fn error_expected(&self, expected: &str) -> Diagnostic {
        let found = self.peek().describe();
        Diagnostic::error(
            self.span(),
            format!("Syntax error: expected {expected}, found {found}"),
        )
    }

    fn expect(&mut self, token: &Token, expected: &str) -> PResult<Span> {
        if self.at(token) {
            Ok(self.advance().1)
        } else {
            Err(self.error_expected(expected))
        }
    }

    /// Expect the token that closes a bracketing construct, pointing at the
    /// opening one if it is missing (OCaml's "This '(' might be unmatched").
    fn expect_closing(&mut self, token: &Token, opener: Span, opener_text: &str) -> PResult<Span> {
        if self.at(token) {
            return Ok(self.advance().1);
        }
        let closing = token.describe();
        Err(self
            .error_expected(&closing)
            .with_secondary(opener, format!("this `{opener_text}` might be unmatched")))
    }

    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH {
            return Err(Diagnostic::error(
                self.span(),
                "This program is nested too deeply for Flambeau's parser",
            ));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }
}
