//! Free names: which variables, continuations, symbols and code an
//! expression refers to without binding them.

use std::collections::{BTreeMap, BTreeSet};

use super::ids::{CodeId, Continuation, Symbol, Variable};
use super::terms::{
    Apply, ApplyCont, Binding, CallKind, Code, Expr, LetCont, Named, Return, SetOfClosures, Simple,
    StaticBinding, StaticConst, StaticField, TrapAction,
};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FreeNames {
    pub vars: BTreeSet<Variable>,
    pub conts: BTreeSet<Continuation>,
    pub symbols: BTreeSet<Symbol>,
    /// Code named by sets of closures and direct calls.
    pub code: BTreeSet<CodeId>,
}

impl FreeNames {
    fn simple(&mut self, s: &Simple) {
        match s {
            Simple::Var(v) => {
                self.vars.insert(*v);
            }
            Simple::Symbol(sym) => {
                self.symbols.insert(*sym);
            }
            Simple::Const(_) => {}
        }
    }

    fn simples(&mut self, ss: &[Simple]) {
        ss.iter().for_each(|s| self.simple(s));
    }

    fn set_of_closures(&mut self, set: &SetOfClosures) {
        self.code
            .extend(set.functions.iter().map(|(_, code)| *code));
        set.value_slots.iter().for_each(|(_, s)| self.simple(s));
    }

    fn apply_cont(&mut self, ac: &ApplyCont) {
        self.conts.insert(ac.cont);
        self.simples(&ac.args);
        if let Some(TrapAction::Push { exn_handler } | TrapAction::Pop { exn_handler }) = ac.trap {
            self.conts.insert(exn_handler);
        }
    }

    fn apply(&mut self, a: &Apply) {
        if let Some(callee) = &a.callee {
            self.simple(callee);
        }
        self.simples(&a.args);
        if let CallKind::Direct { code } = &a.call_kind {
            self.code.insert(*code);
        }
        if let Return::Cont(k) = a.return_to {
            self.conts.insert(k);
        }
        self.conts.insert(a.exn_cont);
    }

    fn static_binding(&mut self, b: &StaticBinding) {
        match b {
            StaticBinding::Const { value, .. } => {
                if let StaticConst::Block { fields, .. } = value {
                    for f in fields {
                        if let StaticField::Symbol(s) = f {
                            self.symbols.insert(*s);
                        }
                    }
                }
            }
            StaticBinding::SetOfClosures { set, .. } => self.set_of_closures(set),
        }
    }
}

/// The free names of an expression, not looking inside the code its sets of
/// closures name. Symbols are global, so every symbol mentioned is included,
/// even one defined inside `e`.
pub fn free_names(e: &Expr) -> FreeNames {
    let mut free = FreeNames::default();
    collect(e, &mut free);
    free
}

fn collect(e: &Expr, free: &mut FreeNames) {
    match e {
        Expr::Let(l) => {
            let mut inner = FreeNames::default();
            collect(&l.body, &mut inner);
            match &l.binding {
                Binding::Var { param, named } => {
                    inner.vars.remove(&param.var);
                    match named {
                        Named::Simple(s) => free.simple(s),
                        Named::Prim(p) => free.simples(&p.args),
                    }
                }
                Binding::SetOfClosures { vars, set } => {
                    vars.iter().for_each(|v| {
                        inner.vars.remove(v);
                    });
                    free.set_of_closures(set);
                }
                Binding::Static(bindings) => bindings.iter().for_each(|b| free.static_binding(b)),
            }
            merge(free, inner);
        }
        Expr::LetCont(lc) => match &**lc {
            LetCont::NonRecursive {
                cont,
                handler,
                body,
            } => {
                let mut inner = FreeNames::default();
                collect(body, &mut inner);
                inner.conts.remove(cont);
                let mut h = FreeNames::default();
                collect(&handler.body, &mut h);
                handler.params.iter().for_each(|p| {
                    h.vars.remove(&p.var);
                });
                merge(free, inner);
                merge(free, h);
            }
            LetCont::Recursive { handlers, body } => {
                let mut inner = FreeNames::default();
                collect(body, &mut inner);
                for (_, handler) in handlers {
                    let mut h = FreeNames::default();
                    collect(&handler.body, &mut h);
                    handler.params.iter().for_each(|p| {
                        h.vars.remove(&p.var);
                    });
                    merge(&mut inner, h);
                }
                handlers.iter().for_each(|(k, _)| {
                    inner.conts.remove(k);
                });
                merge(free, inner);
            }
        },
        Expr::Apply(a) => free.apply(a),
        Expr::ApplyCont(ac) => free.apply_cont(ac),
        Expr::Switch(s) => {
            free.simple(&s.scrutinee);
            s.arms.values().for_each(|ac| free.apply_cont(ac));
        }
        Expr::Invalid { .. } => {}
    }
}

