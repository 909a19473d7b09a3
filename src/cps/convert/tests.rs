//! CPS conversion, tested on Lambda terms built by hand: each converted
//! program must pass the checker, contain no administrative redex, and run
//! in the CPS interpreter exactly as the Lambda interpreter runs the
//! original.

use super::convert_program;
use crate::cps::check::{check_with, CheckOptions};
use crate::cps::ids::Continuation;
use crate::cps::terms::{ContHandler, Expr, LetCont, Program};
use crate::cps::{interp, print};
use crate::lambda::builder::*;
use crate::lambda::ir::{self as lambda, Direction, Lambda, SwitchCase, Var};
use crate::lambda::primitive::{PredefException, Primitive};
use crate::observable::CompareOp;

fn on_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    crate::driver::stages::on_large_stack(f).expect("no crash")
}

/// Every continuation of `p` whose handler only passes its parameters on
/// to another continuation: an administrative redex.
pub(crate) fn forwarders(p: &Program) -> Vec<String> {
    fn walk(e: &Expr, found: &mut Vec<String>) {
        match e {
            Expr::Let(l) => walk(&l.body, found),
            Expr::LetCont(lc) => {
                let (handlers, body): (Vec<(&Continuation, &ContHandler)>, &Expr) = match &**lc {
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body,
                    } => (vec![(cont, handler)], body),
                    LetCont::Recursive { handlers, body } => {
                        (handlers.iter().map(|(k, h)| (k, h)).collect(), body)
                    }
                };
                for (k, h) in handlers {
                    let params: Vec<_> = h.params.iter().map(|p| p.var).collect();
                    if super::forwards_to(&params, &h.body).is_some() {
                        found.push(format!("{k}"));
                    }
                    walk(&h.body, found);
                }
                walk(body, found);
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    walk(&p.body, &mut found);
    for code in p.code.values() {
        walk(&code.body, &mut found);
    }
    found
}

fn outcome_text(o: &crate::observable::Outcome) -> (String, String, i32) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.exit_code,
    )
}

fn checked(p: &Program, closed_code: bool) {
    if let Err(errors) = check_with(p, CheckOptions { closed_code }) {
        panic!(
            "checker: {}\n{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n"),
            print::program(p)
        );
    }
}

/// Convert `p` to CPS and close it; check both, make sure neither has an
/// administrative redex, and that both run as the Lambda interpreter runs
/// `p`. Returns the open and the closed program.
pub(crate) fn agree(p: &lambda::Program) -> (Program, Program) {
    on_stack(|| {
        let expected =
            outcome_text(&crate::lambda::interpret::interpret(p).expect("Lambda interpreter"));
        let open = convert_program(p).expect("conversion");
        checked(&open, false);
        assert_eq!(
            forwarders(&open),
            Vec::<String>::new(),
            "{}",
            print::program(&open)
        );
        let got = outcome_text(&interp::interpret(&open));
        assert_eq!(
            got,
            expected,
            "open CPS runs differently:\n{}",
            print::program(&open)
        );
        let closed = crate::cps::closures::close_program(open.clone()).expect("closure conversion");
        checked(&closed, true);
        assert_eq!(
            forwarders(&closed),
            Vec::<String>::new(),
            "{}",
            print::program(&closed)
        );
        let got = outcome_text(&interp::interpret(&closed));
        assert_eq!(
            got,
            expected,
            "closed CPS runs differently:\n{}",
            print::program(&closed)
        );
        (open, closed)
    })
}

/// Parse, type and lower an OCaml program (what the pipeline's passes do
/// before CPS conversion).
pub(crate) fn lower(name: &str, text: &str) -> Result<lambda::Program, String> {
    let file = crate::diagnostics::SourceFile::new(name, text);
    let ast = crate::syntax::parse(&file).map_err(|d| file.render(&d))?;
    let typed = crate::types::check_program(&file, &ast).map_err(|d| file.render(&d))?;
    let mut warnings = Vec::new();
    crate::lambda::lower::lower_program(&file, &typed, &mut warnings).map_err(|d| file.render(&d))
}

/// Lower `text` and [`agree`] on it.
pub(crate) fn agree_source(text: &str) -> (Program, Program) {
    let p = on_stack(|| lower("test.ml", text)).expect("lowering");
    agree(&p)
}

fn print_line(b: &mut Builder, e: Lambda) -> Lambda {
    seq(vec![b.print_int(e), print_newline()])
}

fn print_text(b: &mut Builder, s: &str) -> Lambda {
    b.print_string(string(s))
}

fn not_found() -> Lambda {
    predef(PredefException::NotFound)
}

/// `try e with _ -> print "caught: <message>"` for an `Invalid_argument`
/// or `Failure` (field 1 of the exception is its message).
fn catch_message(b: &mut Builder, e: Lambda) -> Lambda {
    let exn = b.var("exn");
    let msg = b.print_string(field(1, var(&exn)));
    try_with(seq(vec![e, unit()]), &exn, seq(vec![msg, print_newline()]))
}

