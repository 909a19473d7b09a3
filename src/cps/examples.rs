//! Example programs built with the builder, standing in for the output of
//! CPS conversion until that chapter exists. The chapter's listings are
//! these programs as the printer prints them, and the tests run them.

use super::builder::{
    apply, apply_cont, if_then_else, raise, runtime_call, switch, Block, CodeHeader, ProgramBuilder,
};
use super::ids::{Continuation, Names};
use super::kinds::{IntKind, Kind};
use super::primitives::{ArrayKind, BlockShape, Comparison, IntOp, Mutability, PrimOp, Signedness};
use super::terms::{
    ApplyCont, CallKind, ContHandler, Expr, Param, Program, Return, SetOfClosures, Simple,
    StaticBinding, StaticConst, TrapAction,
};

const TAGGED: IntKind = IntKind::Tagged;

fn arith(op: IntOp) -> PrimOp {
    PrimOp::IntArith(TAGGED, op)
}

fn compare(cmp: Comparison) -> PrimOp {
    PrimOp::IntComp(TAGGED, cmp, Signedness::Signed)
}

/// What printing needs: the `stdout` channel and the `"%d"` format.
struct Printing {
    stdout: Simple,
    format_d: Simple,
}

/// Define `$format_d = "%d"` and open `stdout`, then run `rest`.
fn with_stdout(
    names: &mut Names,
    exn: Continuation,
    rest: impl FnOnce(&mut Names, Printing) -> Expr,
) -> Expr {
    let format_d = names.symbol("format_d");
    let stdout = names.var("stdout");
    let k = names.cont("k_stdout");
    let body = rest(
        names,
        Printing {
            stdout: stdout.into(),
            format_d: format_d.into(),
        },
    );
    let mut b = Block::new();
    b.statics(vec![StaticBinding::Const {
        symbol: format_d,
        value: StaticConst::String(b"%d".to_vec()),
    }]);
    b.let_cont(k, ContHandler::new(vec![Param::value(stdout)], body));
    b.finish(runtime_call(
        "caml_ml_open_descriptor_out",
        vec![(Simple::tagged(1), Kind::Value)],
        vec![Kind::Value],
        Return::Cont(k),
        exn,
    ))
}

/// `print_int n`, then `rest`: format the number, then write the string.
fn print_int(names: &mut Names, p: &Printing, n: Simple, exn: Continuation, rest: Expr) -> Expr {
    let (k_printed, k_formatted) = (names.cont("k_printed"), names.cont("k_formatted"));
    let (unit, s) = (names.var("u"), names.var("s"));
    let mut output = Block::new();
    let len = output.prim(
        names,
        "len",
        PrimOp::StringLength(super::primitives::StringKind::String),
        vec![s.into()],
    );
    let output = output.finish(runtime_call(
        "caml_ml_output",
        vec![
            (p.stdout, Kind::Value),
            (s.into(), Kind::Value),
            (Simple::tagged(0), Kind::Value),
            (len.into(), Kind::Value),
        ],
        vec![Kind::Value],
        Return::Cont(k_printed),
        exn,
    ));
    let mut b = Block::new();
    b.let_cont(k_printed, ContHandler::new(vec![Param::value(unit)], rest));
    b.let_cont(k_formatted, ContHandler::new(vec![Param::value(s)], output));
    b.finish(runtime_call(
        "caml_format_int",
        vec![(p.format_d, Kind::Value), (n, Kind::Value)],
        vec![Kind::Value],
        Return::Cont(k_formatted),
        exn,
    ))
}

