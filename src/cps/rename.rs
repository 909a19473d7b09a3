//! Renaming and alpha-conversion.
//!
//! Because every name is bound once in the whole program, substituting for
//! a free name can never capture: no binder inside the term can have the
//! same name. The price is paid by any pass that duplicates a term
//! (inlining, specialising a continuation): the copy must get fresh binders,
//! which is what [`freshen`] does.

use std::collections::HashMap;

use super::ids::{Continuation, Names, Variable};
use super::primitives::Prim;
use super::terms::{
    Apply, ApplyCont, Binding, ContHandler, Expr, Let, LetCont, Named, Param, Return,
    SetOfClosures, Simple, StaticBinding, Switch, TrapAction,
};

/// A substitution of simples for variables and of continuations for
/// continuations.
#[derive(Clone, Debug, Default)]
pub struct Renaming {
    vars: HashMap<Variable, Simple>,
    conts: HashMap<Continuation, Continuation>,
}

impl Renaming {
    pub fn new() -> Renaming {
        Renaming::default()
    }

    pub fn add_var(&mut self, from: Variable, to: Simple) {
        self.vars.insert(from, to);
    }

    pub fn add_cont(&mut self, from: Continuation, to: Continuation) {
        self.conts.insert(from, to);
    }

    pub fn simple(&self, s: Simple) -> Simple {
        match s {
            Simple::Var(v) => self.vars.get(&v).copied().unwrap_or(s),
            _ => s,
        }
    }

    pub fn cont(&self, k: Continuation) -> Continuation {
        self.conts.get(&k).copied().unwrap_or(k)
    }

    fn simples(&self, ss: &[Simple]) -> Vec<Simple> {
        ss.iter().map(|s| self.simple(*s)).collect()
    }
}

/// `e` with the free names in `renaming` replaced. Binders are kept.
pub fn rename(e: &Expr, renaming: &Renaming) -> Expr {
    Copier {
        renaming: renaming.clone(),
        names: None,
    }
    .expr(e)
}

/// A copy of `e`, alpha-equivalent to it, in which every variable and
/// continuation bound inside `e` has a fresh name, and free names are
/// replaced as `renaming` says.
pub fn freshen(e: &Expr, renaming: &Renaming, names: &mut Names) -> Expr {
    Copier {
        renaming: renaming.clone(),
        names: Some(names),
    }
    .expr(e)
}

struct Copier<'a> {
    renaming: Renaming,
    /// Present when binders are to be freshened.
    names: Option<&'a mut Names>,
}

impl Copier<'_> {
    fn bind_var(&mut self, v: Variable) -> Variable {
        match self.names.as_deref_mut() {
            Some(names) => {
                let fresh = names.fresh_var(v);
                self.renaming.add_var(v, Simple::Var(fresh));
                fresh
            }
            None => v,
        }
    }

    fn bind_cont(&mut self, k: Continuation) -> Continuation {
        match self.names.as_deref_mut() {
            Some(names) => {
                let fresh = names.fresh_cont(k);
                self.renaming.add_cont(k, fresh);
                fresh
            }
            None => k,
        }
    }

    fn param(&mut self, p: &Param) -> Param {
        Param {
            var: self.bind_var(p.var),
            kind: p.kind,
        }
    }

    fn set_of_closures(&self, set: &SetOfClosures) -> SetOfClosures {
        SetOfClosures {
            functions: set.functions.clone(),
            value_slots: set
                .value_slots
                .iter()
                .map(|(slot, s)| (*slot, self.renaming.simple(*s)))
                .collect(),
        }
    }

    fn expr(&mut self, e: &Expr) -> Expr {
        match e {
            Expr::Let(l) => {
                // The defining expression is renamed before the binder is
                // freshened: it cannot see its own binder.
                let binding = match &l.binding {
                    Binding::Var { param, named } => {
                        let named = match named {
                            Named::Simple(s) => Named::Simple(self.renaming.simple(*s)),
                            Named::Prim(p) => {
                                Named::Prim(Prim::new(p.op, self.renaming.simples(&p.args)))
                            }
                        };
                        Binding::Var {
                            param: self.param(param),
                            named,
                        }
                    }
                    Binding::SetOfClosures { vars, set } => {
                        let set = self.set_of_closures(set);
                        Binding::SetOfClosures {
                            vars: vars.iter().map(|v| self.bind_var(*v)).collect(),
                            set,
                        }
                    }
                    Binding::Static(bindings) => Binding::Static(
                        bindings
                            .iter()
                            .map(|b| match b {
                                StaticBinding::Const { .. } => b.clone(),
                                StaticBinding::SetOfClosures { symbols, set } => {
                                    StaticBinding::SetOfClosures {
                                        symbols: symbols.clone(),
                                        set: self.set_of_closures(set),
                                    }
                                }
                            })
                            .collect(),
                    ),
                };
                Expr::Let(Box::new(Let {
                    binding,
                    body: self.expr(&l.body),
                }))
            }
            Expr::LetCont(lc) => Expr::LetCont(Box::new(match &**lc {
                LetCont::NonRecursive {
                    cont,
                    handler,
                    body,
                } => {
                    let handler = self.handler(handler);
                    let cont = self.bind_cont(*cont);
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body: self.expr(body),
                    }
                }
                LetCont::Recursive { handlers, body } => {
                    let conts: Vec<Continuation> =
                        handlers.iter().map(|(k, _)| self.bind_cont(*k)).collect();
                    let handlers = conts
                        .into_iter()
                        .zip(handlers)
                        .map(|(k, (_, h))| (k, self.handler(h)))
                        .collect();
                    LetCont::Recursive {
                        handlers,
                        body: self.expr(body),
                    }
                }
            })),
            Expr::Apply(a) => Expr::Apply(Box::new(Apply {
                callee: a.callee.map(|c| self.renaming.simple(c)),
                args: self.renaming.simples(&a.args),
                call_kind: a.call_kind.clone(),
                return_to: match a.return_to {
                    Return::Cont(k) => Return::Cont(self.renaming.cont(k)),
                    Return::Never => Return::Never,
                },
                exn_cont: self.renaming.cont(a.exn_cont),
            })),
            Expr::ApplyCont(ac) => Expr::ApplyCont(Box::new(self.apply_cont(ac))),
            Expr::Switch(s) => Expr::Switch(Box::new(Switch {
                scrutinee: self.renaming.simple(s.scrutinee),
                arms: s
                    .arms
                    .iter()
                    .map(|(n, ac)| (*n, self.apply_cont(ac)))
                    .collect(),
            })),
            Expr::Invalid { message } => Expr::Invalid {
                message: message.clone(),
            },
        }
    }

    fn handler(&mut self, h: &ContHandler) -> ContHandler {
        ContHandler {
            params: h.params.iter().map(|p| self.param(p)).collect(),
            body: self.expr(&h.body),
            is_exn_handler: h.is_exn_handler,
            is_cold: h.is_cold,
        }
    }

    fn apply_cont(&self, ac: &ApplyCont) -> ApplyCont {
        let r = &self.renaming;
        ApplyCont {
            cont: r.cont(ac.cont),
            args: r.simples(&ac.args),
            trap: ac.trap.map(|t| match t {
                TrapAction::Push { exn_handler } => TrapAction::Push {
                    exn_handler: r.cont(exn_handler),
                },
                TrapAction::Pop { exn_handler } => TrapAction::Pop {
                    exn_handler: r.cont(exn_handler),
                },
            }),
        }
    }
}
