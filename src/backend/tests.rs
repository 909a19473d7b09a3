//! End-to-end tests of the back end: Cmm programs built by hand, compiled,
//! linked with the runtime, run, and compared with the Cmm interpreter.

use super::*;
use crate::cmm::helpers::*;
use crate::cmm::interp::{run, Config};
use crate::cmm::runtime::Runtime;
use crate::cmm::*;
use std::path::PathBuf;
use std::process::Command;

fn extcall(name: &str, result: MachType, alloc: bool, args: Vec<Expr>) -> Expr {
    op(
        Operation::ExtCall {
            name: name.into(),
            result,
            alloc,
        },
        args,
    )
}

fn app(f: &str, args: Vec<Expr>) -> Expr {
    let mut all = vec![Expr::ConstSymbol(f.into())];
    all.extend(args);
    op(Operation::Apply(MachType::Val), all)
}

fn fun(name: &str, params: Vec<(Var, MachType)>, body: Expr) -> Phrase {
    Phrase::Function(FunDecl {
        name: name.into(),
        params,
        body,
    })
}

/// What a native run gave: stdout, stderr, status.
fn run_native(
    name: &str,
    program: &Program,
    entry: &str,
    env: &[(&str, &str)],
) -> (String, String, i32) {
    let code = compile(program, entry).unwrap_or_else(|e| panic!("{name}: {e}"));
    let dir = PathBuf::from(env!("OUT_DIR")).join("backend-tests");
    std::fs::create_dir_all(&dir).expect("test directory");
    let exe = dir.join(name);
    std::fs::write(dir.join(format!("{name}.s")), &code.listing).expect("listing");
    link::build_executable(&code, &exe).unwrap_or_else(|e| panic!("{name}: {e}"));
    let out = Command::new(&exe)
        .envs(env.iter().copied())
        .output()
        .expect("run");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn run_interp(program: &Program, entry: &str) -> (String, String, i32) {
    let out = run(program, entry, &Runtime::standard(), &Config::default()).expect("interpreter");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.exit_code,
    )
}

/// Runs natively (and, if `stress`, with a collection at every
/// allocation) and compares with the interpreter and the expected output.
fn check(name: &str, phrases: Vec<Phrase>, expected_stdout: &str, stress: bool) {
    let program = Program { phrases };
    let interp = run_interp(&program, "main");
    assert_eq!(
        interp.0, expected_stdout,
        "{name}: the interpreter disagrees with the test"
    );
    let native = run_native(name, &program, "main", &[]);
    assert_eq!(native, interp, "{name}: native run");
    if stress {
        let stressed = run_native(name, &program, "main", &[("FLAMBEAU_GC_STRESS", "1")]);
        assert_eq!(stressed, interp, "{name}: native run with GC stress");
    }
}

fn sym(s: &str) -> Expr {
    Expr::ConstSymbol(s.into())
}

fn print_int(e: Expr) -> Expr {
    extcall("caml_print_int", MachType::Val, false, vec![e])
}

fn print_string(e: Expr) -> Expr {
    extcall("caml_print_string", MachType::Val, false, vec![e])
}

fn newline() -> Expr {
    extcall("caml_print_newline", MachType::Val, false, vec![Expr::Unit])
}

fn lines(items: Vec<Expr>) -> Expr {
    let mut it = items.into_iter().rev();
    let last = it.next().unwrap_or(Expr::Unit);
    it.fold(last, |acc, e| seq(e, acc))
}

fn print_line(e: Expr) -> Expr {
    seq(print_int(e), newline())
}

fn catch(
    kind: CatchKind,
    label: Label,
    params: Vec<(Var, MachType)>,
    body: Expr,
    handler: Expr,
) -> Expr {
    Expr::Catch {
        kind,
        handlers: vec![Handler {
            label,
            params,
            body: handler,
        }],
        body: Box::new(body),
    }
}

fn exit(label: Label, args: Vec<Expr>, traps: Vec<TrapAction>) -> Expr {
    Expr::Exit {
        label: ExitLabel::Label(label),
        args,
        traps,
    }
}