/// A recursive function that is not tail-recursive:
/// `let rec f n = if n = 0 then base else n <op> f (n - 1)`.
fn recursive_code(names: &mut Names, hint: &str, op: IntOp, base: i64) -> super::terms::Code {
    let h = CodeHeader::new(names, hint, &[("n", Kind::Value)]);
    let n = h.param(0);
    let (k_then, k_else, k_after) = (
        names.cont("k_then"),
        names.cont("k_else"),
        names.cont("k_after"),
    );
    let r = names.var("r");
    let mut after = Block::new();
    let result = after.prim(names, "result", arith(op), vec![n, r.into()]);
    let after = after.finish(apply_cont(h.return_cont, vec![result.into()]));
    let mut recurse = Block::new();
    let n1 = recurse.prim(names, "n1", arith(IntOp::Sub), vec![n, Simple::tagged(1)]);
    recurse.let_cont(k_after, ContHandler::new(vec![Param::value(r)], after));
    let recurse = recurse.finish(apply(
        h.my_closure.into(),
        vec![n1.into()],
        CallKind::Direct { code: h.id },
        Return::Cont(k_after),
        h.exn_cont,
    ));
    let mut b = Block::new();
    let is_zero = b.prim(
        names,
        "is_zero",
        compare(Comparison::Eq),
        vec![n, Simple::tagged(0)],
    );
    b.let_cont(
        k_then,
        ContHandler::new(
            vec![],
            apply_cont(h.return_cont, vec![Simple::tagged(base)]),
        ),
    );
    b.let_cont(k_else, ContHandler::new(vec![], recurse));
    let body = b.finish(if_then_else(is_zero.into(), k_then, k_else));
    h.finish(body)
}

/// A program that allocates the closure of `code` and prints the result of
/// applying it to `arg`.
fn print_result_of(mut p: ProgramBuilder, code: super::terms::Code, arg: i64) -> Program {
    let code_id = code.id;
    let hint = p.names.hint(code_id).to_string();
    p.add_code(code);
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let slot = names.function_slot(&hint);
        let k_result = names.cont("k_result");
        let r = names.var("r");
        let mut b = Block::new();
        let closures = b.closures(
            names,
            SetOfClosures {
                functions: vec![(slot, code_id)],
                value_slots: vec![],
            },
        );
        let printed = print_int(
            names,
            &printing,
            r.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        );
        b.let_cont(k_result, ContHandler::new(vec![Param::value(r)], printed));
        let f = closures
            .first()
            .copied()
            .map_or(Simple::unit(), Simple::Var);
        b.finish(apply(
            f,
            vec![Simple::tagged(arg)],
            CallKind::Direct { code: code_id },
            Return::Cont(k_result),
            exn,
        ))
    });
    p.finish(body)
}

/// `let rec fact n = if n = 0 then 1 else n * fact (n - 1)`
/// `let () = print_int (fact n)`
pub fn fact(n: i64) -> Program {
    let mut p = ProgramBuilder::new();
    let code = recursive_code(&mut p.names, "fact", IntOp::Mul, 1);
    print_result_of(p, code, n)
}

/// The same shape with `+`: `sum_to 100_000` recurses 100,000 deep.
pub fn sum_to(n: i64) -> Program {
    let mut p = ProgramBuilder::new();
    let code = recursive_code(&mut p.names, "sum_to", IntOp::Add, 0);
    print_result_of(p, code, n)
}

