//! The program and its items, and `let` bindings (shared by top-level
//! definitions and `let ... in`).

use super::*;

impl Parser<'_> {
    pub(super) fn program(&mut self) -> Program {
        let mut items = Vec::new();
        // A bare expression may start the file or follow `;;`.
        let mut expression_allowed = true;
        loop {
            while self.eat(&Token::SemiSemi) {
                expression_allowed = true;
            }
            if self.at(&Token::Eof) {
                break;
            }
            self.depth = 0;
            match self.item(expression_allowed) {
                Ok(item) => items.push(item),
                Err(diagnostic) => {
                    self.diagnostics.push(diagnostic);
                    self.recover();
                }
            }
            expression_allowed = false;
        }
        Program { items }
    }

    /// After a syntax error, skip to what looks like the start of the next
    /// top-level item: `;;`, `type` or `exception`, or a `let` at the start
    /// of a line (top-level definitions are conventionally written in column
    /// 0, and a `let` inside an expression rarely is). This keeps one mistake
    /// from producing a cascade of errors, while still reporting mistakes in
    /// later, independent items.
    pub(super) fn recover(&mut self) {
        // Always make progress.
        if !self.at(&Token::Eof) {
            self.advance();
        }
        loop {
            let token = self.peek();
            let at_line_start = self.starts_line(self.span());
            match token {
                Token::Eof | Token::SemiSemi => return,
                Token::Let | Token::Type | Token::Exception if at_line_start => return,
                Token::UnsupportedKeyword(_) if at_line_start && is_item_start(token) => return,
                _ => {
                    self.advance();
                }
            }
        }
    }

    pub(super) fn item(&mut self, expression_allowed: bool) -> PResult<Item> {
        let start = self.span();
        match self.peek() {
            Token::Let => self.let_item(expression_allowed),
            Token::Type => {
                let decls = self.type_declarations()?;
                Ok(Item {
                    kind: ItemKind::Type(decls),
                    span: self.since(start),
                })
            }
            Token::Exception => {
                self.advance();
                let decl = self.exception_declaration(start)?;
                Ok(Item {
                    kind: ItemKind::Exception(decl),
                    span: self.since(start),
                })
            }
            Token::UnsupportedKeyword(keyword) => Err(unsupported_keyword(keyword, start)),
            Token::AttributeOpen(_) => Err(self.attribute()),
            token if expression_allowed && starts_expression(token) => {
                let expr = self.seq_expr()?;
                Ok(Item {
                    kind: ItemKind::Expr(expr),
                    span: self.since(start),
                })
            }
            token if starts_expression(token) => Err(Diagnostic::error(
                start,
                "Syntax error: an expression at top level must follow `;;`",
            )
            .with_note("write `let () = ...` to run it, or end the previous item with `;;`")),
            _ => Err(self.error_expected("a definition (`let`, `type` or `exception`)")),
        }
    }

    /// `let [rec] bindings` at top level; or, if `in` follows, the start of
    /// a top-level expression `let ... in e`.
    pub(super) fn let_item(&mut self, expression_allowed: bool) -> PResult<Item> {
        let start = self.span();
        if matches!(
            self.peek_at(1),
            Token::Exception | Token::UnsupportedKeyword(_)
        ) {
            // `let exception`, `let open`, `let module`: expressions only.
            if !expression_allowed {
                return Err(self.let_in_at_top_level(start));
            }
            let expr = self.seq_expr()?;
            return Ok(Item {
                kind: ItemKind::Expr(expr),
                span: self.since(start),
            });
        }
        self.advance();
        self.reject_binding_operator(start)?;
        let rec_flag = if self.eat(&Token::Rec) {
            RecFlag::Recursive
        } else {
            RecFlag::NonRecursive
        };
        let bindings = self.let_bindings()?;
        if !self.at(&Token::In) {
            return Ok(Item {
                kind: ItemKind::Let(rec_flag, bindings),
                span: self.since(start),
            });
        }
        if !expression_allowed {
            return Err(self.let_in_at_top_level(self.span()));
        }
        self.advance();
        let body = self.seq_expr()?;
        // The body extends as far as possible, so nothing can follow it.
        let expr = Expr::new(
            ExprKind::Let(rec_flag, bindings, Box::new(body)),
            self.since(start),
        );
        Ok(Item {
            kind: ItemKind::Expr(expr),
            span: self.since(start),
        })
    }

    pub(super) fn let_in_at_top_level(&self, span: Span) -> Diagnostic {
        Diagnostic::error(
            span,
            "Syntax error: a `let ... in` expression at top level must follow `;;`",
        )
        .with_note("end the previous item with `;;`, or make this a definition without `in`")
    }

    /// `let*`, `let+`...: OCaml lexes them as one token; we see `let`
    /// immediately followed by an operator.
    pub(super) fn reject_binding_operator(&self, let_span: Span) -> PResult<()> {
        let next = self.span();
        let is_operator = matches!(
            self.peek(),
            Token::Star
                | Token::Plus
                | Token::InfixOp0(_)
                | Token::InfixOp1(_)
                | Token::InfixOp2(_)
                | Token::InfixOp3(_)
                | Token::InfixOp4(_)
        );
        if is_operator && next.start == let_span.end {
            return Err(unsupported(
                "A binding operator (`let*`, `let+`...)",
                let_span.to(next),
                "",
            ));
        }
        Ok(())
    }

    pub(super) fn attribute(&self) -> Diagnostic {
        unsupported(
            "An attribute or extension node (`[@...]`, `[%...]`)",
            self.span(),
            "",
        )
    }
}

