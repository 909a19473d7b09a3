//! Lambda's primitives in terms of the CPS language's: OCaml values are
//! untagged and unboxed around the operations on naked numbers, checks that
//! raise are written out, and what only the runtime can do becomes a call.

use super::{Converter, Join, Kont};
use crate::cps::kinds::{BoxedNumber, IntKind, Kind, NumKind};
use crate::cps::primitives::{
    ArrayKind, BlockShape, Comparison, Equality, FieldKind, FloatOp, IntOp, Mutability, PrimOp,
    ShiftOp, Signedness, StringKind,
};
use crate::cps::terms::{Apply, CallKind, Expr, Return, Simple};
use crate::lambda::ir::{Constant, Lambda};
use crate::lambda::primitive::{
    self as lp, ArrayKind as LArrayKind, CompareKind, PredefException, Primitive,
};
use crate::observable::{self as obs, CompareOp};

/// A name for the result of `p`.
pub(super) fn hint(p: &Primitive) -> &'static str {
    use Primitive as P;
    match p {
        P::MakeBlock { .. } => "block",
        P::Field(_) | P::FloatField(_) => "field",
        P::IntArith(..) | P::IntNeg(_) | P::FloatArith(_) | P::FloatNeg | P::FloatAbs => "n",
        P::Compare(..) | P::CompareTotal(_) | P::PhysEqual { .. } | P::Not => "b",
        P::StringGet { .. } => "char",
        P::StringLength | P::ArrayLength(_) => "len",
        P::MakeArray(_) | P::MakeVect => "array",
        P::ArrayGet { .. } => "elt",
        P::FormatInt(_) | P::FormatFloat => "text",
        P::OpenDescriptorOut => "chan",
        P::PredefException(_) | P::NewException(_) => "exn",
        _ => "x",
    }
}

/// The name of an integer operation's result: the one `k` wants if the
/// result is the value (an `int`), a plain one if it is boxed next.
fn naked_hint(kind: obs::IntKind, k: &Kont<'_>) -> String {
    match boxed(kind) {
        None => k.hint_or("n"),
        Some(_) => "n".to_string(),
    }
}

fn int_kind(k: obs::IntKind) -> IntKind {
    match k {
        obs::IntKind::Int => IntKind::Tagged,
        obs::IntKind::Int32 => IntKind::Int32,
        obs::IntKind::Int64 => IntKind::Int64,
        obs::IntKind::Nativeint => IntKind::Nativeint,
    }
}

/// The box of a boxed integer kind (`None` for `int`, which is tagged).
fn boxed(k: obs::IntKind) -> Option<BoxedNumber> {
    match k {
        obs::IntKind::Int => None,
        obs::IntKind::Int32 => Some(BoxedNumber::Int32),
        obs::IntKind::Int64 => Some(BoxedNumber::Int64),
        obs::IntKind::Nativeint => Some(BoxedNumber::Nativeint),
    }
}

fn comparison(op: CompareOp) -> Comparison {
    match op {
        CompareOp::Eq => Comparison::Eq,
        CompareOp::Ne => Comparison::Ne,
        CompareOp::Lt => Comparison::Lt,
        CompareOp::Le => Comparison::Le,
        CompareOp::Gt => Comparison::Gt,
        CompareOp::Ge => Comparison::Ge,
    }
}

fn mutability(mutable: bool) -> Mutability {
    if mutable {
        Mutability::Mutable
    } else {
        Mutability::Immutable
    }
}

const ARRAY_MUT: Mutability = Mutability::Mutable;

impl<'a> Converter<'a> {
    /// A primitive applied to Lambda arguments: the arguments right to left,
    /// then the operation.
    pub(super) fn prim(&mut self, p: &'a Primitive, args: &'a [Lambda], k: Kont<'a>) -> Expr {
        // The library defines `nan` and friends with `float_of_bits` of a
        // constant: the result is a constant too.
        if let (
            Primitive::FloatOfBits,
            [Lambda::Const(Constant::Boxed(obs::IntKind::Int64, bits))],
        ) = (p, args)
        {
            let s = self.constant(&Constant::Float(f64::from_bits(*bits as u64)));
            return self.resume(k, s);
        }
        self.exprs(args, move |c, args| c.primitive(p, args, k))
    }