fn merge(into: &mut FreeNames, from: FreeNames) {
    into.vars.extend(from.vars);
    into.conts.extend(from.conts);
    into.symbols.extend(from.symbols);
    into.code.extend(from.code);
}

/// Of one piece of code: its free variables, the variables it binds, and
/// the code its sets of closures name.
type CodeNames = (BTreeSet<Variable>, BTreeSet<Variable>, BTreeSet<CodeId>);

/// The free variables of a piece of code: those of its body, minus its
/// parameters and `my_closure`, plus those of the code that its body's sets
/// of closures name (a closure must capture what its inner closures
/// capture). After closure conversion every set is empty.
pub fn code_free_vars(code: &BTreeMap<CodeId, Code>) -> BTreeMap<CodeId, BTreeSet<Variable>> {
    // The direct free variables and the bound variables of each code, then a
    // fixpoint over "code A's body allocates closures of code B".
    let mut direct: BTreeMap<CodeId, CodeNames> = BTreeMap::new();
    for (id, c) in code {
        let mut names = free_names(&c.body);
        for p in &c.params {
            names.vars.remove(&p.var);
        }
        names.vars.remove(&c.my_closure);
        let mut bound = BTreeSet::new();
        bound_vars(&c.body, &mut bound);
        bound.extend(c.params.iter().map(|p| p.var));
        bound.insert(c.my_closure);
        direct.insert(*id, (names.vars, bound, names.code));
    }
    let mut result: BTreeMap<CodeId, BTreeSet<Variable>> = direct
        .iter()
        .map(|(id, (vars, _, _))| (*id, vars.clone()))
        .collect();
    loop {
        let mut changed = false;
        for (id, (_, bound, inner)) in &direct {
            let mut add = Vec::new();
            for other in inner {
                if let Some(vars) = result.get(other) {
                    add.extend(vars.iter().filter(|v| !bound.contains(v)).copied());
                }
            }
            if let Some(mine) = result.get_mut(id) {
                for v in add {
                    changed |= mine.insert(v);
                }
            }
        }
        if !changed {
            return result;
        }
    }
}

/// Every variable bound in `e` (not inside code it names).
pub fn bound_vars(e: &Expr, out: &mut BTreeSet<Variable>) {
    match e {
        Expr::Let(l) => {
            match &l.binding {
                Binding::Var { param, .. } => {
                    out.insert(param.var);
                }
                Binding::SetOfClosures { vars, .. } => out.extend(vars.iter().copied()),
                Binding::Static(_) => {}
            }
            bound_vars(&l.body, out);
        }
        Expr::LetCont(lc) => match &**lc {
            LetCont::NonRecursive { handler, body, .. } => {
                out.extend(handler.params.iter().map(|p| p.var));
                bound_vars(&handler.body, out);
                bound_vars(body, out);
            }
            LetCont::Recursive { handlers, body } => {
                for (_, h) in handlers {
                    out.extend(h.params.iter().map(|p| p.var));
                    bound_vars(&h.body, out);
                }
                bound_vars(body, out);
            }
        },
        Expr::Apply(_) | Expr::ApplyCont(_) | Expr::Switch(_) | Expr::Invalid { .. } => {}
    }
}