/// `try body with e -> handler`, as Flambda 2 builds it (the Cmm
/// interpreter's tests use the same shape).
fn try_with(
    fresh: &mut Fresh,
    body: impl FnOnce(Label, Label) -> Expr,
    handler: impl FnOnce(&Var) -> Expr,
) -> Expr {
    let (h, k, join) = (fresh.label(), fresh.label(), fresh.label());
    let (e, r) = (fresh.var("exn"), fresh.var("r"));
    let protected = catch(
        CatchKind::Normal,
        k,
        vec![],
        exit(k, vec![], vec![TrapAction::Push(h)]),
        body(h, join),
    );
    let with_handler = catch(
        CatchKind::ExnHandler,
        h,
        vec![(e.clone(), MachType::Val)],
        protected,
        handler(&e),
    );
    catch(
        CatchKind::Normal,
        join,
        vec![(r.clone(), MachType::Val)],
        with_handler,
        var(&r),
    )
}

/// A static OCaml string block named `name`.
fn static_string(name: &str, text: &str) -> Phrase {
    let wosize = text.len() / 8 + 1;
    let pad = wosize * 8 - text.len();
    Phrase::Data(vec![
        DataItem::Int(black_block_header(STRING_TAG, wosize)),
        DataItem::DefineSymbol(name.into()),
        DataItem::String(text.as_bytes().to_vec()),
        DataItem::Skip(pad - 1),
        DataItem::Int8(pad as i64 - 1),
    ])
}

fn cmp(c: IntCmp, a: Expr, b: Expr) -> Expr {
    op(Operation::CmpI(c), vec![a, b])
}

/// `let rec fact n = if n <= 1 then 1 else n * fact (n - 1)`.
#[test]
fn factorial() {
    let mut fresh = Fresh::new();
    let n = fresh.var("n");
    let fact = fun(
        "fact",
        vec![(n.clone(), MachType::Val)],
        Expr::If(
            Box::new(cmp(IntCmp::Le, var(&n), int_const(1))),
            Box::new(int_const(1)),
            Box::new(mul_int_caml(
                var(&n),
                app("fact", vec![sub_int_caml(var(&n), int_const(1))]),
            )),
        ),
    );
    let main = fun("main", vec![], print_line(app("fact", vec![int_const(10)])));
    check("factorial", vec![fact, main], "3628800\n", true);
}

/// `let rec f n = if n = 0 then 0 else 1 + f (n - 1)` at depth 100,000:
/// each frame must be small for the default 8 MiB stack.
#[test]
fn deep_non_tail_recursion() {
    let mut fresh = Fresh::new();
    let n = fresh.var("n");
    let f = fun(
        "depth",
        vec![(n.clone(), MachType::Val)],
        Expr::If(
            Box::new(cmp(IntCmp::Eq, var(&n), int_const(0))),
            Box::new(int_const(0)),
            Box::new(add_int_caml(
                int_const(1),
                app("depth", vec![sub_int_caml(var(&n), int_const(1))]),
            )),
        ),
    );
    let main = fun(
        "main",
        vec![],
        print_line(app("depth", vec![int_const(100_000)])),
    );
    check("deep_non_tail_recursion", vec![f, main], "100000\n", false);
}

/// `let rec loop i acc = if i = 0 then acc else loop (i - 1) (acc + i)`
/// ten million times: tail calls must not grow the stack.
#[test]
fn tail_loop_ten_million_times() {
    let mut fresh = Fresh::new();
    let (i, acc) = (fresh.var("i"), fresh.var("acc"));
    let lp = fun(
        "loop",
        vec![(i.clone(), MachType::Val), (acc.clone(), MachType::Val)],
        Expr::If(
            Box::new(cmp(IntCmp::Eq, var(&i), int_const(0))),
            Box::new(var(&acc)),
            Box::new(app(
                "loop",
                vec![
                    sub_int_caml(var(&i), int_const(1)),
                    add_int_caml(var(&acc), var(&i)),
                ],
            )),
        ),
    );
    let main = fun(
        "main",
        vec![],
        print_line(app("loop", vec![int_const(10_000_000), int_const(0)])),
    );
    let program = Program {
        phrases: vec![lp, main],
    };
    // The interpreter would take long: the expected sum is known.
    let native = run_native("tail_loop", &program, "main", &[]);
    assert_eq!(native, ("50000005000000\n".into(), String::new(), 0));
}

