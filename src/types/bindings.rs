//! `let` and `let rec`: where levels rise and fall and types are
//! generalised, under the value restriction.

use super::decls::Scheme;
use super::env::Env;
use super::infer::{Checker, Res};
use super::pattern::{PatVar, PatVars};
use super::ty::Ty;
use super::typed::{Binding, Expr, ExprKind, ValueRef, VarId};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use std::rc::Rc;

/// A variable a `let` binds, with its (possibly polymorphic) type.
#[derive(Clone, Debug)]
pub struct BoundValue {
    pub name: Rc<str>,
    pub id: VarId,
    pub scheme: Scheme,
    pub span: Span,
}

pub struct LetResult {
    pub bindings: Vec<Binding<Ty>>,
    /// The environment of what follows: the outer one and the new variables
    /// (for a top-level `let`, they go to the globals instead).
    pub env: Env,
    pub values: Vec<BoundValue>,
}

impl Checker {
    /// Type `let [rec] p1 = e1 and ...`. The right-hand sides are typed one
    /// level deeper than the `let`, so that when the typer comes back out,
    /// the variables still at that deeper level belong to this definition
    /// alone and can be generalised.
    pub fn let_bindings(
        &mut self,
        env: &Env,
        rec_flag: ast::RecFlag,
        bindings: &[ast::Binding],
        top: bool,
    ) -> Res<LetResult> {
        let mut vars = PatVars::new(top);
        let mut typed = Vec::with_capacity(bindings.len());
        self.store.enter_level();
        let result = match rec_flag {
            ast::RecFlag::NonRecursive => self.let_nonrec(env, bindings, &mut vars, &mut typed),
            ast::RecFlag::Recursive => self.let_rec(env, bindings, &mut vars, &mut typed),
        };
        self.store.exit_level();
        let expansive = result?;
        // The value restriction: a binding whose expression is not a value
        // keeps its contravariant and invariant variables monomorphic.
        for (b, expansive) in typed.iter().zip(&expansive) {
            if *expansive {
                self.store.lower_contravariant(&self.decls, b.pat.ty);
            }
        }
        let mut out_env = env.clone();
        let mut values = Vec::with_capacity(vars.vars.len());
        for PatVar { name, id, ty, span } in vars.vars {
            let scheme = self.store.generalize(ty);
            if top {
                self.globals
                    .add_value(name.clone(), ValueRef::Global(id), scheme.clone());
            } else {
                out_env.add_value(name.clone(), ValueRef::Local(id), scheme.clone());
            }
            values.push(BoundValue {
                name,
                id,
                scheme,
                span,
            });
        }
        Ok(LetResult {
            bindings: typed,
            env: out_env,
            values,
        })
    }

    /// Non-recursive: each pattern is typed, then its expression against it,
    /// in an environment without the new variables. Returns, per binding,
    /// whether its expression is expansive (not a value).
    fn let_nonrec(
        &mut self,
        env: &Env,
        bindings: &[ast::Binding],
        vars: &mut PatVars,
        typed: &mut Vec<Binding<Ty>>,
    ) -> Res<Vec<bool>> {
        let mut expansive = Vec::with_capacity(bindings.len());
        for b in bindings {
            let t = self.new_var();
            let pat = self.pattern(env, &b.pat, t, vars)?;
            let expr = self.expr(env, &b.expr, t)?;
            expansive.push(!self.is_nonexpansive(&expr));
            typed.push(Binding {
                pat,
                expr,
                span: b.span,
            });
        }
        Ok(expansive)
    }