    fn primitive(&mut self, p: &'a Primitive, args: Vec<Simple>, k: Kont<'a>) -> Expr {
        use Primitive as P;
        let h = hint(p);
        match (p, args.as_slice()) {
            (P::MakeBlock { tag, mutable }, _) => {
                let op = PrimOp::MakeBlock {
                    tag: *tag,
                    shape: BlockShape::Values,
                    mutability: mutability(*mutable),
                };
                self.prim_to(op, args, k, h)
            }
            (P::Field(n), [b]) => {
                let op = PrimOp::BlockLoad {
                    field: *n,
                    kind: FieldKind::Value,
                    mutability: Mutability::Mutable,
                };
                self.prim_to(op, vec![*b], k, h)
            }
            (P::SetField(n), [b, v]) => {
                let op = PrimOp::BlockSet {
                    field: *n,
                    kind: FieldKind::Value,
                };
                self.prim_to(op, vec![*b, *v], k, "u")
            }
            (P::FloatField(n), [b]) => {
                let op = PrimOp::BlockLoad {
                    field: *n,
                    kind: FieldKind::NakedFloat,
                    mutability: Mutability::Mutable,
                };
                self.let_prim("x", op, vec![*b], |c, x| c.box_to(BoxedNumber::Float, x, k))
            }
            (P::SetFloatField(n), [b, v]) => {
                let (b, n) = (*b, *n);
                self.unbox(BoxedNumber::Float, *v, move |c, x| {
                    let op = PrimOp::BlockSet {
                        field: n,
                        kind: FieldKind::NakedFloat,
                    };
                    c.prim_to(op, vec![b, x], k, "u")
                })
            }
            (P::OffsetRef(delta), [r]) => {
                let (r, delta) = (*r, *delta);
                let load = PrimOp::BlockLoad {
                    field: 0,
                    kind: FieldKind::Immediate,
                    mutability: Mutability::Mutable,
                };
                self.let_prim("old", load, vec![r], move |c, old| {
                    let add = PrimOp::IntArith(IntKind::Tagged, IntOp::Add);
                    c.let_prim(
                        "new",
                        add,
                        vec![old, Simple::tagged(delta)],
                        move |c, new| {
                            let set = PrimOp::BlockSet {
                                field: 0,
                                kind: FieldKind::Immediate,
                            };
                            c.prim_to(set, vec![r, new], k, "u")
                        },
                    )
                })
            }
            (P::IntArith(kind, op), [a, b]) => self.int_arith(*kind, *op, *a, *b, k),
            (P::IntNeg(kind), [a]) => {
                let kind = *kind;
                let hint = naked_hint(kind, &k);
                self.unboxed_int(kind, *a, move |c, x| {
                    c.let_prim(
                        &hint,
                        PrimOp::IntNeg(int_kind(kind)),
                        vec![x],
                        move |c, r| c.boxed_int_to(kind, r, k),
                    )
                })
            }
            (P::Not, [a]) => self.prim_to(PrimOp::BooleanNot, vec![*a], k, h),
            (P::Convert { from, to }, [a]) => self.convert_number(*from, *to, *a, k),
            (P::FloatArith(op), [a, b]) => {
                let op = match op {
                    lp::FloatOp::Add => FloatOp::Add,
                    lp::FloatOp::Sub => FloatOp::Sub,
                    lp::FloatOp::Mul => FloatOp::Mul,
                    lp::FloatOp::Div => FloatOp::Div,
                };
                self.float_op(PrimOp::FloatArith(op), vec![*a, *b], k)
            }
            (P::FloatNeg, [a]) => self.float_op(PrimOp::FloatNeg, vec![*a], k),
            (P::FloatAbs, [a]) => self.float_op(PrimOp::FloatAbs, vec![*a], k),
            (P::FloatFn(f), _) => self.runtime(f.c_name(), args, k),
            (P::FloatOfBits, _) => self.runtime("caml_int64_float_of_bits", args, k),
            (P::Compare(kind, op), [a, b]) => self.compare(*kind, *op, *a, *b, k),
            (P::CompareTotal(kind), [a, b]) => self.compare_total(*kind, *a, *b, k),
            (P::PhysEqual { .. }, [a, b]) => {
                let (a, b) = (*a, *b);
                self.naked_test_of(p, a, b, move |c, t| c.tag_to(t, k))
            }
            (P::StringLength, [s]) => {
                self.prim_to(PrimOp::StringLength(StringKind::String), vec![*s], k, h)
            }
            (P::StringGet { checked }, [s, i]) => {
                let (s, i) = (*s, *i);
                self.bounds_checked(
                    *checked,
                    PrimOp::StringLength(StringKind::String),
                    s,
                    i,
                    move |c| {
                        let load = PrimOp::StringLoad(StringKind::String);
                        c.let_prim("byte", load, vec![s, i], move |c, b| c.tag_to(b, k))
                    },
                )
            }
            (P::BytesSet { checked }, [s, i, ch]) => {
                let (s, i, ch) = (*s, *i, *ch);
                self.bounds_checked(
                    *checked,
                    PrimOp::StringLength(StringKind::Bytes),
                    s,
                    i,
                    move |c| {
                        c.let_prim("byte", PrimOp::UntagImmediate, vec![ch], move |c, b| {
                            c.prim_to(PrimOp::BytesSet, vec![s, i, b], k, "u")
                        })
                    },
                )
            }
            (P::BytesCreate, _) => self.runtime("caml_create_bytes", args, k),
            (P::BlitString, _) => self.runtime("caml_blit_string", args, k),
            (P::FillBytes, _) => self.runtime("caml_fill_bytes", args, k),
            (P::MakeArray(kind), _) => self.make_array(*kind, args, k),
            (P::ArrayLength(_), [a]) => self.prim_to(PrimOp::ArrayLength, vec![*a], k, h),
            (P::ArrayGet { kind, checked }, [a, i]) => {
                let (kind, a, i) = (*kind, *a, *i);
                self.bounds_checked(*checked, PrimOp::ArrayLength, a, i, move |c| {
                    c.array_get(kind, a, i, k)
                })
            }
            (P::ArraySet { kind, checked }, [a, i, v]) => {
                let (kind, a, i, v) = (*kind, *a, *i, *v);
                self.bounds_checked(*checked, PrimOp::ArrayLength, a, i, move |c| {
                    c.array_set(kind, a, i, v, k)
                })
            }
            (P::MakeVect, _) => self.runtime("caml_make_vect", args, k),
            (P::FormatInt(kind), _) => {
                let name = match kind {
                    obs::IntKind::Int => "caml_format_int",
                    obs::IntKind::Int32 => "caml_int32_format",
                    obs::IntKind::Int64 => "caml_int64_format",
                    obs::IntKind::Nativeint => "caml_nativeint_format",
                };
                self.runtime(name, args, k)
            }
            (P::FormatFloat, _) => self.runtime("caml_format_float", args, k),
            (P::IntOfString(kind), _) => {
                let name = match kind {
                    obs::IntKind::Int => "caml_int_of_string",
                    obs::IntKind::Int32 => "caml_int32_of_string",
                    obs::IntKind::Int64 => "caml_int64_of_string",
                    obs::IntKind::Nativeint => "caml_nativeint_of_string",
                };
                self.runtime(name, args, k)
            }
            (P::OpenDescriptorOut, _) => self.runtime("caml_ml_open_descriptor_out", args, k),
            (P::Output, _) => self.runtime("caml_ml_output", args, k),
            (P::OutputChar, _) => self.runtime("caml_ml_output_char", args, k),
            (P::Flush, _) => self.runtime("caml_ml_flush", args, k),
            // `exit` does not come back: what would follow it is not built.
            (P::SysExit, _) => self.runtime_call("caml_sys_exit", args, Return::Never),
            (P::PredefException(e), []) => {
                let s = Simple::Symbol(self.predef_symbol(*e));
                self.resume(k, s)
            }
            (P::NewException(name), []) => self.new_exception(name, k),
            (p, args) => self.fail(format!("primitive {p} applied to {} arguments", args.len())),
        }
    }
}

