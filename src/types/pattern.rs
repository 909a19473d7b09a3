//! Typing patterns, and what patterns and expressions share: constructors
//! (instances, number of arguments) and records (which type a set of field
//! names belongs to).

use super::decls::{SType, TypeKind};
use super::env::Env;
use super::infer::{Checker, Res, Subject};
use super::ty::{Ty, TypeId};
use super::typed::{ConstructorRef, FieldRef, Pattern, PatternKind, VarId};
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use std::rc::Rc;

/// A variable bound by a pattern.
#[derive(Clone, Debug)]
pub struct PatVar {
    pub name: Rc<str>,
    pub id: VarId,
    pub ty: Ty,
    pub span: Span,
}

/// The variables a pattern binds, in order.
#[derive(Default)]
pub struct PatVars {
    pub vars: Vec<PatVar>,
    /// While typing the right side of an or-pattern: the left side's
    /// variables, whose identities the right side reuses.
    reuse: Vec<PatVar>,
    /// Variables of a top-level `let` are globals.
    pub global: bool,
}

impl PatVars {
    pub fn new(global: bool) -> PatVars {
        PatVars {
            global,
            ..PatVars::default()
        }
    }

    /// Add the variables to an environment, monomorphic.
    pub fn bind_mono(&self, env: &mut Env) {
        for v in &self.vars {
            let value = if self.global {
                super::typed::ValueRef::Global(v.id)
            } else {
                super::typed::ValueRef::Local(v.id)
            };
            env.add_value(v.name.clone(), value, super::decls::Scheme::mono(v.ty));
        }
    }
}

/// A constructor's type, instantiated: its argument types and result type.
pub struct ConstructorInstance {
    pub args: Vec<Ty>,
    pub result: Ty,
}

impl Checker {
    pub fn instantiate_constructor(&mut self, c: &ConstructorRef) -> ConstructorInstance {
        // The declaration is read in place (`decls` and `store` are
        // distinct fields), not copied: this runs at every constructor.
        let (decls, store) = (&self.decls, &mut self.store);
        let (params, args, result_id): (usize, &[SType], TypeId) = match c {
            ConstructorRef::Variant { ty, index, .. } => {
                let decl = decls.ty(*ty);
                let args = match &decl.kind {
                    TypeKind::Variant(cs) => {
                        cs.get(*index as usize).map_or(&[][..], |c| &c.args[..])
                    }
                    _ => &[],
                };
                (decl.arity(), args, *ty)
            }
            ConstructorRef::Exception { exn, .. } => (0, &decls.exn(*exn).args[..], TypeId::EXN),
        };
        let vars: Vec<Ty> = (0..params).map(|_| store.new_var()).collect();
        let args = args
            .iter()
            .map(|a| store.instantiate_with(a, &vars))
            .collect();
        let result = store.con(result_id, vars);
        ConstructorInstance { args, result }
    }

    /// Split a constructor's argument as declared: `C (a, b)` gives two
    /// arguments to a constructor of arity 2, one (a tuple) to one of arity 1.
    pub fn constructor_args<'a, A>(
        &self,
        c: &ConstructorRef,
        path: &ast::Path,
        arg: Option<&'a A>,
        tuple_items: Option<&'a [A]>,
        span: Span,
    ) -> Res<Vec<&'a A>> {
        let arity = c.arity() as usize;
        let given: Vec<&'a A> = match (arg, tuple_items) {
            (None, _) => Vec::new(),
            (Some(a), _) if arity == 1 => vec![a],
            (Some(_), Some(items)) => items.iter().collect(),
            (Some(a), None) => vec![a],
        };
        if given.len() != arity {
            return Err(Box::new(Diagnostic::error(
                span,
                format!(
                    "The constructor {} expects {} argument(s), but is applied here to {} argument(s)",
                    path.name,
                    arity,
                    given.len()
                ),
            )));
        }
        Ok(given)
    }

    /// A fresh instance of a record type: the type and its fields' types.
    pub fn record_instance(&mut self, id: TypeId) -> (Ty, Vec<Ty>) {
        let (decls, store) = (&self.decls, &mut self.store);
        let decl = decls.ty(id);
        let vars: Vec<Ty> = (0..decl.arity()).map(|_| store.new_var()).collect();
        let field_tys = match &decl.kind {
            TypeKind::Record(fs, _) => fs
                .iter()
                .map(|f| store.instantiate_with(&f.ty, &vars))
                .collect(),
            _ => Vec::new(),
        };
        (store.con(id, vars), field_tys)
    }

    /// Which record type a list of field names belongs to: the expected
    /// type's if it is a record type that has them all (a cheap form of
    /// OCaml's type-directed disambiguation), otherwise the type of the
    /// latest definition of the first field ("last definition wins").
    pub fn resolve_fields(
        &mut self,
        fields: &[&ast::Path],
        expected: Option<Ty>,
    ) -> Res<Vec<FieldRef>> {
        let first = match fields.first() {
            Some(f) => *f,
            None => return Ok(Vec::new()),
        };
        let from_expected = expected.and_then(|t| match self.expanded_node(t) {
            Some(super::ty::Node::Con(id, _)) => Some(id),
            _ => None,
        });
        let has_all = |id: TypeId, c: &Checker| match &c.decls.ty(id).kind {
            TypeKind::Record(fs, _) => fields.iter().all(|p| fs.iter().any(|f| *f.name == *p.name)),
            _ => false,
        };
        let id = match from_expected {
            Some(id) if has_all(id, self) && fields.iter().all(|p| !p.is_qualified()) => id,
            _ => self.lookup_field(first)?.ty,
        };
        let mut out: Vec<FieldRef> = Vec::new();
        for p in fields {
            let found = field_of(&self.decls, id, &p.name);
            let f = match found {
                Some(f) => f,
                None => {
                    let other = self.lookup_field(p)?;
                    return Err(Box::new(Diagnostic::error(
                        p.span,
                        format!(
                            "The record field {} belongs to the type {} but is mixed here with fields of type {}",
                            p.name,
                            self.decls.ty(other.ty).name,
                            self.decls.ty(id).name
                        ),
                    )));
                }
            };
            if out.iter().any(|o| o.index == f.index) {
                return Err(Box::new(Diagnostic::error(
                    p.span,
                    format!("The record field label {} is defined several times", p.name),
                )));
            }
            out.push(f);
        }
        Ok(out)
    }
}

