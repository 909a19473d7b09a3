//! From a decision tree to Lambda.
//!
//! Tests become `switch`, `stringswitch` or chains of `if`; the arguments of
//! a head are read into variables at the start of its arm (only those the
//! arm uses). A clause's action reached from one leaf is placed there; one
//! reached from several leaves (through or-patterns, or because a wildcard
//! row is copied into several specialised matrices) is compiled once, as the
//! handler of a static exception, and each leaf jumps to it with the values
//! of the clause's variables: sharing without duplicating code.

use super::compile::{Arm, FieldAccess, Head, Occurrence, Tree};
use super::pattern::{Const, ConstructorTag};
use super::{Clause, MatchError, OnFailure};
use crate::lambda::builder::{catch, exit, if_, let_, prim, raise, reraise, var};
use crate::lambda::ir::{Fresh, Label, Lambda, SwitchArm, SwitchCase, Var};
use crate::lambda::primitive::{CompareKind, Primitive};
use crate::lambda::rename::{refresh, used_vars};
use crate::observable::CompareOp;
use std::collections::{HashMap, HashSet};

/// How each clause's action is reached.
enum Action {
    /// Not reached from any leaf (an unused clause).
    Unused,
    /// Reached once: the action is placed at its leaf (taken from here).
    Inline {
        guard: Option<Lambda>,
        action: Option<Lambda>,
    },
    /// Reached from several leaves: a static handler with the clause's
    /// variables as parameters.
    Shared { label: Label, guard: Option<Lambda> },
}

pub(super) struct Emitter<'f> {
    pub fresh: &'f mut Fresh,
    actions: Vec<Action>,
    variables: Vec<Vec<Var>>,
    failure: Option<Lambda>,
    fail_label: Option<Label>,
    handlers: Vec<(Label, Vec<Var>, Lambda)>,
}

fn count_leaves(tree: &Tree, counts: &mut [usize], fails: &mut usize) {
    match tree {
        Tree::Leaf { clause, .. } => {
            if let Some(c) = counts.get_mut(*clause) {
                *c += 1
            }
        }
        Tree::Guard {
            clause, otherwise, ..
        } => {
            if let Some(c) = counts.get_mut(*clause) {
                *c += 1
            }
            count_leaves(otherwise, counts, fails);
        }
        Tree::Fail => *fails += 1,
        Tree::Test { arms, default, .. } => {
            arms.iter()
                .for_each(|a| count_leaves(&a.tree, counts, fails));
            if let Some(d) = default {
                count_leaves(d, counts, fails);
            }
        }
    }
}

