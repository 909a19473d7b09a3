//! Unification with the occurs check and levels, instantiation and
//! generalisation of type schemes, and the expansion of abbreviations.

use super::decls::{Decls, SType, Scheme, Variance};
use super::ty::{Node, Ty, TyVal, TypeStore};
use std::rc::Rc;

/// Why two types do not unify.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnifyError {
    /// The innermost pair of types whose shapes differ.
    Mismatch(Ty, Ty),
    /// The variable would occur inside the type it is to be bound to.
    Occurs(Ty, Ty),
}

impl TypeStore {
    /// The instance of a declaration's or scheme's type in which parameter
    /// `i` is `args[i]`.
    pub fn instantiate_with(&mut self, st: &SType, args: &[Ty]) -> Ty {
        match st {
            SType::Param(i) => match args.get(*i as usize) {
                Some(t) => *t,
                None => self.new_var(),
            },
            SType::Con(id, ts) => {
                let ts = ts
                    .iter()
                    .map(|t| self.instantiate_with(t, args))
                    .collect::<Rc<[Ty]>>();
                self.con_rc(*id, ts)
            }
            SType::Arrow(l, a, b) => {
                let a = self.instantiate_with(a, args);
                let b = self.instantiate_with(b, args);
                self.new_node(Node::Arrow(l.clone(), a, b))
            }
            SType::Tuple(ts) => {
                let ts = ts
                    .iter()
                    .map(|t| self.instantiate_with(t, args))
                    .collect::<Rc<[Ty]>>();
                self.new_node(Node::Tuple(ts))
            }
            SType::Mono(t) => *t,
            SType::Any => self.new_var(),
        }
    }

    /// A fresh instance of a scheme: each generalised variable becomes a new
    /// variable at the current level.
    pub fn instantiate(&mut self, s: &Scheme) -> Ty {
        let args = (0..s.params).map(|_| self.new_var()).collect::<Vec<_>>();
        self.instantiate_with(&s.body, &args)
    }

    /// If `t` is an abbreviation, its expansion (repeated until the head is
    /// not an abbreviation); `None` otherwise. The expansion is a new node:
    /// `t` itself is left as written, so that it prints as written.
    pub fn expand_head(&mut self, decls: &Decls, t: Ty) -> Option<Ty> {
        let mut current = t;
        let mut expanded = None;
        // Declarations are checked for cycles when entered; the bound is
        // only a guard against looping on an internal error.
        for _ in 0..1000 {
            match self.node(current) {
                Some(Node::Con(id, args)) => match decls.abbrev(id) {
                    Some(body) => {
                        current = self.instantiate_with(body, &args);
                        expanded = Some(current);
                    }
                    None => break,
                },
                _ => break,
            }
        }
        expanded
    }

    /// A copy of `t` with every abbreviation expanded, at any depth.
    fn expand_deep(&mut self, decls: &Decls, t: Ty) -> Ty {
        let t = self.expand_head(decls, t).unwrap_or(t);
        match self.node(t) {
            None => t,
            Some(Node::Con(id, args)) => {
                let args = args.iter().map(|a| self.expand_deep(decls, *a)).collect();
                self.con(id, args)
            }
            Some(Node::Arrow(l, a, b)) => {
                let a = self.expand_deep(decls, a);
                let b = self.expand_deep(decls, b);
                self.new_node(Node::Arrow(l, a, b))
            }
            Some(Node::Tuple(ts)) => {
                let ts = ts.iter().map(|a| self.expand_deep(decls, *a)).collect();
                self.tuple(ts)
            }
        }
    }
}

impl TypeStore {
    /// Walk `t` looking for the variable `var`, and lower the level of every
    /// variable met to `level`: once `var` is bound to `t`, they are all as
    /// visible as `var` was, so they must not be generalised sooner than it.
    /// Abbreviations are not expanded, so a variable in a phantom argument
    /// (`type 'a t = int`) counts as occurring; `bind_var` rechecks those.
    fn occurs_and_lower(&mut self, var: Ty, level: u32, t: Ty) -> bool {
        let (root, value) = self.repr(t);
        match value {
            TyVal::Unbound { .. } => {
                if root == var {
                    return true;
                }
                self.lower_level(root, level);
                false
            }
            TyVal::Bound(node) => {
                if !self.mark(root) {
                    return false;
                }
                match node {
                    Node::Con(_, ts) | Node::Tuple(ts) => {
                        ts.iter().any(|c| self.occurs_and_lower(var, level, *c))
                    }
                    Node::Arrow(_, a, b) => {
                        self.occurs_and_lower(var, level, a) || self.occurs_and_lower(var, level, b)
                    }
                }
            }
        }
    }

