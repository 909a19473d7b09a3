//! Tests of the translation on CPS programs built with the CPS builder.

use super::*;
use crate::cps::examples;
use crate::driver::ir::Ir;

/// Runs `program` with the CPS interpreter and, translated, with the Cmm
/// interpreter: both must print and exit alike.
fn same_behaviour(program: &Program) {
    same_behaviour_of("", program)
}

fn same_behaviour_of(what: &str, program: &Program) {
    let unit = to_cmm(program, "Test", Options::default()).expect("translates");
    assert_eq!(unit.check(), Ok(()), "{}", unit.print());
    let cps = program.interpret().expect("the CPS interpreter runs");
    let cmm = unit.interpret().expect("the Cmm interpreter runs");
    assert_eq!(
        (
            String::from_utf8_lossy(&cmm.stdout),
            String::from_utf8_lossy(&cmm.stderr),
            cmm.exit_code
        ),
        (
            String::from_utf8_lossy(&cps.stdout),
            String::from_utf8_lossy(&cps.stderr),
            cps.exit_code
        ),
        "{what}\n{}",
        unit.print()
    );
}

#[test]
fn the_cps_examples_run_alike_after_translation() {
    for program in [
        examples::fact(10),
        examples::sum_to(1000),
        examples::count(100_000),
        examples::sum_loop(100),
        examples::safe_div(0),
        examples::safe_div(2),
        examples::array_get(1),
        examples::array_get(5),
        examples::make_adder(),
        examples::currying(),
    ] {
        same_behaviour(&program);
    }
}

use crate::cps::builder::{apply, apply_cont, if_then_else, Block, CodeHeader, ProgramBuilder};
use crate::cps::ids::Names;
use crate::cps::kinds::{IntKind, Kind};
use crate::cps::primitives::{
    BlockShape, Comparison, FieldKind, IntOp, Mutability, PrimOp, Signedness,
};
use crate::cps::terms::{CallKind, ContHandler, Expr, Param, Return, Simple};

/// One piece of code, built by `build` from its header, in a program that
/// does nothing else. Gives the code as the CPS printer shows it, and the
/// Cmm function it becomes.
pub(crate) fn one_function(
    params: &[(&str, Kind)],
    options: Options,
    build: impl FnOnce(&mut Names, &CodeHeader) -> Expr,
) -> (String, String) {
    let mut p = ProgramBuilder::new();
    let header = CodeHeader::new(&mut p.names, "f", params);
    let body = build(&mut p.names, &header);
    let code = header.finish(body);
    let id = code.id;
    p.add_code(code);
    let done = p.return_cont;
    let program = p.finish(apply_cont(done, vec![Simple::unit()]));
    let cps = program
        .code
        .get(&id)
        .map(|c| crate::cps::print::code(&program.names, c))
        .unwrap_or_default();
    let unit = to_cmm(&program, "T", options).expect("translates");
    assert_eq!(unit.check(), Ok(()), "{}", unit.print());
    let cmm = unit
        .program
        .functions()
        .find(|f| f.name == data::linkage_name("T", "f", id.index()))
        .map(|f| f.to_string())
        .unwrap_or_default();
    if std::env::var("TOCMM_PRINT").is_ok() {
        println!("=====\n{cps}-----\n{cmm}\n");
    }
    (cps, cmm)
}

fn tagged(op: IntOp) -> PrimOp {
    PrimOp::IntArith(IntKind::Tagged, op)
}

/// `let f a b c = (a + b) + c`: the intermediate sum is used once, so it
/// is substituted, and the tagged additions share one adjustment.
#[test]
fn a_plus_b_plus_c() {
    let (cps, cmm) = one_function(
        &[("a", Kind::Value), ("b", Kind::Value), ("c", Kind::Value)],
        Options::default(),
        |names, h| {
            let mut b = Block::new();
            let t = b.prim(names, "t", tagged(IntOp::Add), vec![h.param(0), h.param(1)]);
            let u = b.prim(names, "u", tagged(IntOp::Add), vec![t.into(), h.param(2)]);
            b.finish(apply_cont(h.return_cont, vec![u.into()]))
        },
    );
    assert_eq!(
        cps,
        "code f[my_closure] a b c -> k * k_exn =\n  let t = a + b in\n  let u = t + c in\n  apply_cont k u\n"
    );
    assert_eq!(
        cmm,
        "(function camlT__f_2 (a/1: val b/2: val c/3: val my_closure/4: val)\n (+ (+ (+ a/1 b/2) c/3) -2))"
    );
}

fn compare(c: Comparison) -> PrimOp {
    PrimOp::IntComp(IntKind::Tagged, c, Signedness::Signed)
}

/// `let max x y = if x < y then y else x`: the comparison, used once, is
/// substituted into the `if`, which tests it directly.
#[test]
fn if_x_less_than_y_is_a_direct_comparison() {
    let (cps, cmm) = one_function(
        &[("x", Kind::Value), ("y", Kind::Value)],
        Options::default(),
        |names, h| {
            let (k_then, k_else) = (names.cont("k_then"), names.cont("k_else"));
            let mut b = Block::new();
            let c = b.prim(
                names,
                "c",
                compare(Comparison::Lt),
                vec![h.param(0), h.param(1)],
            );
            b.let_cont(
                k_then,
                ContHandler::new(vec![], apply_cont(h.return_cont, vec![h.param(1)])),
            );
            b.let_cont(
                k_else,
                ContHandler::new(vec![], apply_cont(h.return_cont, vec![h.param(0)])),
            );
            b.finish(if_then_else(c.into(), k_then, k_else))
        },
    );
    assert_eq!(
        cps,
        "code f[my_closure] x y -> k * k_exn =\n  let c : imm# = x < y in\n  let_cont k_then () = apply_cont k y in\n  let_cont k_else () = apply_cont k x in\n  switch c\n  | 0 -> apply_cont k_else ()\n  | 1 -> apply_cont k_then ()\n"
    );
    assert_eq!(
        cmm,
        "(function camlT__f_2 (x/1: val y/2: val my_closure/3: val)\n (if (< x/1 y/2) y/2 x/1))"
    );
}

/// `if b then 1 else 2` on a tagged `bool` parameter: the switch is on
/// `untag b`, and comparing `b` with the tagged `false` saves the shift.
#[test]
fn a_two_way_switch_tests_the_tagged_form() {
    let (cps, cmm) = one_function(&[("b", Kind::Value)], Options::default(), |names, h| {
        let (k_then, k_else) = (names.cont("k_then"), names.cont("k_else"));
        let mut b = Block::new();
        let u = b.prim(names, "u", PrimOp::UntagImmediate, vec![h.param(0)]);
        b.let_cont(
            k_then,
            ContHandler::new(vec![], apply_cont(h.return_cont, vec![Simple::tagged(1)])),
        );
        b.let_cont(
            k_else,
            ContHandler::new(vec![], apply_cont(h.return_cont, vec![Simple::tagged(2)])),
        );
        b.finish(if_then_else(u.into(), k_then, k_else))
    });
    assert_eq!(
        cps,
        "code f[my_closure] b -> k * k_exn =\n  let u : imm# = %untag b in\n  let_cont k_then () = apply_cont k 1 in\n  let_cont k_else () = apply_cont k 2 in\n  switch u\n  | 0 -> apply_cont k_else ()\n  | 1 -> apply_cont k_then ()\n"
    );
    assert_eq!(
        cmm,
        "(function camlT__f_2 (b/1: val my_closure/2: val)\n (if (== b/1 1) 5 3))"
    );
}

fn load_field0() -> PrimOp {
    PrimOp::BlockLoad {
        field: 0,
        kind: FieldKind::Immediate,
        mutability: Mutability::Mutable,
    }
}

