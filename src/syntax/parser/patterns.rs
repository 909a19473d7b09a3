//! Patterns.

use super::*;

/// Whether a token can start a simple pattern (a function parameter).
pub(super) fn starts_simple_pattern(token: &Token) -> bool {
    use Token::*;
    matches!(
        token,
        Int(_)
            | Float(_)
            | Char(_)
            | String(_)
            | Lident(_)
            | Uident(_)
            | True
            | False
            | LParen
            | LBracket
            | LBracketBar
            | LBrace
            | Underscore
            | Minus
            | Plus
            | Backquote
            | Hash
            | Label(_)
            | Tilde
            | OptLabel(_)
            | Question
    )
}

impl Parser<'_> {
    /// A full pattern. From the loosest: `as` and `|` (left), `,`, `::`
    /// (right), constructor application, simple patterns.
    pub(super) fn pattern(&mut self) -> PResult<Pattern> {
        self.nested(|p| {
            let start = p.span();
            let mut pat = p.tuple_pattern()?;
            loop {
                if p.eat(&Token::Bar) {
                    let rhs = p.tuple_pattern()?;
                    pat = Pattern::new(
                        PatternKind::Or(Box::new(pat), Box::new(rhs)),
                        p.since(start),
                    );
                } else if p.eat(&Token::As) {
                    let Token::Lident(name) = p.peek().clone() else {
                        return Err(p.error_expected("a variable name after `as`"));
                    };
                    let (_, span) = p.advance();
                    pat = Pattern::new(
                        PatternKind::Alias(Box::new(pat), Ident { name, span }),
                        p.since(start),
                    );
                } else {
                    return Ok(pat);
                }
            }
        })
    }

    pub(super) fn tuple_pattern(&mut self) -> PResult<Pattern> {
        let start = self.span();
        let first = self.cons_pattern()?;
        if !self.at(&Token::Comma) {
            return Ok(first);
        }
        let mut elems = vec![first];
        while self.eat(&Token::Comma) {
            elems.push(self.cons_pattern()?);
        }
        Ok(Pattern::new(PatternKind::Tuple(elems), self.since(start)))
    }

    /// `p1 :: p2`, right-associative.
    pub(super) fn cons_pattern(&mut self) -> PResult<Pattern> {
        self.nested(|p| {
            let head = p.constructor_pattern()?;
            if !p.at(&Token::ColonColon) {
                return Ok(head);
            }
            let (_, op_span) = p.advance();
            let tail = p.cons_pattern()?;
            let span = head.span.to(tail.span);
            let pair = Pattern::new(PatternKind::Tuple(vec![head, tail]), span);
            Ok(Pattern::new(
                PatternKind::Construct(Path::simple(CONS, op_span), Some(Box::new(pair))),
                span,
            ))
        })
    }

    /// `C p` (the argument may itself be a constructor application), or a
    /// simple pattern.
    pub(super) fn constructor_pattern(&mut self) -> PResult<Pattern> {
        let start = self.span();
        match self.peek() {
            Token::Uident(_) => {
                let path = self.constructor_path()?;
                if starts_simple_pattern(self.peek()) {
                    let arg = self.nested(|p| p.constructor_pattern())?;
                    return Ok(Pattern::new(
                        PatternKind::Construct(path, Some(Box::new(arg))),
                        self.since(start),
                    ));
                }
                let span = path.span;
                Ok(Pattern::new(PatternKind::Construct(path, None), span))
            }
            Token::UnsupportedKeyword(k) if k == "lazy" => {
                Err(unsupported("A `lazy` pattern", start, ""))
            }
            Token::Exception => Err(unsupported(
                "An exception pattern (`exception E`)",
                start,
                "use `try ... with`",
            )),
            _ => self.simple_pattern(),
        }
    }

    /// `C`, `M.C`.
    pub(super) fn constructor_path(&mut self) -> PResult<Path> {
        let start = self.span();
        let mut qualifier = Vec::new();
        loop {
            let Token::Uident(name) = self.peek().clone() else {
                return Err(self.error_expected("a constructor name"));
            };
            self.advance();
            if self.at(&Token::Dot) && matches!(self.peek_at(1), Token::Uident(_)) {
                qualifier.push(name);
                self.advance();
            } else {
                return Ok(Path {
                    qualifier,
                    name,
                    span: self.since(start),
                });
            }
        }
    }

    /// Variables, `_`, constants (signed), `'a'..'z'`, constructors without
    /// argument, and bracketed patterns.
    pub(super) fn simple_pattern(&mut self) -> PResult<Pattern> {
        let start = self.span();
        match self.peek() {
            Token::Lident(_) => {
                let name = self.take_text();
                Ok(Pattern::new(PatternKind::Var(name), start))
            }
            Token::Underscore => {
                self.advance();
                Ok(Pattern::new(PatternKind::Any, start))
            }
            Token::Uident(_) => {
                let path = self.constructor_path()?;
                let span = path.span;
                Ok(Pattern::new(PatternKind::Construct(path, None), span))
            }
            Token::True | Token::False => {
                let name = if self.at(&Token::True) { TRUE } else { FALSE };
                self.advance();
                Ok(Pattern::new(
                    PatternKind::Construct(Path::simple(name, start), None),
                    start,
                ))
            }
            Token::Char(c) => {
                let c = *c;
                self.advance();
                if !self.eat(&Token::DotDot) {
                    return Ok(Pattern::new(PatternKind::Const(Constant::Char(c)), start));
                }
                let Token::Char(last) = self.peek().clone() else {
                    return Err(self.error_expected("a character literal after `..`"));
                };
                self.advance();
                Ok(Pattern::new(PatternKind::Range(c, last), self.since(start)))
            }
            Token::String(_) => {
                let s = self.take_bytes();
                Ok(Pattern::new(PatternKind::Const(Constant::String(s)), start))
            }
            Token::Int(_) | Token::Float(_) | Token::Minus | Token::Plus => {
                let constant = self.pattern_number()?;
                Ok(Pattern::new(
                    PatternKind::Const(constant),
                    self.since(start),
                ))
            }
            Token::LParen => self.parenthesised_pattern(),
            Token::LBracket => {
                let (_, open) = self.advance();
                let elems = self.pattern_list(&Token::RBracket, open, "[")?;
                let span = self.since(open);
                let close = Span {
                    start: span.end.saturating_sub(1),
                    end: span.end,
                };
                let mut list = Pattern::new(
                    PatternKind::Construct(Path::simple(NIL, close), None),
                    close,
                );
                for elem in elems.into_iter().rev() {
                    let cons_span = Span {
                        start: elem.span.start,
                        end: span.end,
                    };
                    let pair = Pattern::new(PatternKind::Tuple(vec![elem, list]), cons_span);
                    list = Pattern::new(
                        PatternKind::Construct(Path::simple(CONS, cons_span), Some(Box::new(pair))),
                        cons_span,
                    );
                }
                list.span = span;
                Ok(list)
            }
            Token::LBracketBar => {
                let (_, open) = self.advance();
                let elems = self.pattern_list(&Token::BarRBracket, open, "[|")?;
                Ok(Pattern::new(PatternKind::Array(elems), self.since(open)))
            }
            Token::LBrace => self.record_pattern(),
            Token::Backquote => Err(unsupported("A polymorphic variant", start, "")),
            Token::Hash => Err(unsupported("A `#` type pattern", start, "")),
            Token::UnsupportedKeyword(k) => Err(unsupported_keyword(k, start)),
            Token::AttributeOpen(_) => Err(self.attribute()),
            _ => Err(self.error_expected("a pattern")),
        }
    }

    /// A numeric constant in a pattern, with an optional sign.
    pub(super) fn pattern_number(&mut self) -> PResult<Constant> {
        let start = self.span();
        let negate = match self.peek() {
            Token::Minus => {
                self.advance();
                true
            }
            Token::Plus => {
                self.advance();
                false
            }
            _ => false,
        };
        if !matches!(self.peek(), Token::Int(_) | Token::Float(_)) {
            return Err(self.error_expected("a number after the sign"));
        }
        let (token, span) = self.advance();
        let span = start.to(span);
        let result = match token {
            Token::Int(literal) => literals::int_constant(&literal, negate),
            Token::Float(literal) => literals::float_constant(&literal, negate),
            _ => return Err(self.error_expected("a number after the sign")),
        };
        result.map_err(|message| Diagnostic::error(span, message))
    }

    /// `()`, `( op )`, `( p )`, `( p : t )`.
    pub(super) fn parenthesised_pattern(&mut self) -> PResult<Pattern> {
        let (_, open) = self.advance();
        if self.eat(&Token::RParen) {
            let span = self.since(open);
            return Ok(Pattern::new(
                PatternKind::Construct(Path::simple(UNIT, span), None),
                span,
            ));
        }
        if let Some(name) = operator_name(self.peek()) {
            if self.peek_at(1) == &Token::RParen {
                self.advance();
                self.advance();
                return Ok(Pattern::new(PatternKind::Var(name), self.since(open)));
            }
        }
        if matches!(self.peek(), Token::Let | Token::And) && self.peek_at(1) != &Token::RParen {
            return Err(unsupported(
                "A binding operator (`let*`, `let+`...)",
                open.to(self.span_at(1)),
                "",
            ));
        }
        if self.at(&Token::Type) {
            return Err(unsupported("A locally abstract type `(type a)`", open, ""));
        }
        if matches!(self.peek(), Token::UnsupportedKeyword(k) if k == "module") {
            return Err(unsupported_keyword("module", self.span()));
        }
        let mut pat = self.pattern()?;
        if self.eat(&Token::Colon) {
            let ty = self.core_type()?;
            let span = pat.span.to(ty.span);
            pat = Pattern::new(PatternKind::Constraint(Box::new(pat), ty), span);
        }
        self.expect_closing(&Token::RParen, open, "(")?;
        pat.span = self.since(open);
        Ok(pat)
    }

    pub(super) fn pattern_list(
        &mut self,
        close: &Token,
        open: Span,
        open_text: &str,
    ) -> PResult<Vec<Pattern>> {
        let mut elems = Vec::new();
        while !self.at(close) {
            elems.push(self.pattern()?);
            if !self.eat(&Token::Semi) {
                break;
            }
        }
        self.expect_closing(close, open, open_text)?;
        Ok(elems)
    }

    /// `{ f1 = p1; f2; _ }`
    pub(super) fn record_pattern(&mut self) -> PResult<Pattern> {
        let (_, open) = self.advance();
        let mut fields = Vec::new();
        let mut open_ = false;
        loop {
            if self.eat(&Token::Underscore) {
                open_ = true;
                self.eat(&Token::Semi);
                break;
            }
            let start = self.span();
            let field = self.label_path()?;
            let annotation = if self.eat(&Token::Colon) {
                Some(self.core_type()?)
            } else {
                None
            };
            let mut pat = if self.eat(&Token::Equal) {
                self.pattern()?
            } else {
                Pattern::new(PatternKind::Var(field.name.clone()), field.span)
            };
            if let Some(ty) = annotation {
                let span = pat.span.to(ty.span);
                pat = Pattern::new(PatternKind::Constraint(Box::new(pat), ty), span);
            }
            fields.push(FieldPattern {
                field,
                pat,
                span: self.since(start),
            });
            if !self.eat(&Token::Semi) || self.at(&Token::RBrace) {
                break;
            }
        }
        self.expect_closing(&Token::RBrace, open, "{")?;
        Ok(Pattern::new(
            PatternKind::Record { fields, open_ },
            self.since(open),
        ))
    }
}