fn catch_any(b: &mut Builder, e: Lambda, text: &str) -> Lambda {
    let exn = b.var("exn");
    let handler = print_text(b, text);
    try_with(seq(vec![e, unit()]), &exn, handler)
}

#[test]
fn factorial() {
    let mut b = Builder::new();
    let fact = b.var("fact");
    let n = b.var("n");
    let body = if_(
        int_cmp(CompareOp::Eq, var(&n), int(0)),
        int(1),
        mul(var(&n), apply(var(&fact), vec![sub(var(&n), int(1))])),
    );
    let main = letrec(
        vec![(fact.clone(), func(&[&n], body))],
        b.print_int(apply(var(&fact), vec![int(10)])),
    );
    let (open, closed) = agree(&b.program(main));
    println!("{}\n{}", print::program(&open), print::program(&closed));
}

/// The seed's `map`: `f x :: map f r`, the arguments right to left.
#[test]
fn map_over_a_list() {
    let mut b = Builder::new();
    let (map, f, l) = (b.var("map"), b.var("f"), b.var("l"));
    let map_body = if_(
        var(&l),
        make_block(
            0,
            vec![
                apply(var(&f), vec![field(0, var(&l))]),
                apply(var(&map), vec![var(&f), field(1, var(&l))]),
            ],
        ),
        int(0),
    );
    let (x, show) = (b.var("x"), b.var("show"));
    let show_body = seq(vec![print_line(&mut b, var(&x)), mul(var(&x), var(&x))]);
    let list = Lambda::Const(lambda::Constant::Block {
        tag: 0,
        fields: vec![
            lambda::Constant::Int(1),
            lambda::Constant::Block {
                tag: 0,
                fields: vec![lambda::Constant::Int(2), lambda::Constant::Int(0)],
            },
        ],
    });
    let squares = b.var("squares");
    let sum_first = print_line(
        &mut b,
        add(field(0, var(&squares)), field(0, field(1, var(&squares)))),
    );
    let main = letrec(
        vec![(map.clone(), func(&[&f, &l], map_body))],
        let_(
            &show,
            function(&[&x], show_body),
            let_(
                &squares,
                apply(var(&map), vec![var(&show), list]),
                sum_first,
            ),
        ),
    );
    agree(&b.program(main));
}

fn test_switch(
    b: &mut Builder,
    scrutinee: Lambda,
    arms: Vec<(Vec<SwitchCase>, i64)>,
    default: Option<i64>,
) -> Lambda {
    let sw = switch(
        scrutinee,
        arms.into_iter().map(|(cases, n)| (cases, int(n))).collect(),
        default.map(int),
    );
    print_line(b, sw)
}

#[test]
fn switches() {
    let mut b = Builder::new();
    let block = |tag: u8| make_block(tag, vec![int(7)]);
    let mut items = Vec::new();
    for n in [-3, 0, 1, 2, 5, 40, 1000] {
        // dense with a default, sparse with a default, exhaustive
        items.push(test_switch(
            &mut b,
            int(n),
            vec![
                (vec![SwitchCase::Int(0)], 10),
                (vec![SwitchCase::Int(1), SwitchCase::Int(2)], 12),
            ],
            Some(99),
        ));
        items.push(test_switch(
            &mut b,
            int(n),
            vec![
                (vec![SwitchCase::Int(-3)], 1),
                (vec![SwitchCase::Int(40)], 2),
                (vec![SwitchCase::Int(1000)], 3),
            ],
            Some(4),
        ));
    }
    for n in [0, 1] {
        items.push(test_switch(
            &mut b,
            int(n),
            vec![(vec![SwitchCase::Int(0)], 5), (vec![SwitchCase::Int(1)], 6)],
            None,
        ));
    }
    // Constants and blocks mixed, with and without a default.
    for v in [int(0), int(1), block(0), block(1), block(2)] {
        items.push(test_switch(
            &mut b,
            v.clone(),
            vec![(vec![SwitchCase::Int(0)], 1), (vec![SwitchCase::Tag(1)], 2)],
            Some(3),
        ));
        items.push(test_switch(
            &mut b,
            v,
            vec![
                (vec![SwitchCase::Int(0), SwitchCase::Int(1)], 1),
                (vec![SwitchCase::Tag(0)], 2),
                (vec![SwitchCase::Tag(1), SwitchCase::Tag(2)], 3),
            ],
            None,
        ));
    }
    for v in [block(0), block(3)] {
        items.push(test_switch(
            &mut b,
            v,
            vec![(vec![SwitchCase::Tag(3)], 8)],
            Some(9),
        ));
    }
    agree(&b.program(seq(items)));
}

