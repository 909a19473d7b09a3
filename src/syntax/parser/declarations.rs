//! Type and exception declarations.

use super::*;

impl Parser<'_> {
    /// `type d1 and d2 ...`
    pub(super) fn type_declarations(&mut self) -> PResult<Vec<TypeDecl>> {
        self.advance();
        if let Token::UnsupportedKeyword(k) = self.peek() {
            return Err(unsupported_keyword(&k.clone(), self.span()));
        }
        let mut decls = vec![self.type_declaration()?];
        while self.eat(&Token::And) {
            decls.push(self.type_declaration()?);
        }
        Ok(decls)
    }

    pub(super) fn type_declaration(&mut self) -> PResult<TypeDecl> {
        let start = self.span();
        let params = self.type_parameters()?;
        let Token::Lident(name) = self.peek().clone() else {
            return Err(self.error_expected("the name of the type (in lower case)"));
        };
        let (_, name_span) = self.advance();
        let name = Ident {
            name,
            span: name_span,
        };
        let kind = if self.eat(&Token::Equal) {
            self.type_definition()?
        } else {
            TypeDeclKind::Abstract
        };
        if self.at(&Token::Equal) {
            return Err(unsupported(
                "A re-exported type definition (`type t = M.t = ...`)",
                self.span(),
                "",
            ));
        }
        if let Token::UnsupportedKeyword(k) = self.peek() {
            return Err(unsupported_keyword(&k.clone(), self.span()));
        }
        Ok(TypeDecl {
            name,
            params,
            kind,
            span: self.since(start),
        })
    }

    /// `'a` or `('a, 'b)` before the name of a declared type.
    pub(super) fn type_parameters(&mut self) -> PResult<Vec<Ident>> {
        match self.peek() {
            Token::Quote => Ok(vec![self.type_parameter()?]),
            Token::LParen => {
                let (_, open) = self.advance();
                let mut params = vec![self.type_parameter()?];
                while self.eat(&Token::Comma) {
                    params.push(self.type_parameter()?);
                }
                self.expect_closing(&Token::RParen, open, "(")?;
                Ok(params)
            }
            Token::Plus | Token::Minus | Token::Underscore => Err(unsupported(
                "A variance annotation or anonymous parameter in a type declaration",
                self.span(),
                "",
            )),
            _ => Ok(Vec::new()),
        }
    }

    pub(super) fn type_parameter(&mut self) -> PResult<Ident> {
        let start = self.span();
        if matches!(self.peek(), Token::Plus | Token::Minus | Token::Underscore) {
            return Err(unsupported(
                "A variance annotation or anonymous parameter in a type declaration",
                start,
                "",
            ));
        }
        self.expect(&Token::Quote, "a type parameter `'a`")?;
        match self.peek() {
            Token::Lident(_) | Token::Uident(_) => {
                let name = self.take_text();
                Ok(Ident {
                    name,
                    span: self.since(start),
                })
            }
            _ => Err(self.error_expected("a type parameter name after `'`")),
        }
    }

    /// What follows `=`: constructors, a record, or a type (an abbreviation).
    pub(super) fn type_definition(&mut self) -> PResult<TypeDeclKind> {
        match self.peek() {
            Token::Bar => Ok(TypeDeclKind::Variant(self.constructor_declarations()?)),
            Token::Uident(_) if self.peek_at(1) != &Token::Dot => {
                Ok(TypeDeclKind::Variant(self.constructor_declarations()?))
            }
            Token::LBrace => Ok(TypeDeclKind::Record(self.field_declarations()?)),
            Token::UnsupportedKeyword(k) => Err(unsupported_keyword(&k.clone(), self.span())),
            Token::DotDot => Err(unsupported(
                "An extensible variant type (`type t = ..`)",
                self.span(),
                "",
            )),
            _ => Ok(TypeDeclKind::Abbrev(self.core_type()?)),
        }
    }

    pub(super) fn constructor_declarations(&mut self) -> PResult<Vec<ConstructorDecl>> {
        self.eat(&Token::Bar);
        let mut constructors = vec![self.constructor_declaration()?];
        while self.eat(&Token::Bar) {
            constructors.push(self.constructor_declaration()?);
        }
        Ok(constructors)
    }

    pub(super) fn constructor_declaration(&mut self) -> PResult<ConstructorDecl> {
        let start = self.span();
        let name = match self.peek() {
            Token::Uident(name) => name.clone(),
            Token::True | Token::False | Token::LParen | Token::LBracket => {
                return Err(unsupported(
                    "Redefining `true`, `false`, `()`, `[]` or `::`",
                    start,
                    "",
                ))
            }
            _ => return Err(self.error_expected("a constructor name (capitalised)")),
        };
        self.advance();
        let name = Ident { name, span: start };
        let args = self.constructor_arguments()?;
        Ok(ConstructorDecl {
            name,
            args,
            span: self.since(start),
        })
    }

    /// `of t1 * ... * tn`: one type per argument. Each is an applied type,
    /// so `of int * int` has two arguments and `of (int * int)` one.
    pub(super) fn constructor_arguments(&mut self) -> PResult<Vec<TypeExpr>> {
        if self.at(&Token::Colon) {
            return Err(unsupported(
                "A generalised algebraic data type (`C : t`)",
                self.span(),
                "",
            ));
        }
        if !self.eat(&Token::Of) {
            return Ok(Vec::new());
        }
        if self.at(&Token::LBrace) {
            return Err(unsupported(
                "An inline record in a constructor (`C of { ... }`)",
                self.span(),
                "declare the record type apart",
            ));
        }
        let mut args = vec![self.applied_type()?];
        while self.eat(&Token::Star) {
            args.push(self.applied_type()?);
        }
        if self.at(&Token::MinusGreater) {
            return Err(self
                .error_expected("`|` or the end of the declaration")
                .with_note("a function type as a constructor argument must be in parentheses: `C of (int -> int)`"));
        }
        Ok(args)
    }

    /// `{ [mutable] f1 : t1; ... }`
    pub(super) fn field_declarations(&mut self) -> PResult<Vec<FieldDecl>> {
        let (_, open) = self.advance();
        let mut fields = Vec::new();
        loop {
            let start = self.span();
            let mutable = self.eat(&Token::Mutable);
            let Token::Lident(name) = self.peek().clone() else {
                return Err(self.error_expected("a field name"));
            };
            let (_, name_span) = self.advance();
            self.expect(&Token::Colon, "`:` after the field name")?;
            let ty = self.core_type()?;
            fields.push(FieldDecl {
                name: Ident {
                    name,
                    span: name_span,
                },
                mutable,
                ty,
                span: self.since(start),
            });
            if !self.eat(&Token::Semi) || self.at(&Token::RBrace) {
                break;
            }
        }
        self.expect_closing(&Token::RBrace, open, "{")?;
        Ok(fields)
    }

    /// `E [of t1 * ... * tn]` after `exception`.
    pub(super) fn exception_declaration(&mut self, start: Span) -> PResult<ExceptionDecl> {
        let Token::Uident(name) = self.peek().clone() else {
            return Err(self.error_expected("an exception name (capitalised)"));
        };
        let (_, name_span) = self.advance();
        if self.at(&Token::Equal) {
            return Err(unsupported(
                "Exception rebinding (`exception E = F`)",
                self.span(),
                "",
            ));
        }
        let args = self.constructor_arguments()?;
        Ok(ExceptionDecl {
            name: Ident {
                name,
                span: name_span,
            },
            args,
            span: self.since(start),
        })
    }
}
