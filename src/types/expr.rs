//! Typing expressions. Each expression is typed against the type expected
//! of it (OCaml's `type_expect`): constructors, tuples, records, arrays and
//! functions unify their shape with the expected type before typing their
//! parts, so that an error is reported on the innermost part that is wrong
//! (the `"a"` of `[1; "a"]`), as OCaml reports it.

use super::decls::Scheme;
use super::env::Env;
use super::infer::{Checker, Res, Subject};
use super::pattern::PatVars;
use super::ty::{Node, Ty, TypeId};
use super::typed::{Case, Expr, ExprKind, ValueRef};
use crate::diagnostics::Diagnostic;
use crate::syntax::ast;

impl Checker {
    /// A typed node whose type is `ty`, after unifying `ty` with `expected`.
    fn finish(&mut self, e: &ast::Expr, kind: ExprKind<Ty>, ty: Ty, expected: Ty) -> Res<Expr<Ty>> {
        self.unify_at(e.span, Subject::Expression, ty, expected)?;
        Ok(Expr {
            kind,
            ty,
            span: e.span,
        })
    }

    pub fn expr(&mut self, env: &Env, e: &ast::Expr, expected: Ty) -> Res<Expr<Ty>> {
        use ast::ExprKind as E;
        match &e.kind {
            E::Const(c) => {
                let t = self.constant_type(c);
                self.finish(e, ExprKind::Const(c.clone()), t, expected)
            }
            E::Var(path) => {
                let b = self.lookup_value(env, path)?;
                let t = self.store.instantiate(&b.scheme);
                self.finish(e, ExprKind::Var(b.value), t, expected)
            }
            E::Construct(path, arg) => self.construct(env, e, path, arg.as_deref(), expected),
            E::Apply(f, args) => self.apply(env, e, f, args, expected),
            E::Let(rec_flag, bindings, body) => {
                let r = self.let_bindings(env, *rec_flag, bindings, false)?;
                let body = self.expr(&r.env, body, expected)?;
                let ty = body.ty;
                Ok(Expr {
                    kind: ExprKind::Let(*rec_flag, r.bindings, Box::new(body)),
                    ty,
                    span: e.span,
                })
            }
            E::LetException(decl, body) => {
                let mut inner = env.clone();
                let exn = self.declare_exception(&mut inner, decl, true)?;
                let body = self.expr(&inner, body, expected)?;
                let ty = body.ty;
                Ok(Expr {
                    kind: ExprKind::LetException(exn, Box::new(body)),
                    ty,
                    span: e.span,
                })
            }
            E::Fun(params, body) => self.function(env, e, params, body, expected),
            E::Function(cases) => {
                let (dom, cod) = self.split_arrow(e, expected)?;
                let cases = self.cases(env, cases, dom, cod)?;
                Ok(Expr {
                    kind: ExprKind::Function(cases),
                    ty: expected,
                    span: e.span,
                })
            }
            E::Match(scrutinee, cases) => {
                let t = self.new_var();
                let scrutinee = self.expr(env, scrutinee, t)?;
                let cases = self.cases(env, cases, t, expected)?;
                Ok(Expr {
                    kind: ExprKind::Match(Box::new(scrutinee), cases),
                    ty: expected,
                    span: e.span,
                })
            }
            E::Try(body, cases) => {
                let body = self.expr(env, body, expected)?;
                let exn = self.constant(TypeId::EXN);
                let cases = self.cases(env, cases, exn, expected)?;
                Ok(Expr {
                    kind: ExprKind::Try(Box::new(body), cases),
                    ty: expected,
                    span: e.span,
                })
            }
            E::Tuple(es) => {
                let items: Vec<Ty> = es.iter().map(|_| self.new_var()).collect();
                let t = self.store.tuple(items.clone());
                self.unify_at(e.span, Subject::Expression, t, expected)?;
                let es = es
                    .iter()
                    .zip(items)
                    .map(|(x, t)| self.expr(env, x, t))
                    .collect::<Res<_>>()?;
                Ok(Expr {
                    kind: ExprKind::Tuple(es),
                    ty: t,
                    span: e.span,
                })
            }
            E::Record { fields, base } => self.record(env, e, fields, base.as_deref(), expected),
            E::Field(record, label) => {
                let (record, field, field_ty) = self.field_access(env, record, label)?;
                self.finish(
                    e,
                    ExprKind::Field(Box::new(record), field),
                    field_ty,
                    expected,
                )
            }
            E::SetField(record, label, value) => {
                let (record, field, field_ty) = self.field_access(env, record, label)?;
                if !field.mutable {
                    return Err(Box::new(Diagnostic::error(
                        e.span,
                        format!("The record field {} is not mutable", field.name),
                    )));
                }
                let value = self.expr(env, value, field_ty)?;
                let unit = self.constant(TypeId::UNIT);
                self.finish(
                    e,
                    ExprKind::SetField(Box::new(record), field, Box::new(value)),
                    unit,
                    expected,
                )
            }
            E::Array(es) => {
                let elem = self.new_var();
                let t = self.store.con(TypeId::ARRAY, vec![elem]);
                self.unify_at(e.span, Subject::Expression, t, expected)?;
                let es = es
                    .iter()
                    .map(|x| self.expr(env, x, elem))
                    .collect::<Res<_>>()?;
                Ok(Expr {
                    kind: ExprKind::Array(es),
                    ty: t,
                    span: e.span,
                })
            }
            E::ArrayGet(array, index) => {
                let elem = self.new_var();
                let t = self.store.con(TypeId::ARRAY, vec![elem]);
                let array = self.expr(env, array, t)?;
                let int = self.constant(TypeId::INT);
                let index = self.expr(env, index, int)?;
                self.finish(
                    e,
                    ExprKind::ArrayGet(Box::new(array), Box::new(index)),
                    elem,
                    expected,
                )
            }
            E::ArraySet {
                array,
                index,
                value,
            } => {
                let elem = self.new_var();
                let t = self.store.con(TypeId::ARRAY, vec![elem]);
                let array = self.expr(env, array, t)?;
                let int = self.constant(TypeId::INT);
                let index = self.expr(env, index, int)?;
                let value = self.expr(env, value, elem)?;
                let unit = self.constant(TypeId::UNIT);
                let kind = ExprKind::ArraySet(Box::new(array), Box::new(index), Box::new(value));
                self.finish(e, kind, unit, expected)
            }
            E::StringGet(string, index) => {
                let st = self.constant(TypeId::STRING);
                let string = self.expr(env, string, st)?;
                let int = self.constant(TypeId::INT);
                let index = self.expr(env, index, int)?;
                let char = self.constant(TypeId::CHAR);
                self.finish(
                    e,
                    ExprKind::StringGet(Box::new(string), Box::new(index)),
                    char,
                    expected,
                )
            }
            E::If { cond, then_, else_ } => {
                let bool = self.constant(TypeId::BOOL);
                let cond = self.expr(env, cond, bool)?;
                match else_ {
                    Some(else_) => {
                        let then_ = self.expr(env, then_, expected)?;
                        let else_ = self.expr(env, else_, expected)?;
                        let kind =
                            ExprKind::If(Box::new(cond), Box::new(then_), Some(Box::new(else_)));
                        Ok(Expr {
                            kind,
                            ty: expected,
                            span: e.span,
                        })
                    }
                    None => {
                        let unit = self.constant(TypeId::UNIT);
                        let t = self.new_var();
                        let then_ = self.expr(env, then_, t)?;
                        self.unify_at(then_.span, Subject::Expression, t, unit).map_err(|d| {
                            Box::new((*d).with_note("because it is in the result of a conditional with no else branch"))
                        })?;
                        self.finish(
                            e,
                            ExprKind::If(Box::new(cond), Box::new(then_), None),
                            unit,
                            expected,
                        )
                    }
                }
            }
            E::Sequence(first, second) => {
                let t = self.new_var();
                let first = self.expr(env, first, t)?;
                let second = self.expr(env, second, expected)?;
                let ty = second.ty;
                Ok(Expr {
                    kind: ExprKind::Sequence(Box::new(first), Box::new(second)),
                    ty,
                    span: e.span,
                })
            }
            E::While(cond, body) => {
                let bool = self.constant(TypeId::BOOL);
                let cond = self.expr(env, cond, bool)?;
                let t = self.new_var();
                let body = self.expr(env, body, t)?;
                let unit = self.constant(TypeId::UNIT);
                self.finish(
                    e,
                    ExprKind::While(Box::new(cond), Box::new(body)),
                    unit,
                    expected,
                )
            }
            E::For {
                var,
                start,
                dir,
                stop,
                body,
            } => {
                let int = self.constant(TypeId::INT);
                let start = self.expr(env, start, int)?;
                let stop = self.expr(env, stop, int)?;
                let mut inner = env.clone();
                let var = match &var.kind {
                    ast::PatternKind::Var(name) => {
                        let id = self.fresh_var_id(name, var.span, false);
                        inner.add_value(
                            name.as_str().into(),
                            ValueRef::Local(id),
                            Scheme::mono(int),
                        );
                        Some(id)
                    }
                    _ => None,
                };
                let t = self.new_var();
                let body = self.expr(&inner, body, t)?;
                let unit = self.constant(TypeId::UNIT);
                let kind = ExprKind::For {
                    var,
                    start: Box::new(start),
                    dir: *dir,
                    stop: Box::new(stop),
                    body: Box::new(body),
                };
                self.finish(e, kind, unit, expected)
            }
            E::Constraint(inner, te) => {
                let t = self.annotation(te)?;
                let inner = self.expr(env, inner, t)?;
                self.unify_at(e.span, Subject::Expression, t, expected)?;
                Ok(Expr {
                    span: e.span,
                    ..inner
                })
            }
            E::Assert(cond) => {
                let bool = self.constant(TypeId::BOOL);
                let is_false = matches!(&cond.kind, ast::ExprKind::Construct(p, None) if p.name == ast::FALSE && !p.is_qualified());
                let cond = self.expr(env, cond, bool)?;
                // `assert false` never returns, so it has every type.
                let t = if is_false {
                    self.new_var()
                } else {
                    self.constant(TypeId::UNIT)
                };
                self.finish(e, ExprKind::Assert(Box::new(cond)), t, expected)
            }
        }
    }

