//! The type checker's state and the helpers every part of it uses:
//! unification that reports a type clash, name lookup with hints, and the
//! translation of type annotations.

use super::decls::{Decls, SType};
use super::env::{Env, Globals, ValueBinding};
use super::errors::{did_you_mean, spellcheck};
use super::printer::{print_out, Namer, TypePrinter};
use super::stdlib::Library;
use super::ty::{Node, Ty, TypeId, TypeStore};
use super::typed::{VarId, VarInfo};
use super::unify::UnifyError;
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast;
use std::collections::HashMap;
use std::rc::Rc;

/// The result of typing a part of an item. The first error aborts the
/// item (OCaml stops at the first error; we go on with the next item).
pub type Res<T> = Result<T, Box<Diagnostic>>;

pub struct Checker {
    pub store: TypeStore,
    pub decls: Decls,
    pub library: Rc<Library>,
    pub vars: Vec<VarInfo>,
    /// The module name derived from the file name (`Foo`).
    pub module_name: String,
    /// The named type variables (`'a`) of the annotations of the current
    /// top-level item: OCaml shares them across the whole item.
    pub type_vars: HashMap<String, Ty>,
    /// The top-level names.
    pub globals: Globals,
}

/// Whether a clash is reported on an expression or on a pattern.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    Expression,
    Pattern,
}

impl Checker {
    pub fn new(library: Rc<Library>, module_name: String) -> Checker {
        Checker {
            store: TypeStore::new(),
            decls: Decls::predefined(),
            library,
            vars: Vec::new(),
            module_name,
            type_vars: HashMap::new(),
            globals: Globals::default(),
        }
    }

    pub fn new_var(&mut self) -> Ty {
        self.store.new_var()
    }

    pub fn constant(&mut self, id: TypeId) -> Ty {
        self.store.constant(id)
    }

    pub fn fresh_var_id(&mut self, name: &str, span: Span, global: bool) -> VarId {
        self.vars.push(VarInfo {
            name: name.into(),
            span,
            global,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    /// Print types for one message: they share variable names.
    pub fn show_types(&mut self, ts: &[Ty]) -> Vec<String> {
        let mut namer = Namer::new();
        let mut weak = 0;
        let mut p = TypePrinter {
            store: &mut self.store,
            decls: &self.decls,
            namer: &mut namer,
            weak_counter: &mut weak,
        };
        let outs: Vec<_> = ts.iter().map(|t| p.out_of_ty(*t)).collect();
        outs.iter().map(print_out).collect()
    }

    /// Unify the type an expression or pattern has with the type expected
    /// of it, reporting OCaml's message at `span` when they clash.
    pub fn unify_at(&mut self, span: Span, subject: Subject, actual: Ty, expected: Ty) -> Res<()> {
        match self.store.unify(&self.decls, actual, expected) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.clash(span, subject, actual, expected, e)),
        }
    }

    pub fn clash(
        &mut self,
        span: Span,
        subject: Subject,
        actual: Ty,
        expected: Ty,
        e: UnifyError,
    ) -> Box<Diagnostic> {
        let (x, y) = match e {
            UnifyError::Mismatch(x, y) | UnifyError::Occurs(x, y) => (x, y),
        };
        let names = self.show_types(&[actual, expected, x, y]);
        let message = match subject {
            Subject::Expression => {
                format!("This expression has type {} but an expression was expected of type {}", names[0], names[1])
            }
            Subject::Pattern => format!(
                "This pattern matches values of type {} but a pattern was expected which matches values of type {}",
                names[0], names[1]
            ),
        };
        let mut d = Diagnostic::error(span, message);
        match e {
            UnifyError::Occurs(..) => {
                d = d.with_note(format!(
                    "The type variable {} occurs inside {}",
                    names[2], names[3]
                ))
            }
            UnifyError::Mismatch(..) => {
                let top = (&names[0], &names[1]);
                if top != (&names[2], &names[3]) && top != (&names[3], &names[2]) {
                    d = d.with_note(format!(
                        "Type {} is not compatible with type {}",
                        names[2], names[3]
                    ));
                }
            }
        }
        Box::new(d)
    }

    /// The node a type is, once abbreviations are expanded.
    pub fn expanded_node(&mut self, t: Ty) -> Option<Node> {
        match self.store.node(t) {
            Some(Node::Con(id, _)) if self.decls.abbrev(id).is_some() => {
                let t = self.store.expand_head(&self.decls, t).unwrap_or(t);
                self.store.node(t)
            }
            node => node,
        }
    }
}

/// Name lookup, with OCaml's messages and hints.
impl Checker {
    /// "Unbound value List.lenght", with the names closest to the last
    /// component as a hint (OCaml's hints are unqualified).
    fn unbound(
        &self,
        span: Span,
        what: &str,
        path: &ast::Path,
        candidates: Vec<&str>,
    ) -> Box<Diagnostic> {
        let mut d = Diagnostic::error(span, format!("Unbound {} {}", what, path));
        if let Some(hint) = did_you_mean(&spellcheck(&path.name, candidates.into_iter())) {
            d = d.with_note(hint);
        }
        Box::new(d)
    }

