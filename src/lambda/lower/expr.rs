//! Expressions: the cases of `Translcore.transl_exp` that are not about
//! data (see `data.rs`), applications (`apply.rs`) or patterns
//! (`patterns.rs`).

use super::context::{is_simple, unit_value, Lowerer, Res};
use crate::diagnostics::Span;
use crate::lambda::builder::{for_, if_, let_, prim, raise, seq, while_};
use crate::lambda::ir::{Direction, Lambda};
use crate::lambda::primitive::Primitive;
use crate::syntax::ast;
use crate::types::ty::TypeId;
use crate::types::typed::{ConstructorRef, Expr, ExprKind};

impl Lowerer<'_> {
    pub fn expr(&mut self, e: &Expr) -> Res<Lambda> {
        match &e.kind {
            ExprKind::Const(c) => Ok(Lambda::Const(super::data::constant(c))),
            ExprKind::Var(r) => self.value(r, &e.ty, e.span),
            ExprKind::Construct(c, args) => self.construct(c, args, e.span),
            ExprKind::Apply(f, args) => self.apply(f, args),
            ExprKind::Let(rec_flag, bindings, body) => self.let_in(*rec_flag, bindings, body, e.span),
            ExprKind::LetException(exn, body) => {
                let name = self.decls.exn(*exn).qualified.clone();
                let v = self.temp(&self.decls.exn(*exn).name.to_string());
                self.exceptions.insert(*exn, v.clone());
                let body = self.expr(body)?;
                Ok(let_(&v, prim(Primitive::NewException(name), vec![]), body))
            }
            ExprKind::Fun(..) | ExprKind::Function(_) => {
                Ok(Lambda::Function(Box::new(self.function(e)?)))
            }
            ExprKind::Match(scrutinee, cases) => self.match_expr(scrutinee, cases, e.span),
            ExprKind::Try(body, cases) => self.try_with(body, cases, e.span),
            ExprKind::Tuple(items) => self.tuple(items),
            ExprKind::Record { ty, fields, base } => self.record(*ty, fields, base.as_deref()),
            ExprKind::Field(record, field) => self.field(record, field),
            ExprKind::SetField(record, field, value) => self.set_field(record, field, value),
            ExprKind::Array(items) => self.array(items, &e.ty),
            ExprKind::ArrayGet(a, i) => self.array_get(a, i),
            ExprKind::ArraySet(a, i, v) => self.array_set(a, i, v),
            ExprKind::StringGet(s, i) => {
                let s = self.expr(s)?;
                let i = self.expr(i)?;
                Ok(self.left_to_right(Primitive::StringGet { checked: true }, vec![s, i]))
            }
            ExprKind::If(c, then_, else_) => {
                let c = self.expr(c)?;
                let then_ = self.expr(then_)?;
                let else_ = match else_ {
                    Some(e) => self.expr(e)?,
                    None => unit_value(),
                };
                Ok(if_(c, then_, else_))
            }
            ExprKind::Sequence(..) => self.sequence(e),
            ExprKind::While(c, body) => {
                let c = self.expr(c)?;
                let body = self.expr(body)?;
                Ok(while_(c, body))
            }
            ExprKind::For {
                var,
                start,
                dir,
                stop,
                body,
            } => self.for_loop(*var, start, *dir, stop, body),
            ExprKind::Assert(c) => self.assert(c, e.span),
        }
    }

    /// `e1; e2; ...; en`, iteratively: programs have long sequences.
    fn sequence(&mut self, e: &Expr) -> Res<Lambda> {
        let mut items = Vec::new();
        let mut cur = e;
        while let ExprKind::Sequence(a, b) = &cur.kind {
            items.push(self.expr(a)?);
            cur = b;
        }
        items.push(self.expr(cur)?);
        Ok(seq(items))
    }

    /// OCaml evaluates a `for` loop's start bound before its end bound; a
    /// Lambda `for` evaluates them right to left, like everything else, so
    /// when both may have effects they are bound first, in OCaml's order.
    fn for_loop(
        &mut self,
        var: Option<crate::types::typed::VarId>,
        start: &Expr,
        dir: ast::Direction,
        stop: &Expr,
        body: &Expr,
    ) -> Res<Lambda> {
        let start = self.expr(start)?;
        let stop = self.expr(stop)?;
        let v = match var {
            Some(id) => self.bind_var(id),
            None => self.temp("_for"),
        };
        let body = self.expr(body)?;
        let direction = match dir {
            ast::Direction::Upto => Direction::Upto,
            ast::Direction::Downto => Direction::Downto,
        };
        if is_simple(&start) || is_simple(&stop) {
            return Ok(for_(&v, start, stop, direction, body));
        }
        let s = self.temp("start");
        let t = self.temp("stop");
        let loop_ = for_(&v, Lambda::Var(s.clone()), Lambda::Var(t.clone()), direction, body);
        Ok(let_(&s, start, let_(&t, stop, loop_)))
    }

    /// `assert c` raises `Assert_failure (file, line, column)` when `c` is
    /// false; `assert false` raises it unconditionally (and has any type).
    fn assert(&mut self, c: &Expr, span: Span) -> Res<Lambda> {
        let failure = raise(self.assert_failure(span));
        if let ExprKind::Construct(ConstructorRef::Variant { ty, index: 0, .. }, _) = &c.kind {
            if *ty == TypeId::BOOL {
                return Ok(failure);
            }
        }
        let c = self.expr(c)?;
        Ok(if_(c, unit_value(), failure))
    }

    /// A primitive whose arguments OCaml evaluates left to right (ocamlopt
    /// binds them in that order when it expands the primitive): bind every
    /// argument that may have an effect, in order, when there are two.
    pub fn left_to_right(&mut self, p: Primitive, args: Vec<Lambda>) -> Lambda {
        if args.iter().filter(|a| !is_simple(a)).count() < 2 {
            return prim(p, args);
        }
        let mut lets = Vec::new();
        let mut operands = Vec::new();
        for a in args {
            if is_simple(&a) {
                operands.push(a);
            } else {
                let v = self.temp("arg");
                operands.push(Lambda::Var(v.clone()));
                lets.push((v, a));
            }
        }
        let mut out = prim(p, operands);
        for (v, def) in lets.into_iter().rev() {
            out = let_(&v, def, out);
        }
        out
    }
}
