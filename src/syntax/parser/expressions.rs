//! Expressions other than binary operators: the forms that start with a
//! keyword, application, and simple expressions.

use super::*;

/// Whether a token can start an argument of an application (OCaml's
/// `simple_expr`, plus labels).
pub(super) fn starts_argument(token: &Token) -> bool {
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
            | Begin
            | Bang
            | PrefixOp(_)
            | Label(_)
            | Tilde
            | OptLabel(_)
            | Question
            | Backquote
    )
}

/// Whether a token can start an expression.
pub(super) fn starts_expression(token: &Token) -> bool {
    use Token::*;
    starts_argument(token)
        || matches!(
            token,
            Let | Match
                | Fun
                | Function
                | Try
                | If
                | While
                | For
                | Assert
                | Minus
                | MinusDot
                | Plus
                | PlusDot
        )
        || matches!(token, UnsupportedKeyword(k) if k == "lazy" || k == "object" || k == "new")
}

impl Parser<'_> {
    /// Unary minus and plus, and the forms that start with a keyword. `let`,
    /// `match`, `fun`, `function` and `try` extend as far to the right as
    /// possible; `if` takes operands that stop at `;`.
    pub(super) fn unary(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek() {
            Token::Minus | Token::MinusDot | Token::Plus | Token::PlusDot => {
                if let Some(constant) = self.signed_literal()? {
                    return Ok(constant);
                }
                let (op, op_span) = self.advance();
                let operand = self.nested(|p| p.unary())?;
                Ok(self.prefix_arithmetic(op, op_span, operand))
            }
            Token::Let => self.let_expr(),
            Token::Match => {
                self.advance();
                let scrutinee = self.seq_expr()?;
                self.expect(&Token::With, "`with` after the expression being matched")?;
                let cases = self.cases()?;
                Ok(Expr::new(
                    ExprKind::Match(Box::new(scrutinee), cases),
                    self.since(start),
                ))
            }
            Token::Try => {
                self.advance();
                let body = self.seq_expr()?;
                self.expect(&Token::With, "`with` after the body of `try`")?;
                let cases = self.cases()?;
                Ok(Expr::new(
                    ExprKind::Try(Box::new(body), cases),
                    self.since(start),
                ))
            }
            Token::Function => {
                self.advance();
                let cases = self.cases()?;
                Ok(Expr::new(ExprKind::Function(cases), self.since(start)))
            }
            Token::Fun => {
                self.advance();
                let params = self.parameters()?;
                let return_type = if self.eat(&Token::Colon) {
                    Some(self.core_type()?)
                } else {
                    None
                };
                self.expect(&Token::MinusGreater, "`->` after the parameters of `fun`")?;
                let body = constrain(self.seq_expr()?, return_type);
                Ok(Expr::new(
                    ExprKind::Fun(params, Box::new(body)),
                    self.since(start),
                ))
            }
            Token::If => self.if_expr(),
            Token::While => {
                self.advance();
                let cond = self.seq_expr()?;
                let do_span = self.expect(&Token::Do, "`do` after the condition of `while`")?;
                let body = self.seq_expr()?;
                self.expect_closing(&Token::Done, do_span, "do")?;
                Ok(Expr::new(
                    ExprKind::While(Box::new(cond), Box::new(body)),
                    self.since(start),
                ))
            }
            Token::For => self.for_expr(),
            _ => self.application(),
        }
    }

    /// `-e`, `-.e`, `+e`, `+.e`. A sign in front of a numeric literal is
    /// part of the literal (so `-1` is a constant, and so is
    /// `-4611686018427387904`, which is `min_int`).
    pub(super) fn prefix_arithmetic(&mut self, op: Token, op_span: Span, operand: Expr) -> Expr {
        let span = op_span.to(operand.span);
        let negate = matches!(op, Token::Minus | Token::MinusDot);
        let folded = match (&op, &operand.kind) {
            (Token::Minus | Token::Plus, ExprKind::Const(c)) => negate_constant(c, negate),
            (Token::MinusDot | Token::PlusDot, ExprKind::Const(c @ Constant::Float(_))) => {
                negate_constant(c, negate)
            }
            _ => None,
        };
        if let Some(constant) = folded {
            return Expr::new(ExprKind::Const(constant), span);
        }
        let name = match op {
            Token::Minus => "~-",
            Token::MinusDot => "~-.",
            Token::Plus => "~+",
            _ => "~+.",
        };
        let func = Expr::new(ExprKind::Var(Path::simple(name, op_span)), op_span);
        Expr::new(ExprKind::Apply(Box::new(func), vec![plain(operand)]), span)
    }

    /// `-1`, `-1.5`, `+3`: a sign directly applied to a literal that is not
    /// itself applied to something. Decoded here so that a range error
    /// covers the sign, as in OCaml.
    pub(super) fn signed_literal(&mut self) -> PResult<Option<Expr>> {
        let sign = self.peek();
        let negate = matches!(sign, Token::Minus | Token::MinusDot);
        let literal = match (&sign, self.peek_at(1)) {
            (Token::Minus | Token::Plus, Token::Int(l) | Token::Float(l)) => l.clone(),
            (Token::MinusDot | Token::PlusDot, Token::Float(l)) => l.clone(),
            _ => return Ok(None),
        };
        if starts_argument(self.peek_at(2)) || self.peek_at(2) == &Token::Dot {
            return Ok(None);
        }
        let is_int = matches!(self.peek_at(1), Token::Int(_));
        let span = self.span().to(self.span_at(1));
        let constant = if is_int {
            literals::int_constant(&literal, negate)
        } else {
            literals::float_constant(&literal, negate)
        }
        .map_err(|message| Diagnostic::error(span, message))?;
        self.advance();
        self.advance();
        Ok(Some(Expr::new(ExprKind::Const(constant), span)))
    }

    /// `let ... in e`, `let exception E in e`.
    pub(super) fn let_expr(&mut self) -> PResult<Expr> {
        let (_, let_span) = self.advance();
        match self.peek() {
            Token::Exception => {
                let exn_start = self.span();
                self.advance();
                let decl = self.exception_declaration(exn_start)?;
                self.expect(&Token::In, "`in` after the local exception")?;
                let body = self.seq_expr()?;
                Ok(Expr::new(
                    ExprKind::LetException(decl, Box::new(body)),
                    self.since(let_span),
                ))
            }
            Token::UnsupportedKeyword(keyword) => Err(unsupported_keyword(
                &format!("let {keyword}"),
                let_span.to(self.span()),
            )),
            _ => {
                self.reject_binding_operator(let_span)?;
                let rec_flag = if self.eat(&Token::Rec) {
                    RecFlag::Recursive
                } else {
                    RecFlag::NonRecursive
                };
                let bindings = self.let_bindings()?;
                if !self.at(&Token::In) {
                    let mut d = self.error_expected("`in`");
                    d = d.with_secondary(let_span, "this `let` has no `in`");
                    // A `let` in column 0 was probably meant as a definition,
                    // and was drawn into the expression before it by a `;`.
                    if self.starts_line(let_span) {
                        d = d.with_note(
                            "a `;` before a top-level `let` makes that `let` part of the expression before it",
                        );
                    }
                    return Err(d);
                }
                self.advance();
                let body = self.seq_expr()?;
                Ok(Expr::new(
                    ExprKind::Let(rec_flag, bindings, Box::new(body)),
                    self.since(let_span),
                ))
            }
        }
    }

    /// `if c then e1 [else e2]`: the branches are expressions without `;`
    /// at their top (`if c then a; b` is `(if c then a); b`).
    pub(super) fn if_expr(&mut self) -> PResult<Expr> {
        let (_, if_span) = self.advance();
        let cond = self.seq_expr()?;
        if !self.at(&Token::Then) {
            return Err(self
                .error_expected("`then`")
                .with_secondary(if_span, "the `if` is here"));
        }
        self.advance();
        let then_ = self.expr()?;
        let else_ = if self.eat(&Token::Else) {
            Some(Box::new(self.expr()?))
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::If {
                cond: Box::new(cond),
                then_: Box::new(then_),
                else_,
            },
            self.since(if_span),
        ))
    }

    /// `for i = a to b do e done`
    pub(super) fn for_expr(&mut self) -> PResult<Expr> {
        let (_, for_span) = self.advance();
        let var = match self.peek() {
            Token::Lident(_) => {
                let span = self.span();
                Pattern::new(PatternKind::Var(self.take_text()), span)
            }
            Token::Underscore => Pattern::new(PatternKind::Any, self.advance().1),
            _ => return Err(self.error_expected("the loop variable of `for`")),
        };
        self.expect(&Token::Equal, "`=` after the loop variable")?;
        let start = self.seq_expr()?;
        let dir = match self.peek() {
            Token::To => Direction::Upto,
            Token::Downto => Direction::Downto,
            _ => return Err(self.error_expected("`to` or `downto`")),
        };
        self.advance();
        let stop = self.seq_expr()?;
        let do_span = self.expect(&Token::Do, "`do`")?;
        let body = self.seq_expr()?;
        self.expect_closing(&Token::Done, do_span, "do")?;
        Ok(Expr::new(
            ExprKind::For {
                var,
                start: Box::new(start),
                dir,
                stop: Box::new(stop),
                body: Box::new(body),
            },
            self.since(for_span),
        ))
    }

    /// `[|] p1 [when g1] -> e1 | ...`: each body extends as far as possible,
    /// so a `match` inside a case takes the cases after it.
    pub(super) fn cases(&mut self) -> PResult<Vec<Case>> {
        self.eat(&Token::Bar);
        let mut cases = vec![self.case()?];
        while self.eat(&Token::Bar) {
            cases.push(self.case()?);
        }
        Ok(cases)
    }

    pub(super) fn case(&mut self) -> PResult<Case> {
        let start = self.span();
        if self.at(&Token::Exception) {
            return Err(unsupported(
                "An exception pattern in `match` (`| exception E ->`)",
                start,
                "use `try ... with` around the expression",
            ));
        }
        let pat = self.pattern()?;
        let guard = if self.eat(&Token::When) {
            Some(self.seq_expr()?)
        } else {
            None
        };
        self.expect(&Token::MinusGreater, "`->` after the pattern")?;
        let body = self.seq_expr()?;
        Ok(Case {
            pat,
            guard,
            body,
            span: self.since(start),
        })
    }
}

