//! Helpers that make building Lambda terms by hand pleasant: in tests, in
//! the book's examples, and in the lowering.

use super::ir::*;
use super::primitive::{CompareKind, IntOp, PredefException, Primitive};
use crate::observable::{CompareOp, IntKind, UncaughtPrinter};

/// A source of fresh variables and labels, and the helpers that need them.
#[derive(Default)]
pub struct Builder {
    pub fresh: Fresh,
}

impl Builder {
    pub fn new() -> Builder {
        Builder::default()
    }

    pub fn var(&mut self, name: &str) -> Var {
        self.fresh.var(name)
    }

    pub fn label(&mut self) -> Label {
        self.fresh.label()
    }

    /// The finished program, reporting uncaught exceptions as the C runtime
    /// does (no `Printexc`).
    pub fn program(self, body: Lambda) -> Program {
        Program {
            body,
            uncaught_printer: UncaughtPrinter::Runtime,
            fresh: self.fresh,
        }
    }

    /// `let x = def in body x`.
    pub fn bind(&mut self, name: &str, def: Lambda, body: impl FnOnce(&Var) -> Lambda) -> Lambda {
        let v = self.var(name);
        let b = body(&v);
        let_(&v, def, b)
    }

    /// `print_string e`: write to the stdout channel without flushing.
    pub fn print_string(&mut self, e: Lambda) -> Lambda {
        self.output_string(1, e)
    }

    /// `prerr_string e`.
    pub fn prerr_string(&mut self, e: Lambda) -> Lambda {
        self.output_string(2, e)
    }

    fn output_string(&mut self, fd: i64, e: Lambda) -> Lambda {
        self.bind("s", e, |s| {
            prim(
                Primitive::Output,
                vec![
                    channel(fd),
                    var(s),
                    int(0),
                    prim(Primitive::StringLength, vec![var(s)]),
                ],
            )
        })
    }

    /// `print_int e`.
    pub fn print_int(&mut self, e: Lambda) -> Lambda {
        let text = prim(Primitive::FormatInt(IntKind::Int), vec![string("%d"), e]);
        self.print_string(text)
    }

    /// `print_float e` (without the `valid_float_lexem` step of OCaml's
    /// `string_of_float`, which the prelude adds).
    pub fn print_float_g(&mut self, e: Lambda) -> Lambda {
        let text = prim(Primitive::FormatFloat, vec![string("%.12g"), e]);
        self.print_string(text)
    }
}

/// The channel on descriptor `fd` (1 for stdout, 2 for stderr).
pub fn channel(fd: i64) -> Lambda {
    prim(Primitive::OpenDescriptorOut, vec![int(fd)])
}

/// `print_newline ()`: a newline on stdout, then a flush.
pub fn print_newline() -> Lambda {
    seq(vec![
        prim(Primitive::OutputChar, vec![channel(1), int(b'\n' as i64)]),
        prim(Primitive::Flush, vec![channel(1)]),
    ])
}

pub fn var(v: &Var) -> Lambda {
    Lambda::Var(v.clone())
}

pub fn int(n: i64) -> Lambda {
    Lambda::Const(Constant::Int(n))
}

pub fn float(x: f64) -> Lambda {
    Lambda::Const(Constant::Float(x))
}

pub fn string(s: &str) -> Lambda {
    Lambda::Const(Constant::String(s.as_bytes().to_vec()))
}

pub fn unit() -> Lambda {
    int(0)
}

pub fn boolean(b: bool) -> Lambda {
    int(b as i64)
}

pub fn prim(prim: Primitive, args: Vec<Lambda>) -> Lambda {
    Lambda::Prim { prim, args }
}

pub fn apply(func: Lambda, args: Vec<Lambda>) -> Lambda {
    Lambda::Apply {
        func: Box::new(func),
        args,
    }
}

pub fn func(params: &[&Var], body: Lambda) -> Function {
    Function {
        params: params.iter().map(|&p| p.clone()).collect(),
        body,
    }
}

pub fn function(params: &[&Var], body: Lambda) -> Lambda {
    Lambda::Function(Box::new(func(params, body)))
}

pub fn let_(v: &Var, def: Lambda, body: Lambda) -> Lambda {
    Lambda::Let {
        kind: LetKind::Strict,
        var: v.clone(),
        def: Box::new(def),
        body: Box::new(body),
    }
}