/// A tail-recursive function:
/// `let rec count n acc = if n = 0 then acc else count (n - 1) (acc + 1)`
/// `let () = print_int (count n 0)`, with the inner calls direct tail calls.
pub fn count(n: i64) -> Program {
    let mut p = ProgramBuilder::new();
    let names = &mut p.names;
    let h = CodeHeader::new(names, "count", &[("n", Kind::Value), ("acc", Kind::Value)]);
    let (n_var, acc) = (h.param(0), h.param(1));
    let (k_then, k_else) = (names.cont("k_then"), names.cont("k_else"));
    let mut again = Block::new();
    let n1 = again.prim(
        names,
        "n1",
        arith(IntOp::Sub),
        vec![n_var, Simple::tagged(1)],
    );
    let acc1 = again.prim(
        names,
        "acc1",
        arith(IntOp::Add),
        vec![acc, Simple::tagged(1)],
    );
    let again = again.finish(apply(
        h.my_closure.into(),
        vec![n1.into(), acc1.into()],
        CallKind::Direct { code: h.id },
        Return::Cont(h.return_cont),
        h.exn_cont,
    ));
    let mut b = Block::new();
    let is_zero = b.prim(
        names,
        "is_zero",
        compare(Comparison::Eq),
        vec![n_var, Simple::tagged(0)],
    );
    b.let_cont(
        k_then,
        ContHandler::new(vec![], apply_cont(h.return_cont, vec![acc])),
    );
    b.let_cont(k_else, ContHandler::new(vec![], again));
    let code = h.finish(b.finish(if_then_else(is_zero.into(), k_then, k_else)));
    let code_id = code.id;
    p.add_code(code);
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let slot = names.function_slot("count");
        let k_result = names.cont("k_result");
        let r = names.var("r");
        let mut b = Block::new();
        let closures = b.closures(
            names,
            SetOfClosures {
                functions: vec![(slot, code_id)],
                value_slots: vec![],
            },
        );
        let printed = print_int(
            names,
            &printing,
            r.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        );
        b.let_cont(k_result, ContHandler::new(vec![Param::value(r)], printed));
        let f = closures
            .first()
            .copied()
            .map_or(Simple::unit(), Simple::Var);
        let args = vec![Simple::tagged(n), Simple::tagged(0)];
        b.finish(apply(
            f,
            args,
            CallKind::Direct { code: code_id },
            Return::Cont(k_result),
            exn,
        ))
    });
    p.finish(body)
}

/// A `for` loop as a recursive continuation (the reference `s` already
/// turned into the parameter `acc`):
/// `let s = ref 0 in for i = 1 to n do s := !s + i done; print_int !s`
pub fn sum_loop(n: i64) -> Program {
    let mut p = ProgramBuilder::new();
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let (k_loop, k_next, k_exit) = (
            names.cont("k_loop"),
            names.cont("k_next"),
            names.cont("k_exit"),
        );
        let (i, acc, result) = (names.var("i"), names.var("acc"), names.var("result"));
        let mut next = Block::new();
        let acc1 = next.prim(names, "acc1", arith(IntOp::Add), vec![acc.into(), i.into()]);
        let i1 = next.prim(
            names,
            "i1",
            arith(IntOp::Add),
            vec![i.into(), Simple::tagged(1)],
        );
        let next = next.finish(apply_cont(k_loop, vec![i1.into(), acc1.into()]));
        let mut step = Block::new();
        let stop = step.prim(
            names,
            "stop",
            compare(Comparison::Gt),
            vec![i.into(), Simple::tagged(n)],
        );
        step.let_cont(k_next, ContHandler::new(vec![], next));
        let step = step.finish(switch(
            stop.into(),
            [
                (0, ApplyCont::new(k_next, vec![])),
                (1, ApplyCont::new(k_exit, vec![acc.into()])),
            ],
        ));
        let printed = print_int(
            names,
            &printing,
            result.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        );
        let mut b = Block::new();
        b.let_cont(
            k_exit,
            ContHandler::new(vec![Param::value(result)], printed),
        );
        b.let_cont_rec(vec![(
            k_loop,
            ContHandler::new(vec![Param::value(i), Param::value(acc)], step),
        )]);
        b.finish(apply_cont(
            k_loop,
            vec![Simple::tagged(1), Simple::tagged(0)],
        ))
    });
    p.finish(body)
}