// Calls into the runtime.
impl<'a> Converter<'a> {
    /// A runtime function of OCaml values, returning one value to `k`.
    pub(super) fn runtime(&mut self, name: &str, args: Vec<Simple>, k: Kont<'a>) -> Expr {
        let hint = k.hint_or("r");
        let name = name.to_string();
        self.with_cont(k, Kind::Value, &hint, move |c, ret| {
            c.runtime_call(&name, args, Return::Cont(ret))
        })
    }

    pub(super) fn runtime_call(
        &mut self,
        name: &str,
        args: Vec<Simple>,
        return_to: Return,
    ) -> Expr {
        Expr::Apply(Box::new(Apply {
            callee: None,
            call_kind: CallKind::Runtime {
                name: name.to_string(),
                arg_kinds: vec![Kind::Value; args.len()],
                result_kinds: vec![Kind::Value],
            },
            args,
            return_to,
            exn_cont: self.traps.exn,
        }))
    }

    /// `exception E`: a new exception constructor, a block with the
    /// constructor's name and a fresh identity, as OCaml allocates it.
    fn new_exception(&mut self, name: &str, k: Kont<'a>) -> Expr {
        let name = self.string_symbol(name.as_bytes());
        let op = PrimOp::MakeBlock {
            tag: obs::tag::OBJECT,
            shape: BlockShape::Values,
            mutability: Mutability::Immutable,
        };
        let k_id = Kont::meta("id", move |c, id| c.prim_to(op, vec![name, id], k, "exn"));
        self.runtime("caml_fresh_oo_id", vec![Simple::unit()], k_id)
    }
}

