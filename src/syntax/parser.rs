//! The parser: recursive descent for the statement-like forms (`let`,
//! `match`, `if`, declarations, patterns, types) and precedence climbing for
//! OCaml's table of binary operators.

use super::ast::*;
use super::lexer;
use super::literals;
use super::token::Token;
use crate::diagnostics::{Diagnostic, SourceFile, Span};

type PResult<T> = Result<T, Diagnostic>;

/// How deeply expressions, patterns and types may nest before the parser
/// gives up with a diagnostic instead of exhausting the stack.
const MAX_DEPTH: usize = 2000;

/// Parse a whole program: lex it, then parse the tokens. Lexical errors
/// stop before parsing (a token stream with holes would only produce
/// confusing syntax errors); syntax errors stop the item they are in, and
/// parsing resumes at the next item (see `recover`).
pub fn parse_program(file: &SourceFile) -> Result<Program, Vec<Diagnostic>> {
    let (tokens, lex_errors) = lexer::lex(file);
    if !lex_errors.is_empty() {
        return Err(lex_errors);
    }
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

/// Binary operators: OCaml's precedence levels, lowest first, as the manual's
/// table lists them (its rows below application).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
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
enum Assoc {
    Left,
    Right,
}

impl Level {
    /// The level just above, for the right operand of a left-associative
    /// operator.
    fn next(self) -> Option<Level> {
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
fn binary_operator(token: &Token) -> Option<(Level, Assoc)> {
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

/// Whether a token can start an argument of an application (OCaml's
/// `simple_expr`, plus labels).
fn starts_argument(token: &Token) -> bool {
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
fn starts_expression(token: &Token) -> bool {
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

/// Whether a token can start a simple pattern (a function parameter).
fn starts_simple_pattern(token: &Token) -> bool {
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

fn is_item_start(token: &Token) -> bool {
    matches!(
        token,
        Token::Let | Token::Type | Token::Exception | Token::SemiSemi | Token::Eof
    ) || matches!(token, Token::UnsupportedKeyword(k) if
            ["module", "open", "include", "external", "class", "val"].contains(&k.as_str()))
}

/// The name an operator token stands for as a function (`( + )`).
fn operator_name(token: &Token) -> Option<std::string::String> {
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
    fn advance(&mut self) -> (Token, Span) {
        let entry = self.tokens.get(self.pos).cloned();
        match entry {
            Some((token, span)) => {
                if token != Token::Eof {
                    self.pos += 1;
                }
                self.prev_end = span.end;
                (token, span)
            }
            None => (Token::Eof, self.span()),
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

// ----- the program and its items -----

impl Parser<'_> {
    fn program(&mut self) -> Program {
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
    fn recover(&mut self) {
        // Always make progress.
        if !self.at(&Token::Eof) {
            self.advance();
        }
        loop {
            let token = self.peek();
            let at_line_start = self.file.line_col(self.span().start).1 == 0;
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

    fn item(&mut self, expression_allowed: bool) -> PResult<Item> {
        let start = self.span();
        match self.peek().clone() {
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
            Token::UnsupportedKeyword(keyword) => Err(unsupported_keyword(&keyword, start)),
            Token::AttributeOpen(_) => Err(self.attribute()),
            token if expression_allowed && starts_expression(&token) => {
                let expr = self.seq_expr()?;
                Ok(Item {
                    kind: ItemKind::Expr(expr),
                    span: self.since(start),
                })
            }
            token if starts_expression(&token) => Err(Diagnostic::error(
                start,
                "Syntax error: an expression at top level must follow `;;`",
            )
            .with_note("write `let () = ...` to run it, or end the previous item with `;;`")),
            _ => Err(self.error_expected("a definition (`let`, `type` or `exception`)")),
        }
    }

    /// `let [rec] bindings` at top level; or, if `in` follows, the start of
    /// a top-level expression `let ... in e`.
    fn let_item(&mut self, expression_allowed: bool) -> PResult<Item> {
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

    fn let_in_at_top_level(&self, span: Span) -> Diagnostic {
        Diagnostic::error(
            span,
            "Syntax error: a `let ... in` expression at top level must follow `;;`",
        )
        .with_note("end the previous item with `;;`, or make this a definition without `in`")
    }

    /// `let*`, `let+`...: OCaml lexes them as one token; we see `let`
    /// immediately followed by an operator.
    fn reject_binding_operator(&self, let_span: Span) -> PResult<()> {
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

    fn attribute(&self) -> Diagnostic {
        unsupported(
            "An attribute or extension node (`[@...]`, `[%...]`)",
            self.span(),
            "",
        )
    }
}

// ----- let bindings -----

impl Parser<'_> {
    /// `binding (and binding)*`
    fn let_bindings(&mut self) -> PResult<Vec<Binding>> {
        let mut bindings = vec![self.let_binding()?];
        while self.eat(&Token::And) {
            bindings.push(self.let_binding()?);
        }
        Ok(bindings)
    }

    /// One binding: `f p1 ... pn [: t] = e` (a function), or `p [: t] = e`.
    fn let_binding(&mut self) -> PResult<Binding> {
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
    fn value_name_ahead(&self) -> Option<(Span, usize)> {
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
    fn value_name(&mut self) -> PResult<std::string::String> {
        match self.peek().clone() {
            Token::Lident(name) => {
                self.advance();
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
    fn parameters(&mut self) -> PResult<Vec<Pattern>> {
        let mut params = Vec::new();
        while starts_simple_pattern(self.peek()) {
            params.push(self.parameter()?);
        }
        if params.is_empty() {
            return Err(self.error_expected("a parameter"));
        }
        Ok(params)
    }

    fn parameter(&mut self) -> PResult<Pattern> {
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
fn constrain(expr: Expr, annotation: Option<TypeExpr>) -> Expr {
    match annotation {
        Some(ty) => {
            let span = expr.span.to(ty.span);
            Expr::new(ExprKind::Constraint(Box::new(expr), ty), span)
        }
        None => expr,
    }
}

// ----- expressions: sequences and operators -----

impl Parser<'_> {
    /// `e1; e2; ...; en` with an optional trailing `;` (OCaml's `seq_expr`).
    /// Built as right-nested `Sequence` nodes, iteratively: a long sequence
    /// of statements must not cost stack.
    fn seq_expr(&mut self) -> PResult<Expr> {
        self.nested(|p| {
            let mut exprs = vec![p.expr()?];
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
    fn expr(&mut self) -> PResult<Expr> {
        self.binary(Level::Assign)
    }

    /// Precedence climbing: parse an operand, then as long as the next token
    /// is a binary operator of level at least `min`, its right operand (at
    /// the same level if it associates to the right, one above if to the
    /// left), and combine.
    fn binary(&mut self, min: Level) -> PResult<Expr> {
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
    fn tuple_rest(&mut self, first: Expr) -> PResult<Expr> {
        let start = first.span;
        let mut elems = vec![first];
        while self.eat(&Token::Comma) {
            elems.push(self.binary(Level::Or)?);
        }
        Ok(Expr::new(ExprKind::Tuple(elems), self.since(start)))
    }

    /// Build `lhs op rhs`.
    fn combine(&mut self, lhs: Expr, op: Token, op_span: Span, rhs: Expr) -> PResult<Expr> {
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
    fn assignment(&mut self, lhs: Expr, op_span: Span, value: Expr) -> PResult<Expr> {
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

fn plain(expr: Expr) -> Arg {
    Arg { label: None, expr }
}

// ----- expressions: prefix forms -----

impl Parser<'_> {
    /// Unary minus and plus, and the forms that start with a keyword. `let`,
    /// `match`, `fun`, `function` and `try` extend as far to the right as
    /// possible; `if` takes operands that stop at `;`.
    fn unary(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek().clone() {
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
    fn prefix_arithmetic(&mut self, op: Token, op_span: Span, operand: Expr) -> Expr {
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
    fn signed_literal(&mut self) -> PResult<Option<Expr>> {
        let sign = self.peek().clone();
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
    fn let_expr(&mut self) -> PResult<Expr> {
        let (_, let_span) = self.advance();
        match self.peek().clone() {
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
                    if self.file.line_col(let_span.start).1 == 0 {
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
    fn if_expr(&mut self) -> PResult<Expr> {
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
    fn for_expr(&mut self) -> PResult<Expr> {
        let (_, for_span) = self.advance();
        let var = match self.peek().clone() {
            Token::Lident(name) => Pattern::new(PatternKind::Var(name), self.advance().1),
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
    fn cases(&mut self) -> PResult<Vec<Case>> {
        self.eat(&Token::Bar);
        let mut cases = vec![self.case()?];
        while self.eat(&Token::Bar) {
            cases.push(self.case()?);
        }
        Ok(cases)
    }

    fn case(&mut self) -> PResult<Case> {
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
fn negate_constant(constant: &Constant, negate: bool) -> Option<Constant> {
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

// ----- expressions: application and simple expressions -----

impl Parser<'_> {
    /// `f a1 ... an`, `C e`, `assert e`, or a simple expression.
    fn application(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek().clone() {
            Token::Assert => {
                self.advance();
                let arg = self.simple_expr()?;
                return Ok(Expr::new(
                    ExprKind::Assert(Box::new(arg)),
                    self.since(start),
                ));
            }
            Token::UnsupportedKeyword(keyword) => return Err(unsupported_keyword(&keyword, start)),
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
    fn argument(&mut self) -> PResult<Arg> {
        let start = self.span();
        match self.peek().clone() {
            Token::Label(name) => {
                self.check_label(&name, start)?;
                self.advance();
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

    fn check_label(&self, name: &str, span: Span) -> PResult<()> {
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
    fn simple_expr(&mut self) -> PResult<Expr> {
        self.nested(|p| {
            let start = p.span();
            let mut expr = match p.peek().clone() {
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

    fn simple_expr_without_suffix(&mut self) -> PResult<Expr> {
        self.nested(|p| match p.peek().clone() {
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
    fn suffix(&mut self, expr: Expr) -> PResult<Expr> {
        let start = expr.span;
        let (_, dot_span) = self.advance();
        match self.peek().clone() {
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
    fn label_path(&mut self) -> PResult<Path> {
        let start = self.span();
        let mut qualifier = Vec::new();
        loop {
            match self.peek().clone() {
                Token::Uident(m) if self.peek_at(1) == &Token::Dot => {
                    qualifier.push(m);
                    self.advance();
                    self.advance();
                }
                Token::Lident(name) => {
                    self.advance();
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

// ----- expressions: atoms -----

impl Parser<'_> {
    fn atom(&mut self) -> PResult<Expr> {
        let start = self.span();
        match self.peek().clone() {
            Token::Int(literal) => {
                self.advance();
                let c = literals::int_constant(&literal, false)
                    .map_err(|message| Diagnostic::error(start, message))?;
                Ok(Expr::new(ExprKind::Const(c), start))
            }
            Token::Float(literal) => {
                self.advance();
                let c = literals::float_constant(&literal, false)
                    .map_err(|message| Diagnostic::error(start, message))?;
                Ok(Expr::new(ExprKind::Const(c), start))
            }
            Token::Char(c) => {
                self.advance();
                Ok(Expr::new(ExprKind::Const(Constant::Char(c)), start))
            }
            Token::String(s) => {
                self.advance();
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
            Token::Lident(name) => {
                self.advance();
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
            Token::UnsupportedKeyword(keyword) => Err(unsupported_keyword(&keyword, start)),
            Token::AttributeOpen(_) => Err(self.attribute()),
            _ => Err(self.error_expected("an expression")),
        }
    }

    /// A name starting with a module or constructor: `List.map`, `Some`,
    /// `Fun.Finally_raised`, `Stdlib.( + )`.
    fn qualified(&mut self) -> PResult<Expr> {
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
            match self.peek_at(1).clone() {
                Token::Uident(_) => {
                    qualifier.push(name);
                    self.advance();
                }
                Token::Lident(value) => {
                    qualifier.push(name);
                    self.advance();
                    self.advance();
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
    fn parenthesised(&mut self) -> PResult<Expr> {
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
    fn list_expr(&mut self) -> PResult<Expr> {
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
    fn expr_list(&mut self, close: &Token, open: Span, open_text: &str) -> PResult<Vec<Expr>> {
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
    fn record_expr(&mut self) -> PResult<Expr> {
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
    fn field_list_ahead(&self) -> bool {
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

// ----- patterns -----

impl Parser<'_> {
    /// A full pattern. From the loosest: `as` and `|` (left), `,`, `::`
    /// (right), constructor application, simple patterns.
    fn pattern(&mut self) -> PResult<Pattern> {
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

    fn tuple_pattern(&mut self) -> PResult<Pattern> {
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
    fn cons_pattern(&mut self) -> PResult<Pattern> {
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
    fn constructor_pattern(&mut self) -> PResult<Pattern> {
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
    fn constructor_path(&mut self) -> PResult<Path> {
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
    fn simple_pattern(&mut self) -> PResult<Pattern> {
        let start = self.span();
        match self.peek().clone() {
            Token::Lident(name) => {
                self.advance();
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
            Token::String(s) => {
                self.advance();
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
            Token::UnsupportedKeyword(k) => Err(unsupported_keyword(&k, start)),
            Token::AttributeOpen(_) => Err(self.attribute()),
            _ => Err(self.error_expected("a pattern")),
        }
    }

    /// A numeric constant in a pattern, with an optional sign.
    fn pattern_number(&mut self) -> PResult<Constant> {
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
        let (token, span) = self.advance();
        let span = start.to(span);
        let result = match token {
            Token::Int(literal) => literals::int_constant(&literal, negate),
            Token::Float(literal) => literals::float_constant(&literal, negate),
            _ => {
                self.pos -= 1;
                return Err(self.error_expected("a number after the sign"));
            }
        };
        result.map_err(|message| Diagnostic::error(span, message))
    }

    /// `()`, `( op )`, `( p )`, `( p : t )`.
    fn parenthesised_pattern(&mut self) -> PResult<Pattern> {
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

    fn pattern_list(
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
    fn record_pattern(&mut self) -> PResult<Pattern> {
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

// ----- type expressions -----

impl Parser<'_> {
    /// A type: `t1 -> t2` (right), `t1 * t2`, `t list`, atoms.
    fn core_type(&mut self) -> PResult<TypeExpr> {
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

    fn tuple_type(&mut self) -> PResult<TypeExpr> {
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
    fn applied_type(&mut self) -> PResult<TypeExpr> {
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
    fn type_path(&mut self) -> PResult<Path> {
        let start = self.span();
        let mut qualifier = Vec::new();
        loop {
            match self.peek().clone() {
                Token::Uident(m) if self.peek_at(1) == &Token::Dot => {
                    qualifier.push(m);
                    self.advance();
                    self.advance();
                }
                Token::Lident(name) => {
                    self.advance();
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

    fn atomic_type(&mut self) -> PResult<TypeExpr> {
        let start = self.span();
        match self.peek().clone() {
            Token::Quote => {
                self.advance();
                match self.peek().clone() {
                    Token::Lident(name) | Token::Uident(name) => {
                        self.advance();
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
            Token::UnsupportedKeyword(k) => Err(unsupported_keyword(&k, start)),
            _ => Err(self.error_expected("a type")),
        }
    }
}

// ----- declarations -----

impl Parser<'_> {
    /// `type d1 and d2 ...`
    fn type_declarations(&mut self) -> PResult<Vec<TypeDecl>> {
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

    fn type_declaration(&mut self) -> PResult<TypeDecl> {
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
    fn type_parameters(&mut self) -> PResult<Vec<Ident>> {
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

    fn type_parameter(&mut self) -> PResult<Ident> {
        let start = self.span();
        if matches!(self.peek(), Token::Plus | Token::Minus | Token::Underscore) {
            return Err(unsupported(
                "A variance annotation or anonymous parameter in a type declaration",
                start,
                "",
            ));
        }
        self.expect(&Token::Quote, "a type parameter `'a`")?;
        match self.peek().clone() {
            Token::Lident(name) | Token::Uident(name) => {
                self.advance();
                Ok(Ident {
                    name,
                    span: self.since(start),
                })
            }
            _ => Err(self.error_expected("a type parameter name after `'`")),
        }
    }

    /// What follows `=`: constructors, a record, or a type (an abbreviation).
    fn type_definition(&mut self) -> PResult<TypeDeclKind> {
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

    fn constructor_declarations(&mut self) -> PResult<Vec<ConstructorDecl>> {
        self.eat(&Token::Bar);
        let mut constructors = vec![self.constructor_declaration()?];
        while self.eat(&Token::Bar) {
            constructors.push(self.constructor_declaration()?);
        }
        Ok(constructors)
    }

    fn constructor_declaration(&mut self) -> PResult<ConstructorDecl> {
        let start = self.span();
        let name = match self.peek().clone() {
            Token::Uident(name) => name,
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
    fn constructor_arguments(&mut self) -> PResult<Vec<TypeExpr>> {
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
    fn field_declarations(&mut self) -> PResult<Vec<FieldDecl>> {
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
    fn exception_declaration(&mut self, start: Span) -> PResult<ExceptionDecl> {
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