/// An exception handler in the same function as the raise:
/// `let safe_div a b = try a / b with Division_by_zero -> 0`
/// `let () = print_int (safe_div 7 b)`.
/// The division checks its divisor and raises to the handler by a plain
/// jump; any other exception is raised again to the caller.
pub fn safe_div(b_value: i64) -> Program {
    let mut p = ProgramBuilder::new();
    let names = &mut p.names;
    let dbz = names.symbol("Division_by_zero");
    let h = CodeHeader::new(names, "safe_div", &[("a", Kind::Value), ("b", Kind::Value)]);
    let (a, b) = (h.param(0), h.param(1));
    let [k_handler, k_zero, k_reraise, k_pop, k_body, k_raise, k_divide] = [
        "k_handler",
        "k_zero",
        "k_reraise",
        "k_pop",
        "k_body",
        "k_raise",
        "k_divide",
    ]
    .map(|n| names.cont(n));
    let (e, q) = (names.var("e"), names.var("q"));

    // with Division_by_zero -> 0 | e -> raise e
    let mut handler = Block::new();
    let is_dbz = handler.prim(
        names,
        "is_dbz",
        PrimOp::PhysEqual(super::primitives::Equality::Eq),
        vec![e.into(), dbz.into()],
    );
    handler.let_cont(
        k_zero,
        ContHandler::new(vec![], apply_cont(h.return_cont, vec![Simple::tagged(0)])),
    );
    handler.let_cont(
        k_reraise,
        ContHandler::new(vec![], raise(h.exn_cont, e.into())),
    );
    let handler = handler.finish(if_then_else(is_dbz.into(), k_zero, k_reraise));

    // a / b, with the check OCaml makes before dividing.
    let mut divide = Block::new();
    let quotient = divide.prim(names, "quotient", arith(IntOp::Div), vec![a, b]);
    let divide = divide.finish(apply_cont(k_pop, vec![quotient.into()]));
    let mut body = Block::new();
    let b_is_zero = body.prim(
        names,
        "b_is_zero",
        compare(Comparison::Eq),
        vec![b, Simple::tagged(0)],
    );
    body.let_cont(
        k_raise,
        ContHandler {
            is_cold: true,
            ..ContHandler::new(vec![], raise(k_handler, dbz.into()))
        },
    );
    body.let_cont(k_divide, ContHandler::new(vec![], divide));
    let body = body.finish(if_then_else(b_is_zero.into(), k_raise, k_divide));

    let mut code = Block::new();
    code.let_cont(k_handler, ContHandler::exn_handler(e, handler));
    code.let_cont(
        k_pop,
        ContHandler::new(
            vec![Param::value(q)],
            super::builder::apply_cont_trap(
                h.return_cont,
                vec![q.into()],
                TrapAction::Pop {
                    exn_handler: k_handler,
                },
            ),
        ),
    );
    code.let_cont(k_body, ContHandler::new(vec![], body));
    let code = h.finish(code.finish(super::builder::apply_cont_trap(
        k_body,
        vec![],
        TrapAction::Push {
            exn_handler: k_handler,
        },
    )));
    let code_id = code.id;
    p.add_code(code);
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let slot = names.function_slot("safe_div");
        let k_result = names.cont("k_result");
        let r = names.var("r");
        let mut b = Block::new();
        b.statics(vec![StaticBinding::Const {
            symbol: dbz,
            value: StaticConst::Runtime("caml_exn_Division_by_zero".to_string()),
        }]);
        let closures = b.closures(
            names,
            SetOfClosures {
                functions: vec![(slot, code_id)],
                value_slots: vec![],
            },
        );
        let printed = print_int(
            names,
            &printing,
            r.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        );
        b.let_cont(k_result, ContHandler::new(vec![Param::value(r)], printed));
        let f = closures
            .first()
            .copied()
            .map_or(Simple::unit(), Simple::Var);
        let args = vec![Simple::tagged(7), Simple::tagged(b_value)];
        b.finish(apply(
            f,
            args,
            CallKind::Direct { code: code_id },
            Return::Cont(k_result),
            exn,
        ))
    });
    p.finish(body)
}

