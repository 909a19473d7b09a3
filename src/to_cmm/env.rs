//! The let-substitution environment of To Cmm, after Flambda 2's
//! `to_cmm_env.ml`: every `let` of the CPS term is delayed here rather than
//! emitted, so that a binding used once can be substituted into its use and
//! the smart constructors of Cmm see nested expressions. Pure bindings live
//! in a map of their own; the others are kept in *stages*, each a set of
//! bindings that commute (co-effect-only reads) or a single effectful one.
//! Substitution may only take a binding from the most recent stage, so no
//! effect is ever moved past another, nor past a co-effect it could change.
//! At control-flow points the environment is *flushed*: what is still
//! delayed becomes ordinary `let`s, in their original order.

use std::collections::{BTreeSet, HashMap};

use crate::cmm::{Expr, Fresh, Var};
use crate::cps::effects::{Coeffects, EffectClass, Effects, EffectsAndCoeffects};
use crate::cps::ids::Variable;
use crate::cps::primitives::Mutability;

/// How many times a CPS variable is used, a use inside a loop that does not
/// bind the variable counting as many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occurrences {
    Zero,
    One,
    Many,
}

/// What a delayed binding is known by: a CPS variable, or a temporary that
/// the translation itself introduces (the block of a set of closures).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    Var(Variable),
    Temp(u32),
}

/// Whether a delayed binding may be substituted into its use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Used once: substitute it, if the effects allow.
    Once,
    /// Used several times (or in a loop): bind it with `let`.
    Bind,
}

#[derive(Clone, Debug)]
struct Delayed {
    /// When the binding was made: flushing emits bindings in this order.
    order: u64,
    /// The Cmm variable it is bound to, if it is not substituted.
    var: Var,
    expr: Expr,
    effects: EffectsAndCoeffects,
    mode: Mode,
}

/// A set of bindings that may be evaluated in any order among themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    Effect(Key),
    CoeffectOnly(BTreeSet<Key>),
}

/// What looking a variable up gives: the expression to use in its place,
/// and the effects and co-effects that come with it (none for a variable
/// or a constant; the binding's own when its definition was substituted).
#[derive(Clone, Debug, PartialEq)]
pub struct Lookup {
    pub expr: Expr,
    pub effects: EffectsAndCoeffects,
}

/// Where the environment is flushed, which decides what may stay delayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlushMode {
    /// Control flow splits or joins (a switch, a jump, a non-inlined
    /// continuation, a call that returns to one): single-use pure bindings
    /// stay, to sink into the one branch that uses them.
    BranchingPoint,
    /// A recursive continuation is about to be defined: nothing stays, so
    /// that nothing is substituted into a loop.
    EnteringLoop,
}

/// A misuse of the environment: a compiler bug, never the program's fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvError {
    pub message: String,
}

fn env_error<T>(message: String) -> Result<T, EnvError> {
    Err(EnvError { message })
}

/// What the environment shares with the whole translation: fresh Cmm
/// variables, the clock that orders bindings, and how many times each Cmm
/// variable has been referenced (so that a flushed binding nobody refers to
/// can be dropped).
#[derive(Debug, Default)]
pub struct Supply {
    pub fresh: Fresh,
    clock: u64,
    next_temp: u32,
    references: HashMap<u32, u32>,
}