// Numbers: tagging, boxing, arithmetic.
impl<'a> Converter<'a> {
    pub(super) fn unbox(
        &mut self,
        n: BoxedNumber,
        v: Simple,
        rest: impl FnOnce(&mut Self, Simple) -> Expr,
    ) -> Expr {
        let hint = self.hint_of(v);
        self.let_prim(&hint, PrimOp::UnboxNumber(n), vec![v], rest)
    }

    fn box_to(&mut self, n: BoxedNumber, x: Simple, k: Kont<'a>) -> Expr {
        self.prim_to(PrimOp::BoxNumber(n), vec![x], k, "n")
    }

    pub(super) fn tag_to(&mut self, x: Simple, k: Kont<'a>) -> Expr {
        self.prim_to(PrimOp::TagImmediate, vec![x], k, "n")
    }

    /// The integer of kind `kind` in `v`, in the form the CPS arithmetic
    /// works on: a tagged `int` as it is, a boxed integer unboxed.
    fn unboxed_int(
        &mut self,
        kind: obs::IntKind,
        v: Simple,
        rest: impl FnOnce(&mut Self, Simple) -> Expr,
    ) -> Expr {
        match boxed(kind) {
            None => rest(self, v),
            Some(n) => self.unbox(n, v, rest),
        }
    }

    fn boxed_int_to(&mut self, kind: obs::IntKind, x: Simple, k: Kont<'a>) -> Expr {
        match boxed(kind) {
            None => self.resume(k, x),
            Some(n) => self.box_to(n, x, k),
        }
    }

    fn float_op(&mut self, op: PrimOp, args: Vec<Simple>, k: Kont<'a>) -> Expr {
        self.unbox_all(BoxedNumber::Float, args, Vec::new(), move |c, xs| {
            c.let_prim("x", op, xs, move |c, r| c.box_to(BoxedNumber::Float, r, k))
        })
    }