#[test]
fn string_switch() {
    let mut b = Builder::new();
    let mut items = Vec::new();
    for s in ["apple", "pear", "fig", ""] {
        let sw = Lambda::StringSwitch {
            scrutinee: Box::new(string(s)),
            arms: vec![
                (b"apple".to_vec(), int(1)),
                (b"fig".to_vec(), int(2)),
                (Vec::new(), int(3)),
            ],
            default: Some(Box::new(int(0))),
        };
        items.push(print_line(&mut b, sw));
    }
    agree(&b.program(seq(items)));
}

#[test]
fn loops_and_mutable_variables() {
    let mut b = Builder::new();
    let (i, s, j, k) = (b.var("i"), b.var("s"), b.var("j"), b.var("k"));
    let while_loop = let_mut(
        &i,
        int(0),
        let_mut(
            &s,
            int(0),
            seq(vec![
                while_(
                    int_cmp(CompareOp::Lt, var(&i), int(10)),
                    seq(vec![
                        assign(&s, add(var(&s), var(&i))),
                        assign(&i, add(var(&i), int(1))),
                    ]),
                ),
                print_line(&mut b, var(&s)),
            ]),
        ),
    );
    let up = for_(
        &j,
        int(1),
        int(3),
        Direction::Upto,
        print_line(&mut b, var(&j)),
    );
    let down = for_(
        &k,
        int(3),
        int(1),
        Direction::Downto,
        print_line(&mut b, var(&k)),
    );
    let (m, n) = (b.var("m"), b.var("n"));
    let empty = for_(
        &m,
        int(5),
        int(1),
        Direction::Upto,
        print_line(&mut b, var(&m)),
    );
    let max_int = (1i64 << 62) - 1;
    let at_max = for_(
        &n,
        int(max_int - 1),
        int(max_int),
        Direction::Upto,
        print_line(&mut b, var(&n)),
    );
    agree(&b.program(seq(vec![while_loop, up, down, empty, at_max])));
}

#[test]
fn arrays_of_every_kind() {
    use crate::lambda::primitive::ArrayKind;
    let mut b = Builder::new();
    let get = |k, a: Lambda, i: i64| {
        prim(
            Primitive::ArrayGet {
                kind: k,
                checked: true,
            },
            vec![a, int(i)],
        )
    };
    let set = |k, a: Lambda, i: i64, v: Lambda| {
        prim(
            Primitive::ArraySet {
                kind: k,
                checked: true,
            },
            vec![a, int(i), v],
        )
    };
    let mut items = Vec::new();
    for kind in [ArrayKind::Int, ArrayKind::Addr, ArrayKind::Gen] {
        let a = b.var("a");
        let make = prim(Primitive::MakeArray(kind), vec![int(1), int(2), int(3)]);
        let body = seq(vec![
            set(kind, var(&a), 1, int(20)),
            print_line(&mut b, add(get(kind, var(&a), 1), get(kind, var(&a), 2))),
            print_line(&mut b, prim(Primitive::ArrayLength(kind), vec![var(&a)])),
            catch_message(&mut b, get(kind, var(&a), 3)),
            catch_message(&mut b, set(kind, var(&a), -1, int(0))),
        ]);
        items.push(let_(&a, make, body));
    }
    for kind in [ArrayKind::Float, ArrayKind::Gen] {
        let a = b.var("fa");
        let make = prim(Primitive::MakeArray(kind), vec![float(1.5), float(2.5)]);
        let sum = prim(
            Primitive::FloatArith(crate::lambda::primitive::FloatOp::Add),
            vec![get(kind, var(&a), 0), get(kind, var(&a), 1)],
        );
        let body = seq(vec![
            set(kind, var(&a), 0, float(10.25)),
            b.print_float_g(sum),
            print_newline(),
            catch_message(&mut b, get(kind, var(&a), 2)),
        ]);
        items.push(let_(&a, make, body));
    }
    let v = b.var("v");
    let vect = prim(Primitive::MakeVect, vec![int(3), float(0.5)]);
    items.push(let_(
        &v,
        vect,
        seq(vec![
            b.print_float_g(get(ArrayKind::Gen, var(&v), 2)),
            print_newline(),
        ]),
    ));
    items.push(catch_message(
        &mut b,
        prim(Primitive::MakeVect, vec![int(-1), int(0)]),
    ));
    agree(&b.program(seq(items)));
}

#[test]
fn strings_and_bytes() {
    let mut b = Builder::new();
    let s = b.var("s");
    let char_at =
        |s: &Var, i: i64| prim(Primitive::StringGet { checked: true }, vec![var(s), int(i)]);
    let set = |s: &Var, i: i64, c: u8| {
        prim(
            Primitive::BytesSet { checked: true },
            vec![var(s), int(i), int(c as i64)],
        )
    };
    let body = seq(vec![
        set(&s, 0, b'h'),
        set(&s, 1, b'i'),
        b.print_string(var(&s)),
        print_newline(),
        print_line(&mut b, char_at(&s, 1)),
        catch_message(&mut b, char_at(&s, 2)),
        catch_message(&mut b, set(&s, 5, b'x')),
        catch_message(&mut b, prim(Primitive::BytesCreate, vec![int(-1)])),
    ]);
    let main = let_(&s, prim(Primitive::BytesCreate, vec![int(2)]), body);
    agree(&b.program(main));
}

