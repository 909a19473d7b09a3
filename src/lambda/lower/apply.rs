//! Names and applications: variables, the library's values, and the
//! primitives OCaml's `external`s stand for (`Translprim`), specialised at
//! the type of each use.

use super::context::{is_simple, External, Export, Lowerer, Res, Resolved};
use crate::diagnostics::Span;
use crate::lambda::builder::{add, apply, if_, int, let_, prim, seq, sub};
use crate::lambda::ir::{Function, Lambda, RaiseKind};
use crate::lambda::primitive::{ArrayKind, CompareKind, IntOp, Primitive};
use crate::observable::IntKind;
use crate::types::decls::SType;
use crate::types::typed::{Expr, ExprKind, Repr, Type, TypeExpr, ValueRef};
use std::sync::Arc;

/// The number of arrows of a declared type: the arity of an `external`.
pub fn declared_arity(t: &SType) -> usize {
    let mut n = 0;
    let mut cur = t;
    while let SType::Arrow(_, _, result) = cur {
        n += 1;
        cur = result;
    }
    n
}

/// The same for a final type (the prelude's externals carry their type
/// as an annotation).
pub fn type_arity(t: &Type) -> usize {
    let mut n = 0;
    let mut cur = t.clone();
    while let TypeExpr::Arrow(_, _, result) = &*cur {
        n += 1;
        let next = result.clone();
        cur = next;
    }
    n
}

