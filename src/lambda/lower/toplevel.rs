//! Top-level items. A program is one Lambda expression: each item becomes
//! a definition whose scope is the rest of the program, and the program's
//! body is those definitions nested in order.

use super::context::{Lowerer, Res};
use crate::lambda::builder::{catch, exit, let_, letrec, prim};
use crate::lambda::ir::{Function, Label, Lambda, Var};
use crate::lambda::matching::{Clause, MatchKind, OnFailure, Pattern, PatternKind};
use crate::lambda::primitive::Primitive;
use crate::lambda::rename::used_vars;
use crate::syntax::ast::RecFlag;
use crate::types::typed::Item;
use std::collections::{HashMap, HashSet};

/// One top-level definition, waiting for the rest of the program.
#[derive(Clone, Debug)]
pub enum TopDef {
    /// `let var = def in ...`
    Let { var: Var, def: Lambda },
    /// `let rec ... in ...`
    LetRec { bindings: Vec<(Var, Function)> },
    /// `def; ...` (a top-level expression)
    Effect(Lambda),
    /// A `let` with a pattern: `def` matches the value and jumps to `label`
    /// with the values of the pattern's variables, which the rest of the
    /// program sees as `params` (`catch def with (label params) ...`).
    Destructure {
        def: Lambda,
        label: Label,
        params: Vec<Var>,
    },
}

impl TopDef {
    /// The variables this definition makes visible to what follows.
    pub fn bound(&self) -> Vec<Var> {
        match self {
            TopDef::Let { var, .. } => vec![var.clone()],
            TopDef::LetRec { bindings } => bindings.iter().map(|(v, _)| v.clone()).collect(),
            TopDef::Effect(_) => Vec::new(),
            TopDef::Destructure { params, .. } => params.clone(),
        }
    }

    /// The ids of every variable the definition's code mentions.
    pub fn used_vars(&self, out: &mut HashSet<u32>) {
        match self {
            TopDef::Let { def, .. } | TopDef::Effect(def) | TopDef::Destructure { def, .. } => {
                used_vars(def, out)
            }
            TopDef::LetRec { bindings } => {
                for (_, f) in bindings {
                    used_vars(&f.body, out)
                }
            }
        }
    }
}

/// Nest the definitions around `tail`, the last definition innermost
/// (iteratively: a program may have thousands of items).
pub fn assemble(defs: Vec<TopDef>, tail: Lambda) -> Lambda {
    let mut body = tail;
    for d in defs.into_iter().rev() {
        body = match d {
            TopDef::Let { var, def } => let_(&var, def, body),
            TopDef::LetRec { bindings } => letrec(bindings, body),
            TopDef::Effect(e) => Lambda::Seq(Box::new(e), Box::new(body)),
            TopDef::Destructure { def, label, params } => {
                let params: Vec<&Var> = params.iter().collect();
                catch(def, label, &params, body)
            }
        };
    }
    body
}

/// Give the variables of a pattern new names (the pattern binds them inside
/// the match; the rest of the program receives them as handler parameters).
fn rename(p: Pattern, names: &HashMap<u32, Var>) -> Pattern {
    let get = |v: Var| names.get(&v.id).cloned().unwrap_or(v);
    let kind = match p.kind {
        PatternKind::Var(v) => PatternKind::Var(get(v)),
        PatternKind::Alias(q, v) => PatternKind::Alias(Box::new(rename(*q, names)), get(v)),
        PatternKind::Tuple(ps) => PatternKind::Tuple(ps.into_iter().map(|q| rename(q, names)).collect()),
        PatternKind::Record(r, ps) => {
            PatternKind::Record(r, ps.into_iter().map(|q| rename(q, names)).collect())
        }
        PatternKind::Construct(c, ps) => {
            PatternKind::Construct(c, ps.into_iter().map(|q| rename(q, names)).collect())
        }
        PatternKind::Or(a, b) => PatternKind::Or(Box::new(rename(*a, names)), Box::new(rename(*b, names))),
        k @ (PatternKind::Any | PatternKind::Const(_)) => k,
    };
    Pattern { kind, span: p.span }
}

impl Lowerer<'_> {
    /// Lower one item, appending its definitions to `out`.
    pub fn item(&mut self, item: &Item, out: &mut Vec<TopDef>) -> Res<()> {
        match item {
            Item::Let {
                rec_flag: RecFlag::Recursive,
                bindings,
                ..
            } => {
                let bindings = self.rec_bindings(bindings)?;
                out.push(TopDef::LetRec { bindings });
            }
            Item::Let { bindings, .. } => {
                for b in bindings {
                    let def = self.expr(&b.expr)?;
                    let pat = self.binding_pattern(&b.pat)?;
                    out.push(self.top_binding(pat, def, b.pat.span)?);
                }
            }
            Item::Expr(e) => out.push(TopDef::Effect(self.expr(e)?)),
            Item::Type(_) => {}
            Item::Exception(exn, _) => {
                let decl = self.decls.exn(*exn);
                let (name, qualified) = (decl.name.to_string(), decl.qualified.clone());
                let var = self.temp(&name);
                self.exceptions.insert(*exn, var.clone());
                out.push(TopDef::Let {
                    var,
                    def: prim(Primitive::NewException(qualified), vec![]),
                });
            }
        }
        Ok(())
    }

    /// A top-level `let p = def`. OCaml reports a failure of a top-level
    /// pattern at the pattern itself.
    fn top_binding(&mut self, pat: Pattern, def: Lambda, span: crate::diagnostics::Span) -> Res<TopDef> {
        match pat.kind {
            PatternKind::Var(var) => return Ok(TopDef::Let { var, def }),
            PatternKind::Any => return Ok(TopDef::Effect(def)),
            _ => {}
        }
        let params = pat.variables();
        let mut names = HashMap::new();
        let mut inner = Vec::with_capacity(params.len());
        for p in &params {
            let w = self.temp(&p.name);
            names.insert(p.id, w.clone());
            inner.push(Lambda::Var(w));
        }
        let pat = rename(pat, &names);
        let label = self.fresh.label();
        let scrutinee = self.temp("let");
        let clause = Clause {
            patterns: vec![pat],
            guard: None,
            action: exit(label, inner),
        };
        let failure = OnFailure::Raise(self.match_failure(span));
        self.warnings
            .extend(crate::lambda::matching::check_match(std::slice::from_ref(&clause), span, MatchKind::Total));
        let code = crate::lambda::matching::compile_match(
            std::slice::from_ref(&scrutinee),
            vec![clause],
            failure,
            &mut self.fresh,
        )
        .map_err(|e| self.internal(span, e.to_string()))?;
        Ok(TopDef::Destructure {
            def: let_(&scrutinee, def, code),
            label,
            params,
        })
    }
}