impl<'f> Emitter<'f> {
    pub(super) fn new(
        tree: &Tree,
        clauses: Vec<Clause>,
        on_failure: OnFailure,
        fresh: &'f mut Fresh,
    ) -> Emitter<'f> {
        let mut counts = vec![0; clauses.len()];
        let mut fails = 0;
        count_leaves(tree, &mut counts, &mut fails);
        let mut e = Emitter {
            fresh,
            actions: Vec::new(),
            variables: Vec::new(),
            failure: None,
            fail_label: None,
            handlers: Vec::new(),
        };
        for (clause, count) in clauses.into_iter().zip(counts) {
            let vars: Vec<Var> = clause.patterns.iter().flat_map(|p| p.variables()).collect();
            let action = match count {
                0 => Action::Unused,
                1 => Action::Inline {
                    guard: clause.guard,
                    action: Some(clause.action),
                },
                _ => {
                    let label = e.fresh.label();
                    e.handlers.push((label, vars.clone(), clause.action));
                    Action::Shared {
                        label,
                        guard: clause.guard,
                    }
                }
            };
            e.actions.push(action);
            e.variables.push(vars);
        }
        let failure = match on_failure {
            OnFailure::Raise(exn) => raise(exn),
            OnFailure::Reraise(v) => reraise(var(&v)),
        };
        if fails > 1 {
            let label = e.fresh.label();
            e.handlers.push((label, Vec::new(), failure));
            e.fail_label = Some(label);
        } else {
            e.failure = Some(failure);
        }
        e
    }

    /// The whole match: the tree inside the handlers of shared actions.
    pub(super) fn finish(mut self, tree: Tree) -> Result<Lambda, MatchError> {
        let mut body = self.tree(tree)?;
        for (label, params, handler) in std::mem::take(&mut self.handlers) {
            let params: Vec<&Var> = params.iter().collect();
            body = catch(body, label, &params, handler);
        }
        Ok(body)
    }

    fn tree(&mut self, tree: Tree) -> Result<Lambda, MatchError> {
        match tree {
            Tree::Fail => match (self.fail_label, self.failure.take()) {
                (Some(label), _) => Ok(exit(label, vec![])),
                (None, Some(f)) => Ok(f),
                (None, None) => Err(MatchError("the failure leaf is reached twice".to_string())),
            },
            Tree::Leaf { clause, bindings } => self.leaf(clause, bindings, None),
            Tree::Guard {
                clause,
                bindings,
                otherwise,
            } => {
                let otherwise = self.tree(*otherwise)?;
                self.leaf(clause, bindings, Some(otherwise))
            }
            Tree::Test { occ, arms, default } => self.test(occ, arms, default),
        }
    }

    /// A leaf selecting `clause`; `otherwise` is where a failing guard goes.
    fn leaf(
        &mut self,
        clause: usize,
        bindings: Vec<(Var, Var)>,
        otherwise: Option<Lambda>,
    ) -> Result<Lambda, MatchError> {
        let missing = || MatchError(format!("clause {clause} has no action"));
        match self.actions.get_mut(clause).ok_or_else(missing)? {
            Action::Unused => Err(missing()),
            Action::Inline { guard, action } => {
                let action = action.take().ok_or_else(missing)?;
                // Bind in source order, which reads best.
                let mut bindings = bindings;
                bindings.sort_by_key(|(v, _)| v.id);
                let body = match (guard.take(), otherwise) {
                    (Some(g), Some(otherwise)) => if_(g, action, otherwise),
                    (None, _) => action,
                    (Some(_), None) => {
                        return Err(MatchError("a guard without a continuation".to_string()))
                    }
                };
                Ok(bindings
                    .iter()
                    .rev()
                    .fold(body, |body, (v, occ)| let_(v, var(occ), body)))
            }
            Action::Shared { label, guard } => {
                let label = *label;
                let guard = guard.clone();
                let vars = self.variables.get(clause).cloned().unwrap_or_default();
                let lookup = |v: &Var| {
                    bindings
                        .iter()
                        .find(|(p, _)| p == v)
                        .map(|(_, occ)| var(occ))
                };
                let args = vars
                    .iter()
                    .map(|v| {
                        lookup(v)
                            .ok_or_else(|| MatchError(format!("{}/{} is not bound", v.name, v.id)))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let jump = exit(label, args);
                match (guard, otherwise) {
                    (None, _) => Ok(jump),
                    (Some(g), Some(otherwise)) => {
                        // Each copy of the guard reads the pattern variables
                        // straight from the occurrences.
                        let subst: HashMap<u32, Var> = bindings
                            .iter()
                            .map(|(p, occ)| (p.id, occ.clone()))
                            .collect();
                        Ok(if_(refresh(&g, &subst, self.fresh), jump, otherwise))
                    }
                    (Some(_), None) => {
                        Err(MatchError("a guard without a continuation".to_string()))
                    }
                }
            }
        }
    }

    /// An arm's code: the tree, preceded by reads of the fields it uses.
    fn arm(
        &mut self,
        occ: &Occurrence,
        head: &Head,
        fields: Vec<Occurrence>,
        tree: Tree,
    ) -> Result<Lambda, MatchError> {
        let body = self.tree(tree)?;
        let mut used = HashSet::new();
        used_vars(&body, &mut used);
        Ok(fields.iter().enumerate().rev().fold(body, |body, (i, f)| {
            if !used.contains(&f.var.id) {
                return body;
            }
            let read = match head.access(i) {
                FieldAccess::Field(n) => prim(Primitive::Field(n), vec![var(&occ.var)]),
                FieldAccess::FloatField(n) => prim(Primitive::FloatField(n), vec![var(&occ.var)]),
            };
            let_(&f.var, read, body)
        }))
    }

    fn test(
        &mut self,
        occ: Occurrence,
        arms: Vec<Arm>,
        default: Option<Box<Tree>>,
    ) -> Result<Lambda, MatchError> {
        let Some(first) = arms.first() else {
            return default.map_or(Ok(self.tree(Tree::Fail)?), |d| self.tree(*d));
        };
        match first.head.clone() {
            Head::Tuple(_) | Head::Record(_) => {
                let arm = arms
                    .into_iter()
                    .next()
                    .ok_or_else(|| MatchError("empty test".to_string()))?;
                self.arm(&occ, &arm.head, arm.fields, arm.tree)
            }
            Head::Construct(c) if matches!(c.tag, ConstructorTag::Exception { .. }) => {
                self.chain(&occ, arms, default, exception_test)
            }
            Head::Construct(c) => {
                let ty = c.ty.clone();
                let mut lambda_arms = Vec::new();
                for arm in arms {
                    let case = match &arm.head {
                        Head::Construct(c) => match c.tag {
                            ConstructorTag::Constant(n) => SwitchCase::Int(n),
                            ConstructorTag::Block(t) => SwitchCase::Tag(t),
                            ConstructorTag::Exception { .. } => {
                                return Err(MatchError("mixed test".to_string()))
                            }
                        },
                        _ => return Err(MatchError("mixed test".to_string())),
                    };
                    let body = self.arm(&occ, &arm.head, arm.fields, arm.tree)?;
                    lambda_arms.push((case, body));
                }
                let default = default.map(|d| self.tree(*d)).transpose()?;
                Ok(variant_switch(
                    &occ.var,
                    ty.as_deref(),
                    lambda_arms,
                    default,
                ))
            }
            Head::Const(Const::Int(_) | Const::Char(_)) => {
                let mut switch_arms = Vec::new();
                for arm in arms {
                    let n = match &arm.head {
                        Head::Const(Const::Int(n)) => *n,
                        Head::Const(Const::Char(c)) => *c as i64,
                        _ => return Err(MatchError("mixed test".to_string())),
                    };
                    let body = self.arm(&occ, &arm.head, arm.fields, arm.tree)?;
                    switch_arms.push(SwitchArm {
                        cases: vec![SwitchCase::Int(n)],
                        body,
                    });
                }
                let default = default.map(|d| self.tree(*d).map(Box::new)).transpose()?;
                Ok(Lambda::Switch {
                    scrutinee: Box::new(var(&occ.var)),
                    arms: merge_arms(switch_arms),
                    default,
                })
            }
            Head::Const(Const::String(_)) => {
                let mut string_arms = Vec::new();
                for arm in arms {
                    let Head::Const(Const::String(s)) = &arm.head else {
                        return Err(MatchError("mixed test".to_string()));
                    };
                    let s = s.clone();
                    string_arms.push((s, self.arm(&occ, &arm.head, arm.fields, arm.tree)?));
                }
                let default = default.map(|d| self.tree(*d).map(Box::new)).transpose()?;
                Ok(Lambda::StringSwitch {
                    scrutinee: Box::new(var(&occ.var)),
                    arms: string_arms,
                    default,
                })
            }
            Head::Const(Const::Float(_) | Const::Boxed(..)) => {
                self.chain(&occ, arms, default, constant_test)
            }
        }
    }

    /// A chain of tests, one per arm, ending with the default.
    fn chain(
        &mut self,
        occ: &Occurrence,
        arms: Vec<Arm>,
        default: Option<Box<Tree>>,
        test: fn(&Var, &Head) -> Option<Lambda>,
    ) -> Result<Lambda, MatchError> {
        let mut tests = Vec::new();
        for arm in arms {
            let cond =
                test(&occ.var, &arm.head).ok_or_else(|| MatchError("mixed test".to_string()))?;
            tests.push((cond, self.arm(occ, &arm.head, arm.fields, arm.tree)?));
        }
        let mut result = match default {
            Some(d) => self.tree(*d)?,
            None => self.tree(Tree::Fail)?,
        };
        for (cond, body) in tests.into_iter().rev() {
            result = if_(cond, body, result);
        }
        Ok(result)
    }
}

/// Is the exception in `v` built by this constructor?
fn exception_test(v: &Var, head: &Head) -> Option<Lambda> {
    let Head::Construct(c) = head else {
        return None;
    };
    let ConstructorTag::Exception { slot } = &c.tag else {
        return None;
    };
    let identity = if c.arity == 0 {
        var(v)
    } else {
        prim(Primitive::Field(0), vec![var(v)])
    };
    Some(prim(
        Primitive::PhysEqual { negated: false },
        vec![identity, slot.clone()],
    ))
}

fn constant_test(v: &Var, head: &Head) -> Option<Lambda> {
    let (kind, constant) = match head {
        Head::Const(Const::Float(x)) => {
            (CompareKind::Float, crate::lambda::ir::Constant::Float(*x))
        }
        Head::Const(Const::Boxed(k, n)) => (
            CompareKind::Boxed(*k),
            crate::lambda::ir::Constant::Boxed(*k, *n),
        ),
        _ => return None,
    };
    Some(prim(
        Primitive::Compare(kind, CompareOp::Eq),
        vec![var(v), Lambda::Const(constant)],
    ))
}

/// Arms with identical bodies (typically `exit` to the same handler) share
/// one arm with several cases.
fn merge_arms(arms: Vec<SwitchArm>) -> Vec<SwitchArm> {
    let mut out: Vec<SwitchArm> = Vec::new();
    for arm in arms {
        match out
            .iter_mut()
            .find(|a| a.body == arm.body && matches!(a.body, Lambda::StaticRaise { .. }))
        {
            Some(existing) => existing.cases.extend(arm.cases),
            None => out.push(arm),
        }
    }
    for a in &mut out {
        a.cases.sort();
    }
    out
}

/// A test on a variant: `if` when the type has one constant and one
/// non-constant constructor (lists, options) or is `bool`-like, `switch`
/// otherwise.
fn variant_switch(
    v: &Var,
    ty: Option<&super::pattern::VariantType>,
    arms: Vec<(SwitchCase, Lambda)>,
    default: Option<Lambda>,
) -> Lambda {
    let counts = ty.map(|t| {
        let constants = t.constructors.iter().filter(|(_, a)| *a == 0).count();
        (constants, t.constructors.len() - constants)
    });
    let find = |arms: &mut Vec<(SwitchCase, Lambda)>, pred: fn(&SwitchCase) -> bool| {
        arms.iter()
            .position(|(c, _)| pred(c))
            .map(|i| arms.remove(i).1)
    };
    let mut arms = arms;
    match counts {
        Some((1, 1)) if arms.len() + usize::from(default.is_some()) == 2 => {
            let block = find(&mut arms, |c| matches!(c, SwitchCase::Tag(_)));
            let constant = find(&mut arms, |c| matches!(c, SwitchCase::Int(_)));
            if let (Some(b), Some(k)) = (
                block.clone().or(default.clone()),
                constant.clone().or(default.clone()),
            ) {
                return if_(var(v), b, k);
            }
            rebuild_switch(v, block, constant, default)
        }
        Some((2, 0)) if arms.len() + usize::from(default.is_some()) == 2 => {
            let zero = find(&mut arms, |c| *c == SwitchCase::Int(0));
            let one = find(&mut arms, |c| *c == SwitchCase::Int(1));
            match (one.or(default.clone()), zero.or(default)) {
                (Some(t), Some(f)) => if_(var(v), t, f),
                _ => Lambda::Switch {
                    scrutinee: Box::new(var(v)),
                    arms: Vec::new(),
                    default: None,
                },
            }
        }
        _ => Lambda::Switch {
            scrutinee: Box::new(var(v)),
            arms: merge_arms(
                arms.into_iter()
                    .map(|(c, body)| SwitchArm {
                        cases: vec![c],
                        body,
                    })
                    .collect(),
            ),
            default: default.map(Box::new),
        },
    }
}

fn rebuild_switch(
    v: &Var,
    block: Option<Lambda>,
    constant: Option<Lambda>,
    default: Option<Lambda>,
) -> Lambda {
    let mut arms = Vec::new();
    if let Some(k) = constant {
        arms.push(SwitchArm {
            cases: vec![SwitchCase::Int(0)],
            body: k,
        });
    }
    if let Some(b) = block {
        arms.push(SwitchArm {
            cases: vec![SwitchCase::Tag(0)],
            body: b,
        });
    }
    Lambda::Switch {
        scrutinee: Box::new(var(v)),
        arms,
        default: default.map(Box::new),
    }
}
