//! Typing a whole program, item by item. Each item is typed in a snapshot
//! of the union-find table: if it fails, its error is reported, the
//! snapshot is rolled back so that no half-made unification leaks into
//! the next items, and the names it would have bound are given the type
//! `∀'a. 'a`, which agrees with every use. The next item is then typed as
//! if nothing had happened, so independent errors are all reported, and an
//! error is never the consequence of an earlier one.

use super::bindings::BoundValue;
use super::declare::multiple_definition;
use super::decls::{ExnId, SType, Scheme};
use super::env::{Env, Globals};
use super::infer::Checker;
use super::printer::{print_out, Namer, TypePrinter};
use super::stdlib::Library;
use super::ty::{Ty, TyVal, TypeId};
use super::typed::{Item, ValueRef};
use crate::diagnostics::{Diagnostic, SourceFile};
use crate::syntax::ast;
use std::collections::HashSet;
use std::rc::Rc;

/// An item of the program's signature, as `ocamlc -i` prints it.
#[derive(Clone, Debug)]
pub enum SigItem {
    Value(BoundValue),
    Types(Vec<TypeId>),
    Exception(ExnId),
}

/// Everything typing a program produced.
pub struct Checked {
    pub checker: Checker,
    pub items: Vec<Item<Ty>>,
    pub signature: Vec<SigItem>,
    pub errors: Vec<Diagnostic>,
}