/// A raise in a callee reaches the handler pushed by its caller; a body
/// that does not raise pops its handler; handlers nest.
#[test]
fn exceptions_across_calls() {
    let mut fresh = Fresh::new();
    let x = fresh.var("x");
    // thrower x = if x = 0 then raise Not_found else x + 1
    let thrower = fun(
        "thrower",
        vec![(x.clone(), MachType::Val)],
        Expr::If(
            Box::new(cmp(IntCmp::Eq, var(&x), int_const(0))),
            Box::new(raise_symbol("caml_exn_Not_found")),
            Box::new(add_int_caml(var(&x), int_const(1))),
        ),
    );
    let attempt = |fresh: &mut Fresh, arg: i64| {
        try_with(
            fresh,
            |h, join| {
                exit(
                    join,
                    vec![app("thrower", vec![int_const(arg)])],
                    vec![TrapAction::Pop(h)],
                )
            },
            |e| {
                Expr::If(
                    Box::new(cmp(IntCmp::Eq, var(e), sym("caml_exn_Not_found"))),
                    Box::new(int_const(-1)),
                    Box::new(int_const(-2)),
                )
            },
        )
    };
    let (a, b) = (attempt(&mut fresh, 0), attempt(&mut fresh, 41));
    // An inner handler that re-raises to an outer one.
    let inner = try_with(
        &mut fresh,
        |h, join| {
            exit(
                join,
                vec![app("thrower", vec![int_const(0)])],
                vec![TrapAction::Pop(h)],
            )
        },
        |e| op(Operation::Raise(RaiseKind::Reraise), vec![var(e)]),
    );
    let nested = try_with(
        &mut fresh,
        |h_outer, join_outer| exit(join_outer, vec![inner], vec![TrapAction::Pop(h_outer)]),
        |_| int_const(99),
    );
    let main = fun(
        "main",
        vec![],
        lines(vec![print_line(a), print_line(b), print_line(nested)]),
    );
    check(
        "exceptions_across_calls",
        vec![thrower, main],
        "-1\n42\n99\n",
        true,
    );
}

fn alloc(tag: u8, fields: Vec<Expr>) -> Expr {
    let mut args = vec![int_const_raw(block_header(tag, fields.len()))];
    args.extend(fields);
    op(Operation::Alloc, args)
}

fn int_const_raw(n: i64) -> Expr {
    Expr::ConstInt(n)
}

fn field(e: Expr, i: usize) -> Expr {
    get_field(e, i)
}

/// Builds a list of `n` cells in a loop (each allocation keeps the list
/// built so far alive), sums it recursively, and prints the sum.
fn list_program(n: i64) -> Vec<Phrase> {
    let mut fresh = Fresh::new();
    let (k, acc, l) = (fresh.var("k"), fresh.var("acc"), fresh.var("l"));
    let build = fun(
        "build",
        vec![(k.clone(), MachType::Val), (acc.clone(), MachType::Val)],
        Expr::If(
            Box::new(cmp(IntCmp::Eq, var(&k), int_const(0))),
            Box::new(var(&acc)),
            Box::new(app(
                "build",
                vec![
                    sub_int_caml(var(&k), int_const(1)),
                    alloc(0, vec![var(&k), var(&acc)]),
                ],
            )),
        ),
    );
    let sum = fun(
        "sum",
        vec![(l.clone(), MachType::Val)],
        Expr::If(
            Box::new(cmp(IntCmp::Eq, var(&l), int_const(0))),
            Box::new(int_const(0)),
            Box::new(add_int_caml(
                field(var(&l), 0),
                app("sum", vec![field(var(&l), 1)]),
            )),
        ),
    );
    let main = fun(
        "main",
        vec![],
        print_line(app(
            "sum",
            vec![app("build", vec![int_const(n), int_const(0)])],
        )),
    );
    vec![build, sum, main]
}

#[test]
fn allocation_survives_collections() {
    check("alloc_small", list_program(1000), "500500\n", true);
    check("alloc_large", list_program(300_000), "45000150000\n", false);
}

/// Values held in registers across an allocation are roots the GC
/// entry updates: `let a = (1, 2) in let b = (a, 3) in a.0 + b.0.1 + b.1`.
#[test]
fn registers_are_roots_at_allocations() {
    let mut fresh = Fresh::new();
    let (a, b) = (fresh.var("a"), fresh.var("b"));
    let body = let_in(
        a.clone(),
        alloc(0, vec![int_const(1), int_const(2)]),
        let_in(
            b.clone(),
            alloc(0, vec![var(&a), int_const(3)]),
            lines(vec![
                print_line(field(var(&a), 0)),
                print_line(field(field(var(&b), 0), 1)),
                print_line(field(var(&b), 1)),
            ]),
        ),
    );
    check(
        "register_roots",
        vec![fun("main", vec![], body)],
        "1\n2\n3\n",
        true,
    );
}