impl Supply {
    pub fn new() -> Supply {
        Supply::default()
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// Records that `v` appears in the Cmm being built.
    pub fn reference(&mut self, v: &Var) {
        *self.references.entry(v.stamp).or_insert(0) += 1;
    }

    fn is_referenced(&self, v: &Var) -> bool {
        self.references.get(&v.stamp).is_some_and(|&n| n > 0)
    }

    /// A fresh key for a binding with no CPS variable.
    pub fn temp(&mut self) -> Key {
        self.next_temp += 1;
        Key::Temp(self.next_temp)
    }
}

/// Combines the effects of an expression built from several parts.
pub fn join(a: EffectsAndCoeffects, b: EffectsAndCoeffects) -> EffectsAndCoeffects {
    let effects = match (a.effects, b.effects) {
        (Effects::Arbitrary, _) | (_, Effects::Arbitrary) => Effects::Arbitrary,
        (Effects::OnlyGenerative(Mutability::Mutable), Effects::OnlyGenerative(_))
        | (Effects::OnlyGenerative(_), Effects::OnlyGenerative(Mutability::Mutable)) => {
            Effects::OnlyGenerative(Mutability::Mutable)
        }
        (Effects::OnlyGenerative(m), _) | (_, Effects::OnlyGenerative(m)) => {
            Effects::OnlyGenerative(m)
        }
        (Effects::None, Effects::None) => Effects::None,
    };
    let coeffects = match (a.coeffects, b.coeffects) {
        (Coeffects::None, Coeffects::None) => Coeffects::None,
        _ => Coeffects::Has,
    };
    EffectsAndCoeffects { effects, coeffects }
}

/// Constants, symbols and variables: free to duplicate, to drop and to
/// move, so they are always substituted.
pub fn is_trivial(e: &Expr) -> bool {
    matches!(
        e,
        Expr::ConstInt(_) | Expr::ConstFloat(_) | Expr::ConstSymbol(_) | Expr::Var(_) | Expr::Unit
    )
}

/// The environment. It is used linearly: each translation step takes it by
/// value and passes it on; it is duplicated (with [`Env::fork`]) only right
/// after a flush, when nothing is delayed that could be emitted twice.
#[derive(Debug, Default)]
pub struct Env {
    /// Every CPS variable in scope: the Cmm variable it is bound to, or the
    /// trivial expression it stands for.
    vars: imbl::HashMap<Variable, Expr>,
    /// Delayed bindings whose definitions neither have nor suffer effects
    /// (pure or only allocating an immutable block): they commute with
    /// everything, so they need no stage.
    pures: imbl::OrdMap<Key, Delayed>,
    /// The other delayed bindings, each on exactly one stage.
    staged: imbl::OrdMap<Key, Delayed>,
    /// The stages, most recent last.
    stages: imbl::Vector<Stage>,
    /// For a variable bound to `untag x` with `x` trivial: `x`, the same
    /// number still tagged, which a two-way switch may test more cheaply.
    untagged_from: imbl::HashMap<Variable, Expr>,
}

impl Env {
    pub fn new() -> Env {
        Env::default()
    }

    /// A parameter (of a function or a continuation): bound by Cmm itself.
    pub fn bind_param(&mut self, v: Variable, cmm: &Var) {
        self.vars.insert(v, Expr::Var(cmm.clone()));
    }

    /// Delays `let v = expr`. `occurrences` is how many times `v` is used;
    /// `hint` names the Cmm variable in case the binding is emitted.
    pub fn bind(
        &mut self,
        supply: &mut Supply,
        v: Variable,
        hint: &str,
        expr: Expr,
        effects: EffectsAndCoeffects,
        occurrences: Occurrences,
    ) {
        if is_trivial(&expr) {
            self.vars.insert(v, expr);
            return;
        }
        if occurrences == Occurrences::Zero && effects.removable_if_unused() {
            return;
        }
        let mode = match occurrences {
            Occurrences::One => Mode::Once,
            Occurrences::Zero | Occurrences::Many => Mode::Bind,
        };
        let var = supply.fresh.var(hint);
        self.vars.insert(v, Expr::Var(var.clone()));
        self.delay(supply, Key::Var(v), var, expr, effects, mode);
    }

    /// Delays a binding the translation introduces, never substituted: the
    /// Cmm variable it gives is referenced wherever the caller uses it.
    pub fn bind_temp(
        &mut self,
        supply: &mut Supply,
        hint: &str,
        expr: Expr,
        effects: EffectsAndCoeffects,
    ) -> Var {
        let var = supply.fresh.var(hint);
        let key = supply.temp();
        self.delay(supply, key, var.clone(), expr, effects, Mode::Bind);
        var
    }