#[test]
fn numbers() {
    use crate::lambda::primitive::{CompareKind, FloatOp, IntOp, NumKind};
    use crate::observable::IntKind;
    let mut b = Builder::new();
    let i64c = |n: i64| Lambda::Const(lambda::Constant::Boxed(IntKind::Int64, n));
    let i32c = |n: i64| Lambda::Const(lambda::Constant::Boxed(IntKind::Int32, n));
    let to_int = |k: IntKind, e: Lambda| {
        prim(
            Primitive::Convert {
                from: NumKind::Int(k),
                to: NumKind::Int(IntKind::Int),
            },
            vec![e],
        )
    };
    let arith =
        |k: IntKind, op: IntOp, a: Lambda, c: Lambda| prim(Primitive::IntArith(k, op), vec![a, c]);
    let mut items = vec![
        print_line(&mut b, int_op(IntOp::Div, int(17), int(5))),
        print_line(&mut b, int_op(IntOp::Mod, int(-17), int(5))),
        catch_any(
            &mut b,
            int_op(IntOp::Div, int(1), int(0)),
            "Division_by_zero\n",
        ),
        catch_any(
            &mut b,
            int_op(IntOp::Mod, int(1), int(0)),
            "Division_by_zero\n",
        ),
        print_line(&mut b, int_op(IntOp::Lsl, int(1), int(62))),
        print_line(&mut b, int_op(IntOp::Asr, int(-16), int(2))),
        print_line(&mut b, int_op(IntOp::Lsr, int(-1), int(1))),
        print_line(&mut b, add(int((1 << 62) - 1), int(1))),
        print_line(&mut b, prim(Primitive::IntNeg(IntKind::Int), vec![int(5)])),
        print_line(
            &mut b,
            to_int(
                IntKind::Int64,
                arith(IntKind::Int64, IntOp::Mul, i64c(1 << 40), i64c(1 << 30)),
            ),
        ),
        print_line(
            &mut b,
            to_int(
                IntKind::Int32,
                arith(IntKind::Int32, IntOp::Add, i32c(i32::MAX as i64), i32c(1)),
            ),
        ),
        print_line(
            &mut b,
            to_int(
                IntKind::Int64,
                arith(IntKind::Int64, IntOp::Lsl, i64c(3), int(4)),
            ),
        ),
        catch_any(
            &mut b,
            arith(IntKind::Int64, IntOp::Div, i64c(1), i64c(0)),
            "Division_by_zero\n",
        ),
        print_line(
            &mut b,
            prim(
                Primitive::Compare(CompareKind::Boxed(IntKind::Int64), CompareOp::Lt),
                vec![i64c(-1), i64c(1)],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::CompareTotal(CompareKind::Boxed(IntKind::Int32)),
                vec![i32c(5), i32c(2)],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::CompareTotal(CompareKind::Int),
                vec![int(1), int(2)],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::CompareTotal(CompareKind::Float),
                vec![float(f64::NAN), float(1.0)],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::Compare(CompareKind::Float, CompareOp::Ne),
                vec![float(f64::NAN), float(f64::NAN)],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::Compare(CompareKind::String, CompareOp::Lt),
                vec![string("ab"), string("b")],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::CompareTotal(CompareKind::String),
                vec![string("b"), string("ab")],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::Compare(CompareKind::Generic, CompareOp::Eq),
                vec![
                    make_block(0, vec![int(1), string("x")]),
                    make_block(0, vec![int(1), string("x")]),
                ],
            ),
        ),
        catch_message(
            &mut b,
            prim(
                Primitive::CompareTotal(CompareKind::Generic),
                vec![
                    function(
                        &[&Var {
                            id: 9999,
                            name: "z".into(),
                        }],
                        int(0),
                    ),
                    int(0),
                ],
            ),
        ),
        print_line(
            &mut b,
            prim(
                Primitive::Convert {
                    from: NumKind::Float,
                    to: NumKind::Int(IntKind::Int),
                },
                vec![float(-3.75)],
            ),
        ),
        print_line(&mut b, prim(Primitive::Not, vec![boolean(false)])),
        print_line(
            &mut b,
            prim(Primitive::IntOfString(IntKind::Int), vec![string("0x1f")]),
        ),
        catch_message(
            &mut b,
            prim(Primitive::IntOfString(IntKind::Int), vec![string("nope")]),
        ),
    ];
    let fsum = prim(
        Primitive::FloatArith(FloatOp::Mul),
        vec![float(1.5), prim(Primitive::FloatNeg, vec![float(4.0)])],
    );
    items.push(b.print_float_g(fsum));
    items.push(print_newline());
    let conv = prim(
        Primitive::Convert {
            from: NumKind::Int(IntKind::Int),
            to: NumKind::Float,
        },
        vec![int(7)],
    );
    items.push(b.print_float_g(prim(
        Primitive::FloatFn(crate::lambda::primitive::FloatFn::Sqrt),
        vec![conv],
    )));
    items.push(print_newline());
    items.push(b.print_float_g(prim(
        Primitive::FloatOfBits,
        vec![i64c(0x3FF8_0000_0000_0000)],
    )));
    items.push(print_newline());
    agree(&b.program(seq(items)));
}