    fn unbox_all(
        &mut self,
        n: BoxedNumber,
        mut rest_args: Vec<Simple>,
        mut done: Vec<Simple>,
        then: impl FnOnce(&mut Self, Vec<Simple>) -> Expr,
    ) -> Expr {
        if rest_args.is_empty() {
            return then(self, done);
        }
        let first = rest_args.remove(0);
        self.unbox(n, first, move |c, x| {
            done.push(x);
            c.unbox_all(n, rest_args, done, then)
        })
    }

    fn int_arith(
        &mut self,
        kind: obs::IntKind,
        op: lp::IntOp,
        a: Simple,
        b: Simple,
        k: Kont<'a>,
    ) -> Expr {
        let ik = int_kind(kind);
        let arith = |op| Some(PrimOp::IntArith(ik, op));
        let shift = |op| Some(PrimOp::IntShift(ik, op));
        let (op, divides) = match op {
            lp::IntOp::Add => (arith(IntOp::Add), false),
            lp::IntOp::Sub => (arith(IntOp::Sub), false),
            lp::IntOp::Mul => (arith(IntOp::Mul), false),
            lp::IntOp::Div => (arith(IntOp::Div), true),
            lp::IntOp::Mod => (arith(IntOp::Mod), true),
            lp::IntOp::And => (arith(IntOp::And), false),
            lp::IntOp::Or => (arith(IntOp::Or), false),
            lp::IntOp::Xor => (arith(IntOp::Xor), false),
            lp::IntOp::Lsl => (shift(ShiftOp::Lsl), false),
            lp::IntOp::Lsr => (shift(ShiftOp::Lsr), false),
            lp::IntOp::Asr => (shift(ShiftOp::Asr), false),
        };
        let Some(op) = op else {
            return self.fail("integer operation".to_string());
        };
        let is_shift = matches!(op, PrimOp::IntShift(..));
        let hint = naked_hint(kind, &k);
        self.unboxed_int(kind, a, move |c, x| {
            // A shift amount is an `int`, whatever the kind shifted.
            let second = move |c: &mut Self, y: Simple| {
                if divides {
                    c.divide(kind, op, x, y, k)
                } else {
                    c.let_prim(&hint, op, vec![x, y], move |c, r| {
                        c.boxed_int_to(kind, r, k)
                    })
                }
            };
            if is_shift {
                c.let_prim("shift", PrimOp::UntagImmediate, vec![b], second)
            } else {
                c.unboxed_int(kind, b, second)
            }
        })
    }

    /// A division or remainder: `Division_by_zero` if the divisor is zero,
    /// checked first unless it is a non-zero constant.
    fn divide(
        &mut self,
        kind: obs::IntKind,
        op: PrimOp,
        x: Simple,
        y: Simple,
        k: Kont<'a>,
    ) -> Expr {
        let ik = int_kind(kind);
        let zero = match ik {
            IntKind::Tagged => Simple::tagged(0),
            IntKind::Naked => Simple::naked(0),
            IntKind::Int32 => Simple::Const(crate::cps::terms::Const::NakedInt32(0)),
            IntKind::Int64 => Simple::Const(crate::cps::terms::Const::NakedInt64(0)),
            IntKind::Nativeint => Simple::Const(crate::cps::terms::Const::NakedNativeint(0)),
        };
        let known_non_zero = matches!(
            y,
            Simple::Const(
                crate::cps::terms::Const::Tagged(n)
                    | crate::cps::terms::Const::NakedInt64(n)
                    | crate::cps::terms::Const::NakedNativeint(n)
            ) if n != 0
        );
        let hint = naked_hint(kind, &k);
        let divide = move |c: &mut Self| {
            c.let_prim(&hint, op, vec![x, y], move |c, r| {
                c.boxed_int_to(kind, r, k)
            })
        };
        if known_non_zero {
            return divide(self);
        }
        let test = PrimOp::IntComp(ik, Comparison::Ne, Signedness::Signed);
        self.let_prim("non_zero", test, vec![y, zero], move |c, ok| {
            c.check(
                ok,
                "k_div_by_zero",
                |c| c.raise_predef(PredefException::DivisionByZero, None),
                divide,
            )
        })
    }

