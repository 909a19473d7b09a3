//! Diagnostics: errors and warnings with a source span, rendered the way
//! `rustc` and `ocamlopt` show them (file, line, column, the source line and a
//! caret under the span). Every stage reports problems as values of this type;
//! nothing in the compiler answers bad input with a panic.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

/// A half-open range of byte offsets into the one source file of a program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start: start as u32, end: end as u32 }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem found in the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub span: Span,
    /// Further spans worth pointing at, each with a short remark.
    pub secondary: Vec<(Span, String)>,
    /// Lines printed after the source excerpt ("did you mean ...").
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span,
            secondary: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(span, message) }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn with_secondary(mut self, span: Span, remark: impl Into<String>) -> Diagnostic {
        self.secondary.push((span, remark.into()));
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The program being compiled: its name as given on the command line (OCaml
/// puts that name into `Match_failure` and `Assert_failure`) and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile { name: name.into(), text: text.into() }
    }

    /// 1-based line and 0-based column (in bytes) of a byte offset, as OCaml
    /// counts them in its locations.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let before = &self.text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        (line, offset - line_start)
    }

    /// Render diagnostics as plain text (no colour), the form tests compare.
    pub fn render(&self, diagnostics: &[Diagnostic]) -> String {
        let file = SimpleFile::new(self.name.as_str(), self.text.as_str());
        let config = Config::default();
        let mut out = String::new();
        for d in diagnostics {
            let clamp = |s: Span| {
                let len = self.text.len() as u32;
                let start = s.start.min(len);
                start as usize..s.end.clamp(start, len) as usize
            };
            let mut labels = vec![Label::primary((), clamp(d.span))];
            labels.extend(d.secondary.iter().map(|(s, m)| Label::secondary((), clamp(*s)).with_message(m)));
            let cs = match d.severity {
                Severity::Error => CsDiagnostic::error(),
                Severity::Warning => CsDiagnostic::warning(),
            }
            .with_message(&d.message)
            .with_labels(labels)
            .with_notes(d.notes.clone());
            match term::emit_into_string(&config, &file, &cs) {
                Ok(text) => out.push_str(&text),
                Err(_) => out.push_str(&format!("{}: {}\n", self.name, d.message)),
            }
        }
        out
    }
}