/// A bounds-checked array read: `let a = [| 10; 20; 30 |] in print_int a.(i)`.
/// Out of bounds, OCaml raises `Invalid_argument "index out of bounds"`.
pub fn array_get(i: i64) -> Program {
    let mut p = ProgramBuilder::new();
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let invalid_argument = names.symbol("Invalid_argument");
        let message = names.symbol("index_out_of_bounds");
        let (k_fail, k_get) = (names.cont("k_fail"), names.cont("k_get"));
        let a = names.var("a");
        let mut fail = Block::new();
        let exn_value = fail.prim(
            names,
            "exn",
            PrimOp::MakeBlock {
                tag: 0,
                shape: BlockShape::Values,
                mutability: Mutability::Immutable,
            },
            vec![invalid_argument.into(), message.into()],
        );
        let fail = fail.finish(raise(exn, exn_value.into()));
        let mut get = Block::new();
        let x = get.prim(
            names,
            "x",
            PrimOp::ArrayLoad {
                kind: ArrayKind::Immediates,
                mutability: Mutability::Mutable,
            },
            vec![a.into(), Simple::tagged(i)],
        );
        let get = get.finish(print_int(
            names,
            &printing,
            x.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        ));
        let mut b = Block::new();
        b.statics(vec![
            StaticBinding::Const {
                symbol: invalid_argument,
                value: StaticConst::Runtime("caml_exn_Invalid_argument".to_string()),
            },
            StaticBinding::Const {
                symbol: message,
                value: StaticConst::String(b"index out of bounds".to_vec()),
            },
        ]);
        b.binding(super::terms::Binding::Var {
            param: Param::value(a),
            named: super::terms::Named::Prim(super::primitives::Prim::new(
                PrimOp::MakeArray {
                    kind: ArrayKind::Immediates,
                    mutability: Mutability::Mutable,
                },
                vec![Simple::tagged(10), Simple::tagged(20), Simple::tagged(30)],
            )),
        });
        let len = b.prim(names, "len", PrimOp::ArrayLength, vec![a.into()]);
        let in_bounds = b.prim(
            names,
            "in_bounds",
            PrimOp::IntComp(TAGGED, Comparison::Lt, Signedness::Unsigned),
            vec![Simple::tagged(i), len.into()],
        );
        b.let_cont(
            k_fail,
            ContHandler {
                is_cold: true,
                ..ContHandler::new(vec![], fail)
            },
        );
        b.let_cont(k_get, ContHandler::new(vec![], get));
        b.finish(if_then_else(in_bounds.into(), k_get, k_fail))
    });
    p.finish(body)
}

/// `fun x -> x + n` after closure conversion: `n` is a value slot of the
/// closure, read through `my_closure`.
fn adder_code(
    names: &mut Names,
    slot: super::ids::FunctionSlot,
    n_slot: super::ids::ValueSlot,
) -> super::terms::Code {
    let h = CodeHeader::new(names, "adder", &[("x", Kind::Value)]);
    let mut b = Block::new();
    let n = b.prim(
        names,
        "n",
        PrimOp::ProjectValueSlot {
            function_slot: slot,
            value_slot: n_slot,
            kind: Kind::Value,
        },
        vec![h.my_closure.into()],
    );
    let sum = b.prim(names, "sum", arith(IntOp::Add), vec![h.param(0), n.into()]);
    let body = b.finish(apply_cont(h.return_cont, vec![sum.into()]));
    h.finish(body)
}

/// `let make_adder n = fun x -> x + n`: allocates a closure capturing `n`.
fn make_adder_code(
    names: &mut Names,
    adder: super::ids::CodeId,
    slot: super::ids::FunctionSlot,
    n_slot: super::ids::ValueSlot,
) -> super::terms::Code {
    let h = CodeHeader::new(names, "make_adder", &[("n", Kind::Value)]);
    let mut b = Block::new();
    let closures = b.closures(
        names,
        SetOfClosures {
            functions: vec![(slot, adder)],
            value_slots: vec![(n_slot, h.param(0))],
        },
    );
    let f = closures
        .first()
        .copied()
        .map_or(Simple::unit(), Simple::Var);
    let body = b.finish(apply_cont(h.return_cont, vec![f]));
    h.finish(body)
}