    /// A qualified name's module must be one of the library's.
    fn check_module(&self, path: &ast::Path) -> Res<Option<Rc<str>>> {
        match path.qualifier.as_slice() {
            [] => Ok(None),
            [m] if self.library.modules().iter().any(|x| **x == **m) => Ok(Some(m.as_str().into())),
            [m] if m == "Stdlib" => Ok(None),
            [m, ..] => {
                let modules = self.library.modules();
                let module = ast::Path::simple(m.clone(), path.span);
                Err(self.unbound(
                    path.span,
                    "module",
                    &module,
                    modules.iter().map(|s| &**s).collect(),
                ))
            }
        }
    }

    pub fn lookup_value(&self, env: &Env, path: &ast::Path) -> Res<ValueBinding> {
        match self.check_module(path)? {
            None if !path.is_qualified() => {
                let name = path.name.as_str();
                match env
                    .values
                    .get(name)
                    .or_else(|| self.globals.values.get(name))
                {
                    Some(b) => Ok(b.clone()),
                    None => {
                        let names = env
                            .values
                            .keys()
                            .chain(self.globals.values.keys())
                            .map(|k| &**k)
                            .collect();
                        Err(self.unbound(path.span, "value", path, names))
                    }
                }
            }
            module => {
                let qualified = match &module {
                    Some(m) => format!("{}.{}", m, path.name),
                    None => path.name.clone(),
                };
                match self.library.lookup(&qualified) {
                    Some(id) => Ok(ValueBinding {
                        value: super::typed::ValueRef::Library(id),
                        scheme: self.library.entry(id).scheme.clone(),
                    }),
                    None => {
                        let names = self.library.names_in(module.as_deref()).collect();
                        Err(self.unbound(path.span, "value", path, names))
                    }
                }
            }
        }
    }

    pub fn lookup_constructor(
        &self,
        env: &Env,
        path: &ast::Path,
    ) -> Res<super::typed::ConstructorRef> {
        let found = match path.qualifier.as_slice() {
            [] => self.constructor_in_scope(env, &path.name),
            [m] if m == "Fun" && path.name == "Finally_raised" => {
                Some(super::typed::ConstructorRef::Exception {
                    exn: super::decls::ExnId::FINALLY_RAISED,
                    name: "Finally_raised".into(),
                    arity: 1,
                })
            }
            [m] if m == "Stdlib" => self.constructor_in_scope(env, &path.name),
            _ => {
                self.check_module(path)?;
                None
            }
        };
        found.ok_or_else(|| {
            let names = env
                .constructors
                .keys()
                .chain(self.globals.constructors.keys())
                .map(|k| &**k)
                .collect();
            self.unbound(path.span, "constructor", path, names)
        })
    }

    fn constructor_in_scope(&self, env: &Env, name: &str) -> Option<super::typed::ConstructorRef> {
        env.constructors
            .get(name)
            .or_else(|| self.globals.constructors.get(name))
            .cloned()
    }