fn set_field0() -> PrimOp {
    PrimOp::BlockSet {
        field: 0,
        kind: FieldKind::Immediate,
    }
}

/// `let v = !r in r := 0; v + 1`: the read is a co-effect, the write an
/// effect it must not cross, so `v` stays bound before the write.
#[test]
fn a_coeffect_does_not_cross_an_effect() {
    let (cps, cmm) = one_function(&[("r", Kind::Value)], Options::default(), |names, h| {
        let mut b = Block::new();
        let v = b.prim(names, "v", load_field0(), vec![h.param(0)]);
        b.prim(
            names,
            "u",
            set_field0(),
            vec![h.param(0), Simple::tagged(0)],
        );
        let w = b.prim(
            names,
            "w",
            tagged(IntOp::Add),
            vec![v.into(), Simple::tagged(1)],
        );
        b.finish(apply_cont(h.return_cont, vec![w.into()]))
    });
    assert_eq!(
        cps,
        "code f[my_closure] r -> k * k_exn =\n  let v = %load[0, imm, mut] r in\n  let u = %store[0, imm] r 0 in\n  let w = v + 1 in\n  apply_cont k w\n"
    );
    assert_eq!(
        cmm,
        "(function camlT__f_2 (r/1: val my_closure/2: val)\n (let v/3 (load_mut int r/1) (store int r/1 1) (+ v/3 2)))"
    );
}

/// `let v = !r in let w = !s in v + w`: reads commute with reads, so both
/// are substituted.
#[test]
fn coeffects_move_past_each_other() {
    let (cps, cmm) = one_function(
        &[("r", Kind::Value), ("s", Kind::Value)],
        Options::default(),
        |names, h| {
            let mut b = Block::new();
            let v = b.prim(names, "v", load_field0(), vec![h.param(0)]);
            let w = b.prim(names, "w", load_field0(), vec![h.param(1)]);
            let x = b.prim(names, "x", tagged(IntOp::Add), vec![v.into(), w.into()]);
            b.finish(apply_cont(h.return_cont, vec![x.into()]))
        },
    );
    assert_eq!(
        cps,
        "code f[my_closure] r s -> k * k_exn =\n  let v = %load[0, imm, mut] r in\n  let w = %load[0, imm, mut] s in\n  let x = v + w in\n  apply_cont k x\n"
    );
    assert_eq!(
        cmm,
        "(function camlT__f_2 (r/1: val s/2: val my_closure/3: val)\n (+ (+ (load_mut int r/1) (load_mut int s/2)) -1))"
    );
}

/// The seed's example: `x` is used once, after a recursive continuation,
/// but the environment is flushed on entering the loop, so `x` is bound
/// before it and not substituted into `z`.
#[test]
fn no_substitution_across_a_recursive_continuation() {
    let (cps, cmm) = one_function(
        &[("a", Kind::Value), ("b", Kind::Value)],
        Options::default(),
        |names, h| {
            let k1 = names.cont("k1");
            let y = names.var("y");
            let mut b = Block::new();
            let x = b.prim(names, "x", tagged(IntOp::Add), vec![h.param(0), h.param(1)]);
            b.let_cont_rec(vec![(
                k1,
                ContHandler::new(
                    vec![Param::value(y)],
                    apply_cont(h.return_cont, vec![y.into()]),
                ),
            )]);
            let z = b.prim(
                names,
                "z",
                tagged(IntOp::Add),
                vec![x.into(), Simple::tagged(1)],
            );
            b.finish(apply_cont(k1, vec![z.into()]))
        },
    );
    assert_eq!(
        cps,
        "code f[my_closure] a b -> k * k_exn =\n  let x = a + b in\n  let_cont rec k1 y = apply_cont k y in\n  let z = x + 1 in\n  apply_cont k1 z\n"
    );
    assert_eq!(
        cmm,
        "(function camlT__f_2 (a/1: val b/2: val my_closure/3: val)\n (let x/4 (+ (+ a/1 b/2) -1)\n   (catch rec (exit 1 (+ x/4 2)) with(1 y/5: val) y/5)))"
    );
}

/// `(f x, 1)`: the call's result, used once, goes straight into the new
/// block: effectful bindings are substituted into allocations.
#[test]
fn a_call_is_substituted_into_an_allocation() {
    let (cps, cmm) = one_function(
        &[("g", Kind::Value), ("x", Kind::Value)],
        Options::default(),
        |names, h| {
            let k_r = names.cont("k_r");
            let r = names.var("r");
            let mut inner = Block::new();
            let pair = inner.prim(
                names,
                "pair",
                PrimOp::MakeBlock {
                    tag: 0,
                    shape: BlockShape::Values,
                    mutability: Mutability::Immutable,
                },
                vec![r.into(), Simple::tagged(1)],
            );
            let inner = inner.finish(apply_cont(h.return_cont, vec![pair.into()]));
            let mut b = Block::new();
            b.let_cont(k_r, ContHandler::new(vec![Param::value(r)], inner));
            b.finish(apply(
                h.param(0),
                vec![h.param(1)],
                CallKind::IndirectUnknownArity,
                Return::Cont(k_r),
                h.exn_cont,
            ))
        },
    );
    assert_eq!(
        cps,
        "code f[my_closure] g x -> k * k_exn =\n  let_cont k_r r =\n    let pair = %block[0] r 1 in\n    apply_cont k pair\n  in\n  apply g x -> k_r * k_exn\n"
    );
    assert_eq!(
        cmm,
        "(function camlT__f_2 (g/1: val x/2: val my_closure/3: val)\n (let pair/5 (alloc 2048 (app (load val g/1) x/2 g/1 val) 3) pair/5))"
    );
}

use crate::cps::builder::runtime_call;
use crate::cps::ids::Continuation;
use crate::cps::kinds::{BoxedNumber, NumKind};
use crate::cps::primitives::{FloatOp, ShiftOp, StringKind};
use crate::cps::terms::{SetOfClosures, StaticBinding, StaticConst};

