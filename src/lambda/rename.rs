//! Copying a Lambda term with fresh names.
//!
//! Lambda requires every variable to be bound once in a program. A pass
//! that duplicates a term (the match compiler copies a guard into each
//! branch that may evaluate it; an inliner copies a function body) must
//! therefore rename the copy's binders, and may substitute some of its free
//! variables at the same time.

use super::ir::*;
use std::collections::HashMap;

/// Copy `e`, replacing free variables by `subst` and giving every variable
/// and static label bound inside the copy a fresh name.
pub fn refresh(e: &Lambda, subst: &HashMap<u32, Var>, fresh: &mut Fresh) -> Lambda {
    let mut r = Renamer {
        vars: subst.clone(),
        labels: HashMap::new(),
        fresh,
    };
    r.expr(e)
}

struct Renamer<'f> {
    vars: HashMap<u32, Var>,
    labels: HashMap<Label, Label>,
    fresh: &'f mut Fresh,
}

impl Renamer<'_> {
    fn var(&self, v: &Var) -> Var {
        self.vars.get(&v.id).cloned().unwrap_or_else(|| v.clone())
    }

    fn bind(&mut self, v: &Var) -> Var {
        let new = self.fresh.var(&v.name);
        self.vars.insert(v.id, new.clone());
        new
    }

    fn boxed(&mut self, e: &Lambda) -> Box<Lambda> {
        Box::new(self.expr(e))
    }

    fn exprs(&mut self, es: &[Lambda]) -> Vec<Lambda> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    fn function(&mut self, f: &Function) -> Function {
        let params = f.params.iter().map(|p| self.bind(p)).collect();
        Function {
            params,
            body: self.expr(&f.body),
        }
    }

    fn expr(&mut self, e: &Lambda) -> Lambda {
        match e {
            Lambda::Var(v) => Lambda::Var(self.var(v)),
            Lambda::Const(c) => Lambda::Const(c.clone()),
            Lambda::Apply { func, args } => Lambda::Apply {
                func: self.boxed(func),
                args: self.exprs(args),
            },
            Lambda::Function(f) => Lambda::Function(Box::new(self.function(f))),
            Lambda::Let {
                kind,
                var,
                def,
                body,
            } => {
                let def = self.boxed(def);
                let var = self.bind(var);
                Lambda::Let {
                    kind: *kind,
                    var,
                    def,
                    body: self.boxed(body),
                }
            }
            Lambda::LetRec { bindings, body } => {
                let vars: Vec<Var> = bindings.iter().map(|(v, _)| self.bind(v)).collect();
                let bindings = vars
                    .into_iter()
                    .zip(bindings)
                    .map(|(v, (_, f))| (v, self.function(f)))
                    .collect();
                Lambda::LetRec {
                    bindings,
                    body: self.boxed(body),
                }
            }
            Lambda::Prim { prim, args } => Lambda::Prim {
                prim: prim.clone(),
                args: self.exprs(args),
            },
            Lambda::Switch {
                scrutinee,
                arms,
                default,
            } => Lambda::Switch {
                scrutinee: self.boxed(scrutinee),
                arms: arms
                    .iter()
                    .map(|a| SwitchArm {
                        cases: a.cases.clone(),
                        body: self.expr(&a.body),
                    })
                    .collect(),
                default: default.as_ref().map(|d| self.boxed(d)),
            },
            Lambda::StringSwitch {
                scrutinee,
                arms,
                default,
            } => Lambda::StringSwitch {
                scrutinee: self.boxed(scrutinee),
                arms: arms
                    .iter()
                    .map(|(s, a)| (s.clone(), self.expr(a)))
                    .collect(),
                default: default.as_ref().map(|d| self.boxed(d)),
            },
            Lambda::StaticRaise { label, args } => Lambda::StaticRaise {
                label: self.labels.get(label).copied().unwrap_or(*label),
                args: self.exprs(args),
            },
            Lambda::StaticCatch {
                body,
                label,
                params,
                handler,
            } => {
                let new_label = self.fresh.label();
                let previous = self.labels.insert(*label, new_label);
                let body = self.boxed(body);
                match previous {
                    Some(p) => self.labels.insert(*label, p),
                    None => self.labels.remove(label),
                };
                let params = params.iter().map(|p| self.bind(p)).collect();
                Lambda::StaticCatch {
                    body,
                    label: new_label,
                    params,
                    handler: self.boxed(handler),
                }
            }
            Lambda::TryWith { body, exn, handler } => {
                let body = self.boxed(body);
                let exn = self.bind(exn);
                Lambda::TryWith {
                    body,
                    exn,
                    handler: self.boxed(handler),
                }
            }
            Lambda::Raise { kind, exn } => Lambda::Raise {
                kind: *kind,
                exn: self.boxed(exn),
            },
            Lambda::If { cond, then_, else_ } => Lambda::If {
                cond: self.boxed(cond),
                then_: self.boxed(then_),
                else_: self.boxed(else_),
            },
            Lambda::Seq(a, b) => Lambda::Seq(self.boxed(a), self.boxed(b)),
            Lambda::While { cond, body } => Lambda::While {
                cond: self.boxed(cond),
                body: self.boxed(body),
            },
            Lambda::For {
                var,
                start,
                end,
                direction,
                body,
            } => {
                let start = self.boxed(start);
                let end = self.boxed(end);
                let var = self.bind(var);
                Lambda::For {
                    var,
                    start,
                    end,
                    direction: *direction,
                    body: self.boxed(body),
                }
            }
            Lambda::Assign { var, value } => Lambda::Assign {
                var: self.var(var),
                value: self.boxed(value),
            },
        }
    }
}