/// The field `name` of record type `id`.
pub fn field_of(decls: &super::decls::Decls, id: TypeId, name: &str) -> Option<FieldRef> {
    match &decls.ty(id).kind {
        TypeKind::Record(fs, repr) => fs.iter().position(|f| &*f.name == name).map(|i| FieldRef {
            ty: id,
            index: i as u32,
            name: fs[i].name.clone(),
            mutable: fs[i].mutable,
            repr: *repr,
            count: fs.len() as u32,
        }),
        _ => None,
    }
}

impl Checker {
    /// Type a pattern against the type of the values it matches, collecting
    /// the variables it binds.
    pub fn pattern(
        &mut self,
        env: &Env,
        p: &ast::Pattern,
        expected: Ty,
        vars: &mut PatVars,
    ) -> Res<Pattern<Ty>> {
        use ast::PatternKind as P;
        let here = |kind, ty| Pattern {
            kind,
            ty,
            span: p.span,
        };
        Ok(match &p.kind {
            P::Any => here(PatternKind::Any, expected),
            P::Var(name) => {
                let id = self.bind_pattern_var(name, p.span, expected, vars)?;
                here(PatternKind::Var(id), expected)
            }
            P::Alias(inner, x) => {
                let inner = self.pattern(env, inner, expected, vars)?;
                let id = self.bind_pattern_var(&x.name, x.span, expected, vars)?;
                here(PatternKind::Alias(Box::new(inner), id), expected)
            }
            P::Const(c) => {
                let t = self.constant_type(c);
                self.unify_at(p.span, Subject::Pattern, t, expected)?;
                here(PatternKind::Const(c.clone()), expected)
            }
            P::Range(a, b) => {
                let t = self.constant(TypeId::CHAR);
                self.unify_at(p.span, Subject::Pattern, t, expected)?;
                here(PatternKind::Range(*a, *b), expected)
            }
            P::Tuple(ps) => {
                let items: Vec<Ty> = ps.iter().map(|_| self.new_var()).collect();
                let t = self.store.tuple(items.clone());
                self.unify_at(p.span, Subject::Pattern, t, expected)?;
                let ps = ps
                    .iter()
                    .zip(items)
                    .map(|(q, t)| self.pattern(env, q, t, vars))
                    .collect::<Res<_>>()?;
                here(PatternKind::Tuple(ps), expected)
            }
            P::Construct(path, arg) => {
                let c = self.lookup_constructor(env, path)?;
                let inst = self.instantiate_constructor(&c);
                self.unify_at(p.span, Subject::Pattern, inst.result, expected)?;
                let args: Vec<Pattern<Ty>> = match arg.as_deref() {
                    // `C _` matches every argument of a constructor of any arity.
                    Some(ast::Pattern { kind: P::Any, span }) if c.arity() > 1 => inst
                        .args
                        .iter()
                        .map(|t| Pattern {
                            kind: PatternKind::Any,
                            ty: *t,
                            span: *span,
                        })
                        .collect(),
                    arg => {
                        let items = match arg {
                            Some(ast::Pattern {
                                kind: P::Tuple(items),
                                ..
                            }) => Some(items.as_slice()),
                            _ => None,
                        };
                        let given = self.constructor_args(&c, path, arg, items, p.span)?;
                        given
                            .into_iter()
                            .zip(inst.args)
                            .map(|(q, t)| self.pattern(env, q, t, vars))
                            .collect::<Res<_>>()?
                    }
                };
                here(PatternKind::Construct(c, args), expected)
            }
            P::Record { fields, .. } => {
                let paths: Vec<&ast::Path> = fields.iter().map(|f| &f.field).collect();
                let refs = self.resolve_fields(&paths, Some(expected))?;
                let id = refs.first().map(|f| f.ty).unwrap_or(TypeId::UNIT);
                let (t, field_tys) = self.record_instance(id);
                self.unify_at(p.span, Subject::Pattern, t, expected)?;
                let mut out = Vec::new();
                for (f, r) in fields.iter().zip(refs) {
                    let ft = field_tys.get(r.index as usize).copied().unwrap_or(t);
                    out.push((r, self.pattern(env, &f.pat, ft, vars)?));
                }
                here(PatternKind::Record(out), expected)
            }
            P::Array(ps) => {
                let elem = self.new_var();
                let t = self.store.con(TypeId::ARRAY, vec![elem]);
                self.unify_at(p.span, Subject::Pattern, t, expected)?;
                let ps = ps
                    .iter()
                    .map(|q| self.pattern(env, q, elem, vars))
                    .collect::<Res<_>>()?;
                here(PatternKind::Array(ps), expected)
            }
            P::Or(left, right) => {
                let before = vars.vars.len();
                let l = self.pattern(env, left, expected, vars)?;
                let left_vars: Vec<PatVar> = vars.vars.split_off(before);
                let saved_reuse = std::mem::replace(&mut vars.reuse, left_vars.clone());
                let r = self.pattern(env, right, expected, vars);
                vars.reuse = saved_reuse;
                let r = r?;
                let right_vars: Vec<PatVar> = vars.vars.split_off(before);
                for v in left_vars.iter().chain(right_vars.iter()) {
                    let on_both = left_vars.iter().any(|x| x.name == v.name)
                        && right_vars.iter().any(|x| x.name == v.name);
                    if !on_both {
                        return Err(Box::new(Diagnostic::error(
                            p.span,
                            format!(
                                "Variable {} must occur on both sides of this | pattern",
                                v.name
                            ),
                        )));
                    }
                }
                vars.vars.extend(left_vars);
                here(PatternKind::Or(Box::new(l), Box::new(r)), expected)
            }
            P::Constraint(inner, te) => {
                let t = self.annotation(te)?;
                let inner = self.pattern(env, inner, t, vars)?;
                self.unify_at(p.span, Subject::Pattern, t, expected)?;
                Pattern {
                    span: p.span,
                    ..inner
                }
            }
        })
    }

