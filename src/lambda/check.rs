//! The Lambda invariant checker, run between passes with `--check-ir`.
//!
//! It finds the mistakes a pass producing Lambda can make and that would
//! otherwise surface much later as a wrong answer: a variable used out of
//! scope or bound twice, a static `exit` to a label that is not an enclosing
//! `catch` of the same function or with the wrong number of arguments, a
//! primitive with the wrong number of arguments, a mutable variable
//! captured by a closure or assigned when it is not mutable.

use super::ir::*;
use std::collections::{HashMap, HashSet};

/// One broken invariant, described for a compiler developer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError(pub String);

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a variable in scope is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Binding {
    Immutable,
    /// A mutable variable bound in the function at this nesting depth.
    Mutable {
        function_depth: usize,
    },
}

#[derive(Default)]
struct Checker {
    /// Every variable id bound so far (each may be bound once).
    bound: HashSet<u32>,
    scope: HashMap<u32, Binding>,
    /// Static handlers in scope: label → (arity, function depth).
    labels: HashMap<Label, (usize, usize)>,
    function_depth: usize,
    errors: Vec<CheckError>,
}

/// Check a whole program; all broken invariants are reported.
pub fn check_program(p: &Program) -> Result<(), Vec<CheckError>> {
    check_lambda(&p.body)
}

/// Check a closed expression.
pub fn check_lambda(e: &Lambda) -> Result<(), Vec<CheckError>> {
    let mut c = Checker::default();
    c.expr(e);
    if c.errors.is_empty() {
        Ok(())
    } else {
        Err(c.errors)
    }
}

impl Checker {
    fn error(&mut self, message: String) {
        self.errors.push(CheckError(message));
    }

    /// Bring `v` into scope, run `inside`, and take it out again.
    fn with_binding(&mut self, v: &Var, binding: Binding, inside: impl FnOnce(&mut Checker)) {
        if !self.bound.insert(v.id) {
            self.error(format!("variable {}/{} is bound twice", v.name, v.id));
        }
        let previous = self.scope.insert(v.id, binding);
        inside(self);
        match previous {
            Some(b) => self.scope.insert(v.id, b),
            None => self.scope.remove(&v.id),
        };
    }

    fn with_bindings(&mut self, vs: &[Var], inside: impl FnOnce(&mut Checker)) {
        match vs.split_first() {
            None => inside(self),
            Some((v, rest)) => {
                self.with_binding(v, Binding::Immutable, |c| c.with_bindings(rest, inside))
            }
        }
    }

    fn use_var(&mut self, v: &Var) {
        match self.scope.get(&v.id) {
            None => self.error(format!("variable {}/{} is used out of scope", v.name, v.id)),
            Some(Binding::Mutable { function_depth }) if *function_depth != self.function_depth => {
                self.error(format!(
                    "mutable variable {}/{} is captured by a function",
                    v.name, v.id
                ))
            }
            Some(_) => {}
        }
    }

    fn function(&mut self, f: &Function) {
        if f.params.is_empty() {
            self.error("a function has no parameters".to_string());
        }
        // Static handlers are not visible inside a nested function.
        let labels = std::mem::take(&mut self.labels);
        self.function_depth += 1;
        self.with_bindings(&f.params, |c| c.expr(&f.body));
        self.function_depth -= 1;
        self.labels = labels;
    }