/// A numeric constant with a sign applied, if it is numeric.
pub(super) fn negate_constant(constant: &Constant, negate: bool) -> Option<Constant> {
    if !negate {
        return match constant {
            Constant::Char(_) | Constant::String(_) => None,
            c => Some(c.clone()),
        };
    }
    Some(match constant {
        Constant::Int(n) => Constant::Int(literals::negate_int(*n)),
        Constant::Int32(n) => Constant::Int32(n.wrapping_neg()),
        Constant::Int64(n) => Constant::Int64(n.wrapping_neg()),
        Constant::Nativeint(n) => Constant::Nativeint(n.wrapping_neg()),
        Constant::Float(x) => Constant::Float(-x),
        Constant::Char(_) | Constant::String(_) => return None,
    })
}

impl Parser<'_> {
    /// `f a1 ... an`, `C e`, `assert e`, or a simple expression.
    pub(super) fn application(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek() {
            Token::Assert => {
                self.advance();
                let arg = self.simple_expr()?;
                return Ok(Expr::new(
                    ExprKind::Assert(Box::new(arg)),
                    self.since(start),
                ));
            }
            Token::UnsupportedKeyword(keyword) => return Err(unsupported_keyword(keyword, start)),
            _ => {}
        }
        let head = self.simple_expr()?;
        // A constructor takes one argument, and is not a function: `Some f x`
        // is a syntax error in OCaml, so nothing is applied after `C e`.
        if let ExprKind::Construct(path, None) = &head.kind {
            if starts_argument(self.peek()) && self.last_parenthesised != Some(head.span) {
                if matches!(
                    self.peek(),
                    Token::Label(_) | Token::Tilde | Token::OptLabel(_) | Token::Question
                ) {
                    return Err(self.error_expected("an argument for the constructor"));
                }
                let path = path.clone();
                let arg = self.simple_expr()?;
                if starts_argument(self.peek()) {
                    return Err(Diagnostic::error(
                        self.span(),
                        "Syntax error: a constructor takes one argument, and this is a second one",
                    )
                    .with_note(format!(
                        "to pass the result of an application, put it in parentheses: `{} (f x)`",
                        path
                    )));
                }
                return Ok(Expr::new(
                    ExprKind::Construct(path, Some(Box::new(arg))),
                    self.since(start),
                ));
            }
        }
        let mut args = Vec::new();
        while starts_argument(self.peek()) {
            args.push(self.argument()?);
        }
        if args.is_empty() {
            Ok(head)
        } else {
            Ok(Expr::new(
                ExprKind::Apply(Box::new(head), args),
                self.since(start),
            ))
        }
    }

    /// One argument: a simple expression, or `~finally:e`, `~default:e`, or
    /// the punned `~finally`.
    pub(super) fn argument(&mut self) -> PResult<Arg> {
        let start = self.span();
        match self.peek() {
            Token::Label(name) => {
                self.check_label(name, start)?;
                let name = self.take_text();
                let expr = self.simple_expr()?;
                let label = Ident { name, span: start };
                Ok(Arg {
                    label: Some(label),
                    expr,
                })
            }
            Token::Tilde => {
                self.advance();
                let Token::Lident(name) = self.peek().clone() else {
                    return Err(self.error_expected("a label name after `~`"));
                };
                let span = start.to(self.span());
                self.check_label(&name, span)?;
                let (_, name_span) = self.advance();
                let label = Ident {
                    name: name.clone(),
                    span,
                };
                let expr = Expr::new(ExprKind::Var(Path::simple(name, name_span)), name_span);
                Ok(Arg {
                    label: Some(label),
                    expr,
                })
            }
            Token::OptLabel(_) | Token::Question => Err(unsupported(
                "An optional argument (`?x`)",
                start,
                "only the library's own labelled arguments (`~finally`, `~default`) can be used",
            )),
            _ => Ok(plain(self.simple_expr()?)),
        }
    }

    pub(super) fn check_label(&self, name: &str, span: Span) -> PResult<()> {
        if name == "finally" || name == "default" {
            Ok(())
        } else {
            Err(unsupported(
                &format!("The labelled argument `~{name}`"),
                span,
                "only the library's own labelled arguments (`~finally` of `Fun.protect`, \
                 `~default` of `Option.value`) can be used",
            ))
        }
    }

    /// A simple expression: an atom followed by any number of `.f`, `.(e)`,
    /// `.[e]`; or a prefix operator (`!`, `~-`...) applied to one, which
    /// binds tighter still (`!r.x` is `(!r).x`).
    pub(super) fn simple_expr(&mut self) -> PResult<Expr> {
        self.nested(|p| {
            let start = p.span();
            let mut expr = match p.peek() {
                Token::Bang | Token::PrefixOp(_) => {
                    let (op, op_span) = p.advance();
                    let name = operator_name(&op).unwrap_or_default();
                    let operand = p.simple_expr_without_suffix()?;
                    let func = Expr::new(ExprKind::Var(Path::simple(name, op_span)), op_span);
                    Expr::new(
                        ExprKind::Apply(Box::new(func), vec![plain(operand)]),
                        p.since(start),
                    )
                }
                _ => p.atom()?,
            };
            while p.at(&Token::Dot) {
                expr = p.suffix(expr)?;
            }
            Ok(expr)
        })
    }

    pub(super) fn simple_expr_without_suffix(&mut self) -> PResult<Expr> {
        self.nested(|p| match p.peek() {
            Token::Bang | Token::PrefixOp(_) => {
                let start = p.span();
                let (op, op_span) = p.advance();
                let name = operator_name(&op).unwrap_or_default();
                let operand = p.simple_expr_without_suffix()?;
                let func = Expr::new(ExprKind::Var(Path::simple(name, op_span)), op_span);
                Ok(Expr::new(
                    ExprKind::Apply(Box::new(func), vec![plain(operand)]),
                    p.since(start),
                ))
            }
            _ => p.atom(),
        })
    }

    /// `.f`, `.M.f`, `.(e)`, `.[e]` after an expression.
    pub(super) fn suffix(&mut self, expr: Expr) -> PResult<Expr> {
        let start = expr.span;
        let (_, dot_span) = self.advance();
        match self.peek() {
            Token::LParen => {
                let (_, open) = self.advance();
                let index = self.seq_expr()?;
                self.expect_closing(&Token::RParen, open, "(")?;
                Ok(Expr::new(
                    ExprKind::ArrayGet(Box::new(expr), Box::new(index)),
                    self.since(start),
                ))
            }
            Token::LBracket => {
                let (_, open) = self.advance();
                let index = self.seq_expr()?;
                self.expect_closing(&Token::RBracket, open, "[")?;
                Ok(Expr::new(
                    ExprKind::StringGet(Box::new(expr), Box::new(index)),
                    self.since(start),
                ))
            }
            Token::LBrace => Err(unsupported("Bigarray indexing `.{...}`", dot_span, "")),
            Token::Lident(_) | Token::Uident(_) => {
                let field = self.label_path()?;
                Ok(Expr::new(
                    ExprKind::Field(Box::new(expr), field),
                    self.since(start),
                ))
            }
            _ => Err(self.error_expected("a field name, `(` or `[` after `.`")),
        }
    }

    /// A record label, possibly qualified: `x`, `M.x`.
    pub(super) fn label_path(&mut self) -> PResult<Path> {
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
                _ => return Err(self.error_expected("a field name")),
            }
        }
    }
}