    /// The cases of a `match`, `function` or `try`: each pattern against
    /// `scrutinee`, each guard a `bool`, each body against `expected`.
    fn cases(
        &mut self,
        env: &Env,
        cases: &[ast::Case],
        scrutinee: Ty,
        expected: Ty,
    ) -> Res<Vec<Case<Ty>>> {
        let mut out = Vec::with_capacity(cases.len());
        for c in cases {
            let mut vars = PatVars::new(false);
            let pat = self.pattern(env, &c.pat, scrutinee, &mut vars)?;
            let mut inner = env.clone();
            vars.bind_mono(&mut inner);
            let guard = match &c.guard {
                Some(g) => {
                    let bool = self.constant(TypeId::BOOL);
                    Some(self.expr(&inner, g, bool)?)
                }
                None => None,
            };
            let body = self.expr(&inner, &c.body, expected)?;
            out.push(Case { pat, guard, body });
        }
        Ok(out)
    }
}

/// Constructors, records and fields.
impl Checker {
    fn construct(
        &mut self,
        env: &Env,
        e: &ast::Expr,
        path: &ast::Path,
        arg: Option<&ast::Expr>,
        expected: Ty,
    ) -> Res<Expr<Ty>> {
        let c = self.lookup_constructor(env, path)?;
        let items = match arg {
            Some(ast::Expr {
                kind: ast::ExprKind::Tuple(items),
                ..
            }) => Some(items.as_slice()),
            _ => None,
        };
        let given = self.constructor_args(&c, path, arg, items, e.span)?;
        let inst = self.instantiate_constructor(&c);
        self.unify_at(e.span, Subject::Expression, inst.result, expected)?;
        let args = given
            .into_iter()
            .zip(inst.args)
            .map(|(a, t)| self.expr(env, a, t))
            .collect::<Res<_>>()?;
        Ok(Expr {
            kind: ExprKind::Construct(c, args),
            ty: inst.result,
            span: e.span,
        })
    }

