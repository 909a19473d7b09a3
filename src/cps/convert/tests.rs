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
use crate::lambda::ir::{self as lambda, Direction, Lambda, SwitchCase};
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
                    LetCont::NonRecursive { cont, handler, body } => (vec![(cont, handler)], body),
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
            errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"),
            print::program(p)
        );
    }
}

/// Convert `p` to CPS and close it; check both, make sure neither has an
/// administrative redex, and that both run as the Lambda interpreter runs
/// `p`. Returns the open and the closed program.
pub(crate) fn agree(p: &lambda::Program) -> (Program, Program) {
    on_stack(|| {
        let expected = outcome_text(&crate::lambda::interpret::interpret(p).expect("Lambda interpreter"));
        let open = convert_program(p).expect("conversion");
        checked(&open, false);
        assert_eq!(forwarders(&open), Vec::<String>::new(), "{}", print::program(&open));
        let got = outcome_text(&interp::interpret(&open));
        assert_eq!(got, expected, "open CPS runs differently:\n{}", print::program(&open));
        let closed = crate::cps::closures::close_program(open.clone()).expect("closure conversion");
        checked(&closed, true);
        assert_eq!(forwarders(&closed), Vec::<String>::new(), "{}", print::program(&closed));
        let got = outcome_text(&interp::interpret(&closed));
        assert_eq!(got, expected, "closed CPS runs differently:\n{}", print::program(&closed));
        (open, closed)
    })
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

fn print_line(b: &mut Builder, e: Lambda) -> Lambda {
    seq(vec![b.print_int(e), print_newline()])
}

fn print_text(b: &mut Builder, s: &str) -> Lambda {
    b.print_string(string(s))
}

fn not_found() -> Lambda {
    predef(PredefException::NotFound)
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
    let sum_first = print_line(&mut b, add(field(0, var(&squares)), field(0, field(1, var(&squares)))));
    let main = letrec(
        vec![(map.clone(), func(&[&f, &l], map_body))],
        let_(
            &show,
            function(&[&x], show_body),
            let_(&squares, apply(var(&map), vec![var(&show), list]), sum_first),
        ),
    );
    agree(&b.program(main));
}

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
        if_(int_cmp(CompareOp::Gt, var(&x), int(0)), raise(not_found()), int(1)),
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
    assert!(text.contains("apply_cont k_handler $Not_found [pop k_handler]"), "{text}");
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
            (vec![SwitchCase::Int(1)], raise(predef_exn(PredefException::Failure, vec![string("boom")]))),
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
                prim(Primitive::PhysEqual { negated: false }, vec![var(&e), not_found()]),
                int(-1),
                reraise(var(&e)),
            ),
        );
        calls.push(print_line(&mut b, guarded));
    }
    let _ = e;
    let main = letrec(vec![(thrower.clone(), func(&[&n], thrower_body))], seq(calls));
    agree(&b.program(main));
}
