//! Entering type and exception declarations. A group `type t1 = ... and
//! t2 = ...` is entered in steps: first every name (so that the
//! definitions may refer to each other), then every definition, then the
//! checks and facts that need the whole group: abbreviations must not be
//! cyclic, each parameter's variance, and which records are flat.
//!
//! Errors in a declaration are reported, and the declaration is still
//! entered, with `Any` for a type that could not be read: a program with a
//! typo in one constructor's argument should get one error, not one more at
//! every use of the type.

use super::decls::{
    ConstructorDecl, ExceptionDecl, ExnId, FieldDecl, RecordRepr, SType, Tag, TypeDecl, TypeKind,
    Variance,
};
use super::env::Env;
use super::infer::{Checker, Res};
use super::ty::TypeId;
use super::typed::ConstructorRef;
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use std::collections::HashSet;
use std::rc::Rc;

impl Checker {
    /// Enter a group of type declarations into `env`. Returns the new type
    /// identifiers and the errors found (the group is entered regardless).
    pub fn declare_types(&mut self, group: &[ast::TypeDecl]) -> (Vec<TypeId>, Vec<Diagnostic>) {
        let mut errors = Vec::new();
        let group_number = self.decls.types.len() as u32;
        let mut seen = HashSet::new();
        let mut ids = Vec::with_capacity(group.len());
        for d in group {
            if !seen.insert(d.name.name.as_str()) {
                errors.push(multiple_definition("type", &d.name.name, d.span));
            }
            let mut params = HashSet::new();
            for p in &d.params {
                if !params.insert(p.name.as_str()) {
                    errors.push(Diagnostic::error(
                        p.span,
                        format!("The type parameter '{} occurs several times", p.name),
                    ));
                }
            }
            let id = self.decls.add_type(TypeDecl {
                name: d.name.name.as_str().into(),
                params: d.params.iter().map(|p| Rc::from(p.name.as_str())).collect(),
                kind: TypeKind::Abstract,
                variance: vec![Variance::Unused; d.params.len()],
                span: d.span,
                group: group_number,
            });
            self.globals.types.insert(d.name.name.as_str().into(), id);
            ids.push(id);
        }
        for (d, id) in group.iter().zip(&ids) {
            let kind = self.declaration_kind(d, &mut errors);
            self.decls.types[id.0 as usize].kind = kind;
        }
        self.check_abbreviation_cycles(group, &ids, &mut errors);
        self.compute_variances(&ids);
        for id in &ids {
            self.decide_record_repr(*id);
            self.globals.add_type_and_members(&self.decls, *id);
        }
        (ids, errors)
    }

    /// A type in a declaration, or `Any` after reporting why it is wrong.
    fn declared_or_any(
        &self,
        te: &ast::TypeExpr,
        params: &[ast::Ident],
        errors: &mut Vec<Diagnostic>,
    ) -> SType {
        match self.declared_type(te, params) {
            Ok(t) => t,
            Err(d) => {
                errors.push(*d);
                SType::Any
            }
        }
    }

    fn declaration_kind(&self, d: &ast::TypeDecl, errors: &mut Vec<Diagnostic>) -> TypeKind {
        match &d.kind {
            ast::TypeDeclKind::Abstract => TypeKind::Abstract,
            ast::TypeDeclKind::Abbrev(te) => {
                TypeKind::Abbrev(self.declared_or_any(te, &d.params, errors))
            }
            ast::TypeDeclKind::Variant(cs) => {
                // Constant constructors and the others are numbered apart.
                let (mut constant, mut block) = (0, 0);
                let mut names = HashSet::new();
                let mut out = Vec::with_capacity(cs.len());
                for c in cs {
                    if !names.insert(c.name.name.as_str()) {
                        errors.push(Diagnostic::error(
                            d.span,
                            format!("Two constructors are named {}", c.name.name),
                        ));
                    }
                    let args: Vec<SType> = c
                        .args
                        .iter()
                        .map(|t| self.declared_or_any(t, &d.params, errors))
                        .collect();
                    let tag = if args.is_empty() {
                        constant += 1;
                        Tag::Constant(constant - 1)
                    } else {
                        block += 1;
                        Tag::Block(block - 1)
                    };
                    out.push(ConstructorDecl {
                        name: c.name.name.as_str().into(),
                        args,
                        tag,
                        span: c.span,
                    });
                }
                TypeKind::Variant(out)
            }
            ast::TypeDeclKind::Record(fs) => {
                let mut names = HashSet::new();
                let mut out = Vec::with_capacity(fs.len());
                for f in fs {
                    if !names.insert(f.name.name.as_str()) {
                        errors.push(Diagnostic::error(
                            d.span,
                            format!("Two labels are named {}", f.name.name),
                        ));
                    }
                    out.push(FieldDecl {
                        name: f.name.name.as_str().into(),
                        ty: self.declared_or_any(&f.ty, &d.params, errors),
                        mutable: f.mutable,
                        span: f.span,
                    });
                }
                TypeKind::Record(out, RecordRepr::Boxed)
            }
        }
    }
}