/// A static closure, called through its code pointer.
#[test]
fn indirect_calls_through_closures() {
    let mut fresh = Fresh::new();
    let (x, env, f, y) = (
        fresh.var("x"),
        fresh.var("env"),
        fresh.var("f"),
        fresh.var("y"),
    );
    let add1 = fun(
        "add1",
        vec![(x.clone(), MachType::Val), (env.clone(), MachType::Val)],
        add_int_caml(var(&x), int_const(1)),
    );
    let closure = Phrase::Data(vec![
        DataItem::Int(black_block_header(CLOSURE_TAG, 2)),
        DataItem::DefineSymbol("add1_closure".into()),
        DataItem::SymbolAddress("add1".into()),
        DataItem::Int((1 << 56) | (2 << 1) | 1),
    ]);
    let call_closure = |f: &Var, arg: Expr| {
        op(
            Operation::Apply(MachType::Val),
            vec![load(Chunk::WordInt, var(f)), arg, var(f)],
        )
    };
    let twice = fun(
        "twice",
        vec![(f.clone(), MachType::Val), (y.clone(), MachType::Val)],
        call_closure(&f, call_closure(&f, var(&y))),
    );
    let main = fun(
        "main",
        vec![],
        print_line(app("twice", vec![sym("add1_closure"), int_const(40)])),
    );
    check("closures", vec![add1, closure, twice, main], "42\n", true);
}

/// Twelve arguments: two go on the stack, both ways.
#[test]
fn stack_arguments() {
    let mut fresh = Fresh::new();
    let params: Vec<Var> = (0..12).map(|i| fresh.var(&format!("a{i}"))).collect();
    // a0 + 2 a1 + 3 a2 + ... + 12 a11, on tagged integers
    let mut body = int_const(0);
    for (i, p) in params.iter().enumerate() {
        body = add_int_caml(body, mul_int_caml(var(p), int_const(i as i64 + 1)));
    }
    let f = fun(
        "weighted",
        params.iter().map(|p| (p.clone(), MachType::Val)).collect(),
        body,
    );
    let args: Vec<Expr> = (1..=12).map(int_const).collect();
    // Called in tail position too, where it cannot be a jump.
    let g = fun("tail", vec![], app("weighted", args.clone()));
    let main = fun(
        "main",
        vec![],
        seq(
            print_line(app("weighted", args)),
            print_line(app("tail", vec![])),
        ),
    );
    check("stack_args", vec![f, g, main], "650\n650\n", true);
}

fn print_float(e: Expr) -> Expr {
    seq(
        extcall("caml_print_float", MachType::Val, false, vec![e]),
        newline(),
    )
}

fn fop(o: Operation, args: Vec<Expr>) -> Expr {
    op(o, args)
}