    fn bind_pattern_var(
        &mut self,
        name: &str,
        span: Span,
        ty: Ty,
        vars: &mut PatVars,
    ) -> Res<VarId> {
        if vars.vars.iter().any(|v| &*v.name == name) {
            return Err(Box::new(Diagnostic::error(
                span,
                format!("Variable {} is bound several times in this matching", name),
            )));
        }
        let id = match vars.reuse.iter().find(|v| &*v.name == name).cloned() {
            Some(left) => {
                self.unify_at(span, Subject::Pattern, ty, left.ty)?;
                left.id
            }
            None => self.fresh_var_id(name, span, vars.global),
        };
        vars.vars.push(PatVar {
            name: name.into(),
            id,
            ty,
            span,
        });
        Ok(id)
    }

    pub fn constant_type(&mut self, c: &ast::Constant) -> Ty {
        let id = match c {
            ast::Constant::Int(_) => TypeId::INT,
            ast::Constant::Int32(_) => TypeId::INT32,
            ast::Constant::Int64(_) => TypeId::INT64,
            ast::Constant::Nativeint(_) => TypeId::NATIVEINT,
            ast::Constant::Float(_) => TypeId::FLOAT,
            ast::Constant::Char(_) => TypeId::CHAR,
            ast::Constant::String(_) => TypeId::STRING,
        };
        self.constant(id)
    }
}

/// The name of the `index`-th field of record type `id`.
pub fn field_name(decls: &super::decls::Decls, id: TypeId, index: u32) -> Option<String> {
    match &decls.ty(id).kind {
        TypeKind::Record(fs, _) => fs.get(index as usize).map(|f| f.name.to_string()),
        _ => None,
    }
}

/// Whether the `index`-th field of record type `id` is mutable.
pub fn field_is_mutable(decls: &super::decls::Decls, id: TypeId, index: usize) -> bool {
    match &decls.ty(id).kind {
        TypeKind::Record(fs, _) => fs.get(index).is_some_and(|f| f.mutable),
        _ => false,
    }
}