    fn delay(
        &mut self,
        supply: &mut Supply,
        key: Key,
        var: Var,
        expr: Expr,
        effects: EffectsAndCoeffects,
        mode: Mode,
    ) {
        let binding = Delayed {
            order: supply.tick(),
            var,
            expr,
            effects,
            mode,
        };
        match effects.class() {
            EffectClass::Pure | EffectClass::GenerativeImmutable => {
                self.pures.insert(key, binding);
            }
            EffectClass::CoeffectOnly => {
                self.staged.insert(key, binding);
                match self.stages.back_mut() {
                    Some(Stage::CoeffectOnly(keys)) => {
                        keys.insert(key);
                    }
                    _ => self
                        .stages
                        .push_back(Stage::CoeffectOnly(BTreeSet::from([key]))),
                }
            }
            EffectClass::Effectful => {
                self.staged.insert(key, binding);
                self.stages.push_back(Stage::Effect(key));
            }
        }
    }
}

impl Env {
    /// The expression to use for `v`: its definition, when it is used once
    /// and may move here; otherwise its Cmm variable. An effectful
    /// definition moves only when `allow_effects` says the use site can
    /// take it (and even then only from the most recent stage).
    pub fn lookup(
        &mut self,
        supply: &mut Supply,
        v: Variable,
        allow_effects: bool,
    ) -> Result<Lookup, EnvError> {
        let key = Key::Var(v);
        if let Some(binding) = self.pures.get(&key) {
            if binding.mode == Mode::Once {
                if let Some(binding) = self.pures.remove(&key) {
                    return Ok(Lookup {
                        expr: binding.expr,
                        effects: binding.effects,
                    });
                }
            }
        } else if let Some(binding) = self.staged.get(&key) {
            if binding.mode == Mode::Once && self.pop_if_on_top_stage(key, allow_effects) {
                if let Some(binding) = self.staged.remove(&key) {
                    return Ok(Lookup {
                        expr: binding.expr,
                        effects: binding.effects,
                    });
                }
            }
        }
        match self.vars.get(&v) {
            Some(expr) => {
                if let Expr::Var(cmm) = expr {
                    supply.reference(cmm);
                }
                Ok(Lookup {
                    expr: expr.clone(),
                    effects: EffectsAndCoeffects::PURE,
                })
            }
            None => env_error(format!(
                "variable {v} is not bound in the To Cmm environment"
            )),
        }
    }

    /// Takes `key` off the most recent stage if it is there (and, for an
    /// effectful binding, if effects may move), dropping the stage if it
    /// becomes empty. Whether the binding may be substituted.
    fn pop_if_on_top_stage(&mut self, key: Key, allow_effects: bool) -> bool {
        match self.stages.back_mut() {
            Some(Stage::Effect(top)) if *top == key && allow_effects => {
                self.stages.pop_back();
                true
            }
            Some(Stage::CoeffectOnly(keys)) if keys.contains(&key) => {
                keys.remove(&key);
                if keys.is_empty() {
                    self.stages.pop_back();
                }
                true
            }
            _ => false,
        }
    }

    /// Records that `v` is `untag x` for a trivial `x`.
    pub fn set_untagged_from(&mut self, v: Variable, tagged: Expr) {
        if is_trivial(&tagged) {
            self.untagged_from.insert(v, tagged);
        }
    }

    /// The tagged form of `v`, if `v` was bound by untagging a trivial one.
    pub fn untagged_from(&self, v: Variable) -> Option<&Expr> {
        self.untagged_from.get(&v)
    }
}

/// The bindings a flush took out of the environment, to be wrapped around
/// the code that follows them once that code is built.
#[derive(Debug, Default)]
#[must_use = "flushed bindings must be wrapped around the code that follows"]
pub struct Flushed {
    bindings: Vec<Delayed>,
}

impl Env {
    /// Takes out every delayed binding that may not stay across a control
    /// flow point of the given kind. The stages are emptied: what was on
    /// them is now emitted, in order, before anything that follows.
    pub fn flush(&mut self, mode: FlushMode) -> Flushed {
        let mut bindings: Vec<Delayed> = self.staged.values().cloned().collect();
        self.staged = imbl::OrdMap::new();
        self.stages = imbl::Vector::new();
        let keep = |b: &Delayed| mode == FlushMode::BranchingPoint && b.mode == Mode::Once;
        let mut kept = imbl::OrdMap::new();
        for (key, b) in self.pures.iter() {
            if keep(b) {
                kept.insert(*key, b.clone());
            } else {
                bindings.push(b.clone());
            }
        }
        self.pures = kept;
        bindings.sort_by_key(|b| b.order);
        Flushed { bindings }
    }

