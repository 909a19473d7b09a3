//! Binary operators: OCaml's precedence table and precedence climbing.

use super::*;

/// Binary operators: OCaml's precedence levels, lowest first, as the manual's
/// table lists them (its rows below application).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    /// `<-` `:=` (right)
    Assign = 1,
    /// `,` (n-ary, handled apart)
    Comma,
    /// `or` `||` (right)
    Or,
    /// `&` `&&` (right)
    And,
    /// `=…` `<…` `>…` `|…` `&…` `$…` `!=` (left)
    Compare,
    /// `@…` `^…` (right)
    Concat,
    /// `::` (right)
    Cons,
    /// `+…` `-…` (left)
    Additive,
    /// `*…` `/…` `%…` `mod` `land` `lor` `lxor` (left)
    Multiplicative,
    /// `**…` `lsl` `lsr` `asr` (right)
    Power,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Assoc {
    Left,
    Right,
}

impl Level {
    /// The level just above, for the right operand of a left-associative
    /// operator.
    pub(super) fn next(self) -> Option<Level> {
        use Level::*;
        Some(match self {
            Assign => Comma,
            Comma => Or,
            Or => And,
            And => Compare,
            Compare => Concat,
            Concat => Cons,
            Cons => Additive,
            Additive => Multiplicative,
            Multiplicative => Power,
            Power => return None,
        })
    }
}

/// The level and associativity of a token used as a binary operator, and the
/// name of the function it applies (`None` for `,`, `::` and `<-`, which are
/// not functions).
pub(super) fn binary_operator(token: &Token) -> Option<(Level, Assoc)> {
    use Token::*;
    Some(match token {
        LessMinus | ColonEqual => (Level::Assign, Assoc::Right),
        Comma => (Level::Comma, Assoc::Left),
        Or | BarBar => (Level::Or, Assoc::Right),
        Ampersand | AmperAmper => (Level::And, Assoc::Right),
        InfixOp0(_) | Equal => (Level::Compare, Assoc::Left),
        InfixOp1(_) => (Level::Concat, Assoc::Right),
        ColonColon => (Level::Cons, Assoc::Right),
        InfixOp2(_) | Plus | PlusDot | Minus | MinusDot => (Level::Additive, Assoc::Left),
        InfixOp3(_) | Star | Mod | Land | Lor | Lxor => (Level::Multiplicative, Assoc::Left),
        InfixOp4(_) | Lsl | Lsr | Asr => (Level::Power, Assoc::Right),
        _ => return None,
    })
}

/// The name an operator token stands for as a function (`( + )`).
pub(super) fn operator_name(token: &Token) -> Option<std::string::String> {
    use Token::*;
    Some(match token {
        InfixOp0(s) | InfixOp1(s) | InfixOp2(s) | InfixOp3(s) | InfixOp4(s) | PrefixOp(s) => {
            s.clone()
        }
        Or => "or".into(),
        BarBar => "||".into(),
        Ampersand => "&".into(),
        AmperAmper => "&&".into(),
        Equal => "=".into(),
        Plus => "+".into(),
        PlusDot => "+.".into(),
        Minus => "-".into(),
        MinusDot => "-.".into(),
        Star => "*".into(),
        Mod => "mod".into(),
        Land => "land".into(),
        Lor => "lor".into(),
        Lxor => "lxor".into(),
        Lsl => "lsl".into(),
        Lsr => "lsr".into(),
        Asr => "asr".into(),
        Bang => "!".into(),
        ColonEqual => ":=".into(),
        _ => return None,
    })
}