impl Lowerer<'_> {
    /// What a value name stands for.
    pub fn resolve(&mut self, r: &ValueRef, span: Span) -> Res<Resolved> {
        match r {
            ValueRef::Local(id) | ValueRef::Global(id) => {
                if let Some(e) = self.externals.get(id) {
                    return Ok(Resolved::External(e.clone()));
                }
                match self.vars.get(id) {
                    Some(v) => Ok(Resolved::Var(v.clone())),
                    None => Err(self.internal(
                        span,
                        format!("variable {} used before its definition", self.var_name(*id)),
                    )),
                }
            }
            ValueRef::Library(id) => {
                let entry = self
                    .library
                    .entries
                    .get(id.0 as usize)
                    .ok_or_else(|| self.internal(span, "unknown library value"))?;
                if let Some(p) = &entry.primitive {
                    return Ok(Resolved::External(External {
                        name: Arc::from(&**p),
                        arity: declared_arity(&entry.scheme.body),
                    }));
                }
                match self.link.values.get(&*entry.qualified) {
                    Some(Export::Var(v)) => Ok(Resolved::Var(v.clone())),
                    Some(Export::External(e)) => Ok(Resolved::External(e.clone())),
                    None => Err(self.internal(
                        span,
                        format!("the prelude does not define {}", entry.qualified),
                    )),
                }
            }
        }
    }

    /// A name used as a value. A primitive used as a value becomes a
    /// function that applies it (an eta-expansion, as `Translprim` does).
    pub fn value(&mut self, r: &ValueRef, ty: &Type, span: Span) -> Res<Lambda> {
        match self.resolve(r, span)? {
            Resolved::Var(v) => Ok(Lambda::Var(v)),
            Resolved::External(e) => self.apply_external(&e, ty, Vec::new(), span),
        }
    }

    /// `f a1 ... an`. Application of a primitive is the primitive; any
    /// other is a curried `apply`, which evaluates the arguments right to
    /// left and then the function, as ocamlopt does.
    pub fn apply(&mut self, f: &Expr, args: &[Expr]) -> Res<Lambda> {
        if let ExprKind::Var(r) = &f.kind {
            if let Resolved::External(e) = self.resolve(r, f.span)? {
                let args = args.iter().map(|a| self.expr(a)).collect::<Res<Vec<_>>>()?;
                return self.apply_external(&e, &f.ty, args, f.span);
            }
        }
        let func = self.expr(f)?;
        let args = args.iter().map(|a| self.expr(a)).collect::<Res<Vec<_>>>()?;
        Ok(match func {
            // `(f a) b` is `f a b` (Translcore merges them too).
            Lambda::Apply { func, args: mut first } => {
                first.extend(args);
                Lambda::Apply { func, args: first }
            }
            func => apply(func, args),
        })
    }

    /// A primitive applied to `args`, at the type `ty` of its use: exactly
    /// applied, the primitive; over-applied, the primitive's result applied
    /// to the rest; partially applied, a function of the missing arguments
    /// (the given ones evaluated now, right to left, as any application's).
    pub fn apply_external(
        &mut self,
        e: &External,
        ty: &Type,
        mut args: Vec<Lambda>,
        span: Span,
    ) -> Res<Lambda> {
        let arity = e.arity.max(1);
        if args.len() >= arity {
            let rest = args.split_off(arity);
            let call = self.primitive(e, ty, args, span)?;
            return Ok(if rest.is_empty() {
                call
            } else {
                apply(call, rest)
            });
        }
        let mut lets = Vec::new();
        let mut operands = Vec::new();
        for a in args.into_iter().rev() {
            if is_simple(&a) {
                operands.push(a);
            } else {
                let v = self.temp("arg");
                operands.push(Lambda::Var(v.clone()));
                lets.push((v, a));
            }
        }
        operands.reverse();
        let params: Vec<_> = (operands.len()..arity).map(|_| self.temp("x")).collect();
        operands.extend(params.iter().map(|p| Lambda::Var(p.clone())));
        let body = self.primitive(e, ty, operands, span)?;
        let mut out = Lambda::Function(Box::new(Function { params, body }));
        for (v, def) in lets.into_iter().rev() {
            out = let_(&v, def, out);
        }
        Ok(out)
    }

    /// The primitive `e` applied to exactly its arity of arguments.
    fn primitive(&mut self, e: &External, ty: &Type, mut args: Vec<Lambda>, span: Span) -> Res<Lambda> {
        let mut take = || args.remove(0);
        let raise = |kind, exn| Lambda::Raise {
            kind,
            exn: Box::new(exn),
        };
        Ok(match &*e.name {
            "%raise" => raise(RaiseKind::Regular, take()),
            "%reraise" => raise(RaiseKind::Reraise, take()),
            "%raise_notrace" => raise(RaiseKind::NoTrace, take()),
            "%sequand" => {
                let a = take();
                let b = take();
                if_(a, b, int(0))
            }
            "%sequor" => {
                let a = take();
                let b = take();
                if_(a, int(1), b)
            }
            "%identity" => take(),
            "%ignore" => seq(vec![take(), int(0)]),
            "%revapply" => {
                let x = take();
                let f = take();
                apply(f, vec![x])
            }
            "%apply" => {
                let f = take();
                let x = take();
                apply(f, vec![x])
            }
            "%succint" => add(take(), int(1)),
            "%predint" => sub(take(), int(1)),
            name => {
                let p = Primitive::of_external(name)
                    .ok_or_else(|| self.internal(span, format!("unknown primitive {name}")))?;
                let p = self.specialise(p, ty);
                if evaluates_left_to_right(&p) {
                    self.left_to_right(p, args)
                } else {
                    prim(p, args)
                }
            }
        })
    }

    /// Choose the representation a polymorphic primitive works on from the
    /// type of its first argument, as `Translprim.specialize_primitive`:
    /// comparisons of immediates, floats, strings and boxed integers, and
    /// array accesses by array kind.
    fn specialise(&self, p: Primitive, ty: &Type) -> Primitive {
        let Some(first) = self.first_argument(ty) else {
            return p;
        };
        match p {
            Primitive::Compare(CompareKind::Generic, op) => Primitive::Compare(self.compare_kind(&first), op),
            Primitive::CompareTotal(CompareKind::Generic) => {
                Primitive::CompareTotal(self.compare_kind(&first))
            }
            Primitive::ArrayLength(ArrayKind::Gen) => {
                Primitive::ArrayLength(super::data::array_kind(self.decls, &first))
            }
            Primitive::ArrayGet {
                kind: ArrayKind::Gen,
                checked,
            } => Primitive::ArrayGet {
                kind: super::data::array_kind(self.decls, &first),
                checked,
            },
            Primitive::ArraySet {
                kind: ArrayKind::Gen,
                checked,
            } => Primitive::ArraySet {
                kind: super::data::array_kind(self.decls, &first),
                checked,
            },
            p => p,
        }
    }

    fn first_argument(&self, ty: &Type) -> Option<Type> {
        match &*self.decls.expand_head(ty) {
            TypeExpr::Arrow(_, a, _) => Some(a.clone()),
            _ => None,
        }
    }

    fn compare_kind(&self, t: &Type) -> CompareKind {
        match self.decls.repr_of(t) {
            Repr::Immediate => CompareKind::Int,
            Repr::Float => CompareKind::Float,
            Repr::String => CompareKind::String,
            Repr::Int32 => CompareKind::Boxed(IntKind::Int32),
            Repr::Int64 => CompareKind::Boxed(IntKind::Int64),
            Repr::Nativeint => CompareKind::Boxed(IntKind::Nativeint),
            Repr::Block | Repr::Unknown => CompareKind::Generic,
        }
    }
}

/// The primitives whose operands ocamlopt evaluates left to right, unlike
/// every other (checked against ocamlopt 4.13): `compare` on immediates,
/// floats and boxed integers, string indexing, and the division and
/// remainder of boxed integers (which test the divisor first).
fn evaluates_left_to_right(p: &Primitive) -> bool {
    match p {
        Primitive::CompareTotal(k) => matches!(k, CompareKind::Int | CompareKind::Float | CompareKind::Boxed(_)),
        Primitive::StringGet { .. } => true,
        Primitive::IntArith(kind, IntOp::Div | IntOp::Mod) => *kind != IntKind::Int,
        _ => false,
    }
}