#[test]
fn fields_references_and_exceptions() {
    let mut b = Builder::new();
    let (r, e, x) = (b.var("r"), b.var("e"), b.var("x"));
    let float_record = prim(
        Primitive::MakeArray(crate::lambda::primitive::ArrayKind::Float),
        vec![float(1.0), float(2.0)],
    );
    let fr = b.var("fr");
    let my_exn = b.var("My_exn");
    let body = seq(vec![
        prim(Primitive::OffsetRef(5), vec![var(&r)]),
        prim(
            Primitive::SetField(0),
            vec![var(&r), add(field(0, var(&r)), int(1))],
        ),
        print_line(&mut b, field(0, var(&r))),
        let_(
            &fr,
            float_record,
            seq(vec![
                prim(Primitive::SetFloatField(1), vec![var(&fr), float(8.5)]),
                b.print_float_g(prim(Primitive::FloatField(1), vec![var(&fr)])),
                print_newline(),
            ]),
        ),
        let_(
            &my_exn,
            prim(Primitive::NewException("Test.My_exn".to_string()), vec![]),
            try_with(
                raise(make_block(0, vec![var(&my_exn), int(3)])),
                &e,
                if_(
                    prim(
                        Primitive::PhysEqual { negated: false },
                        vec![field(0, var(&e)), var(&my_exn)],
                    ),
                    print_line(&mut b, field(1, var(&e))),
                    unit(),
                ),
            ),
        ),
        let_(
            &x,
            prim(Primitive::NewException("Test.Other".to_string()), vec![]),
            raise(var(&x)),
        ),
    ]);
    let main = let_(
        &r,
        prim(
            Primitive::MakeBlock {
                tag: 0,
                mutable: true,
            },
            vec![int(1)],
        ),
        body,
    );
    agree(&b.program(main));
}

#[test]
fn exit_stops_at_once() {
    let mut b = Builder::new();
    let main = seq(vec![
        print_text(&mut b, "before\n"),
        prim(Primitive::Flush, vec![channel(1)]),
        prim(Primitive::SysExit, vec![int(3)]),
        print_text(&mut b, "after\n"),
    ]);
    agree(&b.program(main));
}

/// A recursion 100,000 calls deep, not in tail position, and a tail call
/// loop of ten million iterations: the CPS interpreter keeps its stack on
/// the heap, so neither exhausts the host's.
#[test]
fn deep_recursion_and_long_tail_loop() {
    let mut b = Builder::new();
    let (sum, n) = (b.var("sum"), b.var("n"));
    let sum_body = if_(
        int_cmp(CompareOp::Eq, var(&n), int(0)),
        int(0),
        add(var(&n), apply(var(&sum), vec![sub(var(&n), int(1))])),
    );
    let (count, i, acc) = (b.var("count"), b.var("i"), b.var("acc"));
    let count_body = if_(
        int_cmp(CompareOp::Eq, var(&i), int(0)),
        var(&acc),
        apply(
            var(&count),
            vec![sub(var(&i), int(1)), add(var(&acc), int(1))],
        ),
    );
    let main = letrec(
        vec![
            (sum.clone(), func(&[&n], sum_body)),
            (count.clone(), func(&[&i, &acc], count_body)),
        ],
        seq(vec![
            print_line(&mut b, apply(var(&sum), vec![int(100_000)])),
            print_line(&mut b, apply(var(&count), vec![int(10_000_000), int(0)])),
        ]),
    );
    let p = b.program(main);
    let (_, closed) = on_stack(|| {
        let open = convert_program(&p).expect("conversion");
        let closed = crate::cps::closures::close_program(open.clone()).expect("closure conversion");
        (open, closed)
    });
    // Run on this (small) test thread's stack: only the heap may grow.
    let outcome = interp::interpret(&closed);
    assert_eq!(
        outcome_text(&outcome),
        ("5000050000\n10000000\n".to_string(), String::new(), 0)
    );
}

/// Random well-typed Lambda programs (every expression is an `int`): the
/// property that CPS conversion and closure conversion preserve what a
/// program does, on programs no one wrote by hand.
struct RandomProgram {
    state: u64,
    b: Builder,
}