/// `rest` after printing `r` (of kind `kind`) and a newline on `stdout`:
/// integers of every kind in decimal (64-bit ones as their high and low
/// halves), floats with 17 significant digits.
fn print_value(
    names: &mut Names,
    stdout: Simple,
    formats: (Simple, Simple),
    exn: Continuation,
    r: Simple,
    kind: Kind,
    rest: Expr,
) -> Expr {
    let mut b = Block::new();
    let conv = |to_tagged: &mut Block, names: &mut Names, src: IntKind, x: Simple| -> Simple {
        to_tagged
            .prim(
                names,
                "t",
                PrimOp::NumConv {
                    src: NumKind::Int(src),
                    dst: NumKind::Int(IntKind::Tagged),
                },
                vec![x],
            )
            .into()
    };
    let mut printed: Vec<(Simple, Simple)> = Vec::new();
    match kind {
        Kind::Value => printed.push((formats.0, r)),
        Kind::NakedImmediate => printed.push((formats.0, conv(&mut b, names, IntKind::Naked, r))),
        Kind::NakedInt32 => printed.push((formats.0, conv(&mut b, names, IntKind::Int32, r))),
        Kind::NakedInt64 | Kind::NakedNativeint => {
            let k = if kind == Kind::NakedInt64 {
                IntKind::Int64
            } else {
                IntKind::Nativeint
            };
            let hi = b.prim(
                names,
                "hi",
                PrimOp::IntShift(k, ShiftOp::Asr),
                vec![r, Simple::naked(32)],
            );
            let mask = Simple::Const(match k {
                IntKind::Int64 => crate::cps::terms::Const::NakedInt64(0xFFFF_FFFF),
                _ => crate::cps::terms::Const::NakedNativeint(0xFFFF_FFFF),
            });
            let lo = b.prim(names, "lo", PrimOp::IntArith(k, IntOp::And), vec![r, mask]);
            printed.push((formats.0, conv(&mut b, names, k, hi.into())));
            printed.push((formats.0, conv(&mut b, names, k, lo.into())));
        }
        Kind::NakedFloat => {
            let boxed = b.prim(
                names,
                "boxed",
                PrimOp::BoxNumber(BoxedNumber::Float),
                vec![r],
            );
            printed.push((formats.1, boxed.into()));
        }
    }
    let mut tail = rest;
    for (format, x) in printed.into_iter().rev() {
        let (k1, k2, k3) = (names.cont("k_fmt"), names.cont("k_out"), names.cont("k_nl"));
        let (s, u1, u2) = (names.var("s"), names.var("u"), names.var("u"));
        let mut out = Block::new();
        let len = out.prim(
            names,
            "len",
            PrimOp::StringLength(StringKind::String),
            vec![s.into()],
        );
        let out = out.finish(runtime_call(
            "caml_ml_output",
            vec![
                (stdout, Kind::Value),
                (s.into(), Kind::Value),
                (Simple::tagged(0), Kind::Value),
                (len.into(), Kind::Value),
            ],
            vec![Kind::Value],
            Return::Cont(k2),
            exn,
        ));
        let newline = runtime_call(
            "caml_ml_output_char",
            vec![(stdout, Kind::Value), (Simple::tagged(10), Kind::Value)],
            vec![Kind::Value],
            Return::Cont(k3),
            exn,
        );
        let mut step = Block::new();
        step.let_cont(k3, ContHandler::new(vec![Param::value(u2)], tail));
        step.let_cont(k2, ContHandler::new(vec![Param::value(u1)], newline));
        step.let_cont(k1, ContHandler::new(vec![Param::value(s)], out));
        let format_name = if format == formats.0 {
            "caml_format_int"
        } else {
            "caml_format_float"
        };
        tail = step.finish(runtime_call(
            format_name,
            vec![(format, Kind::Value), (x, Kind::Value)],
            vec![Kind::Value],
            Return::Cont(k1),
            exn,
        ));
    }
    b.finish(tail)
}

/// A program that calls a function `f` of `args` (constants, so that the
/// computation happens at run time, inside `f`); `f`'s body is `build`'s
/// bindings, then the printing of the values it gives, in order.
fn computation(
    args: &[(Kind, Simple)],
    build: impl FnOnce(&mut Names, &mut Block, &[Simple]) -> Vec<(Simple, Kind)>,
) -> Program {
    let mut kinds = Vec::new();
    computation_expr(args, |names, p, k_print| {
        let mut b = Block::new();
        let results = build(names, &mut b, p);
        let (values, ks): (Vec<Simple>, Vec<Kind>) = results.into_iter().unzip();
        kinds = ks;
        (b.finish(apply_cont(k_print, values)), kinds.clone())
    })
}

/// The same, with `f`'s body any expression that ends by jumping to
/// `k_print` with the values to print (of the kinds it gives).
fn computation_expr(
    args: &[(Kind, Simple)],
    build: impl FnOnce(&mut Names, &[Simple], Continuation) -> (Expr, Vec<Kind>),
) -> Program {
    computation_in(ProgramBuilder::new(), args, |names, p, k_print, _| {
        build(names, p, k_print)
    })
}

/// The same, in a program that already has some code; `build` also gets
/// `f`'s exception continuation.
fn computation_in(
    mut p: ProgramBuilder,
    args: &[(Kind, Simple)],
    build: impl FnOnce(&mut Names, &[Simple], Continuation, Continuation) -> (Expr, Vec<Kind>),
) -> Program {
    let names = &mut p.names;
    let params: Vec<(String, Kind)> = args
        .iter()
        .enumerate()
        .map(|(i, (k, _))| (format!("p{i}"), *k))
        .collect();
    let params: Vec<(&str, Kind)> = params.iter().map(|(n, k)| (n.as_str(), *k)).collect();
    let h = CodeHeader::new(names, "f", &params);
    let simples: Vec<Simple> = (0..args.len()).map(|i| h.param(i)).collect();
    let (fmt_d, fmt_g) = (names.symbol("format_d"), names.symbol("format_g"));
    let stdout = names.var("stdout");
    let (k_stdout, k_print) = (names.cont("k_stdout"), names.cont("k_print"));
    let exn = h.exn_cont;
    let (body, kinds) = build(names, &simples, k_print, exn);
    let results: Vec<Param> = kinds
        .iter()
        .map(|k| Param::new(names.var("r"), *k))
        .collect();
    let mut tail = apply_cont(h.return_cont, vec![Simple::unit()]);
    for r in results.iter().rev() {
        tail = print_value(
            names,
            stdout.into(),
            (fmt_d.into(), fmt_g.into()),
            exn,
            r.var.into(),
            r.kind,
            tail,
        );
    }
    let mut inner = Block::new();
    inner.let_cont(k_print, ContHandler::new(results, tail));
    let inner = inner.finish(body);
    let mut outer = Block::new();
    outer.let_cont(
        k_stdout,
        ContHandler::new(vec![Param::value(stdout)], inner),
    );
    let code = h.finish(outer.finish(runtime_call(
        "caml_ml_open_descriptor_out",
        vec![(Simple::tagged(1), Kind::Value)],
        vec![Kind::Value],
        Return::Cont(k_stdout),
        exn,
    )));
    let code_id = code.id;
    p.add_code(code);
    let (done, exn) = (p.return_cont, p.exn_cont);
    let names = &mut p.names;
    let slot = names.function_slot("f");
    let k_after = names.cont("k_after");
    let u = names.var("u");
    let mut main = Block::new();
    main.statics(vec![
        StaticBinding::Const {
            symbol: fmt_d,
            value: StaticConst::String(b"%d".to_vec()),
        },
        StaticBinding::Const {
            symbol: fmt_g,
            value: StaticConst::String(b"%.17g".to_vec()),
        },
    ]);
    let f = main.closures(
        names,
        SetOfClosures {
            functions: vec![(slot, code_id)],
            value_slots: vec![],
        },
    );
    main.let_cont(
        k_after,
        ContHandler::new(
            vec![Param::value(u)],
            apply_cont(done, vec![Simple::unit()]),
        ),
    );
    let callee = f.first().copied().map_or(Simple::unit(), Simple::Var);
    p.finish(main.finish(apply(
        callee,
        args.iter().map(|(_, s)| *s).collect(),
        CallKind::Direct { code: code_id },
        Return::Cont(k_after),
        exn,
    )))
}

use crate::cps::terms::Const;

fn int_const(k: IntKind, n: i64) -> (Kind, Simple) {
    let c = match k {
        IntKind::Tagged => Const::Tagged(n),
        IntKind::Naked => Const::NakedImmediate(n),
        IntKind::Int32 => Const::NakedInt32(n as i32),
        IntKind::Int64 => Const::NakedInt64(n),
        IntKind::Nativeint => Const::NakedNativeint(n),
    };
    (c.kind(), Simple::Const(c))
}

const INT_KINDS: [IntKind; 5] = [
    IntKind::Tagged,
    IntKind::Naked,
    IntKind::Int32,
    IntKind::Int64,
    IntKind::Nativeint,
];

/// The extreme values of each kind, and a few ordinary ones.
fn interesting(k: IntKind) -> Vec<i64> {
    let (min, max) = match k {
        IntKind::Tagged | IntKind::Naked => (-(1 << 62), (1 << 62) - 1),
        IntKind::Int32 => (i32::MIN as i64, i32::MAX as i64),
        _ => (i64::MIN, i64::MAX),
    };
    vec![0, 1, -1, 7, -7, 100, min, max, min + 1]
}