    pub fn lookup_field(&self, path: &ast::Path) -> Res<super::typed::FieldRef> {
        if path.is_qualified() {
            self.check_module(path)?;
        }
        match self.globals.fields.get(path.name.as_str()) {
            Some(f) if !path.is_qualified() => Ok(f.clone()),
            _ => Err(self.unbound(
                path.span,
                "record field",
                path,
                self.globals.fields.keys().map(|k| &**k).collect(),
            )),
        }
    }

    pub fn lookup_type(&self, path: &ast::Path) -> Res<TypeId> {
        if path.is_qualified() {
            self.check_module(path)?;
        }
        match self.globals.types.get(path.name.as_str()) {
            Some(id) if !path.is_qualified() => Ok(*id),
            _ => Err(self.unbound(
                path.span,
                "type constructor",
                path,
                self.globals.types.keys().map(|k| &**k).collect(),
            )),
        }
    }
}

/// Type expressions written by the programmer.
impl Checker {
    /// Resolve a type constructor and check its number of arguments.
    fn type_constructor(&self, path: &ast::Path, nargs: usize, span: Span) -> Res<TypeId> {
        let id = self.lookup_type(path)?;
        let arity = self.decls.ty(id).arity();
        if arity != nargs {
            return Err(Box::new(Diagnostic::error(
                span,
                format!(
                    "The type constructor {} expects {} argument(s), but is here applied to {} argument(s)",
                    path, arity, nargs
                ),
            )));
        }
        Ok(id)
    }

    /// An annotation `(e : t)`: its named variables are shared by the whole
    /// top-level item, `_` is a fresh variable.
    pub fn annotation(&mut self, te: &ast::TypeExpr) -> Res<Ty> {
        Ok(match &te.kind {
            ast::TypeExprKind::Var(name) => match self.type_vars.get(name) {
                Some(t) => *t,
                None => {
                    let t = self.new_var();
                    self.type_vars.insert(name.clone(), t);
                    t
                }
            },
            ast::TypeExprKind::Any => self.new_var(),
            ast::TypeExprKind::Arrow(a, b) => {
                let a = self.annotation(a)?;
                let b = self.annotation(b)?;
                self.store.arrow(a, b)
            }
            ast::TypeExprKind::Tuple(ts) => {
                let ts = ts
                    .iter()
                    .map(|t| self.annotation(t))
                    .collect::<Res<Vec<_>>>()?;
                self.store.tuple(ts)
            }
            ast::TypeExprKind::Constr(path, args) => {
                let id = self.type_constructor(path, args.len(), te.span)?;
                let args = args
                    .iter()
                    .map(|t| self.annotation(t))
                    .collect::<Res<Vec<_>>>()?;
                self.store.con(id, args)
            }
        })
    }

    /// A type in a declaration, where the only variables are the
    /// declaration's parameters.
    pub fn declared_type(&self, te: &ast::TypeExpr, params: &[ast::Ident]) -> Res<SType> {
        Ok(match &te.kind {
            ast::TypeExprKind::Var(name) => match params.iter().position(|p| &p.name == name) {
                Some(i) => SType::Param(i as u32),
                None => {
                    return Err(Box::new(Diagnostic::error(
                        te.span,
                        format!(
                            "The type variable '{} is unbound in this type declaration.",
                            name
                        ),
                    )))
                }
            },
            ast::TypeExprKind::Any => {
                return Err(Box::new(Diagnostic::error(
                    te.span,
                    "A type wildcard \"_\" is not allowed in this type declaration.",
                )))
            }
            ast::TypeExprKind::Arrow(a, b) => SType::Arrow(
                None,
                Box::new(self.declared_type(a, params)?),
                Box::new(self.declared_type(b, params)?),
            ),
            ast::TypeExprKind::Tuple(ts) => SType::Tuple(
                ts.iter()
                    .map(|t| self.declared_type(t, params))
                    .collect::<Res<_>>()?,
            ),
            ast::TypeExprKind::Constr(path, args) => {
                let id = self.type_constructor(path, args.len(), te.span)?;
                SType::Con(
                    id,
                    args.iter()
                        .map(|t| self.declared_type(t, params))
                        .collect::<Res<_>>()?,
                )
            }
        })
    }
}