pub fn multiple_definition(what: &str, name: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        span,
        format!("Multiple definition of the {} name {}.", what, name),
    )
    .with_note("Names must be unique in a given structure or signature.")
}

/// The facts about a group that need all of it.
impl Checker {
    /// An abbreviation may not occur in its own expansion (OCaml without
    /// `-rectypes`): `type t = t list` is rejected, `type t = A of t list`
    /// is a variant, not an abbreviation, and is fine.
    fn check_abbreviation_cycles(
        &mut self,
        group: &[ast::TypeDecl],
        ids: &[TypeId],
        errors: &mut Vec<Diagnostic>,
    ) {
        for (d, id) in group.iter().zip(ids) {
            if let Some(body) = self.decls.abbrev(*id) {
                let mut visited = HashSet::new();
                if self.occurs_in_expansion(*id, body, &mut visited) {
                    errors.push(Diagnostic::error(
                        d.span,
                        format!("The type abbreviation {} is cyclic", d.name.name),
                    ));
                    self.decls.types[id.0 as usize].kind = TypeKind::Abstract;
                }
            }
        }
    }

    fn occurs_in_expansion(
        &self,
        target: TypeId,
        t: &SType,
        visited: &mut HashSet<TypeId>,
    ) -> bool {
        match t {
            SType::Con(id, args) => {
                if *id == target {
                    return true;
                }
                if let Some(body) = self.decls.abbrev(*id) {
                    if visited.insert(*id) && self.occurs_in_expansion(target, body, visited) {
                        return true;
                    }
                }
                args.iter()
                    .any(|a| self.occurs_in_expansion(target, a, visited))
            }
            SType::Arrow(_, a, b) => {
                self.occurs_in_expansion(target, a, visited)
                    || self.occurs_in_expansion(target, b, visited)
            }
            SType::Tuple(ts) => ts
                .iter()
                .any(|a| self.occurs_in_expansion(target, a, visited)),
            SType::Param(_) | SType::Mono(_) | SType::Any => false,
        }
    }

