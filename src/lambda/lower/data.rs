//! Data: constants, constructors, tuples, records and arrays, laid out as
//! OCaml lays them out (`Translcore` with `Typeopt` deciding the array and
//! record representations).

use super::context::{Lowerer, Res};
use crate::diagnostics::Span;
use crate::lambda::builder::{int, let_, make_block, prim};
use crate::lambda::ir::{Constant, Lambda};
use crate::lambda::primitive::{ArrayKind, Primitive};
use crate::observable::IntKind;
use crate::syntax::ast;
use crate::types::decls::{RecordRepr, Tag, TypeKind};
use crate::types::ty::TypeId;
use crate::types::typed::{self, ConstructorRef, Expr, FieldRef, Type, TypeExpr};

/// A literal.
pub fn constant(c: &ast::Constant) -> Constant {
    match c {
        ast::Constant::Int(n) => Constant::Int(*n),
        ast::Constant::Char(c) => Constant::Int(i64::from(*c)),
        ast::Constant::String(s) => Constant::String(s.clone()),
        ast::Constant::Float(x) => Constant::Float(*x),
        ast::Constant::Int32(n) => Constant::Boxed(IntKind::Int32, i64::from(*n)),
        ast::Constant::Int64(n) => Constant::Boxed(IntKind::Int64, *n),
        ast::Constant::Nativeint(n) => Constant::Boxed(IntKind::Nativeint, *n),
    }
}

/// An immutable block: a structured constant when every field is a
/// constant (as OCaml's `Translcore` makes `[1; 2]` a `Const_block`), an
/// allocation otherwise.
fn immutable_block(tag: u8, fields: Vec<Lambda>) -> Lambda {
    if fields.iter().all(|f| matches!(f, Lambda::Const(_))) {
        let fields = fields
            .into_iter()
            .filter_map(|f| match f {
                Lambda::Const(c) => Some(c),
                _ => None,
            })
            .collect();
        Lambda::Const(Constant::Block { tag, fields })
    } else {
        make_block(tag, fields)
    }
}

fn block_tag(tag: u32, lowerer: &Lowerer, span: Span) -> Res<u8> {
    u8::try_from(tag)
        .ok()
        .filter(|t| *t < 246)
        .ok_or_else(|| lowerer.internal(span, "too many constructors with arguments"))
}

/// The representation of array elements, from the array's type.
pub fn array_kind(decls: &crate::types::decls::Decls, array_ty: &Type) -> ArrayKind {
    match &*decls.expand_head(array_ty) {
        TypeExpr::Con(TypeId::ARRAY, args) => match args.first() {
            Some(elem) => match decls.array_kind(elem) {
                typed::ArrayKind::Int => ArrayKind::Int,
                typed::ArrayKind::Float => ArrayKind::Float,
                typed::ArrayKind::Addr => ArrayKind::Addr,
                typed::ArrayKind::Gen => ArrayKind::Gen,
            },
            None => ArrayKind::Gen,
        },
        _ => ArrayKind::Gen,
    }
}