/// Float arithmetic on SSE2 registers, conversions, boxing, and the
/// comparisons with a NaN, whose negations must stay exact.
#[test]
fn floats() {
    let mut fresh = Fresh::new();
    let (x, b, nan) = (fresh.var("x"), fresh.var("b"), fresh.var("nan"));
    let cmpf = |c: FloatCmp, a: Expr, b: Expr| {
        Expr::If(
            Box::new(fop(Operation::CmpF(c), vec![a, b])),
            Box::new(int_const(1)),
            Box::new(int_const(0)),
        )
    };
    let mut checks = Vec::new();
    for c in [
        FloatCmp::Eq,
        FloatCmp::Neq,
        FloatCmp::Lt,
        FloatCmp::Nlt,
        FloatCmp::Le,
        FloatCmp::Nle,
        FloatCmp::Gt,
        FloatCmp::Ngt,
        FloatCmp::Ge,
        FloatCmp::Nge,
    ] {
        for (a, bb) in [(1.0, 2.0), (2.0, 2.0), (f64::NAN, 1.0)] {
            checks.push(print_int(cmpf(
                c,
                Expr::ConstFloat(a),
                Expr::ConstFloat(bb),
            )));
        }
        // Also as a value, not a branch.
        checks.push(print_int(tag_int(fop(
            Operation::CmpF(c),
            vec![var(&nan), var(&nan)],
        ))));
    }
    checks.push(newline());
    let body = let_in(
        x.clone(),
        fop(
            Operation::AddF,
            vec![
                fop(
                    Operation::MulF,
                    vec![Expr::ConstFloat(1.5), Expr::ConstFloat(2.0)],
                ),
                fop(Operation::FloatOfInt, vec![Expr::ConstInt(3)]),
            ],
        ),
        let_in(
            b.clone(),
            box_float(var(&x)),
            let_in(
                nan.clone(),
                fop(
                    Operation::DivF,
                    vec![Expr::ConstFloat(0.0), Expr::ConstFloat(0.0)],
                ),
                lines(vec![
                    print_float(var(&x)),
                    print_float(unbox_float(var(&b))),
                    print_float(fop(Operation::NegF, vec![var(&x)])),
                    print_float(fop(
                        Operation::AbsF,
                        vec![fop(Operation::NegF, vec![var(&x)])],
                    )),
                    print_float(fop(
                        Operation::SubF,
                        vec![
                            Expr::ConstFloat(1.0),
                            fop(Operation::DivF, vec![var(&x), Expr::ConstFloat(4.0)]),
                        ],
                    )),
                    print_line(tag_int(fop(
                        Operation::IntOfFloat,
                        vec![Expr::ConstFloat(-7.9)],
                    ))),
                    lines(checks),
                ]),
            ),
        ),
    );
    check(
        "floats",
        vec![fun("main", vec![], body)],
        "6.\n6.\n-6.\n6.\n-0.5\n-7\n0100101110000111110000110000111101001011\n",
        true,
    );
}

/// A switch with shared cases becomes a binary search over ranges.
#[test]
fn switches() {
    let mut fresh = Fresh::new();
    let n = fresh.var("n");
    let classify = fun(
        "classify",
        vec![(n.clone(), MachType::Int)],
        Expr::Switch {
            scrutinee: Box::new(var(&n)),
            index: vec![0, 1, 1, 2, 0, 3, 3, 3],
            cases: vec![int_const(10), int_const(20), int_const(30), int_const(40)],
        },
    );
    let calls = (0..8)
        .map(|i| {
            print_int(op(
                Operation::Apply(MachType::Val),
                vec![sym("classify"), Expr::ConstInt(i)],
            ))
        })
        .collect();
    check(
        "switches",
        vec![classify, fun("main", vec![], seq(lines(calls), newline()))],
        "1020203010404040\n",
        false,
    );
}

/// `let r = ref 0 in for i = 1 to 100 do r := !r + i done; !r`, with
/// mutable variables and a recursive handler.
#[test]
fn loops_and_mutable_variables() {
    let mut fresh = Fresh::new();
    let (r, i) = (fresh.var("r"), fresh.var("i"));
    let (lp, done) = (fresh.label(), fresh.label());
    let step = seq(
        Expr::Assign(r.clone(), Box::new(add_int_caml(var(&r), var(&i)))),
        seq(
            Expr::Assign(i.clone(), Box::new(add_int_caml(var(&i), int_const(1)))),
            Expr::If(
                Box::new(cmp(IntCmp::Gt, var(&i), int_const(100))),
                Box::new(exit(done, vec![], vec![])),
                Box::new(exit(lp, vec![], vec![])),
            ),
        ),
    );
    let looped = catch(
        CatchKind::Recursive,
        lp,
        vec![],
        exit(lp, vec![], vec![]),
        step,
    );
    let body = catch(CatchKind::Normal, done, vec![], looped, Expr::Unit);
    let main = Expr::LetMut(
        r.clone(),
        MachType::Val,
        Box::new(int_const(0)),
        Box::new(Expr::LetMut(
            i.clone(),
            MachType::Val,
            Box::new(int_const(1)),
            Box::new(seq(body, print_line(var(&r)))),
        )),
    );
    check("loops", vec![fun("main", vec![], main)], "5050\n", false);
}