impl RandomProgram {
    fn next(&mut self, n: u64) -> u64 {
        // xorshift64*
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        (self.state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n.max(1)
    }

    fn pick<'v>(&mut self, vs: &'v [Var]) -> Option<&'v Var> {
        if vs.is_empty() {
            None
        } else {
            vs.get(self.next(vs.len() as u64) as usize)
        }
    }

    fn expr(&mut self, ints: &[Var], funs: &[Var], depth: u32) -> Lambda {
        use crate::lambda::primitive::IntOp;
        let choice = if depth == 0 {
            self.next(2)
        } else {
            self.next(17)
        };
        match choice {
            0 => int(self.next(21) as i64 - 10),
            1 => match self.pick(ints) {
                Some(v) => var(v),
                None => int(self.next(5) as i64),
            },
            2 | 3 => {
                let op = [IntOp::Add, IntOp::Sub, IntOp::Mul, IntOp::Div, IntOp::Mod]
                    [self.next(5) as usize];
                let a = self.expr(ints, funs, depth - 1);
                let c = self.expr(ints, funs, depth - 1);
                int_op(op, a, c)
            }
            4 | 5 => {
                let op = [CompareOp::Lt, CompareOp::Eq, CompareOp::Ge][self.next(3) as usize];
                let (a, c) = (
                    self.expr(ints, funs, depth - 1),
                    self.expr(ints, funs, depth - 1),
                );
                let (t, e) = (
                    self.expr(ints, funs, depth - 1),
                    self.expr(ints, funs, depth - 1),
                );
                if_(int_cmp(op, a, c), t, e)
            }
            6 => {
                let x = self.b.var("x");
                let def = self.expr(ints, funs, depth - 1);
                let mut inner = ints.to_vec();
                inner.push(x.clone());
                let body = self.expr(&inner, funs, depth - 1);
                let_(&x, def, body)
            }
            7 => match self.pick(funs).cloned() {
                Some(f) => {
                    let arg = self.expr(ints, funs, depth - 1);
                    apply(var(&f), vec![arg])
                }
                None => int(1),
            },
            8 => {
                let (f, y) = (self.b.var("f"), self.b.var("y"));
                let mut inner = ints.to_vec();
                inner.push(y.clone());
                let body = self.expr(&inner, funs, depth - 1);
                let mut more = funs.to_vec();
                more.push(f.clone());
                let rest = self.expr(ints, &more, depth - 1);
                let_(&f, function(&[&y], body), rest)
            }
            9 => {
                let e = self.b.var("e");
                let body = self.expr(ints, funs, depth - 1);
                let handler = self.expr(ints, funs, depth - 1);
                try_with(body, &e, handler)
            }
            10 => {
                if self.next(3) == 0 {
                    raise(not_found())
                } else {
                    let e = self.expr(ints, funs, depth - 1);
                    let rest = self.expr(ints, funs, depth - 1);
                    seq(vec![print_line(&mut self.b, e), rest])
                }
            }
            11 => {
                let (label, r) = (self.b.label(), self.b.var("r"));
                let cond = self.expr(ints, funs, depth - 1);
                let out = self.expr(ints, funs, depth - 1);
                let other = self.expr(ints, funs, depth - 1);
                let body = if_(
                    int_cmp(CompareOp::Gt, cond, int(0)),
                    exit(label, vec![out]),
                    other,
                );
                let mut inner = ints.to_vec();
                inner.push(r.clone());
                let handler = self.expr(&inner, funs, depth - 1);
                catch(body, label, &[&r], handler)
            }
            12 => {
                // s := 0; for i = a to b do s := s + e done; s
                let (s, i) = (self.b.var("s"), self.b.var("i"));
                let lo = int(self.next(4) as i64 - 1);
                let hi = int(self.next(5) as i64);
                let mut inner = ints.to_vec();
                inner.push(i.clone());
                let step = self.expr(&inner, funs, depth - 1);
                let body = assign(&s, add(var(&s), step));
                let_mut(
                    &s,
                    int(0),
                    seq(vec![for_(&i, lo, hi, Direction::Upto, body), var(&s)]),
                )
            }
            13 => {
                // n := k; while n > 0 do n := n - 1; acc := acc + e done; acc
                let (n, acc) = (self.b.var("n"), self.b.var("acc"));
                let start = int(self.next(4) as i64);
                let step = self.expr(ints, funs, depth - 1);
                let body = seq(vec![
                    assign(&n, sub(var(&n), int(1))),
                    assign(&acc, add(var(&acc), step)),
                ]);
                let_mut(
                    &n,
                    start,
                    let_mut(
                        &acc,
                        int(0),
                        seq(vec![
                            while_(int_cmp(CompareOp::Gt, var(&n), int(0)), body),
                            var(&acc),
                        ]),
                    ),
                )
            }
            14 => {
                let scrutinee = self.expr(ints, funs, depth - 1);
                let mut arms = Vec::new();
                for case in 0..self.next(4) as i64 {
                    arms.push((
                        vec![SwitchCase::Int(case * 2)],
                        self.expr(ints, funs, depth - 1),
                    ));
                }
                let default = self.expr(ints, funs, depth - 1);
                switch(scrutinee, arms, Some(default))
            }
            15 => {
                // let rec f n = if n <= 0 then base else step + f (n - 1) in f k
                let (f, n) = (self.b.var("f"), self.b.var("n"));
                let mut inner = ints.to_vec();
                inner.push(n.clone());
                let base = self.expr(&inner, funs, depth - 1);
                let step = self.expr(&inner, funs, depth - 1);
                let body = if_(
                    int_cmp(CompareOp::Le, var(&n), int(0)),
                    base,
                    add(step, apply(var(&f), vec![sub(var(&n), int(1))])),
                );
                let mut more = funs.to_vec();
                more.push(f.clone());
                let rest = self.expr(ints, &more, depth - 1);
                letrec(vec![(f.clone(), func(&[&n], body))], rest)
            }
            _ => {
                // A function of two arguments, applied to one then to another.
                let (g, p, q) = (self.b.var("g"), self.b.var("p"), self.b.var("q"));
                let mut inner = ints.to_vec();
                inner.extend([p.clone(), q.clone()]);
                let body = self.expr(&inner, funs, depth - 1);
                let (a1, a2) = (
                    self.expr(ints, funs, depth - 1),
                    self.expr(ints, funs, depth - 1),
                );
                let partial = b_apply_partial(&g, a1, a2);
                let_(&g, function(&[&p, &q], body), partial)
            }
        }
    }
}