    fn record(
        &mut self,
        env: &Env,
        e: &ast::Expr,
        fields: &[ast::FieldExpr],
        base: Option<&ast::Expr>,
        expected: Ty,
    ) -> Res<Expr<Ty>> {
        let paths: Vec<&ast::Path> = fields.iter().map(|f| &f.field).collect();
        let refs = self.resolve_fields(&paths, Some(expected))?;
        let id = match refs.first() {
            Some(f) => f.ty,
            None => {
                return Err(Box::new(Diagnostic::error(
                    e.span,
                    "internal error: a record with no field",
                )))
            }
        };
        let (t, field_tys) = self.record_instance(id);
        self.unify_at(e.span, Subject::Expression, t, expected)?;
        let count = field_tys.len();
        let base = match base {
            Some(b) => Some(Box::new(self.expr(env, b, t)?)),
            None => {
                let missing: Vec<String> = (0..count as u32)
                    .filter(|i| !refs.iter().any(|r| r.index == *i))
                    .filter_map(|i| super::pattern::field_name(&self.decls, id, i))
                    .collect();
                if !missing.is_empty() {
                    return Err(Box::new(Diagnostic::error(
                        e.span,
                        format!("Some record fields are undefined: {}", missing.join(" ")),
                    )));
                }
                None
            }
        };
        let mut slots: Vec<Option<Expr<Ty>>> = (0..count).map(|_| None).collect();
        for (f, r) in fields.iter().zip(refs) {
            let ft = field_tys.get(r.index as usize).copied().unwrap_or(t);
            let value = self.expr(env, &f.expr, ft)?;
            if let Some(slot) = slots.get_mut(r.index as usize) {
                *slot = Some(value);
            }
        }
        Ok(Expr {
            kind: ExprKind::Record {
                ty: id,
                fields: slots,
                base,
            },
            ty: t,
            span: e.span,
        })
    }

