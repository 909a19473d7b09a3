//! What To Cmm learns about a program before translating it: how many
//! times each variable and continuation is used, the kind of every
//! variable, which continuations are jumped to with a trap action, every
//! set of closures (for the slot offsets) and every static binding.

use std::collections::BTreeSet;

use super::env::Occurrences;
use crate::cps::ids::{Continuation, ValueSlot, Variable};
use crate::cps::kinds::Kind;
use crate::cps::primitives::PrimOp;
use crate::cps::terms::{
    Apply, ApplyCont, Binding, Expr, LetCont, Named, Program, Return, SetOfClosures, Simple,
    StaticBinding, TrapAction,
};

#[derive(Clone, Copy, Debug, Default)]
struct VarInfo {
    /// How many loops (recursive continuation handlers) enclose the binder.
    depth: u32,
    uses: u32,
    kind: Option<Kind>,
}

/// The facts, indexed by the names' dense indices.
#[derive(Debug, Default)]
pub struct Analysis<'p> {
    vars: Vec<VarInfo>,
    cont_uses: Vec<u32>,
    cont_trapped: Vec<bool>,
    /// Every set of closures, allocated at run time or static, in the order
    /// they appear.
    pub sets: Vec<&'p SetOfClosures>,
    /// The value slots some projection reads; the others can be dropped.
    pub used_value_slots: BTreeSet<ValueSlot>,
    pub statics: Vec<&'p StaticBinding>,
}

/// A use of a variable that sits in more loops than its binder counts as
/// many uses: substituting it would evaluate its definition once per turn.
const MANY: u32 = u32::MAX;

impl<'p> Analysis<'p> {
    pub fn of_program(program: &'p Program) -> Analysis<'p> {
        let n = program.names.len();
        let mut a = Analysis {
            vars: vec![VarInfo::default(); n],
            cont_uses: vec![0; n],
            cont_trapped: vec![false; n],
            ..Analysis::default()
        };
        for code in program.code.values() {
            for p in &code.params {
                a.bind(p.var, p.kind, 0);
            }
            a.bind(code.my_closure, Kind::Value, 0);
            a.expr(&code.body, 0);
        }
        a.expr(&program.body, 0);
        a
    }

    pub fn occurrences(&self, v: Variable) -> Occurrences {
        match self.vars.get(v.index()).map_or(0, |i| i.uses) {
            0 => Occurrences::Zero,
            1 => Occurrences::One,
            _ => Occurrences::Many,
        }
    }

    /// The kind a variable was bound with (`Value` for names bound without
    /// one, which the checker would have rejected).
    pub fn kind(&self, v: Variable) -> Kind {
        self.vars
            .get(v.index())
            .and_then(|i| i.kind)
            .unwrap_or(Kind::Value)
    }

    pub fn continuation_uses(&self, k: Continuation) -> u32 {
        self.cont_uses.get(k.index()).copied().unwrap_or(0)
    }

    /// Whether some `apply_cont` to `k` pushes or pops a trap on the way.
    pub fn applied_with_trap(&self, k: Continuation) -> bool {
        self.cont_trapped.get(k.index()).copied().unwrap_or(false)
    }
}

impl<'p> Analysis<'p> {
    fn bind(&mut self, v: Variable, kind: Kind, depth: u32) {
        if let Some(info) = self.vars.get_mut(v.index()) {
            info.depth = depth;
            info.kind = Some(kind);
        }
    }

    fn use_var(&mut self, v: Variable, depth: u32) {
        if let Some(info) = self.vars.get_mut(v.index()) {
            info.uses = if depth > info.depth {
                MANY
            } else {
                info.uses.saturating_add(1)
            };
        }
    }

    fn simple(&mut self, s: &Simple, depth: u32) {
        if let Simple::Var(v) = s {
            self.use_var(*v, depth);
        }
    }

    fn use_cont(&mut self, k: Continuation) {
        if let Some(n) = self.cont_uses.get_mut(k.index()) {
            *n = n.saturating_add(1);
        }
    }

    fn apply_cont(&mut self, ac: &ApplyCont, depth: u32) {
        self.use_cont(ac.cont);
        for s in &ac.args {
            self.simple(s, depth);
        }
        if let Some(TrapAction::Push { .. } | TrapAction::Pop { .. }) = ac.trap {
            if let Some(t) = self.cont_trapped.get_mut(ac.cont.index()) {
                *t = true;
            }
        }
    }

    fn apply(&mut self, a: &Apply, depth: u32) {
        if let Some(callee) = &a.callee {
            self.simple(callee, depth);
        }
        for s in &a.args {
            self.simple(s, depth);
        }
        if let Return::Cont(k) = a.return_to {
            self.use_cont(k);
        }
        self.use_cont(a.exn_cont);
    }

    fn set_of_closures(&mut self, set: &'p SetOfClosures, depth: u32) {
        self.sets.push(set);
        for (_, s) in &set.value_slots {
            self.simple(s, depth);
        }
    }
}

impl<'p> Analysis<'p> {
    /// Walks an expression at loop depth `depth`. A `let` chain is walked
    /// by a loop, not by recursion, since programs are long chains of them.
    fn expr(&mut self, e: &'p Expr, depth: u32) {
        let mut e = e;
        loop {
            match e {
                Expr::Let(l) => {
                    self.binding(&l.binding, depth);
                    e = &l.body;
                }
                Expr::LetCont(lc) => match &**lc {
                    LetCont::NonRecursive { handler, body, .. } => {
                        for p in &handler.params {
                            self.bind(p.var, p.kind, depth);
                        }
                        self.expr(&handler.body, depth);
                        e = body;
                    }
                    LetCont::Recursive { handlers, body } => {
                        for (_, h) in handlers {
                            for p in &h.params {
                                self.bind(p.var, p.kind, depth + 1);
                            }
                            self.expr(&h.body, depth + 1);
                        }
                        e = body;
                    }
                },
                Expr::Apply(a) => return self.apply(a, depth),
                Expr::ApplyCont(ac) => return self.apply_cont(ac, depth),
                Expr::Switch(s) => {
                    self.simple(&s.scrutinee, depth);
                    for ac in s.arms.values() {
                        self.apply_cont(ac, depth);
                    }
                    return;
                }
                Expr::Invalid { .. } => return,
            }
        }
    }

    fn binding(&mut self, b: &'p Binding, depth: u32) {
        match b {
            Binding::Var { param, named } => {
                match named {
                    Named::Simple(s) => self.simple(s, depth),
                    Named::Prim(p) => {
                        for s in &p.args {
                            self.simple(s, depth);
                        }
                        if let PrimOp::ProjectValueSlot { value_slot, .. } = p.op {
                            self.used_value_slots.insert(value_slot);
                        }
                    }
                }
                self.bind(param.var, param.kind, depth);
            }
            Binding::SetOfClosures { vars, set } => {
                self.set_of_closures(set, depth);
                for v in vars {
                    self.bind(*v, Kind::Value, depth);
                }
            }
            Binding::Static(statics) => {
                for s in statics {
                    self.statics.push(s);
                    if let StaticBinding::SetOfClosures { set, .. } = s {
                        self.set_of_closures(set, depth);
                    }
                }
            }
        }
    }
}