    /// Recursive: every variable is visible, monomorphic, in every
    /// right-hand side, which must be a function (as in OCaml, other
    /// recursive values such as `let rec l = 1 :: l` need a special
    /// compilation scheme; Flambeau does not have it).
    fn let_rec(
        &mut self,
        env: &Env,
        bindings: &[ast::Binding],
        vars: &mut PatVars,
        typed: &mut Vec<Binding<Ty>>,
    ) -> Res<Vec<bool>> {
        let mut pats = Vec::with_capacity(bindings.len());
        for b in bindings {
            if !is_variable(&b.pat) {
                return Err(Box::new(Diagnostic::error(
                    b.pat.span,
                    "Only variables are allowed as left-hand side of `let rec'",
                )));
            }
            let t = self.new_var();
            pats.push(self.pattern(env, &b.pat, t, vars)?);
        }
        let mut inner = env.clone();
        vars.bind_mono(&mut inner);
        for (b, pat) in bindings.iter().zip(pats) {
            if !is_function(&b.expr) {
                return Err(Box::new(Diagnostic::error(
                    b.expr.span,
                    "This kind of expression is not allowed as right-hand side of `let rec'",
                )));
            }
            let expr = self.expr(&inner, &b.expr, pat.ty)?;
            typed.push(Binding {
                pat,
                expr,
                span: b.span,
            });
        }
        Ok(vec![false; bindings.len()])
    }

    /// OCaml's `is_nonexpansive`: expressions whose evaluation cannot create
    /// a mutable cell or a closure over one, so that their type can be
    /// generalised however they are used.
    pub fn is_nonexpansive(&self, e: &Expr<Ty>) -> bool {
        match &e.kind {
            ExprKind::Const(_) | ExprKind::Var(_) | ExprKind::Fun(..) | ExprKind::Function(_) => {
                true
            }
            ExprKind::Construct(_, args) | ExprKind::Tuple(args) => {
                args.iter().all(|a| self.is_nonexpansive(a))
            }
            ExprKind::Let(_, bindings, body) => {
                bindings.iter().all(|b| self.is_nonexpansive(&b.expr)) && self.is_nonexpansive(body)
            }
            ExprKind::LetException(_, body) => self.is_nonexpansive(body),
            ExprKind::Record { ty, fields, base } => {
                fields.iter().enumerate().all(|(i, f)| match f {
                    Some(value) => {
                        let mutable = super::pattern::field_is_mutable(&self.decls, *ty, i);
                        !mutable && self.is_nonexpansive(value)
                    }
                    None => true,
                }) && base.as_ref().is_none_or(|b| self.is_nonexpansive(b))
            }
            ExprKind::Field(record, _) => self.is_nonexpansive(record),
            ExprKind::Array(items) => items.is_empty(),
            // As OCaml: the condition and the first statement do not matter.
            ExprKind::If(_, then_, else_) => {
                self.is_nonexpansive(then_)
                    && else_.as_ref().is_none_or(|e| self.is_nonexpansive(e))
            }
            ExprKind::Sequence(_, second) => self.is_nonexpansive(second),
            ExprKind::Match(scrutinee, cases) => {
                self.is_nonexpansive(scrutinee)
                    && cases.iter().all(|c| {
                        c.guard.as_ref().is_none_or(|g| self.is_nonexpansive(g))
                            && self.is_nonexpansive(&c.body)
                    })
            }
            ExprKind::Apply(f, args) => match (&f.kind, args.as_slice()) {
                (ExprKind::Var(ValueRef::Library(id)), [arg]) => {
                    self.library.entry(*id).primitive.as_deref() == Some("%raise")
                        && self.is_nonexpansive(arg)
                }
                _ => false,
            },
            _ => false,
        }
    }
}

fn is_variable(p: &ast::Pattern) -> bool {
    match &p.kind {
        ast::PatternKind::Var(_) => true,
        ast::PatternKind::Constraint(inner, _) => is_variable(inner),
        _ => false,
    }
}

fn is_function(e: &ast::Expr) -> bool {
    match &e.kind {
        ast::ExprKind::Fun(..) | ast::ExprKind::Function(_) => true,
        ast::ExprKind::Constraint(inner, _) => is_function(inner),
        _ => false,
    }
}