/// Division, remainder and shifts by variable amounts, on raw integers.
#[test]
fn integer_operations() {
    let mut fresh = Fresh::new();
    let (a, b) = (fresh.var("a"), fresh.var("b"));
    let raw = |e: Expr| print_line(tag_int(e));
    let body = let_in(
        a.clone(),
        Expr::ConstInt(-17),
        let_in(
            b.clone(),
            Expr::ConstInt(5),
            lines(vec![
                raw(op(Operation::DivI, vec![var(&a), var(&b)])),
                raw(op(Operation::ModI, vec![var(&a), var(&b)])),
                raw(op(Operation::Lsl, vec![var(&b), var(&b)])),
                raw(op(Operation::Asr, vec![var(&a), Expr::ConstInt(2)])),
                raw(op(Operation::Lsr, vec![Expr::ConstInt(1 << 40), var(&b)])),
                raw(op(Operation::MulI, vec![var(&a), var(&b)])),
                raw(op(Operation::MulI, vec![var(&a), Expr::ConstInt(12)])),
                raw(op(Operation::SubI, vec![Expr::ConstInt(3), var(&a)])),
                raw(op(Operation::Xor, vec![var(&a), var(&b)])),
                raw(cmp(IntCmp::Ult, var(&a), var(&b))),
                raw(cmp(IntCmp::Lt, var(&a), var(&b))),
            ]),
        ),
    );
    check(
        "integer_operations",
        vec![fun("main", vec![], body)],
        "-3\n-2\n160\n-5\n34359738368\n-85\n-204\n20\n-22\n0\n1\n",
        false,
    );
}

/// Exceptions raised by the runtime (through `flambeau_c_call`) and by a
/// failed bounds check unwind to the handler of compiled code.
#[test]
fn exceptions_from_the_runtime() {
    let mut fresh = Fresh::new();
    let guarded = |fresh: &mut Fresh, e: Expr| {
        try_with(
            fresh,
            |h, join| exit(join, vec![e], vec![TrapAction::Pop(h)]),
            |exn| seq(print_string(field(var(exn), 1)), int_const(-1)),
        )
    };
    let parse = |s: &str| extcall("caml_int_of_string", MachType::Val, true, vec![sym(s)]);
    let bounded = seq(
        op(
            Operation::Checkbound,
            vec![Expr::ConstInt(3), Expr::ConstInt(5)],
        ),
        int_const(0),
    );
    let (a, b, c) = (
        guarded(&mut fresh, parse("forty_two")),
        guarded(&mut fresh, parse("not_a_number")),
        guarded(&mut fresh, bounded),
    );
    let main = fun(
        "main",
        vec![],
        lines(vec![print_line(a), print_line(b), print_line(c)]),
    );
    check(
        "runtime_exceptions",
        vec![
            static_string("forty_two", "42"),
            static_string("not_a_number", "4x2"),
            main,
        ],
        "42\nint_of_string-1\nindex out of bounds-1\n",
        true,
    );
}

/// An exception no handler catches ends the program as OCaml's does.
#[test]
fn uncaught_exceptions() {
    let main = fun(
        "main",
        vec![],
        seq(print_line(int_const(1)), raise_symbol("caml_exn_Not_found")),
    );
    let program = Program {
        phrases: vec![main],
    };
    let interp = run_interp(&program, "main");
    assert_eq!(
        interp,
        ("1\n".into(), "Fatal error: exception Not_found\n".into(), 2)
    );
    assert_eq!(run_native("uncaught", &program, "main", &[]), interp);
}