/// The variables used (read or assigned) anywhere in `e`, by id.
pub fn used_vars(e: &Lambda, out: &mut std::collections::HashSet<u32>) {
    match e {
        Lambda::Var(v) => {
            out.insert(v.id);
        }
        Lambda::Const(_) => {}
        Lambda::Apply { func, args } => {
            used_vars(func, out);
            args.iter().for_each(|a| used_vars(a, out));
        }
        Lambda::Function(f) => used_vars(&f.body, out),
        Lambda::Let { def, body, .. } => {
            used_vars(def, out);
            used_vars(body, out);
        }
        Lambda::LetRec { bindings, body } => {
            bindings.iter().for_each(|(_, f)| used_vars(&f.body, out));
            used_vars(body, out);
        }
        Lambda::Prim { args, .. } | Lambda::StaticRaise { args, .. } => {
            args.iter().for_each(|a| used_vars(a, out))
        }
        Lambda::Switch {
            scrutinee,
            arms,
            default,
        } => {
            used_vars(scrutinee, out);
            arms.iter().for_each(|a| used_vars(&a.body, out));
            if let Some(d) = default {
                used_vars(d, out);
            }
        }
        Lambda::StringSwitch {
            scrutinee,
            arms,
            default,
        } => {
            used_vars(scrutinee, out);
            arms.iter().for_each(|(_, a)| used_vars(a, out));
            if let Some(d) = default {
                used_vars(d, out);
            }
        }
        Lambda::StaticCatch { body, handler, .. } | Lambda::TryWith { body, handler, .. } => {
            used_vars(body, out);
            used_vars(handler, out);
        }
        Lambda::Raise { exn, .. } => used_vars(exn, out),
        Lambda::If { cond, then_, else_ } => {
            used_vars(cond, out);
            used_vars(then_, out);
            used_vars(else_, out);
        }
        Lambda::Seq(a, b) | Lambda::While { cond: a, body: b } => {
            used_vars(a, out);
            used_vars(b, out);
        }
        Lambda::For {
            start, end, body, ..
        } => {
            used_vars(start, out);
            used_vars(end, out);
            used_vars(body, out);
        }
        Lambda::Assign { var, value } => {
            out.insert(var.id);
            used_vars(value, out);
        }
    }
}
