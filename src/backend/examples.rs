//! The Cmm functions the back end's chapters use as examples, built as the
//! translation from CPS would build them.

use crate::cmm::helpers::*;
use crate::cmm::*;

pub fn app(f: &str, args: Vec<Expr>) -> Expr {
    let mut all = vec![Expr::ConstSymbol(f.into())];
    all.extend(args);
    op(Operation::Apply(MachType::Val), all)
}

/// `let rec fact n = if n <= 1 then 1 else n * fact (n - 1)`, as in the
/// chapter "Cmm".
pub fn fact() -> FunDecl {
    let mut fresh = Fresh::new();
    let n = fresh.var("n");
    FunDecl {
        name: "fact".into(),
        params: vec![(n.clone(), MachType::Val)],
        body: Expr::If(
            Box::new(op(Operation::CmpI(IntCmp::Le), vec![var(&n), int_const(1)])),
            Box::new(int_const(1)),
            Box::new(mul_int_caml(
                var(&n),
                app("fact", vec![sub_int_caml(var(&n), int_const(1))]),
            )),
        ),
    }
}

/// `let rec sum l = match l with [] -> 0 | x :: r -> x + sum r`: the
/// list is live across the call.
pub fn sum() -> FunDecl {
    let mut fresh = Fresh::new();
    let l = fresh.var("l");
    FunDecl {
        name: "sum".into(),
        params: vec![(l.clone(), MachType::Val)],
        body: Expr::If(
            Box::new(op(Operation::CmpI(IntCmp::Eq), vec![var(&l), int_const(0)])),
            Box::new(int_const(0)),
            Box::new(add_int_caml(
                get_field(var(&l), 0),
                app("sum", vec![get_field(var(&l), 1)]),
            )),
        ),
    }
}

/// `let rec build k acc = if k = 0 then acc else build (k - 1) (k :: acc)`:
/// an allocation in a loop of tail calls.
pub fn build() -> FunDecl {
    let mut fresh = Fresh::new();
    let (k, acc) = (fresh.var("k"), fresh.var("acc"));
    FunDecl {
        name: "build".into(),
        params: vec![(k.clone(), MachType::Val), (acc.clone(), MachType::Val)],
        body: Expr::If(
            Box::new(op(Operation::CmpI(IntCmp::Eq), vec![var(&k), int_const(0)])),
            Box::new(var(&acc)),
            Box::new(app(
                "build",
                vec![
                    sub_int_caml(var(&k), int_const(1)),
                    op(
                        Operation::Alloc,
                        vec![Expr::ConstInt(block_header(0, 2)), var(&k), var(&acc)],
                    ),
                ],
            )),
        ),
    }
}

/// `let safe f x = try f x with _ -> 0`, with `f` a closure: a trap
/// pushed around an indirect call.
pub fn safe() -> FunDecl {
    let mut fresh = Fresh::new();
    let (f, x, e, r) = (fresh.var("f"), fresh.var("x"), fresh.var("exn"), fresh.var("r"));
    let (h, body, join) = (fresh.label(), fresh.label(), fresh.label());
    let call = op(
        Operation::Apply(MachType::Val),
        vec![load(Chunk::WordInt, var(&f)), var(&x), var(&f)],
    );
    let protected = Expr::Catch {
        kind: CatchKind::Normal,
        handlers: vec![Handler {
            label: body,
            params: vec![],
            body: Expr::Exit {
                label: ExitLabel::Label(join),
                args: vec![call],
                traps: vec![TrapAction::Pop(h)],
            },
        }],
        body: Box::new(Expr::Exit {
            label: ExitLabel::Label(body),
            args: vec![],
            traps: vec![TrapAction::Push(h)],
        }),
    };
    let with_handler = Expr::Catch {
        kind: CatchKind::ExnHandler,
        handlers: vec![Handler {
            label: h,
            params: vec![(e, MachType::Val)],
            body: int_const(0),
        }],
        body: Box::new(protected),
    };
    FunDecl {
        name: "safe".into(),
        params: vec![(f.clone(), MachType::Val), (x.clone(), MachType::Val)],
        body: Expr::Catch {
            kind: CatchKind::Normal,
            handlers: vec![Handler {
                label: join,
                params: vec![(r.clone(), MachType::Val)],
                body: var(&r),
            }],
            body: Box::new(with_handler),
        },
    }
}

/// A unit of functions, with a `main` that does nothing.
pub fn unit(functions: Vec<FunDecl>) -> Program {
    let mut phrases: Vec<Phrase> = functions.into_iter().map(Phrase::Function).collect();
    phrases.push(Phrase::Function(FunDecl {
        name: "main".into(),
        params: vec![],
        body: Expr::Unit,
    }));
    Program { phrases }
}
