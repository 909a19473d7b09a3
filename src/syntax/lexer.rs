//! The lexer: `logos` does the regular part (see `token.rs`); the callbacks
//! here do what regular expressions cannot: nested comments, escapes in
//! string and character literals, and error values with precise spans.

use logos::{Lexer, Logos};

use super::literals;
use super::token::{escape_char, Literal, Token};
use crate::diagnostics::{Diagnostic, SourceFile, Span};

/// What a callback reports when the text is not a valid token. The default
/// value (an empty message) stands for "no pattern matched here": `lex`
/// turns it into OCaml's "Illegal character" message.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LexError {
    pub message: String,
    /// Where the problem is, when it is narrower than the token (an escape
    /// inside a string) or different from it (the opening of a comment).
    pub span: Option<Span>,
    pub secondary: Option<(Span, String)>,
}

impl LexError {
    fn at(span: Span, message: impl Into<String>) -> LexError {
        LexError {
            message: message.into(),
            span: Some(span),
            secondary: None,
        }
    }
}

/// Lex a whole file. The token list always ends with `Token::Eof`, and
/// lexing goes on after an error so that one run reports every bad token.
pub fn lex(file: &SourceFile) -> (Vec<(Token, Span)>, Vec<Diagnostic>) {
    let mut tokens = Vec::new();
    let mut diagnostics = Vec::new();
    let mut lexer = Token::lexer(&file.text);
    while let Some(result) = lexer.next() {
        let range = lexer.span();
        let span = Span::new(range.start, range.end);
        match result {
            Ok(token) => tokens.push((token, span)),
            Err(error) => diagnostics.push(diagnostic_of(error, span, lexer.slice())),
        }
    }
    let end = file.text.len();
    tokens.push((Token::Eof, Span::new(end, end)));
    (tokens, diagnostics)
}

fn diagnostic_of(error: LexError, span: Span, slice: &str) -> Diagnostic {
    if error.message.is_empty() {
        let first = slice.bytes().next().unwrap_or(b' ');
        let shown = if first.is_ascii() {
            escape_char(first)
        } else {
            format!("\\{first:03}")
        };
        return Diagnostic::error(span, format!("Illegal character ({shown})"));
    }
    let mut d = Diagnostic::error(error.span.unwrap_or(span), error.message);
    if let Some((span, remark)) = error.secondary {
        d = d.with_secondary(span, remark);
    }
    d
}

/// Split a numeric literal into its digits and its modifier letter
/// (modifiers are `g`..`z` and `G`..`Z`, so they never clash with hex digits).
fn split_literal(text: &str) -> Literal {
    match text.chars().last() {
        Some(m @ ('g'..='z' | 'G'..='Z')) => Literal {
            text: text[..text.len() - 1].to_owned(),
            modifier: Some(m),
        },
        _ => Literal {
            text: text.to_owned(),
            modifier: None,
        },
    }
}

/// An integer literal: split, and check that it has a known modifier and is
/// in range. The range check does not depend on a minus sign in front (see
/// `literals::int_constant`), so the lexer can do it alone.
pub(super) fn int_literal(lex: &mut Lexer<Token>) -> Result<Literal, LexError> {
    let literal = split_literal(lex.slice());
    match literals::int_constant(&literal, false) {
        Ok(_) => Ok(literal),
        Err(message) => Err(LexError {
            message,
            span: None,
            secondary: None,
        }),
    }
}

/// A float literal: split, and check its modifier.
pub(super) fn float_literal(lex: &mut Lexer<Token>) -> Result<Literal, LexError> {
    let literal = split_literal(lex.slice());
    match literals::float_constant(&literal, false) {
        Ok(_) => Ok(literal),
        Err(message) => Err(LexError {
            message,
            span: None,
            secondary: None,
        }),
    }
}