    /// A copy of the environment for one of several branches. Only allowed
    /// when nothing delayed could be evaluated twice: right after a flush,
    /// when what remains are single-use pure bindings (each branch may
    /// substitute them, and at most one branch runs).
    pub fn fork(&self) -> Result<Env, EnvError> {
        if !self.stages.is_empty() || !self.staged.is_empty() {
            return env_error("the environment is duplicated with effects pending".to_string());
        }
        if self.pures.values().any(|b| b.mode != Mode::Once) {
            return env_error(
                "the environment is duplicated with shared bindings pending".to_string(),
            );
        }
        Ok(Env {
            vars: self.vars.clone(),
            pures: self.pures.clone(),
            staged: imbl::OrdMap::new(),
            stages: imbl::Vector::new(),
            untagged_from: self.untagged_from.clone(),
        })
    }

    /// How many bindings are still delayed.
    pub fn pending(&self) -> usize {
        self.pures.len() + self.staged.len()
    }
}

impl Flushed {
    pub fn is_empty(&self) -> bool {
        self.bindings.is_empty()
    }

    /// `let`s for the flushed bindings around `body`, oldest outermost. A
    /// binding no Cmm refers to is dropped if its effects allow, and kept
    /// for its effects alone (as a sequence) otherwise.
    pub fn wrap(self, supply: &Supply, body: Expr) -> Expr {
        self.bindings.into_iter().rev().fold(body, |body, b| {
            if supply.is_referenced(&b.var) {
                Expr::Let(b.var, Box::new(b.expr), Box::new(body))
            } else if b.effects.removable_if_unused() {
                body
            } else {
                Expr::Sequence(Box::new(statement(b.expr)), Box::new(body))
            }
        })
    }
}

/// `e` evaluated for its effects alone: a store's result, `()`, need not
/// be computed.
fn statement(e: Expr) -> Expr {
    match e {
        Expr::Sequence(a, b) if is_trivial(&b) => *a,
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmm::helpers::{add_int, op};
    use crate::cmm::{Chunk, Operation};
    use crate::cps::ids::Names;

    /// A fresh environment with CPS variables `names` and one Cmm parameter
    /// `p`.
    fn setup(names: &[&str]) -> (Env, Supply, Vec<Variable>, Var) {
        let mut table = Names::new();
        let vars = names.iter().map(|n| table.var(n)).collect();
        let mut supply = Supply::new();
        let p = supply.fresh.var("p");
        (Env::new(), supply, vars, p)
    }

    fn read(p: &Var) -> Expr {
        op(
            Operation::Load {
                chunk: Chunk::WordInt,
                mutable: true,
            },
            vec![Expr::Var(p.clone())],
        )
    }

    fn write(p: &Var) -> Expr {
        op(
            Operation::Store {
                chunk: Chunk::WordInt,
                init: false,
            },
            vec![Expr::Var(p.clone()), Expr::ConstInt(1)],
        )
    }

    fn plus_one(p: &Var) -> Expr {
        add_int(Expr::Var(p.clone()), Expr::ConstInt(1))
    }

    fn text(l: Result<Lookup, EnvError>) -> String {
        l.map(|l| l.expr.to_string()).unwrap_or_else(|e| e.message)
    }

    #[test]
    fn a_pure_binding_used_once_is_substituted_once() {
        let (mut env, mut s, v, p) = setup(&["x"]);
        env.bind(
            &mut s,
            v[0],
            "x",
            plus_one(&p),
            EffectsAndCoeffects::PURE,
            Occurrences::One,
        );
        assert_eq!(text(env.lookup(&mut s, v[0], false)), "(+ p/1 1)");
        assert_eq!(env.pending(), 0);
        // Were it looked up again (it cannot be: it is used once), its
        // variable is what remains.
        assert_eq!(text(env.lookup(&mut s, v[0], false)), "x/2");
    }

    #[test]
    fn a_binding_used_twice_is_bound_with_let() {
        let (mut env, mut s, v, p) = setup(&["x"]);
        env.bind(
            &mut s,
            v[0],
            "x",
            plus_one(&p),
            EffectsAndCoeffects::PURE,
            Occurrences::Many,
        );
        assert_eq!(text(env.lookup(&mut s, v[0], false)), "x/2");
        let flushed = env.flush(FlushMode::BranchingPoint);
        let body = Expr::Var(Var::new("x", 2));
        assert_eq!(
            flushed.wrap(&s, body).to_string(),
            "(let x/2 (+ p/1 1) x/2)"
        );
    }

    #[test]
    fn coeffects_share_a_stage_and_move_past_each_other() {
        let (mut env, mut s, v, p) = setup(&["a", "b"]);
        for x in &v {
            env.bind(
                &mut s,
                *x,
                "r",
                read(&p),
                EffectsAndCoeffects::READ,
                Occurrences::One,
            );
        }
        assert_eq!(env.stages.len(), 1);
        // The older read first: both are on the one stage.
        assert_eq!(text(env.lookup(&mut s, v[0], false)), "(load_mut int p/1)");
        assert_eq!(text(env.lookup(&mut s, v[1], false)), "(load_mut int p/1)");
        assert!(env.stages.is_empty());
    }

    #[test]
    fn an_effect_ends_the_stage_of_the_coeffects_before_it() {
        let (mut env, mut s, v, p) = setup(&["a", "u", "b"]);
        env.bind(
            &mut s,
            v[0],
            "a",
            read(&p),
            EffectsAndCoeffects::READ,
            Occurrences::One,
        );
        env.bind(
            &mut s,
            v[1],
            "u",
            write(&p),
            EffectsAndCoeffects::WRITE,
            Occurrences::Zero,
        );
        env.bind(
            &mut s,
            v[2],
            "b",
            read(&p),
            EffectsAndCoeffects::READ,
            Occurrences::One,
        );
        assert_eq!(env.stages.len(), 3);
        // `a` was read before the write: it cannot move after it.
        assert_eq!(text(env.lookup(&mut s, v[0], false)), "a/2");
        assert_eq!(text(env.lookup(&mut s, v[2], false)), "(load_mut int p/1)");
        let flushed = env.flush(FlushMode::BranchingPoint);
        let body = Expr::Var(Var::new("a", 2));
        assert_eq!(
            flushed.wrap(&s, body).to_string(),
            "(let a/2 (load_mut int p/1) (store int p/1 1) a/2)"
        );
    }

    #[test]
    fn an_effect_moves_only_where_allowed_and_only_from_the_top() {
        let (mut env, mut s, v, p) = setup(&["u", "w"]);
        env.bind(
            &mut s,
            v[0],
            "u",
            write(&p),
            EffectsAndCoeffects::WRITE,
            Occurrences::One,
        );
        env.bind(
            &mut s,
            v[1],
            "w",
            write(&p),
            EffectsAndCoeffects::WRITE,
            Occurrences::One,
        );
        // `u` is not on the top stage, and `w` may not move here.
        assert_eq!(text(env.lookup(&mut s, v[0], true)), "u/2");
        assert_eq!(text(env.lookup(&mut s, v[1], false)), "w/3");
        let (mut env, mut s, v, p) = setup(&["u", "w"]);
        env.bind(
            &mut s,
            v[0],
            "u",
            write(&p),
            EffectsAndCoeffects::WRITE,
            Occurrences::One,
        );
        env.bind(
            &mut s,
            v[1],
            "w",
            write(&p),
            EffectsAndCoeffects::WRITE,
            Occurrences::One,
        );
        // Most recent first: each is on the top stage when taken.
        assert_eq!(text(env.lookup(&mut s, v[1], true)), "(store int p/1 1)");
        assert_eq!(text(env.lookup(&mut s, v[0], true)), "(store int p/1 1)");
        assert_eq!(env.pending(), 0);
    }

    #[test]
    fn unused_bindings_are_dropped_unless_they_have_effects() {
        let (mut env, mut s, v, p) = setup(&["x", "r", "u"]);
        env.bind(
            &mut s,
            v[0],
            "x",
            plus_one(&p),
            EffectsAndCoeffects::PURE,
            Occurrences::Zero,
        );
        env.bind(
            &mut s,
            v[1],
            "r",
            read(&p),
            EffectsAndCoeffects::READ,
            Occurrences::Zero,
        );
        env.bind(
            &mut s,
            v[2],
            "u",
            write(&p),
            EffectsAndCoeffects::WRITE,
            Occurrences::Zero,
        );
        assert_eq!(env.pending(), 1);
        let flushed = env.flush(FlushMode::BranchingPoint);
        assert_eq!(
            flushed.wrap(&s, Expr::ConstInt(1)).to_string(),
            "(seq (store int p/1 1) 1)"
        );
    }

    #[test]
    fn a_branch_keeps_single_use_pure_bindings_and_a_loop_does_not() {
        let (mut env, mut s, v, p) = setup(&["x", "y"]);
        env.bind(
            &mut s,
            v[0],
            "x",
            plus_one(&p),
            EffectsAndCoeffects::PURE,
            Occurrences::One,
        );
        env.bind(
            &mut s,
            v[1],
            "y",
            read(&p),
            EffectsAndCoeffects::READ,
            Occurrences::One,
        );
        let flushed = env.flush(FlushMode::BranchingPoint);
        assert_eq!(env.pending(), 1);
        // Each branch may substitute `x`; only one of them runs.
        let mut other = env.fork().expect("nothing but single-use pure bindings");
        assert_eq!(text(other.lookup(&mut s, v[0], false)), "(+ p/1 1)");
        assert_eq!(text(env.lookup(&mut s, v[0], false)), "(+ p/1 1)");
        drop(flushed);
        let (mut env, mut s, v, p) = setup(&["x"]);
        env.bind(
            &mut s,
            v[0],
            "x",
            plus_one(&p),
            EffectsAndCoeffects::PURE,
            Occurrences::One,
        );
        let flushed = env.flush(FlushMode::EnteringLoop);
        assert_eq!(env.pending(), 0);
        assert_eq!(text(env.lookup(&mut s, v[0], false)), "x/2");
        assert_eq!(
            flushed.wrap(&s, Expr::Var(Var::new("x", 2))).to_string(),
            "(let x/2 (+ p/1 1) x/2)"
        );
    }

    #[test]
    fn the_environment_is_never_duplicated_with_effects_pending() {
        let (mut env, mut s, v, p) = setup(&["r"]);
        env.bind(
            &mut s,
            v[0],
            "r",
            read(&p),
            EffectsAndCoeffects::READ,
            Occurrences::One,
        );
        assert!(env.fork().is_err());
        let _ = env.flush(FlushMode::BranchingPoint);
        assert!(env.fork().is_ok());
    }

    #[test]
    fn flushed_bindings_keep_their_order() {
        let (mut env, mut s, v, p) = setup(&["a", "b", "c"]);
        env.bind(
            &mut s,
            v[0],
            "a",
            read(&p),
            EffectsAndCoeffects::READ,
            Occurrences::Many,
        );
        env.bind(
            &mut s,
            v[1],
            "b",
            plus_one(&p),
            EffectsAndCoeffects::PURE,
            Occurrences::Many,
        );
        env.bind(
            &mut s,
            v[2],
            "c",
            write(&p),
            EffectsAndCoeffects::WRITE,
            Occurrences::Many,
        );
        let uses: Vec<Expr> = v
            .iter()
            .map(|x| {
                env.lookup(&mut s, *x, false)
                    .map(|l| l.expr)
                    .unwrap_or(Expr::Unit)
            })
            .collect();
        let flushed = env.flush(FlushMode::EnteringLoop);
        let body = uses
            .into_iter()
            .reduce(|a, b| Expr::Sequence(Box::new(a), Box::new(b)))
            .unwrap_or(Expr::Unit);
        assert_eq!(
            flushed.wrap(&s, body).to_string(),
            "(let (a/2 (load_mut int p/1) b/3 (+ p/1 1) c/4 (store int p/1 1)) a/2 b/3 c/4)"
        );
    }

    #[test]
    fn unknown_variables_are_errors_not_crashes() {
        let (mut env, mut s, v, _) = setup(&["x"]);
        assert!(env.lookup(&mut s, v[0], false).is_err());
    }
}