/// `(g a1) a2`, the partial application written out.
fn b_apply_partial(g: &Var, a1: Lambda, a2: Lambda) -> Lambda {
    apply(apply(var(g), vec![a1]), vec![a2])
}

#[test]
fn random_programs_agree() {
    for seed in 1..=300u64 {
        let mut gen = RandomProgram {
            state: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            b: Builder::new(),
        };
        let mut items = Vec::new();
        for _ in 0..3 {
            let e = gen.expr(&[], &[], 5);
            items.push(print_line(&mut gen.b, e));
        }
        let p = gen.b.program(seq(items));
        let result = std::panic::catch_unwind(|| agree(&p));
        if result.is_err() {
            panic!(
                "seed {seed}:\n{}",
                crate::lambda::print::program_to_string(&p)
            );
        }
    }
}

/// The corpus converts to CPS and closes without an administrative redex,
/// and both forms pass the checker. (The harness runs every corpus program
/// under `flambeau interp cps`, with `--check-ir`, against OCaml's output.)
#[test]
fn corpus_has_no_administrative_redex() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters-tests/corpus");
    let mut programs: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .collect();
    programs.sort();
    assert!(programs.len() > 30, "the corpus is missing");
    for path in programs {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).expect("read");
        on_stack(|| {
            let p = lower(&name, &text).expect("lowering");
            let open = convert_program(&p).expect("conversion");
            checked(&open, false);
            assert_eq!(forwarders(&open), Vec::<String>::new(), "{name}");
            let closed = crate::cps::closures::close_program(open).expect("closure conversion");
            checked(&closed, true);
            assert_eq!(forwarders(&closed), Vec::<String>::new(), "{name}");
        });
    }
}

// --- exceptions ---

/// The seed's `f cond`: a raise in one arm of the `if` whose join builds
/// the pair.
#[test]
fn f_cond() {
    let mut b = Builder::new();
    let (f, cond, v) = (b.var("f"), b.var("cond"), b.var("v"));
    let body = let_(
        &v,
        if_(var(&cond), raise(not_found()), int(0)),
        make_block(0, vec![var(&v), var(&v)]),
    );
    let main = letrec(
        vec![(f.clone(), func(&[&cond], body))],
        seq(vec![
            print_line(&mut b, field(0, apply(var(&f), vec![boolean(false)]))),
            print_line(&mut b, field(1, apply(var(&f), vec![boolean(true)]))),
        ]),
    );
    let (open, _) = agree(&b.program(main));
    let text = print::program(&open);
    assert!(text.contains("[pop k_exn]"), "{text}");
}

/// A raise caught in the same function is a jump to the handler.
#[test]
fn local_raise_is_a_jump() {
    let mut b = Builder::new();
    let (f, x, e) = (b.var("f"), b.var("x"), b.var("e"));
    let body = try_with(
        if_(
            int_cmp(CompareOp::Gt, var(&x), int(0)),
            raise(not_found()),
            int(1),
        ),
        &e,
        int(2),
    );
    let main = letrec(
        vec![(f.clone(), func(&[&x], body))],
        seq(vec![
            print_line(&mut b, apply(var(&f), vec![int(5)])),
            print_line(&mut b, apply(var(&f), vec![int(-5)])),
        ]),
    );
    let (open, _) = agree(&b.program(main));
    let text = print::program(&open);
    assert!(
        text.contains("apply_cont k_handler $Not_found [pop k_handler]"),
        "{text}"
    );
    assert!(text.contains("[push k_handler]"), "{text}");
}