    /// Bind the unbound variable `var` (a root) to `t`, after the occurs
    /// check. If `var` occurs only in a phantom argument of an abbreviation,
    /// it is bound to the expansion of `t` instead, which does not contain it.
    fn bind_var(&mut self, decls: &Decls, var: Ty, level: u32, t: Ty) -> Result<(), UnifyError> {
        self.new_walk();
        if !self.occurs_and_lower(var, level, t) {
            self.link(var, t);
            return Ok(());
        }
        let expanded = self.expand_deep(decls, t);
        self.new_walk();
        if self.occurs_and_lower(var, level, expanded) {
            return Err(UnifyError::Occurs(var, t));
        }
        self.link(var, expanded);
        Ok(())
    }

    /// Unify two types, or say why they do not unify. Unification made
    /// before a failure is not undone: the typer rolls back a whole failed
    /// item with a snapshot.
    pub fn unify(&mut self, decls: &Decls, t1: Ty, t2: Ty) -> Result<(), UnifyError> {
        let (r1, v1) = self.repr(t1);
        let (r2, v2) = self.repr(t2);
        if r1 == r2 {
            return Ok(());
        }
        match (v1, v2) {
            (TyVal::Unbound { .. }, TyVal::Unbound { .. }) => {
                self.link(r1, r2);
                Ok(())
            }
            (TyVal::Unbound { level }, TyVal::Bound(_)) => self.bind_var(decls, r1, level, r2),
            (TyVal::Bound(_), TyVal::Unbound { level }) => self.bind_var(decls, r2, level, r1),
            (TyVal::Bound(n1), TyVal::Bound(n2)) => self.unify_nodes(decls, (r1, n1), (r2, n2)),
        }
    }
}

impl TypeStore {
    /// Unify two nodes (both class roots). As in OCaml's `unify2`/`unify3`:
    /// the same non-abbreviation constructor unifies argument by argument;
    /// otherwise abbreviations are expanded first, and when only one side
    /// was an abbreviation the other side is linked to it, so that the
    /// abbreviation is what later messages and signatures print.
    fn unify_nodes(
        &mut self,
        decls: &Decls,
        (r1, n1): (Ty, Node),
        (r2, n2): (Ty, Node),
    ) -> Result<(), UnifyError> {
        if let (Node::Con(a, xs), Node::Con(b, ys)) = (&n1, &n2) {
            if a == b && (xs.is_empty() || decls.abbrev(*a).is_none()) {
                for (x, y) in xs.iter().zip(ys.iter()) {
                    self.unify(decls, *x, *y)?;
                }
                self.link_nodes(r1, r2);
                return Ok(());
            }
        }
        match (self.expand_head(decls, r1), self.expand_head(decls, r2)) {
            (None, None) => {
                self.unify_shapes(decls, (r1, &n1), (r2, &n2))?;
                self.link_nodes(r1, r2);
                Ok(())
            }
            (Some(x1), None) => {
                self.unify(decls, x1, r2)?;
                self.link_nodes(r2, r1);
                Ok(())
            }
            (None, Some(x2)) => {
                self.unify(decls, r1, x2)?;
                self.link_nodes(r1, r2);
                Ok(())
            }
            (Some(x1), Some(x2)) => self.unify(decls, x1, x2),
        }
    }

    /// Unify the children of two nodes that are not abbreviations.
    fn unify_shapes(
        &mut self,
        decls: &Decls,
        (r1, n1): (Ty, &Node),
        (r2, n2): (Ty, &Node),
    ) -> Result<(), UnifyError> {
        match (n1, n2) {
            (Node::Con(a, xs), Node::Con(b, ys)) if a == b && xs.len() == ys.len() => {
                for (x, y) in xs.iter().zip(ys.iter()) {
                    self.unify(decls, *x, *y)?;
                }
                Ok(())
            }
            (Node::Arrow(l1, a1, b1), Node::Arrow(l2, a2, b2)) if l1 == l2 => {
                self.unify(decls, *a1, *a2)?;
                self.unify(decls, *b1, *b2)
            }
            (Node::Tuple(xs), Node::Tuple(ys)) if xs.len() == ys.len() => {
                for (x, y) in xs.iter().zip(ys.iter()) {
                    self.unify(decls, *x, *y)?;
                }
                Ok(())
            }
            _ => Err(UnifyError::Mismatch(r1, r2)),
        }
    }
}