impl Lowerer<'_> {
    fn exprs(&mut self, es: &[Expr]) -> Res<Vec<Lambda>> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    /// A constant constructor is its number; a constructor with arguments a
    /// block with its tag; an exception its identity, alone or in field 0
    /// of a block holding its arguments.
    pub fn construct(&mut self, c: &ConstructorRef, args: &[Expr], span: Span) -> Res<Lambda> {
        match c {
            ConstructorRef::Variant { tag, .. } => match tag {
                Tag::Constant(n) => Ok(int(i64::from(*n))),
                Tag::Block(t) => {
                    let t = block_tag(*t, self, span)?;
                    let fields = self.exprs(args)?;
                    Ok(immutable_block(t, fields))
                }
            },
            ConstructorRef::Exception { exn, .. } => {
                let args = self.exprs(args)?;
                let slot = self.exception_slot(*exn, span)?;
                if args.is_empty() {
                    Ok(slot)
                } else {
                    let mut fields = vec![slot];
                    fields.extend(args);
                    Ok(make_block(0, fields))
                }
            }
        }
    }

    pub fn tuple(&mut self, items: &[Expr]) -> Res<Lambda> {
        let fields = self.exprs(items)?;
        Ok(immutable_block(0, fields))
    }

    /// A record is a block of its fields in declaration order, or, when all
    /// its fields are floats, a flat float array (`Record_float`), built
    /// the way OCaml builds it: with `makearray[float]`. `{ e with ... }`
    /// binds `e` first; the new fields are then evaluated right to left and
    /// the others read from the copy.
    pub fn record(&mut self, ty: TypeId, fields: &[Option<Expr>], base: Option<&Expr>) -> Res<Lambda> {
        let (flat, mutable) = match self.decls.types.get(ty.0 as usize).map(|d| &d.kind) {
            Some(TypeKind::Record(decls, repr)) => {
                (*repr == RecordRepr::Float, decls.iter().any(|f| f.mutable))
            }
            _ => return Err(self.internal(Span::default(), "record of a non-record type")),
        };
        let base = match base {
            Some(b) => {
                let def = self.expr(b)?;
                Some((self.temp("base"), def))
            }
            None => None,
        };
        let mut values = Vec::with_capacity(fields.len());
        for (i, f) in fields.iter().enumerate() {
            values.push(match (f, &base) {
                (Some(e), _) => self.expr(e)?,
                (None, Some((b, _))) => {
                    let read = if flat {
                        Primitive::FloatField(i as u32)
                    } else {
                        Primitive::Field(i as u32)
                    };
                    prim(read, vec![Lambda::Var(b.clone())])
                }
                (None, None) => {
                    return Err(self.internal(Span::default(), "record field without a value"))
                }
            });
        }
        let block = if flat {
            prim(Primitive::MakeArray(ArrayKind::Float), values)
        } else if mutable {
            prim(Primitive::MakeBlock { tag: 0, mutable: true }, values)
        } else {
            immutable_block(0, values)
        };
        Ok(match base {
            Some((b, def)) => let_(&b, def, block),
            None => block,
        })
    }

    pub fn field(&mut self, record: &Expr, f: &FieldRef) -> Res<Lambda> {
        let r = self.expr(record)?;
        let p = match f.repr {
            RecordRepr::Float => Primitive::FloatField(f.index),
            RecordRepr::Boxed => Primitive::Field(f.index),
        };
        Ok(prim(p, vec![r]))
    }

    pub fn set_field(&mut self, record: &Expr, f: &FieldRef, value: &Expr) -> Res<Lambda> {
        let r = self.expr(record)?;
        let v = self.expr(value)?;
        let p = match f.repr {
            RecordRepr::Float => Primitive::SetFloatField(f.index),
            RecordRepr::Boxed => Primitive::SetField(f.index),
        };
        Ok(prim(p, vec![r, v]))
    }

    /// `[| ... |]`: the empty array is the one shared atom; otherwise the
    /// elements go into a block of the array's kind (flat for floats).
    pub fn array(&mut self, items: &[Expr], ty: &Type) -> Res<Lambda> {
        if items.is_empty() {
            return Ok(Lambda::Const(Constant::Block {
                tag: 0,
                fields: Vec::new(),
            }));
        }
        let kind = array_kind(self.decls, ty);
        let values = self.exprs(items)?;
        Ok(prim(Primitive::MakeArray(kind), values))
    }

    pub fn array_get(&mut self, a: &Expr, i: &Expr) -> Res<Lambda> {
        let kind = array_kind(self.decls, &a.ty);
        let a = self.expr(a)?;
        let i = self.expr(i)?;
        Ok(prim(Primitive::ArrayGet { kind, checked: true }, vec![a, i]))
    }

    pub fn array_set(&mut self, a: &Expr, i: &Expr, v: &Expr) -> Res<Lambda> {
        let kind = array_kind(self.decls, &a.ty);
        let a = self.expr(a)?;
        let i = self.expr(i)?;
        let v = self.expr(v)?;
        Ok(prim(Primitive::ArraySet { kind, checked: true }, vec![a, i, v]))
    }
}