    /// `record.label`: the record is typed first, so that its type, when
    /// known, chooses among fields of the same name.
    fn field_access(
        &mut self,
        env: &Env,
        record: &ast::Expr,
        label: &ast::Path,
    ) -> Res<(Expr<Ty>, super::typed::FieldRef, Ty)> {
        let rt = self.new_var();
        let record = self.expr(env, record, rt)?;
        let field = match self.resolve_fields(&[label], Some(rt))?.into_iter().next() {
            Some(f) => f,
            None => {
                return Err(Box::new(Diagnostic::error(
                    label.span,
                    "internal error: no field resolved",
                )))
            }
        };
        let (t, field_tys) = self.record_instance(field.ty);
        self.unify_at(record.span, Subject::Expression, rt, t)?;
        let ft = field_tys.get(field.index as usize).copied().unwrap_or(t);
        Ok((record, field, ft))
    }
}

/// Functions and applications.
impl Checker {
    /// The parameter and result types of the function type expected of `e`.
    fn split_arrow(&mut self, e: &ast::Expr, expected: Ty) -> Res<(Ty, Ty)> {
        match self.expanded_node(expected) {
            Some(Node::Arrow(None, a, b)) => Ok((a, b)),
            None => {
                let a = self.new_var();
                let b = self.new_var();
                let arrow = self.store.arrow(a, b);
                self.unify_at(e.span, Subject::Expression, arrow, expected)?;
                Ok((a, b))
            }
            Some(Node::Arrow(Some(_), ..)) => {
                let a = self.new_var();
                let b = self.new_var();
                let arrow = self.store.arrow(a, b);
                self.unify_at(e.span, Subject::Expression, arrow, expected)?;
                Ok((a, b))
            }
            Some(_) => {
                let shown = self.show_types(&[expected]);
                Err(Box::new(Diagnostic::error(
                    e.span,
                    format!(
                        "This expression should not be a function, the expected type is {}",
                        shown[0]
                    ),
                )))
            }
        }
    }

    /// `fun p1 ... pn -> body`: each parameter's variables are visible in
    /// the body (a later one shadows an earlier one of the same name).
    fn function(
        &mut self,
        env: &Env,
        e: &ast::Expr,
        params: &[ast::Pattern],
        body: &ast::Expr,
        expected: Ty,
    ) -> Res<Expr<Ty>> {
        let mut inner = env.clone();
        let mut current = expected;
        let mut pats = Vec::with_capacity(params.len());
        for p in params {
            let (dom, cod) = self.split_arrow(e, current)?;
            let mut vars = PatVars::new(false);
            pats.push(self.pattern(env, p, dom, &mut vars)?);
            vars.bind_mono(&mut inner);
            current = cod;
        }
        let body = self.expr(&inner, body, current)?;
        Ok(Expr {
            kind: ExprKind::Fun(pats, Box::new(body)),
            ty: expected,
            span: e.span,
        })
    }