/// Generalisation: the variables of a type whose level is greater than the
/// current level were created inside the `let` being left and are not
/// reachable from the environment, so they can be quantified.
impl TypeStore {
    pub fn generalize(&mut self, t: Ty) -> Scheme {
        let mut params = Vec::new();
        let body = self.generalize_walk(t, &mut params);
        Scheme {
            params: params.len() as u32,
            body,
        }
    }

    /// `params` lists the variables generalised so far, the i-th becoming
    /// parameter i (schemes have few variables: a vector is the fastest map).
    fn generalize_walk(&mut self, t: Ty, params: &mut Vec<Ty>) -> SType {
        let (root, value) = self.repr(t);
        match value {
            TyVal::Unbound { level } if level > self.level => {
                match params.iter().position(|p| *p == root) {
                    Some(i) => SType::Param(i as u32),
                    None => {
                        params.push(root);
                        SType::Param(params.len() as u32 - 1)
                    }
                }
            }
            TyVal::Unbound { .. } => SType::Mono(root),
            TyVal::Bound(node) => {
                let built = match node {
                    Node::Con(id, ts) => SType::Con(
                        id,
                        ts.iter()
                            .map(|c| self.generalize_walk(*c, params))
                            .collect(),
                    ),
                    Node::Tuple(ts) => SType::Tuple(
                        ts.iter()
                            .map(|c| self.generalize_walk(*c, params))
                            .collect(),
                    ),
                    Node::Arrow(l, a, b) => SType::Arrow(
                        l,
                        Box::new(self.generalize_walk(a, params)),
                        Box::new(self.generalize_walk(b, params)),
                    ),
                };
                // A part with nothing generalised stays shared with the graph.
                if is_mono(&built) {
                    SType::Mono(root)
                } else {
                    built
                }
            }
        }
    }

    /// For a `let` whose right-hand side is not a value, OCaml's relaxed
    /// value restriction (Garrigue, "Relaxing the value restriction", 2004):
    /// lower to the current level the variables in contravariant or
    /// invariant positions, so that `generalize` quantifies only those that
    /// occur covariantly (`'a list` from `List.rev []`), never one that a
    /// mutable cell or a function argument could capture (`'_weak1 list ref`).
    pub fn lower_contravariant(&mut self, decls: &Decls, t: Ty) {
        self.new_walk();
        self.lower_walk(decls, t, false);
    }

    fn lower_walk(&mut self, decls: &Decls, t: Ty, contra: bool) {
        let (root, value) = self.repr(t);
        match value {
            TyVal::Unbound { .. } => {
                if contra {
                    let level = self.level;
                    self.lower_level(root, level);
                }
            }
            TyVal::Bound(node) => {
                // A node seen in a contravariant walk has all its variables
                // lowered; one seen covariantly may need a second visit.
                if contra && !self.mark(root) {
                    return;
                }
                match node {
                    Node::Arrow(_, a, b) => {
                        self.lower_walk(decls, a, true);
                        self.lower_walk(decls, b, contra);
                    }
                    Node::Tuple(ts) => ts.iter().for_each(|c| self.lower_walk(decls, *c, contra)),
                    Node::Con(id, ts) => {
                        let variance = decls.ty(id).variance.clone();
                        if variance.iter().all(|v| *v == Variance::Unused) {
                            return;
                        }
                        for (i, c) in ts.iter().enumerate() {
                            match variance.get(i).copied().unwrap_or(Variance::Invariant) {
                                Variance::Unused | Variance::Covariant => {
                                    self.lower_walk(decls, *c, contra)
                                }
                                Variance::Contravariant => self.lower_walk(decls, *c, !contra),
                                Variance::Invariant => self.lower_walk(decls, *c, true),
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Whether a node just built by `generalize_walk` has only shared children
/// (its children have been through `generalize_walk`, so a look at them is
/// enough).
fn is_mono(t: &SType) -> bool {
    let mono = |c: &SType| matches!(c, SType::Mono(_));
    match t {
        SType::Mono(_) => true,
        SType::Con(_, ts) | SType::Tuple(ts) => ts.iter().all(mono),
        SType::Arrow(_, a, b) => mono(a) && mono(b),
        SType::Param(_) | SType::Any => false,
    }
}
