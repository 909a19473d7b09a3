//! Type expressions.

use super::*;

impl Parser<'_> {
    /// A type: `t1 -> t2` (right), `t1 * t2`, `t list`, atoms.
    pub(super) fn core_type(&mut self) -> PResult<TypeExpr> {
        self.nested(|p| {
            let start = p.span();
            if matches!(p.peek(), Token::Lident(_)) && p.peek_at(1) == &Token::Colon
                || matches!(p.peek(), Token::OptLabel(_) | Token::Question)
            {
                return Err(unsupported(
                    "A labelled argument in a function type",
                    start,
                    "",
                ));
            }
            if p.at(&Token::Quote) && p.peek_at(2) == &Token::Dot {
                return Err(unsupported(
                    "An explicitly polymorphic type (`'a. t`)",
                    start,
                    "",
                ));
            }
            let domain = p.tuple_type()?;
            if !p.eat(&Token::MinusGreater) {
                return Ok(domain);
            }
            let codomain = p.core_type()?;
            let span = domain.span.to(codomain.span);
            Ok(TypeExpr {
                kind: TypeExprKind::Arrow(Box::new(domain), Box::new(codomain)),
                span,
            })
        })
    }

    pub(super) fn tuple_type(&mut self) -> PResult<TypeExpr> {
        let start = self.span();
        let first = self.applied_type()?;
        if !self.at(&Token::Star) {
            return Ok(first);
        }
        let mut elems = vec![first];
        while self.eat(&Token::Star) {
            elems.push(self.applied_type()?);
        }
        Ok(TypeExpr {
            kind: TypeExprKind::Tuple(elems),
            span: self.since(start),
        })
    }

    /// An atom followed by type constructors: `int list option`.
    pub(super) fn applied_type(&mut self) -> PResult<TypeExpr> {
        let start = self.span();
        let mut ty = self.atomic_type()?;
        while matches!(self.peek(), Token::Lident(_) | Token::Uident(_)) {
            let path = self.type_path()?;
            ty = TypeExpr {
                kind: TypeExprKind::Constr(path, vec![ty]),
                span: self.since(start),
            };
        }
        Ok(ty)
    }

    /// A type constructor name, possibly qualified: `int`, `Hashtbl.t`.
    pub(super) fn type_path(&mut self) -> PResult<Path> {
        let start = self.span();
        let mut qualifier = Vec::new();
        loop {
            match self.peek() {
                Token::Uident(_) if self.peek_at(1) == &Token::Dot => {
                    qualifier.push(self.take_text());
                    self.advance();
                }
                Token::Lident(_) => {
                    let name = self.take_text();
                    return Ok(Path {
                        qualifier,
                        name,
                        span: self.since(start),
                    });
                }
                _ => return Err(self.error_expected("a type name")),
            }
        }
    }

    pub(super) fn atomic_type(&mut self) -> PResult<TypeExpr> {
        let start = self.span();
        match self.peek() {
            Token::Quote => {
                self.advance();
                match self.peek() {
                    Token::Lident(_) | Token::Uident(_) => {
                        let name = self.take_text();
                        Ok(TypeExpr {
                            kind: TypeExprKind::Var(name),
                            span: self.since(start),
                        })
                    }
                    _ => Err(self.error_expected("a type variable name after `'`")),
                }
            }
            Token::Underscore => {
                self.advance();
                Ok(TypeExpr {
                    kind: TypeExprKind::Any,
                    span: start,
                })
            }
            Token::Lident(_) | Token::Uident(_) => {
                let path = self.type_path()?;
                Ok(TypeExpr {
                    kind: TypeExprKind::Constr(path, Vec::new()),
                    span: self.since(start),
                })
            }
            Token::LParen => {
                let (_, open) = self.advance();
                if matches!(self.peek(), Token::UnsupportedKeyword(k) if k == "module") {
                    return Err(unsupported_keyword("module", self.span()));
                }
                let first = self.core_type()?;
                if self.eat(&Token::RParen) {
                    let mut ty = first;
                    ty.span = self.since(open);
                    return Ok(ty);
                }
                // `(t1, ..., tn) constr`
                let mut args = vec![first];
                while self.eat(&Token::Comma) {
                    args.push(self.core_type()?);
                }
                self.expect_closing(&Token::RParen, open, "(")?;
                let path = self.type_path()?;
                Ok(TypeExpr {
                    kind: TypeExprKind::Constr(path, args),
                    span: self.since(start),
                })
            }
            Token::LBracket | Token::Backquote => {
                Err(unsupported("A polymorphic variant type", start, ""))
            }
            Token::InfixOp0(s) if s.starts_with('<') => {
                Err(unsupported("An object type", start, ""))
            }
            Token::Hash => Err(unsupported("A `#` class type", start, "")),
            Token::UnsupportedKeyword(k) => Err(unsupported_keyword(k, start)),
            _ => Err(self.error_expected("a type")),
        }
    }
}