pub fn let_mut(v: &Var, def: Lambda, body: Lambda) -> Lambda {
    Lambda::Let {
        kind: LetKind::Mutable,
        var: v.clone(),
        def: Box::new(def),
        body: Box::new(body),
    }
}

pub fn letrec(bindings: Vec<(Var, Function)>, body: Lambda) -> Lambda {
    Lambda::LetRec {
        bindings,
        body: Box::new(body),
    }
}

pub fn assign(v: &Var, value: Lambda) -> Lambda {
    Lambda::Assign {
        var: v.clone(),
        value: Box::new(value),
    }
}

/// `e1; e2; ...; en` (unit for an empty list).
pub fn seq(items: Vec<Lambda>) -> Lambda {
    let mut items = items.into_iter().rev();
    let last = items.next().unwrap_or_else(unit);
    items.fold(last, |rest, e| Lambda::Seq(Box::new(e), Box::new(rest)))
}

pub fn if_(cond: Lambda, then_: Lambda, else_: Lambda) -> Lambda {
    Lambda::If {
        cond: Box::new(cond),
        then_: Box::new(then_),
        else_: Box::new(else_),
    }
}

pub fn while_(cond: Lambda, body: Lambda) -> Lambda {
    Lambda::While {
        cond: Box::new(cond),
        body: Box::new(body),
    }
}

pub fn for_(v: &Var, start: Lambda, end: Lambda, direction: Direction, body: Lambda) -> Lambda {
    Lambda::For {
        var: v.clone(),
        start: Box::new(start),
        end: Box::new(end),
        direction,
        body: Box::new(body),
    }
}

pub fn switch(
    scrutinee: Lambda,
    arms: Vec<(Vec<SwitchCase>, Lambda)>,
    default: Option<Lambda>,
) -> Lambda {
    Lambda::Switch {
        scrutinee: Box::new(scrutinee),
        arms: arms
            .into_iter()
            .map(|(cases, body)| SwitchArm { cases, body })
            .collect(),
        default: default.map(Box::new),
    }
}

pub fn catch(body: Lambda, label: Label, params: &[&Var], handler: Lambda) -> Lambda {
    Lambda::StaticCatch {
        body: Box::new(body),
        label,
        params: params.iter().map(|&p| p.clone()).collect(),
        handler: Box::new(handler),
    }
}

pub fn exit(label: Label, args: Vec<Lambda>) -> Lambda {
    Lambda::StaticRaise { label, args }
}

pub fn try_with(body: Lambda, exn: &Var, handler: Lambda) -> Lambda {
    Lambda::TryWith {
        body: Box::new(body),
        exn: exn.clone(),
        handler: Box::new(handler),
    }
}

pub fn raise(exn: Lambda) -> Lambda {
    Lambda::Raise {
        kind: RaiseKind::Regular,
        exn: Box::new(exn),
    }
}

pub fn reraise(exn: Lambda) -> Lambda {
    Lambda::Raise {
        kind: RaiseKind::Reraise,
        exn: Box::new(exn),
    }
}

pub fn int_op(op: IntOp, a: Lambda, b: Lambda) -> Lambda {
    prim(Primitive::IntArith(IntKind::Int, op), vec![a, b])
}

pub fn add(a: Lambda, b: Lambda) -> Lambda {
    int_op(IntOp::Add, a, b)
}

pub fn sub(a: Lambda, b: Lambda) -> Lambda {
    int_op(IntOp::Sub, a, b)
}

pub fn mul(a: Lambda, b: Lambda) -> Lambda {
    int_op(IntOp::Mul, a, b)
}

/// An integer comparison.
pub fn int_cmp(op: CompareOp, a: Lambda, b: Lambda) -> Lambda {
    prim(Primitive::Compare(CompareKind::Int, op), vec![a, b])
}

pub fn field(n: u32, e: Lambda) -> Lambda {
    prim(Primitive::Field(n), vec![e])
}

pub fn make_block(tag: u8, fields: Vec<Lambda>) -> Lambda {
    prim(
        Primitive::MakeBlock {
            tag,
            mutable: false,
        },
        fields,
    )
}

pub fn predef(e: PredefException) -> Lambda {
    prim(Primitive::PredefException(e), vec![])
}

/// The exception value `E arg1 ... argn` for a predefined `E`.
pub fn predef_exn(e: PredefException, args: Vec<Lambda>) -> Lambda {
    if args.is_empty() {
        predef(e)
    } else {
        let mut fields = vec![predef(e)];
        fields.extend(args);
        make_block(0, fields)
    }
}