/// A `try` whose body cannot raise loses its handler.
#[test]
fn try_that_cannot_raise() {
    let mut b = Builder::new();
    let (x, e) = (b.var("x"), b.var("e"));
    let main = let_(
        &x,
        try_with(add(int(1), int(2)), &e, int(0)),
        print_line(&mut b, var(&x)),
    );
    let (open, _) = agree(&b.program(main));
    let text = print::program(&open);
    assert!(!text.contains("push"), "{text}");
}

/// An exception from a callee is caught by the caller; one the handler
/// does not match is raised again, unchanged.
#[test]
fn exceptions_across_calls_and_reraise() {
    let mut b = Builder::new();
    let (thrower, n, e) = (b.var("thrower"), b.var("n"), b.var("e"));
    let thrower_body = switch(
        var(&n),
        vec![
            (vec![SwitchCase::Int(0)], raise(not_found())),
            (
                vec![SwitchCase::Int(1)],
                raise(predef_exn(PredefException::Failure, vec![string("boom")])),
            ),
        ],
        Some(var(&n)),
    );
    // try thrower n with Not_found -> -1 | e -> reraise e
    let mut calls = Vec::new();
    for arg in [7, 0, 1] {
        let e = b.var("e");
        let guarded = try_with(
            apply(var(&thrower), vec![int(arg)]),
            &e,
            if_(
                prim(
                    Primitive::PhysEqual { negated: false },
                    vec![var(&e), not_found()],
                ),
                int(-1),
                reraise(var(&e)),
            ),
        );
        calls.push(print_line(&mut b, guarded));
    }
    let _ = e;
    let main = letrec(
        vec![(thrower.clone(), func(&[&n], thrower_body))],
        seq(calls),
    );
    agree(&b.program(main));
}

/// `exit` from inside two `try` bodies to a `catch` outside both pops both
/// handlers, one jump per handler.
#[test]
fn static_raise_out_of_two_trys() {
    let mut b = Builder::new();
    let (f, x, e1, e2, r) = (b.var("f"), b.var("x"), b.var("e1"), b.var("e2"), b.var("r"));
    let label = b.label();
    let inner = try_with(
        if_(
            int_cmp(CompareOp::Gt, var(&x), int(0)),
            exit(label, vec![add(var(&x), int(100))]),
            apply(var(&f), vec![int(1)]),
        ),
        &e2,
        reraise(var(&e2)),
    );
    let body = catch(
        try_with(inner, &e1, int(-1)),
        label,
        &[&r],
        mul(var(&r), int(2)),
    );
    let main = letrec(
        vec![(f.clone(), func(&[&x], body))],
        seq(vec![
            print_line(&mut b, apply(var(&f), vec![int(5)])),
            print_line(&mut b, apply(var(&f), vec![int(0)])),
        ]),
    );
    let (open, _) = agree(&b.program(main));
    let text = print::program(&open);
    assert!(text.contains("k_pop"), "{text}");
}

/// `Fun.protect ~finally work`, as the prelude writes it: the cleanup runs
/// on both exits, and the exception goes on afterwards.
#[test]
fn unwind_protect() {
    let mut b = Builder::new();
    let (protect, finally, work, u, e, result, u2) = (
        b.var("protect"),
        b.var("finally"),
        b.var("work"),
        b.var("u"),
        b.var("work_exn"),
        b.var("result"),
        b.var("u2"),
    );
    let protect_body = let_(
        &result,
        try_with(
            apply(var(&work), vec![unit()]),
            &e,
            seq(vec![apply(var(&finally), vec![unit()]), reraise(var(&e))]),
        ),
        seq(vec![apply(var(&finally), vec![unit()]), var(&result)]),
    );
    let cleanup = function(&[&u], print_text(&mut b, "cleanup\n"));
    let ok_work = function(&[&u2], int(42));
    let (u3, e3) = (b.var("u3"), b.var("e3"));
    let bad_work = function(&[&u3], raise(not_found()));
    let main = letrec(
        vec![(protect.clone(), func(&[&finally, &work], protect_body))],
        seq(vec![
            print_line(&mut b, apply(var(&protect), vec![cleanup.clone(), ok_work])),
            try_with(
                print_line(
                    &mut b,
                    apply(var(&protect), vec![cleanup.clone(), bad_work.clone()]),
                ),
                &e3,
                print_text(&mut b, "caught\n"),
            ),
            apply(var(&protect), vec![cleanup, bad_work]),
        ]),
    );
    agree(&b.program(main));
}

#[test]
fn stack_overflow_is_an_exception() {
    let mut b = Builder::new();
    let (f, n, e) = (b.var("f"), b.var("n"), b.var("e"));
    let main = letrec(
        vec![(
            f.clone(),
            func(
                &[&n],
                add(int(1), apply(var(&f), vec![add(var(&n), int(1))])),
            ),
        )],
        try_with(
            print_line(&mut b, apply(var(&f), vec![int(0)])),
            &e,
            print_text(&mut b, "overflow\n"),
        ),
    );
    agree(&b.program(main));
}