    /// OCaml lets a total application omit the labels: every argument
    /// unlabelled, as many as the function has parameters, and a result
    /// that is not a type variable (which could hide more parameters).
    fn labels_omittable(&mut self, ft: Ty, nargs: usize) -> bool {
        let mut current = ft;
        let mut count = 0;
        let mut labelled = false;
        loop {
            match self.expanded_node(current) {
                Some(Node::Arrow(l, _, b)) => {
                    count += 1;
                    labelled |= l.is_some();
                    current = b;
                }
                None => return false,
                Some(_) => return labelled && count == nargs,
            }
        }
    }

    /// `f a1 ... an`: each parameter of `f`'s type, in order, takes the
    /// argument with its label, or the first unlabelled one.
    fn apply(
        &mut self,
        env: &Env,
        e: &ast::Expr,
        f: &ast::Expr,
        args: &[ast::Arg],
        expected: Ty,
    ) -> Res<Expr<Ty>> {
        let ft = self.new_var();
        let func = self.expr(env, f, ft)?;
        // Whether labels may be omitted is only asked when a labelled
        // parameter meets unlabelled arguments (rarely: the walk costs).
        let all_unlabelled = args.iter().all(|a| a.label.is_none());
        let mut ignore_labels: Option<bool> = None;
        let mut pending: Vec<Option<&ast::Arg>> = args.iter().map(Some).collect();
        let mut typed = Vec::with_capacity(args.len());
        let mut current = ft;
        while let Some(next) = pending.iter().flatten().next().copied() {
            let (label, dom, cod) = match self.expanded_node(current) {
                Some(Node::Arrow(l, a, b)) => (l, a, b),
                None => {
                    let label = next
                        .label
                        .as_ref()
                        .map(|l| std::rc::Rc::from(l.name.as_str()));
                    let a = self.new_var();
                    let b = self.new_var();
                    let arrow = self.store.new_node(Node::Arrow(label.clone(), a, b));
                    self.unify_at(f.span, Subject::Expression, current, arrow)?;
                    (label, a, b)
                }
                Some(_) => {
                    let shown = self.show_types(&[ft]);
                    let (message, note) = if typed.is_empty() {
                        (
                            format!("This expression has type {}", shown[0]),
                            "This is not a function; it cannot be applied.",
                        )
                    } else {
                        (
                            format!("This function has type {}", shown[0]),
                            "It is applied to too many arguments; maybe you forgot a `;'.",
                        )
                    };
                    return Err(Box::new(Diagnostic::error(f.span, message).with_note(note)));
                }
            };
            let unlabelled = |a: &&Option<&ast::Arg>| matches!(a, Some(x) if x.label.is_none());
            let index = match &label {
                None => pending.iter().position(|a| unlabelled(&a)),
                Some(l) => pending
                    .iter()
                    .position(|a| matches!(a, Some(x) if x.label.as_ref().is_some_and(|i| *i.name == **l)))
                    .or_else(|| {
                        let omittable =
                            *ignore_labels.get_or_insert_with(|| all_unlabelled && self.labels_omittable(ft, args.len()));
                        if omittable {
                            pending.iter().position(|a| unlabelled(&a))
                        } else {
                            None
                        }
                    }),
            };
            let arg = match index
                .and_then(|i| pending.get_mut(i))
                .and_then(|slot| slot.take())
            {
                Some(arg) => arg,
                None => return Err(self.misplaced_label(e, ft, label.as_deref(), next)),
            };
            typed.push(self.expr(env, &arg.expr, dom)?);
            current = cod;
        }
        self.finish(e, ExprKind::Apply(Box::new(func), typed), current, expected)
    }

    fn misplaced_label(
        &mut self,
        e: &ast::Expr,
        ft: Ty,
        param: Option<&str>,
        next: &ast::Arg,
    ) -> Box<Diagnostic> {
        let shown = self.show_types(&[ft]);
        Box::new(match (param, &next.label) {
            (Some(l), _) => Diagnostic::error(
                e.span,
                format!("This application omits the labelled argument ~{}, which Flambeau does not support", l),
            )
            .with_note(format!("The function has type {}", shown[0])),
            (None, Some(l)) => Diagnostic::error(
                next.expr.span,
                format!("The function applied to this argument has type {}", shown[0]),
            )
            .with_note(format!("This argument cannot be applied with label ~{}", l.name)),
            (None, None) => Diagnostic::error(e.span, "internal error: an unlabelled argument found no parameter"),
        })
    }
}
