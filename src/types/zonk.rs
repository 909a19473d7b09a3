//! From inference types to final types: once every item is typed, each
//! type in the tree is read out of the union-find table into an immutable
//! [`Type`] ("zonking", in GHC's word). The table is consulted once per
//! class: a cache from class representative to its final type makes equal
//! types shared and the whole pass linear in the size of the tree.

use super::ty::{Node, Ty, TyVal, TypeStore};
use super::typed::{Binding, Case, Expr, ExprKind, Item, Pattern, PatternKind, Type, TypeExpr};
use std::rc::Rc;

pub struct Zonker<'a> {
    pub store: &'a mut TypeStore,
    /// Indexed by class representative.
    cache: Vec<Option<Type>>,
}

impl<'a> Zonker<'a> {
    pub fn new(store: &'a mut TypeStore) -> Zonker<'a> {
        let cache = vec![None; store.len()];
        Zonker { store, cache }
    }

    pub fn ty(&mut self, t: Ty) -> Type {
        let (root, value) = self.store.repr(t);
        if let Some(Some(done)) = self.cache.get(root.index() as usize) {
            return done.clone();
        }
        let result = Rc::new(match value {
            TyVal::Unbound { .. } => TypeExpr::Var(root.index()),
            TyVal::Bound(Node::Con(id, args)) => {
                TypeExpr::Con(id, args.iter().map(|a| self.ty(*a)).collect())
            }
            TyVal::Bound(Node::Arrow(l, a, b)) => TypeExpr::Arrow(l, self.ty(a), self.ty(b)),
            TyVal::Bound(Node::Tuple(ts)) => {
                TypeExpr::Tuple(ts.iter().map(|a| self.ty(*a)).collect())
            }
        });
        if let Some(slot) = self.cache.get_mut(root.index() as usize) {
            *slot = Some(result.clone());
        }
        result
    }

    pub fn item(&mut self, i: Item<Ty>) -> Item {
        match i {
            Item::Let {
                rec_flag,
                bindings,
                span,
            } => Item::Let {
                rec_flag,
                bindings: bindings.into_iter().map(|b| self.binding(b)).collect(),
                span,
            },
            Item::Expr(e) => Item::Expr(self.expr(e)),
            Item::Type(ids) => Item::Type(ids),
            Item::Exception(id, span) => Item::Exception(id, span),
        }
    }

    fn binding(&mut self, b: Binding<Ty>) -> Binding {
        Binding {
            pat: self.pattern(b.pat),
            expr: self.expr(b.expr),
            span: b.span,
        }
    }

    fn case(&mut self, c: Case<Ty>) -> Case {
        Case {
            pat: self.pattern(c.pat),
            guard: c.guard.map(|g| self.expr(g)),
            body: self.expr(c.body),
        }
    }

    #[allow(clippy::boxed_local)] // the tree's boxes are what is mapped
    fn boxed(&mut self, e: Box<Expr<Ty>>) -> Box<Expr> {
        Box::new(self.expr(*e))
    }

    fn exprs(&mut self, es: Vec<Expr<Ty>>) -> Vec<Expr> {
        es.into_iter().map(|e| self.expr(e)).collect()
    }

    pub fn expr(&mut self, e: Expr<Ty>) -> Expr {
        use ExprKind as K;
        let kind = match e.kind {
            K::Const(c) => K::Const(c),
            K::Var(v) => K::Var(v),
            K::Construct(c, args) => K::Construct(c, self.exprs(args)),
            K::Apply(f, args) => K::Apply(self.boxed(f), self.exprs(args)),
            K::Let(r, bs, body) => K::Let(
                r,
                bs.into_iter().map(|b| self.binding(b)).collect(),
                self.boxed(body),
            ),
            K::LetException(x, body) => K::LetException(x, self.boxed(body)),
            K::Fun(ps, body) => K::Fun(
                ps.into_iter().map(|p| self.pattern(p)).collect(),
                self.boxed(body),
            ),
            K::Function(cs) => K::Function(cs.into_iter().map(|c| self.case(c)).collect()),
            K::Match(s, cs) => K::Match(
                self.boxed(s),
                cs.into_iter().map(|c| self.case(c)).collect(),
            ),
            K::Try(b, cs) => K::Try(
                self.boxed(b),
                cs.into_iter().map(|c| self.case(c)).collect(),
            ),
            K::Tuple(es) => K::Tuple(self.exprs(es)),
            K::Record { ty, fields, base } => K::Record {
                ty,
                fields: fields
                    .into_iter()
                    .map(|f| f.map(|e| self.expr(e)))
                    .collect(),
                base: base.map(|b| self.boxed(b)),
            },
            K::Field(r, f) => K::Field(self.boxed(r), f),
            K::SetField(r, f, v) => K::SetField(self.boxed(r), f, self.boxed(v)),
            K::Array(es) => K::Array(self.exprs(es)),
            K::ArrayGet(a, i) => K::ArrayGet(self.boxed(a), self.boxed(i)),
            K::ArraySet(a, i, v) => K::ArraySet(self.boxed(a), self.boxed(i), self.boxed(v)),
            K::StringGet(s, i) => K::StringGet(self.boxed(s), self.boxed(i)),
            K::If(c, t, e) => K::If(self.boxed(c), self.boxed(t), e.map(|e| self.boxed(e))),
            K::Sequence(a, b) => K::Sequence(self.boxed(a), self.boxed(b)),
            K::While(c, b) => K::While(self.boxed(c), self.boxed(b)),
            K::For {
                var,
                start,
                dir,
                stop,
                body,
            } => K::For {
                var,
                start: self.boxed(start),
                dir,
                stop: self.boxed(stop),
                body: self.boxed(body),
            },
            K::Assert(c) => K::Assert(self.boxed(c)),
        };
        Expr {
            kind,
            ty: self.ty(e.ty),
            span: e.span,
        }
    }

    pub fn pattern(&mut self, p: Pattern<Ty>) -> Pattern {
        use PatternKind as P;
        let kind = match p.kind {
            P::Any => P::Any,
            P::Var(v) => P::Var(v),
            P::Alias(q, v) => P::Alias(Box::new(self.pattern(*q)), v),
            P::Const(c) => P::Const(c),
            P::Range(a, b) => P::Range(a, b),
            P::Tuple(ps) => P::Tuple(ps.into_iter().map(|q| self.pattern(q)).collect()),
            P::Construct(c, ps) => {
                P::Construct(c, ps.into_iter().map(|q| self.pattern(q)).collect())
            }
            P::Record(fs) => P::Record(fs.into_iter().map(|(f, q)| (f, self.pattern(q))).collect()),
            P::Array(ps) => P::Array(ps.into_iter().map(|q| self.pattern(q)).collect()),
            P::Or(a, b) => P::Or(Box::new(self.pattern(*a)), Box::new(self.pattern(*b))),
        };
        Pattern {
            kind,
            ty: self.ty(p.ty),
            span: p.span,
        }
    }
}