/// A small deterministic random number generator (xorshift), so that the
/// random programs below are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random expression over tagged integers: arithmetic, lets,
/// conditionals, calls, allocations and float round trips, so that
/// values live across calls and allocations, and registers run short.
fn random_expr(rng: &mut Rng, fresh: &mut Fresh, vars: &mut Vec<Var>, depth: u32) -> Expr {
    let leaf = depth == 0 || rng.below(5) == 0;
    if leaf {
        return if !vars.is_empty() && rng.below(3) != 0 {
            var(&vars[rng.below(vars.len() as u64) as usize])
        } else {
            int_const(rng.below(100) as i64 - 50)
        };
    }
    let sub = |rng: &mut Rng, fresh: &mut Fresh, vars: &mut Vec<Var>| {
        random_expr(rng, fresh, vars, depth - 1)
    };
    match rng.below(10) {
        0 => add_int_caml(sub(rng, fresh, vars), sub(rng, fresh, vars)),
        1 => sub_int_caml(sub(rng, fresh, vars), sub(rng, fresh, vars)),
        2 => mul_int_caml(sub(rng, fresh, vars), sub(rng, fresh, vars)),
        3 | 4 => {
            let def = sub(rng, fresh, vars);
            let x = fresh.var("x");
            vars.push(x.clone());
            let body = sub(rng, fresh, vars);
            vars.pop();
            let_in(x, def, body)
        }
        5 => Expr::If(
            Box::new(cmp(
                IntCmp::Lt,
                sub(rng, fresh, vars),
                sub(rng, fresh, vars),
            )),
            Box::new(sub(rng, fresh, vars)),
            Box::new(sub(rng, fresh, vars)),
        ),
        6 => app("helper", vec![sub(rng, fresh, vars), sub(rng, fresh, vars)]),
        7 => field(
            alloc(0, vec![sub(rng, fresh, vars), sub(rng, fresh, vars)]),
            rng.below(2) as usize,
        ),
        8 => tag_int(op(
            Operation::IntOfFloat,
            vec![op(
                Operation::MulF,
                vec![
                    op(
                        Operation::FloatOfInt,
                        vec![untag_int(sub(rng, fresh, vars))],
                    ),
                    Expr::ConstFloat(1.5),
                ],
            )],
        )),
        _ => tag_int(op(
            Operation::DivI,
            vec![untag_int(sub(rng, fresh, vars)), Expr::ConstInt(7)],
        )),
    }
}

/// Random functions, all called from one program, natively and by the
/// interpreter: the register allocator's verifier runs on each, and the
/// outputs must agree.
#[test]
fn random_programs_agree_with_the_interpreter() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut fresh = Fresh::new();
    let (p, q) = (fresh.var("p"), fresh.var("q"));
    let mut phrases = vec![fun(
        "helper",
        vec![(p.clone(), MachType::Val), (q.clone(), MachType::Val)],
        sub_int_caml(mul_int_caml(var(&p), int_const(3)), var(&q)),
    )];
    let mut calls = Vec::new();
    for i in 0..60 {
        let params: Vec<Var> = (0..3).map(|k| fresh.var(&format!("a{k}"))).collect();
        let mut vars = params.clone();
        let body = random_expr(&mut rng, &mut fresh, &mut vars, 6);
        let name = format!("random{i}");
        phrases.push(fun(
            &name,
            params.iter().map(|v| (v.clone(), MachType::Val)).collect(),
            body,
        ));
        calls.push(print_line(app(
            &name,
            vec![int_const(3), int_const(-8), int_const(21)],
        )));
    }
    phrases.push(fun("main", vec![], lines(calls)));
    let program = Program { phrases };
    let interp = run_interp(&program, "main");
    assert_eq!(interp.2, 0, "{}", interp.1);
    assert_eq!(run_native("random", &program, "main", &[]), interp);
    assert_eq!(
        run_native("random", &program, "main", &[("FLAMBEAU_GC_STRESS", "1")]),
        interp
    );
}