/// OCaml's module name for a file: its stem, first letter capitalised.
pub fn module_name(file_name: &str) -> String {
    let base = file_name.rsplit('/').next().unwrap_or(file_name);
    let stem = base.strip_suffix(".ml").unwrap_or(base);
    let mut chars = stem.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

pub fn type_program(file: &SourceFile, program: &ast::Program) -> Checked {
    let library = match Library::standard() {
        Ok(l) => l,
        Err(e) => {
            let checker = Checker::new(Rc::new(Library::default()), module_name(&file.name));
            let d = Diagnostic::error(
                Default::default(),
                format!("internal error in the library's signatures: {}", e),
            );
            return Checked {
                checker,
                items: Vec::new(),
                signature: Vec::new(),
                errors: vec![d],
            };
        }
    };
    let mut checker = Checker::new(library.clone(), module_name(&file.name));
    checker.store.reserve(file.text.len() / 3);
    checker.globals = Globals::initial(&checker.decls, &library);
    // Each item starts with no local names.
    let mut env = Env::default();
    let mut out = Output::default();
    let mut toplevel_types = HashSet::new();
    let mut toplevel_exceptions = HashSet::new();
    for item in &program.items {
        checker.type_vars.clear();
        match &item.kind {
            ast::ItemKind::Let(rec_flag, bindings) => {
                let snapshot = checker.store.snapshot();
                match checker.let_bindings(&env, *rec_flag, bindings, true) {
                    Ok(r) => {
                        checker.store.commit(snapshot);
                        out.items.push(Item::Let {
                            rec_flag: *rec_flag,
                            bindings: r.bindings,
                            span: item.span,
                        });
                        out.signature
                            .extend(r.values.into_iter().map(SigItem::Value));
                    }
                    Err(d) => {
                        checker.store.rollback_to(snapshot);
                        out.errors.push(*d);
                        for b in bindings {
                            bind_anything(&mut checker, &b.pat);
                        }
                    }
                }
            }
            ast::ItemKind::Expr(e) => {
                let snapshot = checker.store.snapshot();
                let t = checker.new_var();
                match checker.expr(&env, e, t) {
                    Ok(e) => {
                        checker.store.commit(snapshot);
                        out.items.push(Item::Expr(e));
                    }
                    Err(d) => {
                        checker.store.rollback_to(snapshot);
                        out.errors.push(*d);
                    }
                }
            }
            ast::ItemKind::Type(decls) => {
                for d in decls {
                    if !toplevel_types.insert(d.name.name.clone()) {
                        out.errors
                            .push(multiple_definition("type", &d.name.name, d.span));
                    }
                }
                let (ids, errors) = checker.declare_types(decls);
                out.errors.extend(errors);
                out.items.push(Item::Type(ids.clone()));
                out.signature.push(SigItem::Types(ids));
            }
            ast::ItemKind::Exception(d) => {
                if !toplevel_exceptions.insert(d.name.name.clone()) {
                    out.errors.push(multiple_definition(
                        "extension constructor",
                        &d.name.name,
                        d.span,
                    ));
                }
                let exn = match checker.declare_exception(&mut env, d, false) {
                    Ok(exn) => exn,
                    Err(e) => {
                        out.errors.push(*e);
                        let args = d.args.iter().map(|_| SType::Any).collect();
                        checker.enter_exception(&mut env, d, args, false)
                    }
                };
                out.items.push(Item::Exception(exn, item.span));
                out.signature.push(SigItem::Exception(exn));
            }
        }
    }
    check_generalizable(&mut checker, &out.signature, &mut out.errors);
    Checked {
        checker,
        items: out.items,
        signature: out.signature,
        errors: out.errors,
    }
}

#[derive(Default)]
struct Output {
    items: Vec<Item<Ty>>,
    signature: Vec<SigItem>,
    errors: Vec<Diagnostic>,
}

/// After a failed `let`, its variables agree with any use.
fn bind_anything(checker: &mut Checker, p: &ast::Pattern) {
    use ast::PatternKind as P;
    match &p.kind {
        P::Var(name) => {
            let id = checker.fresh_var_id(name, p.span, true);
            checker
                .globals
                .add_value(name.as_str().into(), ValueRef::Global(id), Scheme::any());
        }
        P::Alias(inner, x) => {
            bind_anything(checker, inner);
            let id = checker.fresh_var_id(&x.name, x.span, true);
            checker
                .globals
                .add_value(x.name.as_str().into(), ValueRef::Global(id), Scheme::any());
        }
        P::Tuple(ps) | P::Array(ps) => ps.iter().for_each(|q| bind_anything(checker, q)),
        P::Construct(_, Some(q)) | P::Constraint(q, _) => bind_anything(checker, q),
        P::Or(a, _) => bind_anything(checker, a),
        P::Record { fields, .. } => fields.iter().for_each(|f| bind_anything(checker, &f.pat)),
        P::Any | P::Const(_) | P::Range(..) | P::Construct(_, None) => {}
    }
}

/// A program is a compilation unit without an interface: the types of its
/// top-level values must be fully known at the end (OCaml rejects
/// `let r = ref []` if nothing later decides what `r` holds). Only the
/// values of the final signature count: a shadowed one is not exported.
fn check_generalizable(checker: &mut Checker, signature: &[SigItem], errors: &mut Vec<Diagnostic>) {
    let mut later: HashSet<&str> = HashSet::new();
    let mut exported = vec![false; signature.len()];
    for (i, item) in signature.iter().enumerate().rev() {
        if let SigItem::Value(v) = item {
            exported[i] = later.insert(&v.name);
        }
    }
    let mut weak_counter = 0;
    for (item, exported) in signature.iter().zip(exported) {
        match item {
            SigItem::Value(v) if exported && has_free_variable(checker, &v.scheme.body) => {
                let mut namer = Namer::for_signature();
                let out = TypePrinter {
                    store: &mut checker.store,
                    decls: &checker.decls,
                    namer: &mut namer,
                    weak_counter: &mut weak_counter,
                }
                .out_of_stype(&v.scheme.body);
                errors.push(Diagnostic::error(
                    v.span,
                    format!(
                        "The type of this expression, {}, contains type variables that cannot be generalized",
                        print_out(&out)
                    ),
                ));
            }
            _ => {}
        }
    }
}

fn has_free_variable(checker: &mut Checker, t: &SType) -> bool {
    match t {
        SType::Mono(ty) => ty_has_free_variable(checker, *ty, 0),
        SType::Con(_, ts) | SType::Tuple(ts) => ts.iter().any(|t| has_free_variable(checker, t)),
        SType::Arrow(_, a, b) => has_free_variable(checker, a) || has_free_variable(checker, b),
        SType::Param(_) | SType::Any => false,
    }
}

fn ty_has_free_variable(checker: &mut Checker, t: Ty, depth: u32) -> bool {
    if depth > 500 {
        return false;
    }
    match checker.store.repr(t).1 {
        TyVal::Unbound { .. } => true,
        TyVal::Bound(super::ty::Node::Con(_, ts)) | TyVal::Bound(super::ty::Node::Tuple(ts)) => ts
            .iter()
            .any(|c| ty_has_free_variable(checker, *c, depth + 1)),
        TyVal::Bound(super::ty::Node::Arrow(_, a, b)) => {
            ty_has_free_variable(checker, a, depth + 1)
                || ty_has_free_variable(checker, b, depth + 1)
        }
    }
}