impl Parser<'_> {
    /// `e1; e2; ...; en` with an optional trailing `;` (OCaml's `seq_expr`).
    /// Built as right-nested `Sequence` nodes, iteratively: a long sequence
    /// of statements must not cost stack.
    pub(super) fn seq_expr(&mut self) -> PResult<Expr> {
        self.nested(|p| {
            let first = p.expr()?;
            if !p.at(&Token::Semi) {
                return Ok(first);
            }
            let mut exprs = vec![first];
            while p.at(&Token::Semi) && starts_expression(p.peek_at(1)) {
                p.advance();
                exprs.push(p.expr()?);
            }
            // A trailing `;` belongs to the sequence.
            p.eat(&Token::Semi);
            let mut result = exprs
                .pop()
                .ok_or_else(|| p.error_expected("an expression"))?;
            while let Some(first) = exprs.pop() {
                let span = first.span.to(result.span);
                result = Expr::new(ExprKind::Sequence(Box::new(first), Box::new(result)), span);
            }
            Ok(result)
        })
    }

    /// An expression without a `;` at its top (OCaml's `expr`).
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.binary(Level::Assign)
    }

    /// Precedence climbing: parse an operand, then as long as the next token
    /// is a binary operator of level at least `min`, its right operand (at
    /// the same level if it associates to the right, one above if to the
    /// left), and combine.
    pub(super) fn binary(&mut self, min: Level) -> PResult<Expr> {
        self.nested(|p| {
            let mut lhs = p.unary()?;
            while let Some((level, assoc)) = binary_operator(p.peek()) {
                if level < min {
                    break;
                }
                if level == Level::Comma {
                    lhs = p.tuple_rest(lhs)?;
                    continue;
                }
                let (op, op_span) = p.advance();
                let rhs_min = match assoc {
                    Assoc::Right => Some(level),
                    Assoc::Left => level.next(),
                };
                let rhs = match rhs_min {
                    Some(m) => p.binary(m)?,
                    None => p.unary()?,
                };
                lhs = p.combine(lhs, op, op_span, rhs)?;
            }
            Ok(lhs)
        })
    }

    /// `e1, e2, ..., en`: the operands are one level above `,`.
    pub(super) fn tuple_rest(&mut self, first: Expr) -> PResult<Expr> {
        let start = first.span;
        let mut elems = vec![first];
        while self.eat(&Token::Comma) {
            elems.push(self.binary(Level::Or)?);
        }
        Ok(Expr::new(ExprKind::Tuple(elems), self.since(start)))
    }

    /// Build `lhs op rhs`.
    pub(super) fn combine(
        &mut self,
        lhs: Expr,
        op: Token,
        op_span: Span,
        rhs: Expr,
    ) -> PResult<Expr> {
        let span = lhs.span.to(rhs.span);
        let kind = match op {
            Token::ColonColon => {
                let pair = Expr::new(ExprKind::Tuple(vec![lhs, rhs]), span);
                ExprKind::Construct(Path::simple(CONS, op_span), Some(Box::new(pair)))
            }
            Token::LessMinus => return self.assignment(lhs, op_span, rhs),
            op => {
                let name = operator_name(&op).unwrap_or_default();
                let func = Expr::new(ExprKind::Var(Path::simple(name, op_span)), op_span);
                ExprKind::Apply(Box::new(func), vec![plain(lhs), plain(rhs)])
            }
        };
        Ok(Expr::new(kind, span))
    }

    /// `e.f <- v`, `a.(i) <- v`, `s.[i] <- v`: the left side must be written
    /// as one of these forms, unparenthesised, as in OCaml's grammar.
    pub(super) fn assignment(&mut self, lhs: Expr, op_span: Span, value: Expr) -> PResult<Expr> {
        let span = lhs.span.to(value.span);
        let parenthesised = self.last_parenthesised == Some(lhs.span);
        let value = Box::new(value);
        let kind = match lhs.kind {
            ExprKind::Field(record, field) if !parenthesised => ExprKind::SetField(record, field, value),
            ExprKind::ArrayGet(array, index) if !parenthesised => {
                ExprKind::ArraySet { array, index, value }
            }
            ExprKind::StringGet(..) if !parenthesised => {
                return Err(Diagnostic::error(
                    op_span,
                    "Strings are immutable: `s.[i] <- c` is not supported (use `Bytes`, which Flambeau lacks)",
                ))
            }
            ExprKind::Var(_) if !parenthesised => {
                return Err(unsupported(
                    "Assignment to an instance variable (`x <- e`)",
                    op_span,
                    "`<-` assigns a mutable record field (`r.f <- e`) or an array element \
                     (`a.(i) <- e`); a reference is assigned with `:=`",
                ))
            }
            _ => {
                return Err(Diagnostic::error(
                    op_span,
                    "Syntax error: the left side of `<-` must be a record field `e.f` or an array element `a.(i)`",
                ))
            }
        };
        Ok(Expr::new(kind, span))
    }
}

pub(super) fn plain(expr: Expr) -> Arg {
    Arg { label: None, expr }
}