/// Integer arithmetic, shifts, negation and comparisons of every kind, on
/// pairs of interesting values: the CPS interpreter (OCaml's semantics)
/// and the Cmm interpreter agree.
#[test]
fn integer_primitives_compute_what_the_cps_interpreter_computes() {
    for k in INT_KINDS {
        let values = interesting(k);
        for &a in &values {
            for &b in &values {
                let args = [int_const(k, a), int_const(k, b)];
                let program = computation(&args, |names, blk, p| {
                    let mut out = Vec::new();
                    let mut ops = vec![
                        IntOp::Add,
                        IntOp::Sub,
                        IntOp::Mul,
                        IntOp::And,
                        IntOp::Or,
                        IntOp::Xor,
                    ];
                    if b != 0 {
                        ops.extend([IntOp::Div, IntOp::Mod]);
                    }
                    for o in ops {
                        let r = blk.prim(names, "r", PrimOp::IntArith(k, o), vec![p[0], p[1]]);
                        out.push((r.into(), k.kind()));
                    }
                    for c in [
                        Comparison::Eq,
                        Comparison::Ne,
                        Comparison::Lt,
                        Comparison::Le,
                        Comparison::Gt,
                        Comparison::Ge,
                    ] {
                        for s in [Signedness::Signed, Signedness::Unsigned] {
                            let r =
                                blk.prim(names, "c", PrimOp::IntComp(k, c, s), vec![p[0], p[1]]);
                            out.push((r.into(), Kind::NakedImmediate));
                        }
                    }
                    for s in [Signedness::Signed, Signedness::Unsigned] {
                        let r = blk.prim(names, "cmp", PrimOp::IntCompare(k, s), vec![p[0], p[1]]);
                        out.push((r.into(), Kind::NakedImmediate));
                    }
                    let r = blk.prim(names, "neg", PrimOp::IntNeg(k), vec![p[0]]);
                    out.push((r.into(), k.kind()));
                    for shift in [0, 1, 5, 31, 62] {
                        for o in [ShiftOp::Lsl, ShiftOp::Asr, ShiftOp::Lsr] {
                            let r = blk.prim(
                                names,
                                "sh",
                                PrimOp::IntShift(k, o),
                                vec![p[0], Simple::naked(shift)],
                            );
                            out.push((r.into(), k.kind()));
                        }
                    }
                    out
                });
                same_behaviour_of(&format!("{k:?} {a} {b}"), &program);
            }
        }
    }
}
fn float(x: f64) -> (Kind, Simple) {
    (Kind::NakedFloat, Simple::naked_float(x))
}

/// Float arithmetic, comparisons and `compare`, NaN included.
#[test]
fn float_primitives_compute_what_the_cps_interpreter_computes() {
    let values = [
        0.0,
        -0.0,
        1.5,
        -2.25,
        1e300,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ];
    for &a in &values {
        for &b in &values {
            let program = computation(&[float(a), float(b)], |names, blk, p| {
                let mut out = Vec::new();
                for o in [FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div] {
                    let r = blk.prim(names, "r", PrimOp::FloatArith(o), vec![p[0], p[1]]);
                    out.push((r.into(), Kind::NakedFloat));
                }
                for op in [PrimOp::FloatNeg, PrimOp::FloatAbs] {
                    let r = blk.prim(names, "r", op, vec![p[0]]);
                    out.push((r.into(), Kind::NakedFloat));
                }
                for c in [
                    Comparison::Eq,
                    Comparison::Ne,
                    Comparison::Lt,
                    Comparison::Le,
                    Comparison::Gt,
                    Comparison::Ge,
                ] {
                    let r = blk.prim(names, "c", PrimOp::FloatComp(c), vec![p[0], p[1]]);
                    out.push((r.into(), Kind::NakedImmediate));
                }
                let r = blk.prim(names, "cmp", PrimOp::FloatCompare, vec![p[0], p[1]]);
                out.push((r.into(), Kind::NakedImmediate));
                out
            });
            same_behaviour_of(&format!("{a} {b}"), &program);
        }
    }
}

/// Every conversion between numbers, from interesting values of each kind.
#[test]
fn conversions_compute_what_the_cps_interpreter_computes() {
    let mut sources: Vec<(NumKind, (Kind, Simple))> = Vec::new();
    for k in INT_KINDS {
        for n in interesting(k) {
            sources.push((NumKind::Int(k), int_const(k, n)));
        }
    }
    for x in [0.0, -2.9, 2.9, 1e18, -1e18, 4e9] {
        sources.push((NumKind::Float, float(x)));
    }
    let dsts: Vec<NumKind> = INT_KINDS
        .iter()
        .map(|k| NumKind::Int(*k))
        .chain([NumKind::Float])
        .collect();
    for (src, arg) in sources {
        let program = computation(&[arg], |names, blk, p| {
            dsts.iter()
                .map(|dst| {
                    let r = blk.prim(names, "r", PrimOp::NumConv { src, dst: *dst }, vec![p[0]]);
                    (r.into(), dst.kind())
                })
                .collect()
        });
        same_behaviour_of(&format!("{src} {:?}", arg.1), &program);
    }
}

/// Boxing and unboxing numbers, and reading them back from the box.
#[test]
fn boxed_numbers_round_trip() {
    let args = [
        float(-3.75),
        int_const(IntKind::Int32, -5),
        int_const(IntKind::Int64, i64::MIN),
        int_const(IntKind::Nativeint, 1 << 40),
    ];
    let program = computation(&args, |names, blk, p| {
        [
            BoxedNumber::Float,
            BoxedNumber::Int32,
            BoxedNumber::Int64,
            BoxedNumber::Nativeint,
        ]
        .iter()
        .zip(p)
        .map(|(n, x)| {
            let boxed = blk.prim(names, "b", PrimOp::BoxNumber(*n), vec![*x]);
            let r = blk.prim(names, "u", PrimOp::UnboxNumber(*n), vec![boxed.into()]);
            (r.into(), n.naked_kind())
        })
        .collect()
    });
    same_behaviour(&program);
}

fn block(tag: u8, shape: BlockShape, mutability: Mutability) -> PrimOp {
    PrimOp::MakeBlock {
        tag,
        shape,
        mutability,
    }
}