/// `(*` was just matched: skip to the matching `*)`, counting nesting, and
/// stepping over string and character literals as OCaml does, so that
/// `(* "*)" *)` and `(* '"' *)` are whole comments.
pub(super) fn comment(lex: &mut Lexer<Token>) -> Result<(), LexError> {
    let start = lex.span().start;
    let bytes = lex.remainder().as_bytes();
    // The openings of the comments still open, innermost last.
    let mut open = vec![start];
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' if bytes.get(i + 1) == Some(&b'*') => {
                open.push(start + 2 + i);
                i += 2;
            }
            b'*' if bytes.get(i + 1) == Some(&b')') => {
                open.pop();
                i += 2;
                if open.is_empty() {
                    lex.bump(i);
                    return Ok(());
                }
            }
            b'"' => match scan_string(bytes, i + 1, start + 2, false) {
                Ok((_, end)) => i = end,
                Err(_) => {
                    lex.bump(bytes.len());
                    let string_start = Span::new(start + 2 + i, start + 3 + i);
                    return Err(LexError {
                        message: "This comment contains an unterminated string literal".into(),
                        span: Some(Span::new(start, start + 2)),
                        secondary: Some((string_start, "String literal begins here".into())),
                    });
                }
            },
            b'{' => match quoted_string_delimiter(&bytes[i + 1..]) {
                Some(id) => {
                    let body = i + 2 + id.len();
                    match find_closing_delimiter(bytes, body, id) {
                        Some((_, end)) => i = end,
                        None => {
                            lex.bump(bytes.len());
                            return Err(LexError {
                                message: "This comment contains an unterminated string literal"
                                    .into(),
                                span: Some(Span::new(start, start + 2)),
                                secondary: Some((
                                    Span::new(start + 2 + i, start + 2 + body),
                                    "String literal begins here".into(),
                                )),
                            });
                        }
                    }
                }
                None => i += 1,
            },
            b'\'' => i += char_literal_length_in_comment(&bytes[i..]),
            _ => i += 1,
        }
    }
    lex.bump(bytes.len());
    let innermost = open.last().copied().unwrap_or(start);
    Err(LexError::at(
        Span::new(innermost, innermost + 2),
        "Comment not terminated",
    ))
}

/// In a comment, a quote starts a character literal only if one of OCaml's
/// character-literal forms follows; otherwise it is an ordinary character
/// (as in `(* don't *)`). Returns how many bytes to skip.
fn char_literal_length_in_comment(bytes: &[u8]) -> usize {
    let is = |k: usize, f: fn(u8) -> bool| bytes.get(k).copied().is_some_and(f);
    let quote_at = |k: usize| bytes.get(k) == Some(&b'\'');
    if bytes.get(1) == Some(&b'\\') {
        if is(2, |c| b"\\'\"ntbr ".contains(&c)) && quote_at(3) {
            return 4;
        }
        if is(2, |c| c.is_ascii_digit())
            && is(3, |c| c.is_ascii_digit())
            && is(4, |c| c.is_ascii_digit())
            && quote_at(5)
        {
            return 6;
        }
        if bytes.get(2) == Some(&b'x')
            && is(3, |c| c.is_ascii_hexdigit())
            && is(4, |c| c.is_ascii_hexdigit())
            && quote_at(5)
        {
            return 6;
        }
        if bytes.get(2) == Some(&b'o')
            && is(3, |c| (b'0'..=b'3').contains(&c))
            && is(4, |c| (b'0'..=b'7').contains(&c))
            && is(5, |c| (b'0'..=b'7').contains(&c))
            && quote_at(6)
        {
            return 7;
        }
        return 1;
    }
    if is(1, |c| c != b'\\' && c != b'\'' && c != b'\r') && quote_at(2) {
        return 3;
    }
    1
}

/// `"` was just matched: scan and decode the string literal.
pub(super) fn string_literal(lex: &mut Lexer<Token>) -> Result<Vec<u8>, LexError> {
    let start = lex.span().start;
    let bytes = lex.remainder().as_bytes();
    match scan_string(bytes, 0, start + 1, true) {
        Ok((decoded, end)) => {
            lex.bump(end);
            Ok(decoded)
        }
        Err(error) => {
            // Skip what was scanned so that lexing resumes after the string
            // (or at the end, if it never ends) rather than inside it.
            let skip = match &error.span {
                Some(span) if error.message != UNTERMINATED_STRING => {
                    string_end(bytes).unwrap_or(span.end as usize - start - 1)
                }
                _ => bytes.len(),
            };
            lex.bump(skip.min(bytes.len()));
            Err(error)
        }
    }
}

const UNTERMINATED_STRING: &str = "String literal not terminated";

/// Where the string that starts at `bytes[0]` ends (just after its closing
/// quote), ignoring what its escapes mean.
fn string_end(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    None
}