/// The code of `make_adder` and of the closures it returns, added to `p`;
/// the code id of `make_adder`.
fn add_make_adder(p: &mut ProgramBuilder) -> super::ids::CodeId {
    let slot = p.names.function_slot("adder");
    let n_slot = p.names.value_slot("n");
    let adder = adder_code(&mut p.names, slot, n_slot);
    let make_adder = make_adder_code(&mut p.names, adder.id, slot, n_slot);
    let id = make_adder.id;
    p.add_code(adder);
    p.add_code(make_adder);
    id
}

/// Closures after closure conversion:
/// `let make_adder n = fun x -> x + n`
/// `let () = print_int ((make_adder 5) 37)`.
pub fn make_adder() -> Program {
    let mut p = ProgramBuilder::new();
    let make_adder = add_make_adder(&mut p);
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let slot = names.function_slot("make_adder");
        let (k_add5, k_result) = (names.cont("k_add5"), names.cont("k_result"));
        let (add5, r) = (names.var("add5"), names.var("r"));
        let printed = print_int(
            names,
            &printing,
            r.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        );
        let mut call = Block::new();
        call.let_cont(k_result, ContHandler::new(vec![Param::value(r)], printed));
        let call = call.finish(apply(
            add5.into(),
            vec![Simple::tagged(37)],
            CallKind::IndirectUnknownArity,
            Return::Cont(k_result),
            exn,
        ));
        let mut b = Block::new();
        let closures = b.closures(
            names,
            SetOfClosures {
                functions: vec![(slot, make_adder)],
                value_slots: vec![],
            },
        );
        let f = closures
            .first()
            .copied()
            .map_or(Simple::unit(), Simple::Var);
        b.let_cont(k_add5, ContHandler::new(vec![Param::value(add5)], call));
        b.finish(apply(
            f,
            vec![Simple::tagged(5)],
            CallKind::Direct { code: make_adder },
            Return::Cont(k_add5),
            exn,
        ))
    });
    p.finish(body)
}

/// Partial application and over-application, through the generic
/// application: `let add x y = x + y`
/// `let () = let inc = add 1 in print_int (inc 41); print_int (make_adder 1 2)`.
pub fn currying() -> Program {
    let mut p = ProgramBuilder::new();
    let make_adder = add_make_adder(&mut p);
    let names = &mut p.names;
    let h = CodeHeader::new(names, "add", &[("x", Kind::Value), ("y", Kind::Value)]);
    let mut b = Block::new();
    let sum = b.prim(
        names,
        "sum",
        arith(IntOp::Add),
        vec![h.param(0), h.param(1)],
    );
    let body = b.finish(apply_cont(h.return_cont, vec![sum.into()]));
    let add = h.finish(body);
    let add_id = add.id;
    p.add_code(add);
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let (add_slot, make_adder_slot) = (
            names.function_slot("add"),
            names.function_slot("make_adder"),
        );
        let [k_inc, k_r1, k_r2] = ["k_inc", "k_r1", "k_r2"].map(|n| names.cont(n));
        let (inc, r1, r2) = (names.var("inc"), names.var("r1"), names.var("r2"));
        let mut b = Block::new();
        let closures = b.closures(
            names,
            SetOfClosures {
                functions: vec![(add_slot, add_id), (make_adder_slot, make_adder)],
                value_slots: vec![],
            },
        );
        let (add, make_adder) = match closures.as_slice() {
            [a, m] => (Simple::Var(*a), Simple::Var(*m)),
            _ => (Simple::unit(), Simple::unit()),
        };
        let second = print_int(
            names,
            &printing,
            r2.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        );
        let mut after_first = Block::new();
        after_first.let_cont(k_r2, ContHandler::new(vec![Param::value(r2)], second));
        let after_first = after_first.finish(apply(
            make_adder,
            vec![Simple::tagged(1), Simple::tagged(2)],
            CallKind::IndirectUnknownArity,
            Return::Cont(k_r2),
            exn,
        ));
        let first = print_int(names, &printing, r1.into(), exn, after_first);
        let mut with_inc = Block::new();
        with_inc.let_cont(k_r1, ContHandler::new(vec![Param::value(r1)], first));
        let with_inc = with_inc.finish(apply(
            inc.into(),
            vec![Simple::tagged(41)],
            CallKind::IndirectUnknownArity,
            Return::Cont(k_r1),
            exn,
        ));
        b.let_cont(k_inc, ContHandler::new(vec![Param::value(inc)], with_inc));
        b.finish(apply(
            add,
            vec![Simple::tagged(1)],
            CallKind::IndirectUnknownArity,
            Return::Cont(k_inc),
            exn,
        ))
    });
    p.finish(body)
}