/// Blocks, flat float blocks and arrays: allocation, headers, tags, loads
/// and stores.
#[test]
fn blocks_and_arrays_behave_alike() {
    use crate::cps::primitives::ArrayKind;
    let args = [
        int_const(IntKind::Tagged, 5),
        float(2.5),
        int_const(IntKind::Tagged, 2),
    ];
    let program = computation(&args, |names, b, p| {
        let (x, f, i) = (p[0], p[1], p[2]);
        let mut out = Vec::new();
        let blk = b.prim(
            names,
            "blk",
            block(3, BlockShape::Values, Mutability::Mutable),
            vec![x, Simple::tagged(7)],
        );
        let tag = b.prim(names, "tag", PrimOp::GetTag, vec![blk.into()]);
        out.push((tag.into(), Kind::NakedImmediate));
        for v in [Simple::from(blk), x] {
            let is_int = b.prim(names, "is_int", PrimOp::IsInt, vec![v]);
            out.push((is_int.into(), Kind::NakedImmediate));
        }
        b.prim(
            names,
            "u",
            PrimOp::BlockSet {
                field: 1,
                kind: FieldKind::Value,
            },
            vec![blk.into(), x],
        );
        for field in [0, 1] {
            let v = b.prim(
                names,
                "v",
                PrimOp::BlockLoad {
                    field,
                    kind: FieldKind::Value,
                    mutability: Mutability::Mutable,
                },
                vec![blk.into()],
            );
            out.push((v.into(), Kind::Value));
        }
        let flat = b.prim(
            names,
            "flat",
            block(254, BlockShape::NakedFloats, Mutability::Mutable),
            vec![f, Simple::naked_float(-1.0)],
        );
        b.prim(
            names,
            "u",
            PrimOp::BlockSet {
                field: 0,
                kind: FieldKind::NakedFloat,
            },
            vec![flat.into(), Simple::naked_float(9.75)],
        );
        for field in [0, 1] {
            let v = b.prim(
                names,
                "v",
                PrimOp::BlockLoad {
                    field,
                    kind: FieldKind::NakedFloat,
                    mutability: Mutability::Mutable,
                },
                vec![flat.into()],
            );
            out.push((v.into(), Kind::NakedFloat));
        }
        for (kind, elems) in [
            (
                ArrayKind::Immediates,
                vec![Simple::tagged(10), Simple::tagged(20), Simple::tagged(30)],
            ),
            (ArrayKind::Values, vec![blk.into(), x, x, x]),
            (ArrayKind::NakedFloats, vec![f, f, Simple::naked_float(0.5)]),
        ] {
            let a = b.prim(
                names,
                "a",
                PrimOp::MakeArray {
                    kind,
                    mutability: Mutability::Mutable,
                },
                elems,
            );
            let len = b.prim(names, "len", PrimOp::ArrayLength, vec![a.into()]);
            out.push((len.into(), Kind::Value));
            let flat = b.prim(names, "is_flat", PrimOp::IsFlatFloatArray, vec![a.into()]);
            out.push((flat.into(), Kind::NakedImmediate));
            let new = if kind == ArrayKind::NakedFloats {
                Simple::naked_float(-7.0)
            } else {
                Simple::tagged(-7)
            };
            b.prim(
                names,
                "u",
                PrimOp::ArraySet { kind },
                vec![a.into(), i, new],
            );
            let v = b.prim(
                names,
                "v",
                PrimOp::ArrayLoad {
                    kind,
                    mutability: Mutability::Mutable,
                },
                vec![a.into(), i],
            );
            out.push((v.into(), kind.element_kind()));
        }
        let same = b.prim(
            names,
            "same",
            PrimOp::PhysEqual(crate::cps::primitives::Equality::Eq),
            vec![blk.into(), blk.into()],
        );
        out.push((same.into(), Kind::NakedImmediate));
        let differ = b.prim(
            names,
            "differ",
            PrimOp::PhysEqual(crate::cps::primitives::Equality::Ne),
            vec![blk.into(), x],
        );
        out.push((differ.into(), Kind::NakedImmediate));
        let t = b.prim(names, "t", compare(Comparison::Lt), vec![i, x]);
        let t = b.prim(names, "t", PrimOp::TagImmediate, vec![t.into()]);
        let not = b.prim(names, "not", PrimOp::BooleanNot, vec![t.into()]);
        out.push((not.into(), Kind::Value));
        out
    });
    same_behaviour(&program);
}

/// Strings of every length modulo the word (the padding rule), their
/// bytes, and bytes written in place.
#[test]
fn strings_and_bytes_behave_alike() {
    for text in [
        "",
        "a",
        "hello",
        "1234567",
        "12345678",
        "a longer string of text",
    ] {
        let program = computation(&[int_const(IntKind::Tagged, 0)], |names, b, p| {
            let s = names.symbol("s");
            b.statics(vec![StaticBinding::Const {
                symbol: s,
                value: StaticConst::String(text.as_bytes().to_vec()),
            }]);
            let mut out = Vec::new();
            let len = b.prim(
                names,
                "len",
                PrimOp::StringLength(StringKind::String),
                vec![s.into()],
            );
            out.push((len.into(), Kind::Value));
            if !text.is_empty() {
                let c = b.prim(
                    names,
                    "c",
                    PrimOp::StringLoad(StringKind::String),
                    vec![s.into(), p[0]],
                );
                out.push((c.into(), Kind::NakedImmediate));
            }
            out
        });
        same_behaviour_of(text, &program);
    }
}

/// A switch on `keys`, each arm giving its position times ten, applied to
/// `scrutinee`.
fn switch_program(keys: &[i64], scrutinee: i64) -> Program {
    computation_expr(
        &[int_const(IntKind::Naked, scrutinee)],
        |names, p, k_print| {
            let mut b = Block::new();
            let mut arms = Vec::new();
            for (i, key) in keys.iter().enumerate() {
                let k = names.cont("k_arm");
                b.let_cont(
                    k,
                    ContHandler::new(
                        vec![],
                        apply_cont(k_print, vec![Simple::tagged(i as i64 * 10)]),
                    ),
                );
                arms.push((*key, crate::cps::terms::ApplyCont::new(k, vec![])));
            }
            (
                b.finish(crate::cps::builder::switch(p[0], arms)),
                vec![Kind::Value],
            )
        },
    )
}

/// Switches of two arms (on 0 or not), dense ones (a jump table), sparse
/// and negative ones (a chain of tests), on each of their values.
#[test]
fn switches_take_the_right_arm() {
    for keys in [
        vec![0, 1],
        vec![3, 7],
        vec![0, 1, 2],
        vec![1, 2, 4, 5],
        vec![0, 100, 1000],
        vec![-5, 0, 5],
    ] {
        for &key in &keys {
            same_behaviour_of(&format!("{keys:?} {key}"), &switch_program(&keys, key));
        }
    }
}

use crate::cps::ids::CodeId;

/// The slots and code of `even_odd`.
struct EvenOdd {
    even: crate::cps::ids::FunctionSlot,
    odd: crate::cps::ids::FunctionSlot,
    base: crate::cps::ids::ValueSlot,
    even_code: CodeId,
    odd_code: CodeId,
}

/// `even` and `odd`, mutually recursive, in one set of closures with a
/// value slot `base`: `even n = if n = 0 then base else odd (n - 1)`,
/// `odd n = if n = 0 then base + 1 else even (n - 1)`. Each reaches the
/// other by moving between function slots and calls it with a known arity.
fn even_odd(p: &mut ProgramBuilder) -> EvenOdd {
    let names = &mut p.names;
    let (even, odd) = (names.function_slot("even"), names.function_slot("odd"));
    let base = names.value_slot("base");
    let mut codes = Vec::new();
    for (me, other, extra, hint) in [(even, odd, 0, "even"), (odd, even, 1, "odd")] {
        let h = CodeHeader::new(names, hint, &[("n", Kind::Value)]);
        let (k_zero, k_more) = (names.cont("k_zero"), names.cont("k_more"));
        let mut b = Block::new();
        let is_zero = b.prim(
            names,
            "is_zero",
            compare(Comparison::Eq),
            vec![h.param(0), Simple::tagged(0)],
        );
        let mut zero = Block::new();
        let base_v = zero.prim(
            names,
            "base",
            PrimOp::ProjectValueSlot {
                function_slot: me,
                value_slot: base,
                kind: Kind::Value,
            },
            vec![h.my_closure.into()],
        );
        let r = zero.prim(
            names,
            "r",
            tagged(IntOp::Add),
            vec![base_v.into(), Simple::tagged(extra)],
        );
        let zero = zero.finish(apply_cont(h.return_cont, vec![r.into()]));
        let mut more = Block::new();
        let m = more.prim(
            names,
            "m",
            tagged(IntOp::Sub),
            vec![h.param(0), Simple::tagged(1)],
        );
        let f = more.prim(
            names,
            "other",
            PrimOp::ProjectFunctionSlot {
                from: me,
                to: other,
            },
            vec![h.my_closure.into()],
        );
        let more = more.finish(apply(
            f.into(),
            vec![m.into()],
            CallKind::IndirectKnownArity,
            Return::Cont(h.return_cont),
            h.exn_cont,
        ));
        b.let_cont(k_zero, ContHandler::new(vec![], zero));
        b.let_cont(k_more, ContHandler::new(vec![], more));
        codes.push(h.finish(b.finish(if_then_else(is_zero.into(), k_zero, k_more))));
    }
    let ids: Vec<CodeId> = codes.iter().map(|c| c.id).collect();
    for c in codes {
        p.add_code(c);
    }
    EvenOdd {
        even,
        odd,
        base,
        even_code: ids[0],
        odd_code: ids[1],
    }
}