impl Parser<'_> {
    pub(super) fn atom(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek() {
            Token::Int(literal) => {
                let c = literals::int_constant(literal, false)
                    .map_err(|message| Diagnostic::error(start, message))?;
                self.advance();
                Ok(Expr::new(ExprKind::Const(c), start))
            }
            Token::Float(literal) => {
                let c = literals::float_constant(literal, false)
                    .map_err(|message| Diagnostic::error(start, message))?;
                self.advance();
                Ok(Expr::new(ExprKind::Const(c), start))
            }
            Token::Char(c) => {
                let c = *c;
                self.advance();
                Ok(Expr::new(ExprKind::Const(Constant::Char(c)), start))
            }
            Token::String(_) => {
                let s = self.take_bytes();
                Ok(Expr::new(ExprKind::Const(Constant::String(s)), start))
            }
            Token::True | Token::False => {
                let name = if self.at(&Token::True) { TRUE } else { FALSE };
                self.advance();
                Ok(Expr::new(
                    ExprKind::Construct(Path::simple(name, start), None),
                    start,
                ))
            }
            Token::Lident(_) => {
                let name = self.take_text();
                Ok(Expr::new(ExprKind::Var(Path::simple(name, start)), start))
            }
            Token::Uident(_) => self.qualified(),
            Token::LParen => self.parenthesised(),
            Token::Begin => {
                self.advance();
                if self.eat(&Token::End) {
                    let span = self.since(start);
                    return Ok(Expr::new(
                        ExprKind::Construct(Path::simple(UNIT, span), None),
                        span,
                    ));
                }
                let mut expr = self.seq_expr()?;
                self.expect_closing(&Token::End, start, "begin")?;
                expr.span = self.since(start);
                Ok(expr)
            }
            Token::LBracket => self.list_expr(),
            Token::LBracketBar => {
                self.advance();
                let elems = self.expr_list(&Token::BarRBracket, start, "[|")?;
                Ok(Expr::new(ExprKind::Array(elems), self.since(start)))
            }
            Token::LBrace => self.record_expr(),
            Token::Backquote => Err(unsupported("A polymorphic variant", start, "")),
            Token::Hash | Token::HashOp(_) => Err(unsupported("Object syntax (`#`)", start, "")),
            Token::UnsupportedKeyword(keyword) => Err(unsupported_keyword(keyword, start)),
            Token::AttributeOpen(_) => Err(self.attribute()),
            _ => Err(self.error_expected("an expression")),
        }
    }

    /// A name starting with a module or constructor: `List.map`, `Some`,
    /// `Fun.Finally_raised`, `Stdlib.( + )`.
    pub(super) fn qualified(&mut self) -> PResult<Expr> {
        let start = self.span();
        let mut qualifier = Vec::new();
        loop {
            let Token::Uident(name) = self.peek().clone() else {
                return Err(self.error_expected("a module or constructor name"));
            };
            self.advance();
            if !self.at(&Token::Dot) {
                let path = Path {
                    qualifier,
                    name,
                    span: self.since(start),
                };
                return Ok(Expr::new(
                    ExprKind::Construct(path, None),
                    self.since(start),
                ));
            }
            match self.peek_at(1) {
                Token::Uident(_) => {
                    qualifier.push(name);
                    self.advance();
                }
                Token::Lident(_) => {
                    qualifier.push(name);
                    self.advance();
                    let value = self.take_text();
                    let path = Path {
                        qualifier,
                        name: value,
                        span: self.since(start),
                    };
                    return Ok(Expr::new(ExprKind::Var(path), self.since(start)));
                }
                Token::LParen
                    if operator_name(self.peek_at(2)).is_some()
                        && self.peek_at(3) == &Token::RParen =>
                {
                    qualifier.push(name);
                    self.advance();
                    self.advance();
                    let op = operator_name(self.peek()).unwrap_or_default();
                    self.advance();
                    self.advance();
                    let path = Path {
                        qualifier,
                        name: op,
                        span: self.since(start),
                    };
                    return Ok(Expr::new(ExprKind::Var(path), self.since(start)));
                }
                Token::LParen | Token::LBracket | Token::LBrace | Token::LBracketBar => {
                    let span = start.to(self.span_at(1));
                    return Err(unsupported(
                        &format!("The local open `{name}.(...)`"),
                        span,
                        "Flambeau has no `open`; qualify each name instead (`List.map`)",
                    ));
                }
                _ => {
                    // `C.x`... is not a path: leave the dot to the caller (a
                    // field access on a constructor), as OCaml parses it.
                    let path = Path {
                        qualifier,
                        name,
                        span: self.since(start),
                    };
                    return Ok(Expr::new(
                        ExprKind::Construct(path, None),
                        self.since(start),
                    ));
                }
            }
        }
    }

    /// `()`, `( op )`, `( e )`, `( e : t )`.
    pub(super) fn parenthesised(&mut self) -> PResult<Expr> {
        let (_, open) = self.advance();
        if self.eat(&Token::RParen) {
            let span = self.since(open);
            return Ok(Expr::new(
                ExprKind::Construct(Path::simple(UNIT, span), None),
                span,
            ));
        }
        if let Some(name) = operator_name(self.peek()) {
            if self.peek_at(1) == &Token::RParen {
                self.advance();
                self.advance();
                let span = self.since(open);
                return Ok(Expr::new(ExprKind::Var(Path::simple(name, span)), span));
            }
        }
        if self.at(&Token::ColonColon) && self.peek_at(1) == &Token::RParen {
            return Err(unsupported(
                "The constructor `( :: )` used as a name",
                open.to(self.span_at(1)),
                "write `x :: xs`",
            ));
        }
        let mut expr = self.seq_expr()?;
        if self.at(&Token::Colon)
            && matches!(self.peek_at(1), Token::InfixOp0(s) if s.starts_with('>'))
        {
            return Err(unsupported(
                "A coercion `(e :> t)`",
                self.span().to(self.span_at(1)),
                "",
            ));
        }
        if self.eat(&Token::Colon) {
            let ty = self.core_type()?;
            let span = expr.span.to(ty.span);
            expr = Expr::new(ExprKind::Constraint(Box::new(expr), ty), span);
        }
        self.expect_closing(&Token::RParen, open, "(")?;
        expr.span = self.since(open);
        self.last_parenthesised = Some(expr.span);
        Ok(expr)
    }

    /// `[e1; ...; en]`, built as `e1 :: ... :: en :: []`.
    pub(super) fn list_expr(&mut self) -> PResult<Expr> {
        let (_, open) = self.advance();
        let elems = self.expr_list(&Token::RBracket, open, "[")?;
        let span = self.since(open);
        let close = Span {
            start: span.end.saturating_sub(1),
            end: span.end,
        };
        let mut list = Expr::new(ExprKind::Construct(Path::simple(NIL, close), None), close);
        for elem in elems.into_iter().rev() {
            let cons_span = Span {
                start: elem.span.start,
                end: span.end,
            };
            let pair = Expr::new(ExprKind::Tuple(vec![elem, list]), cons_span);
            list = Expr::new(
                ExprKind::Construct(Path::simple(CONS, cons_span), Some(Box::new(pair))),
                cons_span,
            );
        }
        list.span = span;
        Ok(list)
    }

    /// Elements separated by `;` (a trailing `;` allowed) up to `close`.
    pub(super) fn expr_list(
        &mut self,
        close: &Token,
        open: Span,
        open_text: &str,
    ) -> PResult<Vec<Expr>> {
        let mut elems = Vec::new();
        while !self.at(close) {
            elems.push(self.expr()?);
            if !self.eat(&Token::Semi) {
                break;
            }
        }
        self.expect_closing(close, open, open_text)?;
        Ok(elems)
    }

    /// `{ f1 = e1; ... }`, `{ e with f1 = e1; ... }`, with punning `{ x; y }`.
    pub(super) fn record_expr(&mut self) -> PResult<Expr> {
        let (_, open) = self.advance();
        let base = if self.field_list_ahead() {
            None
        } else {
            let base = self.simple_expr()?;
            self.expect(&Token::With, "`with` or a field name")?;
            Some(Box::new(base))
        };
        let mut fields = Vec::new();
        loop {
            let start = self.span();
            let field = self.label_path()?;
            let annotation = if self.eat(&Token::Colon) {
                Some(self.core_type()?)
            } else {
                None
            };
            let expr = if self.eat(&Token::Equal) {
                self.expr()?
            } else {
                Expr::new(
                    ExprKind::Var(Path::simple(field.name.clone(), field.span)),
                    field.span,
                )
            };
            let expr = constrain(expr, annotation);
            fields.push(FieldExpr {
                field,
                expr,
                span: self.since(start),
            });
            if !self.eat(&Token::Semi) || self.at(&Token::RBrace) {
                break;
            }
        }
        self.expect_closing(&Token::RBrace, open, "{")?;
        Ok(Expr::new(
            ExprKind::Record { fields, base },
            self.since(open),
        ))
    }

    /// Whether a list of fields (`M.x =`, `x;`, `x }`, `x :`) starts here,
    /// rather than the `e` of `{ e with ... }`.
    pub(super) fn field_list_ahead(&self) -> bool {
        let mut n = 0;
        while matches!(self.peek_at(n), Token::Uident(_)) && self.peek_at(n + 1) == &Token::Dot {
            n += 2;
        }
        matches!(self.peek_at(n), Token::Lident(_))
            && matches!(
                self.peek_at(n + 1),
                Token::Equal | Token::Semi | Token::RBrace | Token::Colon
            )
    }
}