    fn expr(&mut self, e: &Lambda) {
        match e {
            Lambda::Var(v) => self.use_var(v),
            Lambda::Const(_) => {}
            Lambda::Apply { func, args } => {
                if args.is_empty() {
                    self.error("an application has no arguments".to_string());
                }
                self.expr(func);
                args.iter().for_each(|a| self.expr(a));
            }
            Lambda::Function(f) => self.function(f),
            Lambda::Let {
                kind,
                var,
                def,
                body,
            } => {
                self.expr(def);
                let binding = match kind {
                    LetKind::Strict => Binding::Immutable,
                    LetKind::Mutable => Binding::Mutable {
                        function_depth: self.function_depth,
                    },
                };
                self.with_binding(var, binding, |c| c.expr(body));
            }
            Lambda::LetRec { bindings, body } => {
                let vars: Vec<Var> = bindings.iter().map(|(v, _)| v.clone()).collect();
                self.with_bindings(&vars, |c| {
                    bindings.iter().for_each(|(_, f)| c.function(f));
                    c.expr(body);
                });
            }
            Lambda::Prim { prim, args } => {
                match prim.arity() {
                    Some(n) if n != args.len() => self.error(format!(
                        "primitive {prim} expects {n} arguments, got {}",
                        args.len()
                    )),
                    None if args.is_empty() => {
                        self.error(format!("primitive {prim} has no arguments"))
                    }
                    _ => {}
                }
                args.iter().for_each(|a| self.expr(a));
            }
            Lambda::Switch {
                scrutinee,
                arms,
                default,
            } => {
                self.expr(scrutinee);
                let mut seen = HashSet::new();
                for arm in arms {
                    if arm.cases.is_empty() {
                        self.error("a switch arm has no cases".to_string());
                    }
                    for case in &arm.cases {
                        if !seen.insert(*case) {
                            self.error(format!("switch case {case:?} appears twice"));
                        }
                    }
                    self.expr(&arm.body);
                }
                if let Some(d) = default {
                    self.expr(d);
                }
            }
            Lambda::StringSwitch {
                scrutinee,
                arms,
                default,
            } => {
                self.expr(scrutinee);
                let mut seen = HashSet::new();
                for (s, action) in arms {
                    if !seen.insert(s) {
                        self.error(format!("string switch case {s:?} appears twice"));
                    }
                    self.expr(action);
                }
                if let Some(d) = default {
                    self.expr(d);
                }
            }
            Lambda::StaticRaise { label, args } => {
                match self.labels.get(label) {
                    None => self.error(format!("exit {} has no enclosing handler", label.0)),
                    Some((arity, _)) if *arity != args.len() => self.error(format!(
                        "exit {} passes {} arguments to a handler of {arity} parameters",
                        label.0,
                        args.len()
                    )),
                    Some(_) => {}
                }
                args.iter().for_each(|a| self.expr(a));
            }
            Lambda::StaticCatch {
                body,
                label,
                params,
                handler,
            } => {
                let previous = self
                    .labels
                    .insert(*label, (params.len(), self.function_depth));
                if previous.is_some() {
                    self.error(format!(
                        "handler {} is nested in a handler with the same label",
                        label.0
                    ));
                }
                self.expr(body);
                match previous {
                    Some(p) => self.labels.insert(*label, p),
                    None => self.labels.remove(label),
                };
                self.with_bindings(params, |c| c.expr(handler));
            }
            Lambda::TryWith { body, exn, handler } => {
                self.expr(body);
                self.with_binding(exn, Binding::Immutable, |c| c.expr(handler));
            }
            Lambda::Raise { exn, .. } => self.expr(exn),
            Lambda::If { cond, then_, else_ } => {
                self.expr(cond);
                self.expr(then_);
                self.expr(else_);
            }
            Lambda::Seq(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            Lambda::While { cond, body } => {
                self.expr(cond);
                self.expr(body);
            }
            Lambda::For {
                var,
                start,
                end,
                body,
                ..
            } => {
                self.expr(start);
                self.expr(end);
                self.with_binding(var, Binding::Immutable, |c| c.expr(body));
            }
            Lambda::Assign { var, value } => {
                match self.scope.get(&var.id) {
                    Some(Binding::Mutable { .. }) => self.use_var(var),
                    Some(Binding::Immutable) => self.error(format!(
                        "assignment to immutable variable {}/{}",
                        var.name, var.id
                    )),
                    None => self.error(format!(
                        "assignment to {}/{} out of scope",
                        var.name, var.id
                    )),
                }
                self.expr(value);
            }
        }
    }
}