/// A set of closures allocated at run time, with a value slot, whose
/// functions reach each other through their slots.
#[test]
fn mutually_recursive_closures_with_an_environment() {
    for n in [0, 1, 6, 7] {
        let mut p = ProgramBuilder::new();
        let eo = even_odd(&mut p);
        let args = [
            int_const(IntKind::Tagged, 100),
            int_const(IntKind::Tagged, n),
        ];
        let program = computation_in(p, &args, |names, params, k_print, exn| {
            let mut b = Block::new();
            let set = b.closures(
                names,
                SetOfClosures {
                    functions: vec![(eo.even, eo.even_code), (eo.odd, eo.odd_code)],
                    value_slots: vec![(eo.base, params[0])],
                },
            );
            let (k1, k2) = (names.cont("k1"), names.cont("k2"));
            let (r1, r2) = (names.var("r1"), names.var("r2"));
            let mut after_even = Block::new();
            after_even.let_cont(
                k2,
                ContHandler::new(
                    vec![Param::value(r2)],
                    apply_cont(k_print, vec![r1.into(), r2.into()]),
                ),
            );
            let after_even = after_even.finish(apply(
                set[1].into(),
                vec![params[1]],
                CallKind::IndirectUnknownArity,
                Return::Cont(k2),
                exn,
            ));
            b.let_cont(k1, ContHandler::new(vec![Param::value(r1)], after_even));
            let body = b.finish(apply(
                set[0].into(),
                vec![params[1]],
                CallKind::Direct { code: eo.even_code },
                Return::Cont(k1),
                exn,
            ));
            (body, vec![Kind::Value, Kind::Value])
        });
        same_behaviour_of(&format!("even/odd {n}"), &program);
    }
}

/// A simple, or the result of an earlier call of a chain.
#[derive(Clone, Copy)]
enum Ref {
    Given(Simple),
    Result(usize),
}

/// Calls one after the other, each able to use the results of the ones
/// before it; then `finish` of all the results.
fn chain(
    names: &mut Names,
    exn: Continuation,
    calls: Vec<(Ref, Vec<Ref>, CallKind)>,
    finish: impl FnOnce(&[Simple]) -> Expr,
) -> Expr {
    let results: Vec<crate::cps::ids::Variable> = calls.iter().map(|_| names.var("r")).collect();
    let conts: Vec<Continuation> = calls.iter().map(|_| names.cont("k")).collect();
    let resolve = |r: Ref| match r {
        Ref::Given(s) => s,
        Ref::Result(i) => Simple::Var(results[i]),
    };
    let simples: Vec<Simple> = results.iter().map(|v| Simple::Var(*v)).collect();
    let mut tail = finish(&simples);
    for (i, (callee, args, kind)) in calls.into_iter().enumerate().rev() {
        let mut b = Block::new();
        b.let_cont(
            conts[i],
            ContHandler::new(vec![Param::value(results[i])], tail),
        );
        tail = b.finish(apply(
            resolve(callee),
            args.into_iter().map(resolve).collect(),
            kind,
            Return::Cont(conts[i]),
            exn,
        ));
    }
    tail
}

/// Partial application, full application of a partial application,
/// over-application, and a call of known arity, through the generic
/// `caml_applyN` and `caml_curryN` functions.
#[test]
fn curried_applications_behave_alike() {
    let mut p = ProgramBuilder::new();
    let names = &mut p.names;
    let h = CodeHeader::new(
        names,
        "add3",
        &[("x", Kind::Value), ("y", Kind::Value), ("z", Kind::Value)],
    );
    let mut b = Block::new();
    let ty = b.prim(
        names,
        "ty",
        tagged(IntOp::Mul),
        vec![h.param(1), Simple::tagged(10)],
    );
    let tz = b.prim(
        names,
        "tz",
        tagged(IntOp::Mul),
        vec![h.param(2), Simple::tagged(100)],
    );
    let s1 = b.prim(names, "s1", tagged(IntOp::Add), vec![h.param(0), ty.into()]);
    let s2 = b.prim(names, "s2", tagged(IntOp::Add), vec![s1.into(), tz.into()]);
    let ret = h.return_cont;
    let add3 = h.finish(b.finish(apply_cont(ret, vec![s2.into()])));
    let add3_id = add3.id;
    let (add3_slot, get_slot, g_slot) = (
        names.function_slot("add3"),
        names.function_slot("get"),
        names.value_slot("g"),
    );
    let h = CodeHeader::new(names, "get", &[("u", Kind::Value)]);
    let mut b = Block::new();
    let g = b.prim(
        names,
        "g",
        PrimOp::ProjectValueSlot {
            function_slot: get_slot,
            value_slot: g_slot,
            kind: Kind::Value,
        },
        vec![h.my_closure.into()],
    );
    let ret = h.return_cont;
    let get = h.finish(b.finish(apply_cont(ret, vec![g.into()])));
    let get_id = get.id;
    p.add_code(add3);
    p.add_code(get);
    let program = computation_in(p, &[], |names, _, k_print, exn| {
        let mut b = Block::new();
        let add3 = b.closures(
            names,
            SetOfClosures {
                functions: vec![(add3_slot, add3_id)],
                value_slots: vec![],
            },
        );
        let add3 = Ref::Given(add3[0].into());
        let get = b.closures(
            names,
            SetOfClosures {
                functions: vec![(get_slot, get_id)],
                value_slots: vec![(
                    g_slot,
                    match add3 {
                        Ref::Given(s) => s,
                        Ref::Result(_) => Simple::unit(),
                    },
                )],
            },
        );
        let get = Ref::Given(get[0].into());
        let n = |i: i64| Ref::Given(Simple::tagged(i));
        let unknown = CallKind::IndirectUnknownArity;
        let calls = vec![
            (add3, vec![n(1)], unknown.clone()),
            (Ref::Result(0), vec![n(2), n(3)], unknown.clone()),
            (add3, vec![n(1), n(2)], unknown.clone()),
            (Ref::Result(2), vec![n(3)], unknown.clone()),
            (get, vec![n(0), n(4), n(5), n(6)], unknown.clone()),
            (add3, vec![n(7), n(8), n(9)], CallKind::IndirectKnownArity),
            (Ref::Result(0), vec![n(2)], unknown.clone()),
            (Ref::Result(6), vec![n(3)], unknown),
        ];
        let body = chain(names, exn, calls, |r| {
            apply_cont(k_print, vec![r[1], r[3], r[4], r[5], r[7]])
        });
        (b.finish(body), vec![Kind::Value; 5])
    });
    same_behaviour(&program);
}