    fn convert_number(
        &mut self,
        from: lp::NumKind,
        to: lp::NumKind,
        a: Simple,
        k: Kont<'a>,
    ) -> Expr {
        let cps_kind = |n: lp::NumKind| match n {
            lp::NumKind::Int(i) => NumKind::Int(int_kind(i)),
            lp::NumKind::Float => NumKind::Float,
        };
        let boxed_of = |n: lp::NumKind| match n {
            lp::NumKind::Int(i) => boxed(i),
            lp::NumKind::Float => Some(BoxedNumber::Float),
        };
        if from == to {
            return self.resume(k, a);
        }
        let (src, dst) = (cps_kind(from), cps_kind(to));
        let (unbox, rebox) = (boxed_of(from), boxed_of(to));
        let hint = if rebox.is_none() {
            k.hint_or("n")
        } else {
            "n".to_string()
        };
        let convert = move |c: &mut Self, x: Simple| {
            c.let_prim(
                &hint,
                PrimOp::NumConv { src, dst },
                vec![x],
                move |c, r| match rebox {
                    Some(n) => c.box_to(n, r, k),
                    None => c.resume(k, r),
                },
            )
        };
        match unbox {
            Some(n) => self.unbox(n, a, convert),
            None => convert(self, a),
        }
    }
}

// Comparisons.
impl<'a> Converter<'a> {
    /// Is `p` a test the CPS language computes as a naked 0/1?
    pub(super) fn naked_test(p: &Primitive) -> Option<()> {
        match p {
            Primitive::Compare(
                CompareKind::Int | CompareKind::Float | CompareKind::Boxed(_),
                _,
            )
            | Primitive::PhysEqual { .. } => Some(()),
            _ => None,
        }
    }

    /// The naked 0/1 result of a test that [`naked_test`](Self::naked_test)
    /// accepts.
    pub(super) fn naked_test_of(
        &mut self,
        p: &Primitive,
        a: Simple,
        b: Simple,
        then: impl FnOnce(&mut Self, Simple) -> Expr,
    ) -> Expr {
        match p {
            Primitive::Compare(CompareKind::Int, op) => {
                let op = PrimOp::IntComp(IntKind::Tagged, comparison(*op), Signedness::Signed);
                self.let_prim("test", op, vec![a, b], then)
            }
            Primitive::Compare(CompareKind::Float, op) => {
                let op = PrimOp::FloatComp(comparison(*op));
                self.unbox_all(BoxedNumber::Float, vec![a, b], Vec::new(), move |c, xs| {
                    c.let_prim("test", op, xs, then)
                })
            }
            Primitive::Compare(CompareKind::Boxed(kind), op) => {
                let op = PrimOp::IntComp(int_kind(*kind), comparison(*op), Signedness::Signed);
                let n = boxed(*kind).unwrap_or(BoxedNumber::Int64);
                self.unbox_all(n, vec![a, b], Vec::new(), move |c, xs| {
                    c.let_prim("test", op, xs, then)
                })
            }
            Primitive::PhysEqual { negated } => {
                let op = PrimOp::PhysEqual(if *negated { Equality::Ne } else { Equality::Eq });
                self.let_prim("test", op, vec![a, b], then)
            }
            _ => self.fail(format!("{p} is not a naked test")),
        }
    }