impl Parser<'_> {
    /// `binding (and binding)*`
    pub(super) fn let_bindings(&mut self) -> PResult<Vec<Binding>> {
        let mut bindings = vec![self.let_binding()?];
        while self.eat(&Token::And) {
            bindings.push(self.let_binding()?);
        }
        Ok(bindings)
    }

    /// One binding: `f p1 ... pn [: t] = e` (a function), or `p [: t] = e`.
    pub(super) fn let_binding(&mut self) -> PResult<Binding> {
        let start = self.span();
        if let Some(name) = self.value_name_ahead() {
            let (name_span, name_len) = name;
            let after = self.peek_at(name_len);
            if starts_simple_pattern(after) {
                // A function binding: `let f x y = ...`.
                let name = self.value_name()?;
                let pat = Pattern::new(PatternKind::Var(name), name_span);
                let fun_start = self.span();
                let params = self.parameters()?;
                let return_type = if self.eat(&Token::Colon) {
                    Some(self.core_type()?)
                } else {
                    None
                };
                self.expect(&Token::Equal, "`=` after the parameters")?;
                let body = self.seq_expr()?;
                let body = constrain(body, return_type);
                let expr = Expr::new(ExprKind::Fun(params, Box::new(body)), self.since(fun_start));
                return Ok(Binding {
                    pat,
                    expr,
                    span: self.since(start),
                });
            }
        }
        let pat = self.pattern()?;
        let annotation = if self.eat(&Token::Colon) {
            Some(self.core_type()?)
        } else {
            None
        };
        self.expect(&Token::Equal, "`=`")?;
        let expr = constrain(self.seq_expr()?, annotation);
        Ok(Binding {
            pat,
            expr,
            span: self.since(start),
        })
    }

    /// If a value name starts here (`f` or `( + )`), its span and how many
    /// tokens it takes.
    pub(super) fn value_name_ahead(&self) -> Option<(Span, usize)> {
        match self.peek() {
            Token::Lident(_) => Some((self.span(), 1)),
            Token::LParen
                if operator_name(self.peek_at(1)).is_some()
                    && self.peek_at(2) == &Token::RParen =>
            {
                Some((self.span().to(self.span_at(2)), 3))
            }
            _ => None,
        }
    }

    /// A value name: `x` or an operator in parentheses `( + )`.
    pub(super) fn value_name(&mut self) -> PResult<std::string::String> {
        match self.peek() {
            Token::Lident(_) => {
                let name = self.take_text();
                Ok(name)
            }
            Token::LParen => {
                self.advance();
                let name =
                    operator_name(self.peek()).ok_or_else(|| self.error_expected("an operator"))?;
                self.advance();
                self.expect(&Token::RParen, "`)`")?;
                Ok(name)
            }
            _ => Err(self.error_expected("a value name")),
        }
    }

    /// The parameters of `fun` and of a function binding: simple patterns.
    pub(super) fn parameters(&mut self) -> PResult<Vec<Pattern>> {
        let mut params = Vec::new();
        while starts_simple_pattern(self.peek()) {
            params.push(self.parameter()?);
        }
        if params.is_empty() {
            return Err(self.error_expected("a parameter"));
        }
        Ok(params)
    }

    pub(super) fn parameter(&mut self) -> PResult<Pattern> {
        match self.peek() {
            Token::Label(_) | Token::Tilde | Token::OptLabel(_) | Token::Question => Err(unsupported(
                "A labelled or optional parameter",
                self.span(),
                "only the library's own labelled arguments (`~finally`, `~default`) can be used",
            )),
            Token::LParen if self.peek_at(1) == &Token::Type => {
                Err(unsupported("A locally abstract type `(type a)`", self.span(), ""))
            }
            _ => self.simple_pattern(),
        }
    }
}

/// `(e : t)` if there is an annotation.
pub(super) fn constrain(expr: Expr, annotation: Option<TypeExpr>) -> Expr {
    match annotation {
        Some(ty) => {
            let span = expr.span.to(ty.span);
            Expr::new(ExprKind::Constraint(Box::new(expr), ty), span)
        }
        None => expr,
    }
}