/// `try body with e -> handler e` as CPS: the handler continuation, a
/// `k_pop` continuation that pops it on the way to `k_join`, and the body
/// entered with a push. `body` gets the handler and `k_pop`.
fn try_with(
    names: &mut Names,
    k_join: Continuation,
    body: impl FnOnce(&mut Names, Continuation, Continuation) -> Expr,
    handler: impl FnOnce(&mut Names, crate::cps::ids::Variable) -> Expr,
) -> Expr {
    use crate::cps::builder::apply_cont_trap;
    use crate::cps::terms::TrapAction;
    let (k_handler, k_pop, k_body) = (
        names.cont("k_handler"),
        names.cont("k_pop"),
        names.cont("k_body"),
    );
    let (e, r) = (names.var("e"), names.var("r"));
    let handler = handler(names, e);
    let body = body(names, k_handler, k_pop);
    let mut b = Block::new();
    b.let_cont(k_handler, ContHandler::exn_handler(e, handler));
    b.let_cont(
        k_pop,
        ContHandler::new(
            vec![Param::value(r)],
            apply_cont_trap(
                k_join,
                vec![r.into()],
                TrapAction::Pop {
                    exn_handler: k_handler,
                },
            ),
        ),
    );
    b.let_cont(k_body, ContHandler::new(vec![], body));
    b.finish(apply_cont_trap(
        k_body,
        vec![],
        TrapAction::Push {
            exn_handler: k_handler,
        },
    ))
}

/// An exception the runtime raises (`int_of_string` failing) caught by a
/// handler, or the value of the `try` when nothing is raised.
#[test]
fn a_runtime_exception_reaches_its_handler() {
    for text in ["42", "oops"] {
        let program = computation_expr(&[], |names, _, k_print| {
            let s = names.symbol("s");
            let k_join = names.cont("k_join");
            let j = names.var("j");
            let caught = try_with(
                names,
                k_join,
                |_, k_handler, k_pop| {
                    runtime_call(
                        "caml_int_of_string",
                        vec![(s.into(), Kind::Value)],
                        vec![Kind::Value],
                        Return::Cont(k_pop),
                        k_handler,
                    )
                },
                |_, _| apply_cont(k_join, vec![Simple::tagged(-1)]),
            );
            let mut b = Block::new();
            b.statics(vec![StaticBinding::Const {
                symbol: s,
                value: StaticConst::String(text.as_bytes().to_vec()),
            }]);
            b.let_cont(
                k_join,
                ContHandler::new(vec![Param::value(j)], apply_cont(k_print, vec![j.into()])),
            );
            (b.finish(caught), vec![Kind::Value])
        });
        same_behaviour_of(text, &program);
    }
}

/// A raise to an inner handler, which raises again to the outer one, whose
/// value is the result; then the same exception raised where nobody
/// catches it, which ends the program as OCaml does.
#[test]
fn nested_handlers_and_an_uncaught_exception() {
    use crate::cps::builder::raise;
    use crate::cps::terms::TrapAction;
    for uncaught in [false, true] {
        let program = computation_in(ProgramBuilder::new(), &[], |names, _, k_print, exn| {
            let not_found = names.symbol("not_found");
            let (k_outer_join, k_inner_join) =
                (names.cont("k_outer_join"), names.cont("k_inner_join"));
            let (j, unused) = (names.var("j"), names.var("unused"));
            let outer = try_with(
                names,
                k_outer_join,
                |names, k_outer, _| {
                    let inner_try = try_with(
                        names,
                        k_inner_join,
                        |_, k_inner, _| raise(k_inner, not_found.into()),
                        |_, e| raise(k_outer, e.into()),
                    );
                    let mut b = Block::new();
                    b.let_cont(
                        k_inner_join,
                        ContHandler::new(
                            vec![Param::value(unused)],
                            crate::cps::builder::apply_cont_trap(
                                k_print,
                                vec![Simple::tagged(0)],
                                TrapAction::Pop {
                                    exn_handler: k_outer,
                                },
                            ),
                        ),
                    );
                    b.finish(inner_try)
                },
                |_, e| apply_cont(k_outer_join, vec![e.into()]),
            );
            let mut join = Block::new();
            let after = if uncaught {
                Expr::ApplyCont(Box::new(crate::cps::terms::ApplyCont::new(
                    exn,
                    vec![j.into()],
                )))
            } else {
                let same = join.prim(
                    names,
                    "same",
                    PrimOp::PhysEqual(crate::cps::primitives::Equality::Eq),
                    vec![j.into(), not_found.into()],
                );
                let same = join.prim(names, "same", PrimOp::TagImmediate, vec![same.into()]);
                apply_cont(k_print, vec![same.into()])
            };
            let mut b = Block::new();
            b.statics(vec![StaticBinding::Const {
                symbol: not_found,
                value: StaticConst::Runtime("caml_exn_Not_found".to_string()),
            }]);
            b.let_cont(
                k_outer_join,
                ContHandler::new(vec![Param::value(j)], join.finish(after)),
            );
            (b.finish(outer), vec![Kind::Value])
        });
        same_behaviour_of(&format!("uncaught: {uncaught}"), &program);
        let unit = to_cmm(&program, "Test", Options::default()).expect("translates");
        let out = unit.interpret().expect("runs");
        let expected: (&[u8], &[u8], i32) = if uncaught {
            (b"", b"Fatal error: exception Not_found\n", 2)
        } else {
            (b"1\n", b"", 0)
        };
        assert_eq!((&out.stdout[..], &out.stderr[..], out.exit_code), expected);
    }
}

/// `let a = f x in let b = g x in a + b`: by default the results of calls
/// stay bound; with the option, the most recent one moves into the sum,
/// and the other cannot, since it would then run after it.
#[test]
fn the_option_substitutes_effectful_bindings_in_order() {
    let build = |names: &mut Names, h: &CodeHeader| {
        let (ka, kb) = (names.cont("ka"), names.cont("kb"));
        let (a, b) = (names.var("a"), names.var("b"));
        let mut sum = Block::new();
        let s = sum.prim(names, "s", tagged(IntOp::Add), vec![a.into(), b.into()]);
        let sum = sum.finish(apply_cont(h.return_cont, vec![s.into()]));
        let mut second = Block::new();
        second.let_cont(kb, ContHandler::new(vec![Param::value(b)], sum));
        let second = second.finish(apply(
            h.param(1),
            vec![h.param(2)],
            CallKind::IndirectUnknownArity,
            Return::Cont(kb),
            h.exn_cont,
        ));
        let mut first = Block::new();
        first.let_cont(ka, ContHandler::new(vec![Param::value(a)], second));
        first.finish(apply(
            h.param(0),
            vec![h.param(2)],
            CallKind::IndirectUnknownArity,
            Return::Cont(ka),
            h.exn_cont,
        ))
    };
    let params = [("f", Kind::Value), ("g", Kind::Value), ("x", Kind::Value)];
    let (_, by_default) = one_function(&params, Options::default(), build);
    let (_, with_option) = one_function(
        &params,
        Options {
            substitute_effects: true,
        },
        build,
    );
    assert_eq!(
        by_default,
        "(function camlT__f_2 (f/1: val g/2: val x/3: val my_closure/4: val)\n (let\n   (a/5 (app (load val f/1) x/3 f/1 val) b/6 (app (load val g/2) x/3 g/2 val))\n   (+ (+ a/5 b/6) -1)))"
    );
    assert_eq!(
        with_option,
        "(function camlT__f_2 (f/1: val g/2: val x/3: val my_closure/4: val)\n (let a/5 (app (load val f/1) x/3 f/1 val)\n   (+ (+ a/5 (app (load val g/2) x/3 g/2 val)) -1)))"
    );
}

/// The Cmm of a whole example program, as the chapter shows it.
fn listing(program: &Program) -> String {
    let unit = to_cmm(program, "T", Options::default()).expect("translates");
    assert_eq!(unit.check(), Ok(()));
    unit.print()
}