    fn compare(
        &mut self,
        kind: CompareKind,
        op: CompareOp,
        a: Simple,
        b: Simple,
        k: Kont<'a>,
    ) -> Expr {
        match kind {
            CompareKind::String | CompareKind::Generic => {
                let word = match op {
                    CompareOp::Eq => "equal",
                    CompareOp::Ne => "notequal",
                    CompareOp::Lt => "lessthan",
                    CompareOp::Le => "lessequal",
                    CompareOp::Gt => "greaterthan",
                    CompareOp::Ge => "greaterequal",
                };
                let prefix = if kind == CompareKind::String {
                    "caml_string_"
                } else {
                    "caml_"
                };
                self.runtime(&format!("{prefix}{word}"), vec![a, b], k)
            }
            _ => {
                let p = Primitive::Compare(kind, op);
                self.naked_test_of(&p, a, b, move |c, t| c.tag_to(t, k))
            }
        }
    }

    fn compare_total(&mut self, kind: CompareKind, a: Simple, b: Simple, k: Kont<'a>) -> Expr {
        match kind {
            CompareKind::Int => {
                let op = PrimOp::IntCompare(IntKind::Tagged, Signedness::Signed);
                self.let_prim("c", op, vec![a, b], move |c, r| c.tag_to(r, k))
            }
            CompareKind::Float => {
                self.unbox_all(BoxedNumber::Float, vec![a, b], Vec::new(), move |c, xs| {
                    c.let_prim("c", PrimOp::FloatCompare, xs, move |c, r| c.tag_to(r, k))
                })
            }
            CompareKind::Boxed(ik) => {
                let op = PrimOp::IntCompare(int_kind(ik), Signedness::Signed);
                let n = boxed(ik).unwrap_or(BoxedNumber::Int64);
                self.unbox_all(n, vec![a, b], Vec::new(), move |c, xs| {
                    c.let_prim("c", op, xs, move |c, r| c.tag_to(r, k))
                })
            }
            CompareKind::String => self.runtime("caml_string_compare", vec![a, b], k),
            CompareKind::Generic => self.runtime("caml_compare", vec![a, b], k),
        }
    }
}

// Strings and arrays.
impl<'a> Converter<'a> {
    /// When `checked`, `0 <= i < length x` or `Invalid_argument "index out
    /// of bounds"`: one unsigned comparison tests both bounds, since a
    /// negative index is a huge unsigned number.
    fn bounds_checked(
        &mut self,
        checked: bool,
        length: PrimOp,
        x: Simple,
        i: Simple,
        access: impl FnOnce(&mut Self) -> Expr,
    ) -> Expr {
        if !checked {
            return access(self);
        }
        self.let_prim("len", length, vec![x], move |c, len| {
            let op = PrimOp::IntComp(IntKind::Tagged, Comparison::Lt, Signedness::Unsigned);
            c.let_prim("in_bounds", op, vec![i, len], move |c, ok| {
                c.check(
                    ok,
                    "k_out_of_bounds",
                    |c| {
                        c.raise_predef(
                            PredefException::InvalidArgument,
                            Some("index out of bounds"),
                        )
                    },
                    access,
                )
            })
        })
    }