/// Before closure conversion, code names the variables around it:
/// `let make n = let rec f i = if i = 0 then n else f (i - 1) in f`
/// `let () = print_int ((make 7) 3)`.
/// The code of `f` refers to `n` (a parameter of `make`) and to `f` (bound
/// by the set of closures that `make` allocates).
pub fn open_code() -> Program {
    let mut p = ProgramBuilder::new();
    let names = &mut p.names;
    let make = CodeHeader::new(names, "make", &[("n", Kind::Value)]);
    let f = CodeHeader::new(names, "f", &[("i", Kind::Value)]);
    let f_slot = names.function_slot("f");
    let f_var = names.var("f");
    let (k_then, k_else) = (names.cont("k_then"), names.cont("k_else"));
    let mut again = Block::new();
    let i1 = again.prim(
        names,
        "i1",
        arith(IntOp::Sub),
        vec![f.param(0), Simple::tagged(1)],
    );
    let again = again.finish(apply(
        f_var.into(),
        vec![i1.into()],
        CallKind::IndirectUnknownArity,
        Return::Cont(f.return_cont),
        f.exn_cont,
    ));
    let mut body = Block::new();
    let is_zero = body.prim(
        names,
        "is_zero",
        compare(Comparison::Eq),
        vec![f.param(0), Simple::tagged(0)],
    );
    body.let_cont(
        k_then,
        ContHandler::new(vec![], apply_cont(f.return_cont, vec![make.param(0)])),
    );
    body.let_cont(k_else, ContHandler::new(vec![], again));
    let f_code = f.finish(body.finish(if_then_else(is_zero.into(), k_then, k_else)));
    let f_id = f_code.id;
    let make_body = Expr::Let(Box::new(super::terms::Let {
        binding: super::terms::Binding::SetOfClosures {
            vars: vec![f_var],
            set: SetOfClosures {
                functions: vec![(f_slot, f_id)],
                value_slots: vec![],
            },
        },
        body: apply_cont(make.return_cont, vec![f_var.into()]),
    }));
    let make_code = make.finish(make_body);
    let make_id = make_code.id;
    p.add_code(f_code);
    p.add_code(make_code);
    let (done, exn) = (p.return_cont, p.exn_cont);
    let body = with_stdout(&mut p.names, exn, |names, printing| {
        let slot = names.function_slot("make");
        let (k_g, k_result) = (names.cont("k_g"), names.cont("k_result"));
        let (g, r) = (names.var("g"), names.var("r"));
        let printed = print_int(
            names,
            &printing,
            r.into(),
            exn,
            apply_cont(done, vec![Simple::unit()]),
        );
        let mut call = Block::new();
        call.let_cont(k_result, ContHandler::new(vec![Param::value(r)], printed));
        let call = call.finish(apply(
            g.into(),
            vec![Simple::tagged(3)],
            CallKind::IndirectUnknownArity,
            Return::Cont(k_result),
            exn,
        ));
        let mut b = Block::new();
        let closures = b.closures(
            names,
            SetOfClosures {
                functions: vec![(slot, make_id)],
                value_slots: vec![],
            },
        );
        let make = closures
            .first()
            .copied()
            .map_or(Simple::unit(), Simple::Var);
        b.let_cont(k_g, ContHandler::new(vec![Param::value(g)], call));
        b.finish(apply(
            make,
            vec![Simple::tagged(7)],
            CallKind::Direct { code: make_id },
            Return::Cont(k_g),
            exn,
        ))
    });
    p.finish(body)
}