/// Thirty values live at once, more than there are registers, without a
/// call to force them to the stack: some must be spilled, and reloaded
/// with the right values.
#[test]
fn spills_reload_correctly() {
    let mut fresh = Fresh::new();
    let x = fresh.var("x");
    let vs: Vec<Var> = (0..30).map(|i| fresh.var(&format!("v{i}"))).collect();
    // v_i = x * (i + 1) + i, then the alternating sum of all of them.
    let mut sum = int_const(0);
    for (i, v) in vs.iter().enumerate().rev() {
        sum = if i % 2 == 0 {
            add_int_caml(sum, var(v))
        } else {
            sub_int_caml(sum, var(v))
        };
    }
    let mut body = sum;
    for (i, v) in vs.iter().enumerate().rev() {
        body = let_in(
            v.clone(),
            add_int_caml(
                mul_int_caml(var(&x), int_const(i as i64 + 1)),
                int_const(i as i64),
            ),
            body,
        );
    }
    let f = fun("pressure", vec![(x.clone(), MachType::Val)], body);
    let y = fresh.var("y");
    // The same with floats: 20 unboxed values.
    let fs: Vec<Var> = (0..20).map(|i| fresh.var(&format!("f{i}"))).collect();
    let mut fsum = Expr::ConstFloat(0.0);
    for (i, v) in fs.iter().enumerate() {
        fsum = op(
            if i % 3 == 0 {
                Operation::SubF
            } else {
                Operation::AddF
            },
            vec![fsum, var(v)],
        );
    }
    let mut fbody = tag_int(op(Operation::IntOfFloat, vec![fsum]));
    for (i, v) in fs.iter().enumerate().rev() {
        fbody = let_in(
            v.clone(),
            op(
                Operation::MulF,
                vec![
                    op(Operation::FloatOfInt, vec![untag_int(var(&y))]),
                    Expr::ConstFloat(i as f64 + 0.5),
                ],
            ),
            fbody,
        );
    }
    let h = fun("float_pressure", vec![(y.clone(), MachType::Val)], fbody);
    let main = fun(
        "main",
        vec![],
        seq(
            print_line(app("pressure", vec![int_const(7)])),
            print_line(app("float_pressure", vec![int_const(3)])),
        ),
    );
    let program = Program {
        phrases: vec![f, h, main],
    };
    let mut unit = selection::select_unit(&program, "main").expect("selects");
    for f in &mut unit.functions {
        regalloc::allocate(f).expect("allocates");
        frames::lay_out_frame(f).expect("lays out");
        regalloc::verify(f).expect("a valid allocation");
    }
    let spilled = |name: &str| {
        let f = unit
            .functions
            .iter()
            .find(|f| f.name == name)
            .expect("function");
        f.allocation.as_ref().map_or(0, |a| a.num_slots)
    };
    assert!(
        spilled("pressure") > 0,
        "thirty live integers need spill slots"
    );
    assert!(
        spilled("float_pressure") > 0,
        "twenty live floats need spill slots"
    );
    check("spills", program.phrases, "-120\n201\n", false);
}

/// OCaml's externals for channels and formatting, which the library uses.
#[test]
fn library_externals() {
    let mut fresh = Fresh::new();
    let (chan, s) = (fresh.var("chan"), fresh.var("s"));
    let ext = |name: &str, args: Vec<Expr>| extcall(name, MachType::Val, true, args);
    let output = |s: Expr, len: i64| {
        ext(
            "caml_ml_output",
            vec![var(&chan), s, int_const(0), int_const(len)],
        )
    };
    let body = let_in(
        chan.clone(),
        ext("caml_ml_open_descriptor_out", vec![int_const(1)]),
        let_in(
            s.clone(),
            ext("caml_format_int", vec![sym("percent_d"), int_const(-1234)]),
            lines(vec![
                output(var(&s), 5),
                ext(
                    "caml_ml_output_char",
                    vec![var(&chan), int_const(b' ' as i64)],
                ),
                output(
                    ext(
                        "caml_format_float",
                        vec![sym("percent_g"), box_float(Expr::ConstFloat(3.25))],
                    ),
                    4,
                ),
                ext(
                    "caml_ml_output_char",
                    vec![var(&chan), int_const(b' ' as i64)],
                ),
                // A fresh string of three bytes, filled with 'z'.
                let_in(
                    s.clone(),
                    ext("caml_alloc_string", vec![Expr::ConstInt(3)]),
                    seq(
                        ext(
                            "caml_fill_bytes",
                            vec![var(&s), int_const(0), int_const(3), int_const(b'z' as i64)],
                        ),
                        output(var(&s), 3),
                    ),
                ),
                ext(
                    "caml_ml_output_char",
                    vec![var(&chan), int_const(b'\n' as i64)],
                ),
                ext("caml_ml_flush", vec![var(&chan)]),
            ]),
        ),
    );
    check(
        "library_externals",
        vec![
            static_string("percent_d", "%d"),
            static_string("percent_g", "%.12g"),
            fun("main", vec![], body),
        ],
        "-1234 3.25 zzz\n",
        true,
    );
}

/// Prints the chapters' examples at each stage (run with `--nocapture`).
#[test]
fn chapter_examples_print() {
    let program = examples::unit(vec![examples::fact(), examples::sum(), examples::build(), examples::safe()]);
    let mut unit = selection::select_unit(&program, "main").expect("selects");
    println!("{program}");
    println!("{unit}");
    for f in &mut unit.functions {
        regalloc::allocate(f).expect("allocates");
        frames::lay_out_frame(f).expect("lays out");
    }
    println!("{unit}");
    let code = emit::emit_unit(&unit).expect("emits");
    println!("{}", code.listing);
}