/// Scan a string literal whose first content byte is `bytes[from]`; `base`
/// is the absolute offset of `bytes[0]` (for spans). Returns the decoded
/// bytes (when `decode` is set; in comments only the extent matters) and the
/// index just after the closing quote.
fn scan_string(
    bytes: &[u8],
    from: usize,
    base: usize,
    decode: bool,
) -> Result<(Vec<u8>, usize), LexError> {
    let mut out = Vec::new();
    let mut i = from;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return Ok((out, i + 1)),
            b'\\' if !decode => i += 2,
            b'\\' => {
                let (decoded, len) = escape(bytes, i, base)?;
                out.extend_from_slice(&decoded);
                i += len;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    // The opening quote is just before `from`.
    let open = base + from - 1;
    Err(LexError::at(Span::new(open, open + 1), UNTERMINATED_STRING))
}

/// Decode the escape sequence at `bytes[i]` (a backslash) inside a string:
/// its bytes and its length in the source.
fn escape(bytes: &[u8], i: usize, base: usize) -> Result<(Vec<u8>, usize), LexError> {
    let next = bytes.get(i + 1).copied();
    let simple = |b: u8| Ok((vec![b], 2));
    match next {
        Some(b'\\') => simple(b'\\'),
        Some(b'"') => simple(b'"'),
        Some(b'\'') => simple(b'\''),
        Some(b'n') => simple(b'\n'),
        Some(b't') => simple(b'\t'),
        Some(b'b') => simple(b'\x08'),
        Some(b'r') => simple(b'\r'),
        Some(b' ') => simple(b' '),
        // A backslash at the end of a line continues the string on the next
        // line, skipping the next line's leading blanks.
        Some(b'\n') | Some(b'\r') => {
            let mut j = i + 1;
            if bytes.get(j) == Some(&b'\r') {
                j += 1;
            }
            if bytes.get(j) == Some(&b'\n') {
                j += 1;
            }
            while matches!(bytes.get(j), Some(b' ' | b'\t')) {
                j += 1;
            }
            Ok((Vec::new(), j - i))
        }
        _ => match numeric_escape(&bytes[i..]) {
            Some(Ok((b, len))) => Ok((vec![b], len)),
            Some(Err((len, why))) => {
                let text = String::from_utf8_lossy(&bytes[i..i + len]).into_owned();
                Err(LexError::at(
                    Span::new(base + i, base + i + len),
                    format!("Illegal backslash escape in string or character ({text}): {why}"),
                ))
            }
            None => match unicode_escape(&bytes[i..]) {
                Some(Ok((encoded, len))) => Ok((encoded, len)),
                Some(Err((len, why))) => {
                    let text = String::from_utf8_lossy(&bytes[i..i + len]).into_owned();
                    Err(LexError::at(
                        Span::new(base + i, base + i + len),
                        format!("Illegal backslash escape in string or character ({text}): {why}"),
                    ))
                }
                None => {
                    let len = if next.is_some() { 2 } else { 1 };
                    let len = len.min(bytes.len() - i);
                    let shown = String::from_utf8_lossy(&bytes[i..i + len]).into_owned();
                    Err(LexError {
                        message: format!(
                            "Illegal backslash escape in string or character ({shown})"
                        ),
                        span: Some(Span::new(base + i, base + i + len)),
                        secondary: None,
                    })
                }
            },
        },
    }
}

/// A decoded escape and its length, or its length and why it is wrong.
type EscapeResult<T> = Result<(T, usize), (usize, String)>;

/// The escapes that name a byte by its code: `\ddd` (decimal), `\o377`
/// (octal), `\xhh` (hexadecimal). `None` if `bytes` (starting with the
/// backslash) is not one of them; an error (with the escape's length and the
/// reason) if it is but the code is above 255.
fn numeric_escape(bytes: &[u8]) -> Option<EscapeResult<u8>> {
    let digits = |from: usize, n: usize, radix: u32| -> Option<u32> {
        let slice = bytes.get(from..from + n)?;
        let text = std::str::from_utf8(slice).ok()?;
        if !text.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        u32::from_str_radix(text, radix).ok()
    };
    if let Some(code) = digits(1, 3, 10) {
        return Some(match u8::try_from(code) {
            Ok(b) => Ok((b, 4)),
            Err(_) => Err((
                4,
                format!("{code} is outside the range of legal characters (0-255)."),
            )),
        });
    }
    if bytes.get(1) == Some(&b'o') {
        let code = digits(2, 3, 8)?;
        return Some(match u8::try_from(code) {
            Ok(b) => Ok((b, 5)),
            Err(_) => {
                let text = String::from_utf8_lossy(&bytes[1..5]).into_owned();
                Err((
                    5,
                    format!("{text} (={code}) is outside the range of legal characters (0-255)."),
                ))
            }
        });
    }
    if bytes.get(1) == Some(&b'x') {
        let code = digits(2, 2, 16)?;
        return Some(Ok((code as u8, 4)));
    }
    None
}

/// `\u{XXXX}`: a Unicode scalar value, stored as its UTF-8 bytes.
fn unicode_escape(bytes: &[u8]) -> Option<EscapeResult<Vec<u8>>> {
    if bytes.get(1) != Some(&b'u') || bytes.get(2) != Some(&b'{') {
        return None;
    }
    let close = bytes.iter().skip(3).position(|&b| !b.is_ascii_hexdigit())? + 3;
    if close == 3 || bytes.get(close) != Some(&b'}') {
        return None;
    }
    let len = close + 1;
    let text = std::str::from_utf8(&bytes[3..close]).ok()?;
    let scalar = u32::from_str_radix(text, 16).ok().and_then(char::from_u32);
    Some(match scalar {
        Some(c) => Ok((c.to_string().into_bytes(), len)),
        None => Err((len, format!("{text} is not a Unicode scalar value"))),
    })
}

/// A character literal matched by the regular expression in `token.rs`:
/// decode it.
pub(super) fn char_literal(lex: &mut Lexer<Token>) -> Result<u8, LexError> {
    let start = lex.span().start;
    let text = lex.slice().as_bytes();
    let inner = &text[1..text.len() - 1];
    let whole = Span::new(start, start + text.len());
    match inner {
        [b'\\', ..] => {
            let shown = String::from_utf8_lossy(text).into_owned();
            if let Some(result) = numeric_escape(inner) {
                return result.map(|(b, _)| b).map_err(|(_, why)| {
                    LexError::at(
                        whole,
                        format!("Illegal backslash escape in string or character ({shown}): {why}"),
                    )
                });
            }
            match inner.get(1) {
                Some(b'\\') => Ok(b'\\'),
                Some(b'"') => Ok(b'"'),
                Some(b'\'') => Ok(b'\''),
                Some(b'n') => Ok(b'\n'),
                Some(b't') => Ok(b'\t'),
                Some(b'b') => Ok(b'\x08'),
                Some(b'r') => Ok(b'\r'),
                Some(b' ') => Ok(b' '),
                _ => {
                    let shown = String::from_utf8_lossy(&inner[..2.min(inner.len())]).into_owned();
                    Err(LexError::at(
                        Span::new(start, start + 1 + shown.len()),
                        format!("Illegal backslash escape in string or character ({shown})"),
                    ))
                }
            }
        }
        [b] => Ok(*b),
        _ => Err(LexError::at(
            whole,
            "This character literal is not a single byte: OCaml's `char` is a byte, and a \
             non-ASCII character takes several (write it in a string, or as '\\ddd')",
        )),
    }
}

/// A quote, a backslash and a character that starts no escape (`'\q`):
/// OCaml's "illegal backslash escape".
pub(super) fn bad_char_escape(lex: &mut Lexer<Token>) -> Result<u8, LexError> {
    let shown = lex.slice()[1..].to_owned();
    Err(LexError {
        message: format!("Illegal backslash escape in string or character ({shown})"),
        span: None,
        secondary: None,
    })
}

/// If `bytes` (just after a `{`) starts with `id|` where `id` is a
/// lowercase identifier or empty, the `id`.
fn quoted_string_delimiter(bytes: &[u8]) -> Option<&[u8]> {
    let len = bytes
        .iter()
        .position(|&b| !(b.is_ascii_lowercase() || b == b'_'))?;
    (bytes.get(len) == Some(&b'|')).then(|| &bytes[..len])
}

/// Find `|id}` from `bytes[from]` on: the index where it starts and the
/// index just after it.
fn find_closing_delimiter(bytes: &[u8], from: usize, id: &[u8]) -> Option<(usize, usize)> {
    let mut i = from;
    while i < bytes.len() {
        if bytes[i] == b'|'
            && bytes.get(i + 1..i + 1 + id.len()) == Some(id)
            && bytes.get(i + 1 + id.len()) == Some(&b'}')
        {
            return Some((i, i + 2 + id.len()));
        }
        i += 1;
    }
    None
}

/// `{id|` was just matched: a quoted string, which has no escapes and ends
/// at the first `|id}`.
pub(super) fn quoted_string(lex: &mut Lexer<Token>) -> Result<Vec<u8>, LexError> {
    let start = lex.span().start;
    let id = lex.slice().as_bytes()[1..lex.slice().len() - 1].to_vec();
    let bytes = lex.remainder().as_bytes();
    match find_closing_delimiter(bytes, 0, &id) {
        Some((content_end, end)) => {
            let content = bytes[..content_end].to_vec();
            lex.bump(end);
            Ok(content)
        }
        None => {
            lex.bump(bytes.len());
            Err(LexError::at(
                Span::new(start, start + 2 + id.len()),
                UNTERMINATED_STRING,
            ))
        }
    }
}
