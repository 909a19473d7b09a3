//! Tests of the CPS language: the printer against the chapter's listings,
//! the checker on good and bad terms, the interpreter on the examples, and
//! renaming.

use super::builder::{
    apply, apply_cont, apply_cont_trap, raise, switch, Block, CodeHeader, ProgramBuilder,
};
use super::check::{check, check_with, CheckOptions};
use super::effects::EffectClass;
use super::examples;
use super::interp::{self, Options};
use super::kinds::{BoxedNumber, IntKind, Kind};
use super::primitives::{Comparison, IntOp, Mutability, PrimOp, Signedness};
use super::print;
use super::terms::{
    ApplyCont, CallKind, ContHandler, Expr, Param, Program, Return, SetOfClosures, Simple,
    TrapAction,
};

/// Every example of the chapter, by the name its listing uses.
fn example(name: &str) -> Option<Program> {
    Some(match name {
        "fact" => examples::fact(10),
        "count" => examples::count(5),
        "sum_loop" => examples::sum_loop(10),
        "safe_div" => examples::safe_div(0),
        "array_get" => examples::array_get(5),
        "make_adder" => examples::make_adder(),
        "currying" => examples::currying(),
        "open_code" => examples::open_code(),
        _ => return None,
    })
}

/// The chapter's listings are the printer's output: each block
/// ```` ```text cps-listing=NAME ```` must be what `print::program` prints
/// for the example NAME. `BLESS=1` rewrites them.
#[test]
fn book_listings_are_the_printers_output() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("book/src/cps-language.md");
    let text = std::fs::read_to_string(&path).expect("the chapter exists");
    let blocks =
        tangle::book::blocks_of("book/src/cps-language.md", &text).expect("the chapter parses");
    let mut edits = Vec::new();
    let mut failures = Vec::new();
    let mut seen = 0;
    for block in blocks.iter().filter(|b| b.attr("cps-listing").is_some()) {
        seen += 1;
        let name = block.attr("cps-listing").unwrap_or_default();
        let Some(program) = example(name) else {
            failures.push(format!("{}: no example named {name}", block.location()));
            continue;
        };
        let actual = print::program(&program);
        if block.content != actual {
            edits.push((block.content_range.clone(), actual.clone()));
            failures.push(format!(
                "{}: listing {name} differs; the printer says:\n{actual}",
                block.location()
            ));
        }
    }
    assert!(seen > 0, "the chapter has listings");
    if std::env::var_os("BLESS").is_some() {
        let mut text = text;
        for (range, actual) in edits.into_iter().rev() {
            text.replace_range(range, &actual);
        }
        std::fs::write(&path, text).expect("the chapter is writable");
        return;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_examples_are_well_formed() {
    for name in [
        "fact",
        "count",
        "sum_loop",
        "safe_div",
        "array_get",
        "make_adder",
        "currying",
        "open_code",
    ] {
        let p = example(name).expect("example exists");
        assert_eq!(check(&p), Ok(()), "{name}");
    }
    // After closure conversion code is closed; `open_code` is from before.
    for name in ["fact", "make_adder", "currying"] {
        let p = example(name).expect("example exists");
        assert_eq!(
            check_with(&p, CheckOptions { closed_code: true }),
            Ok(()),
            "{name}"
        );
    }
    let open = examples::open_code();
    assert!(check_with(&open, CheckOptions { closed_code: true }).is_err());
}

/// The checker's errors for `p`, one line each: the message, then the
/// fragment it quotes.
fn errors(p: &Program) -> Vec<String> {
    match check(p) {
        Ok(()) => vec![],
        Err(errors) => errors
            .iter()
            .map(|e| format!("{} | {}", e.message, e.fragment))
            .collect(),
    }
}

/// A program whose body `make` builds from its names and its two
/// continuations.
fn program(make: impl FnOnce(&mut ProgramBuilder) -> Expr) -> Program {
    let mut p = ProgramBuilder::new();
    let body = make(&mut p);
    p.finish(body)
}

fn tagged_add() -> PrimOp {
    PrimOp::IntArith(IntKind::Tagged, IntOp::Add)
}

#[test]
fn unbound_names_are_reported() {
    let p = program(|p| {
        let ghost = p.names.var("ghost");
        let nowhere = p.names.cont("k_nowhere");
        let mut b = Block::new();
        let x = b.prim(
            &mut p.names,
            "x",
            tagged_add(),
            vec![ghost.into(), Simple::tagged(1)],
        );
        b.finish(apply_cont(nowhere, vec![x.into()]))
    });
    assert_eq!(
        errors(&p),
        [
            "variable ghost is not in scope | let x = ghost + 1 in ...",
            "continuation k_nowhere is not in scope | apply_cont k_nowhere x",
        ]
    );
}

#[test]
fn names_are_bound_once() {
    let p = program(|p| {
        let x = p.names.var("x");
        let done = p.return_cont;
        let mut b = Block::new();
        for _ in 0..2 {
            b.binding(super::terms::Binding::Var {
                param: Param::value(x),
                named: super::terms::Named::Simple(Simple::tagged(1)),
            });
        }
        b.finish(apply_cont(done, vec![x.into()]))
    });
    assert_eq!(
        errors(&p),
        ["variable x is bound more than once | let x = 1 in ..."]
    );
}

#[test]
fn arities_and_kinds_must_agree() {
    let p = program(|p| {
        let (k, y) = (p.names.cont("k"), p.names.var("y"));
        let done = p.return_cont;
        let mut b = Block::new();
        b.let_cont(
            k,
            ContHandler::new(vec![Param::value(y)], apply_cont(done, vec![y.into()])),
        );
        let f = b.prim(
            &mut p.names,
            "f",
            PrimOp::UntagImmediate,
            vec![Simple::naked_float(1.5)],
        );
        let _ = f;
        b.finish(switch(
            Simple::tagged(1),
            [
                (0, ApplyCont::new(k, vec![])),
                (1, ApplyCont::new(k, vec![Simple::naked_float(2.0)])),
            ],
        ))
    });
    assert_eq!(
        errors(&p),
        [
            "primitive takes (val) but is given (float#) | let f : imm# = %untag #1.5 in ...",
            "switch on a val, not a naked immediate | switch 1 | 0 -> apply_cont k () | 1 -> apply_cont k #2.0",
            "k takes 1 arguments but is given 0 | switch 1 | 0 -> apply_cont k () | 1 -> apply_cont k #2.0",
            "k takes (val) but is given (float#) | switch 1 | 0 -> apply_cont k () | 1 -> apply_cont k #2.0",
        ]
    );
}

#[test]
fn a_direct_call_must_match_its_code() {
    let mut p = ProgramBuilder::new();
    let h = CodeHeader::new(&mut p.names, "f", &[("x", Kind::Value)]);
    let body = apply_cont(h.return_cont, vec![h.param(0)]);
    let code = h.finish(body);
    let id = code.id;
    p.add_code(code);
    let slot = p.names.function_slot("f");
    let (done, exn) = (p.return_cont, p.exn_cont);
    let mut b = Block::new();
    let f = b.closures(
        &mut p.names,
        SetOfClosures {
            functions: vec![(slot, id)],
            value_slots: vec![],
        },
    );
    let f = f.first().copied().map_or(Simple::unit(), Simple::Var);
    let body = b.finish(apply(
        f,
        vec![Simple::tagged(1), Simple::naked(2)],
        CallKind::Direct { code: id },
        Return::Cont(done),
        exn,
    ));
    let p = p.finish(body);
    assert_eq!(errors(&p), ["call with 2 arguments to a function of 1 | apply[direct f] f 1 #2 -> k_done * k_uncaught"]);
}

/// `try body with e -> handler` in the shape CPS conversion gives it, with
/// `body` built from the handler's and the join point's names.
fn try_with(
    p: &mut ProgramBuilder,
    body: impl FnOnce(&mut ProgramBuilder, super::ids::Continuation, super::ids::Continuation) -> Expr,
) -> Expr {
    let [k_handler, k_pop, k_body] = ["k_handler", "k_pop", "k_body"].map(|n| p.names.cont(n));
    let (e, r) = (p.names.var("e"), p.names.var("r"));
    let done = p.return_cont;
    let body = body(p, k_handler, k_pop);
    let mut b = Block::new();
    b.let_cont(
        k_handler,
        ContHandler::exn_handler(e, apply_cont(done, vec![Simple::unit()])),
    );
    b.let_cont(
        k_pop,
        ContHandler::new(
            vec![Param::value(r)],
            apply_cont_trap(
                done,
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

#[test]
fn a_well_formed_try_passes() {
    let p = program(|p| {
        try_with(p, |p, k_handler, k_pop| {
            let k_raise = p.names.cont("k_raise");
            let mut b = Block::new();
            b.let_cont(
                k_raise,
                ContHandler::new(vec![], raise(k_handler, Simple::tagged(0))),
            );
            b.finish(switch(
                Simple::naked(1),
                [
                    (0, ApplyCont::new(k_raise, vec![])),
                    (1, ApplyCont::new(k_pop, vec![Simple::tagged(5)])),
                ],
            ))
        })
    });
    assert_eq!(errors(&p), Vec::<String>::new());
}

#[test]
fn exception_handlers_are_reached_only_by_raising() {
    // A plain jump to the handler, and the handler as a return continuation.
    let p = program(|p| {
        try_with(p, |p, k_handler, _| {
            let k_jump = p.names.cont("k_jump");
            let exn = p.exn_cont;
            let mut b = Block::new();
            b.let_cont(
                k_jump,
                ContHandler::new(vec![], apply_cont(k_handler, vec![Simple::tagged(0)])),
            );
            b.finish(apply(
                Simple::tagged(0),
                vec![Simple::tagged(1)],
                CallKind::IndirectUnknownArity,
                Return::Cont(k_handler),
                exn,
            ))
        })
    });
    assert_eq!(
        errors(&p),
        [
            "call raises to k_uncaught but the innermost handler is k_handler | apply 0 1 -> k_handler * k_uncaught",
            "exception continuation k_handler is reached other than by raising to it | apply 0 1 -> k_handler * k_uncaught",
            "exception continuation k_handler is reached other than by raising to it | apply_cont k_handler 0",
        ]
    );
}

#[test]
fn a_call_cannot_raise_to_an_ordinary_continuation() {
    let p = program(|p| {
        let (k, x) = (p.names.cont("k"), p.names.var("x"));
        let done = p.return_cont;
        let mut b = Block::new();
        b.let_cont(
            k,
            ContHandler::new(vec![Param::value(x)], apply_cont(done, vec![x.into()])),
        );
        b.finish(apply(
            Simple::tagged(0),
            vec![Simple::tagged(1)],
            CallKind::IndirectUnknownArity,
            Return::Cont(done),
            k,
        ))
    });
    assert_eq!(
        errors(&p),
        [
            "call raises to k but the innermost handler is k_uncaught | apply 0 1 -> k_done * k",
            "k is the exception continuation of a call but not an exception handler | apply 0 1 -> k_done * k",
        ]
    );
}

#[test]
fn traps_must_balance() {
    // The body returns straight to `k_done`, forgetting to pop the handler.
    let forgot_pop = program(|p| {
        let done = p.return_cont;
        try_with(p, |_, _, _| apply_cont(done, vec![Simple::unit()]))
    });
    assert_eq!(
        errors(&forgot_pop),
        ["return to k_done with exception handlers still installed | apply_cont k_done 0"]
    );
    // A pop of a handler that is not the innermost one.
    let wrong_pop = program(|p| {
        let exn = p.exn_cont;
        try_with(p, |_, _, k_pop| {
            apply_cont_trap(
                k_pop,
                vec![Simple::tagged(1)],
                TrapAction::Pop { exn_handler: exn },
            )
        })
    });
    assert_eq!(
        errors(&wrong_pop),
        ["pop of k_uncaught but the innermost handler is k_handler | apply_cont k_pop 1 [pop k_uncaught]"]
    );
    // Two paths reaching one continuation with different handlers installed.
    let two_paths = program(|p| {
        let (k_join, k_handler) = (p.names.cont("k_join"), p.names.cont("k_handler"));
        let e = p.names.var("e");
        let done = p.return_cont;
        let mut b = Block::new();
        b.let_cont(
            k_handler,
            ContHandler::exn_handler(e, apply_cont(done, vec![Simple::unit()])),
        );
        b.let_cont(
            k_join,
            ContHandler::new(vec![], apply_cont(done, vec![Simple::unit()])),
        );
        b.finish(switch(
            Simple::naked(0),
            [
                (0, ApplyCont::new(k_join, vec![])),
                (
                    1,
                    ApplyCont {
                        cont: k_join,
                        args: vec![],
                        trap: Some(TrapAction::Push {
                            exn_handler: k_handler,
                        }),
                    },
                ),
            ],
        ))
    });
    assert_eq!(
        errors(&two_paths),
        [
            "switch arm with a trap action | switch #0 | 0 -> apply_cont k_join () | 1 -> apply_cont k_join () [push k_handler]",
            "k_join is reached with different exception handlers installed on different paths | switch #0 | 0 -> apply_cont k_join () | 1 -> apply_cont k_join () [push k_handler]",
        ]
    );
}

#[test]
fn exception_handlers_are_never_recursive() {
    let p = program(|p| {
        let (h, e) = (p.names.cont("k_handler"), p.names.var("e"));
        let done = p.return_cont;
        let mut b = Block::new();
        b.let_cont_rec(vec![(
            h,
            ContHandler::exn_handler(e, apply_cont(done, vec![Simple::unit()])),
        )]);
        b.finish(apply_cont(done, vec![Simple::unit()]))
    });
    assert_eq!(
        errors(&p),
        ["exception handler k_handler is recursive | let_cont rec exn k_handler e = ... in ..."]
    );
}

#[test]
fn closures_capture_only_what_is_in_scope() {
    // `open_code` with the set of closures moved out of `make`, where `n`
    // is not bound.
    let mut p = examples::open_code();
    let f_id = p
        .code
        .values()
        .find(|c| p.names.hint(c.id) == "f")
        .map(|c| c.id)
        .expect("f's code");
    let slot = p.names.function_slot("f2");
    let v = p.names.var("f2");
    p.body = Expr::Let(Box::new(super::terms::Let {
        binding: super::terms::Binding::SetOfClosures {
            vars: vec![v],
            set: SetOfClosures {
                functions: vec![(slot, f_id)],
                value_slots: vec![],
            },
        },
        body: std::mem::replace(&mut p.body, super::builder::invalid("moved")),
    }));
    let errs = errors(&p);
    assert_eq!(errs.first().map(String::as_str), Some("closure of f captures n, which is not in scope here | let f2 = closures { @f2: f } in ..."));
    assert!(errs
        .iter()
        .any(|e| e.starts_with("closure of f captures f, which is not in scope here")));
}

/// What a run wrote, stdout and stderr as one stream, and its status.
fn run(p: &Program) -> (String, i32) {
    let outcome = interp::interpret(p);
    (
        String::from_utf8_lossy(&outcome.combined).into_owned(),
        outcome.exit_code,
    )
}

#[test]
fn the_examples_print_what_ocaml_prints() {
    assert_eq!(run(&examples::fact(10)), ("3628800".to_string(), 0));
    assert_eq!(run(&examples::count(5)), ("5".to_string(), 0));
    assert_eq!(run(&examples::sum_loop(10)), ("55".to_string(), 0));
    assert_eq!(run(&examples::safe_div(2)), ("3".to_string(), 0));
    assert_eq!(run(&examples::safe_div(0)), ("0".to_string(), 0));
    assert_eq!(run(&examples::array_get(1)), ("20".to_string(), 0));
    assert_eq!(
        run(&examples::array_get(5)),
        (
            "Fatal error: exception Invalid_argument(\"index out of bounds\")\n".to_string(),
            2
        )
    );
    assert_eq!(run(&examples::array_get(-1)).1, 2);
    assert_eq!(run(&examples::make_adder()), ("42".to_string(), 0));
    assert_eq!(run(&examples::currying()), ("423".to_string(), 0));
    assert_eq!(run(&examples::open_code()), ("7".to_string(), 0));
}

#[test]
fn deep_recursion_does_not_use_the_host_stack() {
    // 100,000 nested activations of a non-tail-recursive function.
    assert_eq!(
        run(&examples::sum_to(100_000)),
        ("5000050000".to_string(), 0)
    );
}

#[test]
fn a_loop_through_a_recursive_continuation_runs_in_constant_space() {
    assert_eq!(
        run(&examples::sum_loop(10_000_000)),
        ("50000005000000".to_string(), 0)
    );
}

#[test]
fn tail_calls_run_in_constant_space() {
    let p = examples::count(10_000_000);
    // A stack limit far below the number of iterations: tail calls must not
    // push frames.
    let outcome = interp::run(
        &p,
        Options {
            max_depth: 100,
            ..Options::default()
        },
    )
    .expect("runs");
    assert_eq!(String::from_utf8_lossy(&outcome.stdout), "10000000");
}

#[test]
fn too_deep_a_recursion_raises_stack_overflow() {
    let p = examples::sum_to(1_000);
    let outcome = interp::run(
        &p,
        Options {
            max_depth: 100,
            ..Options::default()
        },
    )
    .expect("runs");
    assert_eq!(
        String::from_utf8_lossy(&outcome.stderr),
        "Fatal error: exception Stack_overflow\n"
    );
    assert_eq!(outcome.exit_code, 2);
}

#[test]
fn runtime_calls_can_raise_and_exit() {
    // `int_of_string "12x"` raises Failure; `exit 3` stops at once.
    let bad = program(|p| {
        let s = p.names.symbol("s");
        let (done, exn) = (p.return_cont, p.exn_cont);
        let mut b = Block::new();
        b.statics(vec![super::terms::StaticBinding::Const {
            symbol: s,
            value: super::terms::StaticConst::String(b"12x".to_vec()),
        }]);
        b.finish(super::builder::runtime_call(
            "caml_int_of_string",
            vec![(s.into(), Kind::Value)],
            vec![Kind::Value],
            Return::Cont(done),
            exn,
        ))
    });
    assert_eq!(
        run(&bad),
        (
            "Fatal error: exception Failure(\"int_of_string\")\n".to_string(),
            2
        )
    );
    let exit = program(|p| {
        let exn = p.exn_cont;
        super::builder::runtime_call(
            "caml_sys_exit",
            vec![(Simple::tagged(3), Kind::Value)],
            vec![Kind::Value],
            Return::Never,
            exn,
        )
    });
    assert_eq!(run(&exit), (String::new(), 3));
}

#[test]
fn reaching_invalid_code_is_an_internal_error() {
    let p = program(|_| super::builder::invalid("the types said so"));
    let outcome = interp::interpret(&p);
    assert_eq!(outcome.exit_code, 125);
    assert_eq!(
        String::from_utf8_lossy(&outcome.stderr),
        "CPS interpreter: reached invalid code: the types said so\n"
    );
}

/// Evaluate one primitive on constant arguments.
fn eval(op: PrimOp, args: &[Simple]) -> String {
    let regs: Vec<interp::Reg> = args
        .iter()
        .map(|s| match s {
            Simple::Const(c) => super::interp_prims::constant(c),
            _ => interp::Reg::Imm(0),
        })
        .collect();
    match super::interp_prims::eval(op, &regs) {
        Ok(r) => format!("{r:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn primitives_compute_what_ocamlopt_computes() {
    let max_int = Simple::tagged(crate::observable::MAX_INT);
    // 63-bit wrap-around.
    assert_eq!(
        eval(tagged_add(), &[max_int, Simple::tagged(1)]),
        "Value(-4611686018427387904)"
    );
    // An unsigned comparison puts negative numbers above every length.
    let unsigned_lt = PrimOp::IntComp(IntKind::Tagged, Comparison::Lt, Signedness::Unsigned);
    assert_eq!(
        eval(unsigned_lt, &[Simple::tagged(-1), Simple::tagged(3)]),
        "Imm(0)"
    );
    // NaN: every comparison false but `<>`; `compare` puts it first.
    let nan = Simple::naked_float(f64::NAN);
    assert_eq!(
        eval(PrimOp::FloatComp(Comparison::Eq), &[nan, nan]),
        "Imm(0)"
    );
    assert_eq!(
        eval(PrimOp::FloatComp(Comparison::Ne), &[nan, nan]),
        "Imm(1)"
    );
    assert_eq!(
        eval(PrimOp::FloatCompare, &[nan, Simple::naked_float(0.0)]),
        "Imm(-1)"
    );
    // int_of_float of an out-of-range float, as cvttsd2si then tagging.
    let to_int = PrimOp::NumConv {
        src: super::kinds::NumKind::Float,
        dst: super::kinds::NumKind::Int(IntKind::Tagged),
    };
    assert_eq!(eval(to_int, &[Simple::naked_float(1e30)]), "Value(0)");
    // Division by zero never reaches a primitive: the conversion checks.
    assert_eq!(
        eval(
            PrimOp::IntArith(IntKind::Tagged, IntOp::Div),
            &[Simple::tagged(1), Simple::tagged(0)]
        ),
        "CPS interpreter: division by zero reached a primitive (the check is missing)"
    );
    let boxed = eval(
        PrimOp::BoxNumber(BoxedNumber::Float),
        &[Simple::naked_float(2.5)],
    );
    assert_eq!(boxed, "Value(2.5)");
}

#[test]
fn effects_classify_as_flambda_2_does() {
    let class = |op: PrimOp| op.effects_and_coeffects().class();
    assert_eq!(class(tagged_add()), EffectClass::Pure);
    assert_eq!(
        class(PrimOp::BoxNumber(BoxedNumber::Float)),
        EffectClass::GenerativeImmutable
    );
    let block = |mutability| PrimOp::MakeBlock {
        tag: 0,
        shape: super::primitives::BlockShape::Values,
        mutability,
    };
    assert_eq!(
        class(block(Mutability::Immutable)),
        EffectClass::GenerativeImmutable
    );
    assert_eq!(class(block(Mutability::Mutable)), EffectClass::Effectful);
    let load = |mutability| PrimOp::BlockLoad {
        field: 0,
        kind: super::primitives::FieldKind::Value,
        mutability,
    };
    assert_eq!(class(load(Mutability::Immutable)), EffectClass::Pure);
    assert_eq!(class(load(Mutability::Mutable)), EffectClass::CoeffectOnly);
    assert_eq!(
        class(PrimOp::BlockSet {
            field: 0,
            kind: super::primitives::FieldKind::Value
        }),
        EffectClass::Effectful
    );
    assert!(PrimOp::BoxNumber(BoxedNumber::Float)
        .effects_and_coeffects()
        .removable_if_unused());
    assert!(!PrimOp::BytesSet
        .effects_and_coeffects()
        .removable_if_unused());
}

#[test]
fn freshening_gives_an_alpha_equivalent_copy_with_new_binders() {
    let mut p = examples::fact(10);
    let code = p.code.values().next().cloned().expect("fact has code");
    let copy = super::rename::freshen(&code.body, &super::rename::Renaming::new(), &mut p.names);
    // The printer names by hint and order, so alpha-equivalent terms print
    // alike...
    assert_eq!(
        print::expr(&p.names, &copy),
        print::expr(&p.names, &code.body)
    );
    // ...but no binder is shared.
    let (mut old, mut new) = (Default::default(), Default::default());
    super::free_names::bound_vars(&code.body, &mut old);
    super::free_names::bound_vars(&copy, &mut new);
    assert!(!old.is_empty() && old.is_disjoint(&new));
    // The free names stay: the code's parameter and continuations.
    assert_eq!(
        super::free_names::free_names(&copy),
        super::free_names::free_names(&code.body)
    );
}

#[test]
fn inlining_by_renaming_keeps_the_program_well_formed() {
    // Replace `fact 10` by a copy of fact's body, its parameter replaced by
    // 10 and its continuations by the call's: what Simplify's inlining does.
    let mut p = examples::fact(10);
    let code = p.code.values().next().cloned().expect("fact has code");
    let mut renaming = super::rename::Renaming::new();
    renaming.add_var(code.params[0].var, Simple::tagged(10));
    renaming.add_cont(code.exn_cont, p.exn_cont);
    let inlined_return = p.names.cont("k_inlined");
    renaming.add_cont(code.return_cont, inlined_return);
    let copy = super::rename::freshen(&code.body, &renaming, &mut p.names);
    let text = print::expr(&p.names, &copy);
    assert!(text.contains("let is_zero : imm# = 10 = 0 in"), "{text}");
    assert!(text.contains("apply_cont k_inlined 1"), "{text}");
    assert!(text.contains("-> k_after * k_uncaught"), "{text}");
}