/// The chapter's first listing: closures, a static closure, a value slot.
#[test]
fn the_make_adder_listing() {
    assert_eq!(listing(&examples::make_adder()), "(data int 2044 \"camlT__format_d_17\": string \"%d\" skip 5 byte 5)\n(data\n int 3063\n \"camlT__make_adder_30\":\n addr \"camlT__make_adder_11\"\n int 108086391056891909)\n(function camlT__adder_4 (x/1: val my_closure/2: val)\n (+ (+ x/1 (load val (+a my_closure/2 16))) -1))\n\n(function camlT__make_adder_11 (n/5: val my_closure/6: val)\n (alloc 3319 \"camlT__adder_4\" 108086391056891909 n/5))\n\n(function camlT__entry ()\n (let\n   (stdout/8 (extcall \"caml_ml_open_descriptor_out\" 3 val)\n    add5/9 (app \"camlT__make_adder_11\" 11 \"camlT__make_adder_30\" val)\n    answer/10 (app (load val add5/9) 75 add5/9 val)\n    s/11 (extcall \"caml_format_int\" \"camlT__format_d_17\" answer/10 val))\n   (extcall \"caml_ml_output\" stdout/8 s/11 1\n     (let last/12 (+ (<< (>>u (load int (+a s/11 -8)) 10) 3) -1)\n       (+ (<< (- last/12 (load unsigned int8 (+a s/11 last/12))) 1) 1))\n     val)\n   1))\n\n");
}

/// The chapter's listing of a `try`: traps pushed and popped by exits.
#[test]
fn the_safe_div_listing() {
    assert_eq!(listing(&examples::safe_div(0)), "(data int 2044 \"camlT__format_d_21\": string \"%d\" skip 5 byte 5)\n(data\n int 4087\n \"camlT__safe_div_27\":\n addr \"caml_curry2\"\n int 180143985094819847\n addr \"camlT__safe_div_3\")\n(function camlT__safe_div_3 (a/1: val b/2: val my_closure/3: val)\n (catch exn\n   (catch (exit<push(1)> 2) with(2)\n     (catch\n       (if (== b/2 1) (exit 3)\n         (exit<pop(1)> *return*\n           (let (divisor/7 (>>s b/2 1) dividend/8 (>>s a/1 1))\n             (+\n               (<<\n                 (if (!= divisor/7 -1) (/ dividend/8 divisor/7)\n                   (- 0 dividend/8))\n                 1)\n               1))))\n     with(3) (raise \"caml_exn_Division_by_zero\")))\n with(1 e/4: val) (if (== e/4 \"caml_exn_Division_by_zero\") 1 (raise e/4))))\n\n(function camlT__entry ()\n (let\n   (stdout/11 (extcall \"caml_ml_open_descriptor_out\" 3 val)\n    answer/12 (app \"camlT__safe_div_3\" 15 1 \"camlT__safe_div_27\" val)\n    s/13 (extcall \"caml_format_int\" \"camlT__format_d_21\" answer/12 val))\n   (extcall \"caml_ml_output\" stdout/11 s/13 1\n     (let last/14 (+ (<< (>>u (load int (+a s/13 -8)) 10) 3) -1)\n       (+ (<< (- last/14 (load unsigned int8 (+a s/13 last/14))) 1) 1))\n     val)\n   1))\n\n(function caml_curry2 (arg1/17: val clos/18: val)\n (alloc 4343 \"caml_curry2_1\" 108086391056891909 arg1/17 clos/18))\n\n(function caml_curry2_1 (arg2/19: val clos/20: val)\n (let (arg1/21 (load val (+a clos/20 16)) clos0/22 (load val (+a clos/20 24)))\n   (app (load val (+a clos0/22 16)) arg1/21 arg2/19 clos0/22 val)))\n\n");
}

/// The chapter's listing of a loop, and of the generic functions.
#[test]
fn the_loop_and_currying_listings() {
    assert_eq!(listing(&examples::sum_loop(3)), "(data int 2044 \"camlT__format_d_2\": string \"%d\" skip 5 byte 5)\n(function camlT__entry ()\n (let stdout/1 (extcall \"caml_ml_open_descriptor_out\" 3 val)\n   (catch rec (exit 1 3 1) with(1 i/2: val acc/3: val)\n     (if (> i/2 7)\n       (let s/7 (extcall \"caml_format_int\" \"camlT__format_d_2\" acc/3 val)\n         (extcall \"caml_ml_output\" stdout/1 s/7 1\n           (let last/8 (+ (<< (>>u (load int (+a s/7 -8)) 10) 3) -1)\n             (+ (<< (- last/8 (load unsigned int8 (+a s/7 last/8))) 1) 1))\n           val)\n         1)\n       (exit 1 (+ i/2 2) (+ (+ acc/3 i/2) -1))))))\n\n");
    assert_eq!(listing(&examples::currying()), "(data int 2044 \"camlT__format_d_24\": string \"%d\" skip 5 byte 5)\n(data\n int 7159\n \"camlT__add_35\":\n addr \"caml_curry2\"\n int 144115188075855885\n addr \"camlT__add_17\"\n int 4345\n \"camlT__make_adder_36\":\n addr \"camlT__make_adder_11\"\n int 108086391056891909)\n(function camlT__adder_4 (x/1: val my_closure/2: val)\n (+ (+ x/1 (load val (+a my_closure/2 16))) -1))\n\n(function camlT__make_adder_11 (n/5: val my_closure/6: val)\n (alloc 3319 \"camlT__adder_4\" 108086391056891909 n/5))\n\n(function camlT__add_17 (x/8: val y/9: val my_closure/10: val)\n (+ (+ x/8 y/9) -1))\n\n(function camlT__entry ()\n (let\n   (stdout/12 (extcall \"caml_ml_open_descriptor_out\" 3 val)\n    inc/13 (app (load val \"camlT__add_35\") 3 \"camlT__add_35\" val)\n    r1/14 (app (load val inc/13) 83 inc/13 val)\n    s/15 (extcall \"caml_format_int\" \"camlT__format_d_24\" r1/14 val))\n   (extcall \"caml_ml_output\" stdout/12 s/15 1\n     (let last/16 (+ (<< (>>u (load int (+a s/15 -8)) 10) 3) -1)\n       (+ (<< (- last/16 (load unsigned int8 (+a s/15 last/16))) 1) 1))\n     val)\n   (let\n     (r2/19 (app \"caml_apply2\" 3 5 \"camlT__make_adder_36\" val)\n      s/20 (extcall \"caml_format_int\" \"camlT__format_d_24\" r2/19 val))\n     (extcall \"caml_ml_output\" stdout/12 s/20 1\n       (let last/21 (+ (<< (>>u (load int (+a s/20 -8)) 10) 3) -1)\n         (+ (<< (- last/21 (load unsigned int8 (+a s/20 last/21))) 1) 1))\n       val)\n     1)))\n\n(function caml_curry2 (arg1/24: val clos/25: val)\n (alloc 4343 \"caml_curry2_1\" 108086391056891909 arg1/24 clos/25))\n\n(function caml_curry2_1 (arg2/26: val clos/27: val)\n (let (arg1/28 (load val (+a clos/27 16)) clos0/29 (load val (+a clos/27 24)))\n   (app (load val (+a clos0/29 16)) arg1/28 arg2/26 clos0/29 val)))\n\n(function caml_apply2 (arg1/30: val arg2/31: val clos/32: val)\n (if (== (>>s (load val (+a clos/32 8)) 56) 2)\n   (app (load val (+a clos/32 16)) arg1/30 arg2/31 clos/32 val)\n   (let clos1/33 (app (load val clos/32) arg1/30 clos/32 val)\n     (app (load val clos1/33) arg2/31 clos1/33 val))))\n\n");
}