    /// An array access whose kind the types did not give (`Gen`): a float
    /// array is flat, every other array holds values, and which one it is
    /// is asked at run time.
    fn on_flatness(
        &mut self,
        a: Simple,
        k: Kont<'a>,
        floats: impl FnOnce(&mut Self, Kont<'a>) -> Expr,
        values: impl FnOnce(&mut Self, Kont<'a>) -> Expr,
    ) -> Expr {
        self.with_join(k, "elt", move |c, join| {
            c.let_prim(
                "is_flat",
                PrimOp::IsFlatFloatArray,
                vec![a],
                move |c, flat| {
                    let yes = floats(c, join.into());
                    let no = values(c, join.into());
                    c.branch(flat, yes, no)
                },
            )
        })
    }

    fn array_get(&mut self, kind: LArrayKind, a: Simple, i: Simple, k: Kont<'a>) -> Expr {
        let load = |kind| PrimOp::ArrayLoad {
            kind,
            mutability: ARRAY_MUT,
        };
        let floats = move |c: &mut Self, k: Kont<'a>| {
            c.let_prim(
                "x",
                load(ArrayKind::NakedFloats),
                vec![a, i],
                move |c, x| c.box_to(BoxedNumber::Float, x, k),
            )
        };
        match kind {
            LArrayKind::Int => self.prim_to(load(ArrayKind::Immediates), vec![a, i], k, "elt"),
            LArrayKind::Addr => self.prim_to(load(ArrayKind::Values), vec![a, i], k, "elt"),
            LArrayKind::Float => floats(self, k),
            LArrayKind::Gen => self.on_flatness(a, k, floats, move |c, k| {
                c.prim_to(load(ArrayKind::Values), vec![a, i], k, "elt")
            }),
        }
    }

    fn array_set(
        &mut self,
        kind: LArrayKind,
        a: Simple,
        i: Simple,
        v: Simple,
        k: Kont<'a>,
    ) -> Expr {
        let set = |kind| PrimOp::ArraySet { kind };
        let floats = move |c: &mut Self, k: Kont<'a>| {
            c.unbox(BoxedNumber::Float, v, move |c, x| {
                c.prim_to(set(ArrayKind::NakedFloats), vec![a, i, x], k, "u")
            })
        };
        match kind {
            LArrayKind::Int => self.prim_to(set(ArrayKind::Immediates), vec![a, i, v], k, "u"),
            LArrayKind::Addr => self.prim_to(set(ArrayKind::Values), vec![a, i, v], k, "u"),
            LArrayKind::Float => floats(self, k),
            LArrayKind::Gen => self.on_flatness(a, k, floats, move |c, k| {
                c.prim_to(set(ArrayKind::Values), vec![a, i, v], k, "u")
            }),
        }
    }

    /// `[| a; b; c |]`. With `Gen`, the array is flat if its first element
    /// is a float (OCaml's `caml_make_array` looks at the first element too).
    fn make_array(&mut self, kind: LArrayKind, elements: Vec<Simple>, k: Kont<'a>) -> Expr {
        let make = |kind| PrimOp::MakeArray {
            kind,
            mutability: ARRAY_MUT,
        };
        let floats = |c: &mut Self, elements: Vec<Simple>, k: Kont<'a>| {
            c.unbox_all(BoxedNumber::Float, elements, Vec::new(), move |c, xs| {
                c.prim_to(make(ArrayKind::NakedFloats), xs, k, "array")
            })
        };
        match kind {
            LArrayKind::Int => self.prim_to(make(ArrayKind::Immediates), elements, k, "array"),
            LArrayKind::Addr => self.prim_to(make(ArrayKind::Values), elements, k, "array"),
            LArrayKind::Float => floats(self, elements, k),
            LArrayKind::Gen => {
                let Some(first) = elements.first().copied() else {
                    return self.prim_to(make(ArrayKind::Values), elements, k, "array");
                };
                self.with_join(k, "array", move |c, join| {
                    c.let_prim("is_int", PrimOp::IsInt, vec![first], move |c, is_int| {
                        let values = elements.clone();
                        let as_values = c.prim_to(
                            make(ArrayKind::Values),
                            values.clone(),
                            join.into(),
                            "array",
                        );
                        let as_block =
                            c.let_prim("tag", PrimOp::GetTag, vec![first], move |c, tag| {
                                let op = PrimOp::IntComp(
                                    IntKind::Naked,
                                    Comparison::Eq,
                                    Signedness::Signed,
                                );
                                let double = Simple::naked(obs::tag::DOUBLE as i64);
                                c.let_prim("is_float", op, vec![tag, double], move |c, is_float| {
                                    let yes = floats(c, elements, Join::into(join));
                                    let no = c.prim_to(
                                        make(ArrayKind::Values),
                                        values,
                                        join.into(),
                                        "array",
                                    );
                                    c.branch(is_float, yes, no)
                                })
                            });
                        c.branch(is_int, as_values, as_block)
                    })
                })
            }
        }
    }
}