    /// How each parameter of each type of the group varies, by a fixpoint
    /// (the types may mention each other): start from "unused" and join the
    /// variance of every occurrence until nothing changes.
    fn compute_variances(&mut self, ids: &[TypeId]) {
        for _ in 0..(3 * ids.len() * 4 + 4) {
            let mut changed = false;
            for id in ids {
                let decl = self.decls.ty(*id);
                let mut result = vec![Variance::Unused; decl.arity()];
                match &decl.kind {
                    TypeKind::Abstract | TypeKind::Open => {
                        result.iter_mut().for_each(|v| *v = Variance::Invariant)
                    }
                    TypeKind::Abbrev(body) => {
                        self.occurrences(body, Variance::Covariant, &mut result)
                    }
                    TypeKind::Variant(cs) => {
                        for c in cs {
                            for a in &c.args {
                                self.occurrences(a, Variance::Covariant, &mut result);
                            }
                        }
                    }
                    TypeKind::Record(fs, _) => {
                        for f in fs {
                            let position = if f.mutable {
                                Variance::Invariant
                            } else {
                                Variance::Covariant
                            };
                            self.occurrences(&f.ty, position, &mut result);
                        }
                    }
                }
                if result != self.decls.ty(*id).variance {
                    self.decls.types[id.0 as usize].variance = result;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    fn occurrences(&self, t: &SType, position: Variance, result: &mut [Variance]) {
        match t {
            SType::Param(i) => {
                if let Some(v) = result.get_mut(*i as usize) {
                    *v = v.join(position);
                }
            }
            SType::Arrow(_, a, b) => {
                self.occurrences(a, position.compose(Variance::Contravariant), result);
                self.occurrences(b, position, result);
            }
            SType::Tuple(ts) => ts
                .iter()
                .for_each(|a| self.occurrences(a, position, result)),
            SType::Con(id, args) => {
                let variance = &self.decls.ty(*id).variance;
                for (i, a) in args.iter().enumerate() {
                    let v = variance.get(i).copied().unwrap_or(Variance::Invariant);
                    self.occurrences(a, position.compose(v), result);
                }
            }
            SType::Mono(_) | SType::Any => {}
        }
    }

    /// A record whose fields all have type `float` is stored flat, as
    /// OCaml stores it.
    fn decide_record_repr(&mut self, id: TypeId) {
        let flat = match &self.decls.ty(id).kind {
            TypeKind::Record(fs, _) => fs.iter().all(|f| self.is_float(&f.ty)),
            _ => false,
        };
        if flat {
            if let TypeKind::Record(_, repr) = &mut self.decls.types[id.0 as usize].kind {
                *repr = RecordRepr::Float;
            }
        }
    }

    fn is_float(&self, t: &SType) -> bool {
        let mut current = t.clone();
        for _ in 0..100 {
            match current {
                SType::Con(TypeId::FLOAT, _) => return true,
                SType::Con(id, args) => match self.decls.abbrev(id) {
                    Some(body) => current = substitute_params(body, &args),
                    None => return false,
                },
                _ => return false,
            }
        }
        false
    }
}

/// A declaration's body with its parameters replaced.
fn substitute_params(body: &SType, args: &[SType]) -> SType {
    match body {
        SType::Param(i) => args.get(*i as usize).cloned().unwrap_or(SType::Any),
        SType::Con(id, ts) => {
            SType::Con(*id, ts.iter().map(|t| substitute_params(t, args)).collect())
        }
        SType::Arrow(l, a, b) => SType::Arrow(
            l.clone(),
            Box::new(substitute_params(a, args)),
            Box::new(substitute_params(b, args)),
        ),
        SType::Tuple(ts) => SType::Tuple(ts.iter().map(|t| substitute_params(t, args)).collect()),
        SType::Mono(t) => SType::Mono(*t),
        SType::Any => SType::Any,
    }
}

/// Exceptions.
impl Checker {
    /// `exception E of t` (top level) or `let exception E of t in` (local).
    /// The arguments may not mention type variables.
    pub fn declare_exception(
        &mut self,
        env: &mut Env,
        d: &ast::ExceptionDecl,
        local: bool,
    ) -> Res<ExnId> {
        let args = d
            .args
            .iter()
            .map(|t| self.declared_type(t, &[]))
            .collect::<Res<Vec<_>>>()?;
        Ok(self.enter_exception(env, d, args, local))
    }

    /// Enter an exception whose argument types are known.
    pub fn enter_exception(
        &mut self,
        env: &mut Env,
        d: &ast::ExceptionDecl,
        args: Vec<SType>,
        local: bool,
    ) -> ExnId {
        let name: Rc<str> = d.name.name.as_str().into();
        let qualified = if local {
            name.to_string()
        } else {
            format!("{}.{}", self.module_name, name)
        };
        let arity = args.len() as u32;
        let exn = self.decls.add_exception(ExceptionDecl {
            name: name.clone(),
            qualified,
            args,
            predefined: false,
            local,
            span: d.span,
        });
        let c = ConstructorRef::Exception {
            exn,
            name: name.clone(),
            arity,
        };
        if local {
            env.constructors.insert(name, c);
        } else {
            self.globals.constructors.insert(name, c);
        }
        exn
    }
}
