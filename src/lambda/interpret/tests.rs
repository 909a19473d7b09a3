//! Tests of the interpreter on terms built by hand. Each expected output is
//! what the corresponding OCaml program prints under ocamlopt.

use super::*;
use crate::lambda::builder::*;
use crate::lambda::check::check_program;
use crate::lambda::ir::{Direction, Lambda, SwitchCase};
use crate::lambda::primitive::{ArrayKind, CompareKind, IntOp, PredefException, Primitive};
use crate::observable::{CompareOp, MAX_INT};

fn run_ok(b: Builder, body: Lambda) -> Outcome {
    let program = b.program(body);
    assert_eq!(check_program(&program), Ok(()));
    interpret(&program).expect("well-formed program")
}

fn stdout(o: &Outcome) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Outcome) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn prints_and_exits_normally() {
    let mut b = Builder::new();
    let body = seq(vec![
        b.print_string(string("hello ")),
        b.print_int(add(int(MAX_INT), int(1))),
        print_newline(),
    ]);
    let o = run_ok(b, body);
    assert_eq!(stdout(&o), "hello -4611686018427387904\n");
    assert_eq!(o.exit_code, 0);
}

/// `let rec sum n = if n = 0 then 0 else n + sum (n - 1)`, 100,000 deep.
#[test]
fn deep_non_tail_recursion() {
    let mut b = Builder::new();
    let (sum, n) = (b.var("sum"), b.var("n"));
    let body = if_(
        int_cmp(CompareOp::Eq, var(&n), int(0)),
        int(0),
        add(var(&n), apply(var(&sum), vec![sub(var(&n), int(1))])),
    );
    let call = b.print_int(apply(var(&sum), vec![int(100_000)]));
    let o = run_ok(b, letrec(vec![(sum.clone(), func(&[&n], body))], call));
    assert_eq!(stdout(&o), "5000050000");
}

/// `let rec loop i acc = if i = 0 then acc else loop (i - 1) (acc + i land 7)`
/// for ten million iterations, with a call depth limit of 10: tail calls
/// must not grow the stack.
#[test]
fn ten_million_tail_calls_in_constant_space() {
    let mut b = Builder::new();
    let (lp, i, acc) = (b.var("loop"), b.var("i"), b.var("acc"));
    let body = if_(
        int_cmp(CompareOp::Eq, var(&i), int(0)),
        var(&acc),
        apply(
            var(&lp),
            vec![
                sub(var(&i), int(1)),
                add(var(&acc), int_op(IntOp::And, var(&i), int(7))),
            ],
        ),
    );
    let call = b.print_int(apply(var(&lp), vec![int(10_000_000), int(0)]));
    let program = b.program(letrec(vec![(lp.clone(), func(&[&i, &acc], body))], call));
    let o = interpret_with_depth(&program, 10).expect("runs");
    assert_eq!(stdout(&o), "35000000");
}

/// Mutual tail recursion through a static handler in each function body,
/// as compiled matches produce: still constant space.
#[test]
fn tail_calls_inside_static_handlers() {
    let mut b = Builder::new();
    let (ping, pong, n, m) = (b.var("ping"), b.var("pong"), b.var("n"), b.var("m"));
    let (l1, l2) = (b.label(), b.label());
    let ping_body = catch(
        if_(
            int_cmp(CompareOp::Eq, var(&n), int(0)),
            exit(l1, vec![]),
            apply(var(&pong), vec![sub(var(&n), int(1))]),
        ),
        l1,
        &[],
        string("ping"),
    );
    let pong_body = catch(
        if_(
            int_cmp(CompareOp::Eq, var(&m), int(0)),
            exit(l2, vec![]),
            apply(var(&ping), vec![sub(var(&m), int(1))]),
        ),
        l2,
        &[],
        string("pong"),
    );
    let call = b.print_string(apply(var(&ping), vec![int(1_000_001)]));
    let program = b.program(letrec(
        vec![
            (ping.clone(), func(&[&n], ping_body)),
            (pong, func(&[&m], pong_body)),
        ],
        call,
    ));
    let o = interpret_with_depth(&program, 10).expect("runs");
    assert_eq!(stdout(&o), "pong");
}

/// `let add3 a b c = a + b + c`, partially applied; and
/// `let k x = fun y -> x * y` applied to two arguments at once.
#[test]
fn partial_and_over_application() {
    let mut b = Builder::new();
    let (add3, a, bb, c) = (b.var("add3"), b.var("a"), b.var("b"), b.var("c"));
    let (f, g) = (b.var("f"), b.var("g"));
    let (k, x, y) = (b.var("k"), b.var("x"), b.var("y"));
    let add3_fn = function(&[&a, &bb, &c], add(add(var(&a), var(&bb)), var(&c)));
    let k_fn = function(&[&x], function(&[&y], mul(var(&x), var(&y))));
    let p1 = b.print_int(apply(var(&f), vec![int(2), int(3)]));
    let p2 = b.print_int(apply(var(&g), vec![int(30)]));
    let p3 = b.print_int(apply(var(&k), vec![int(6), int(7)]));
    let p4 = b.print_int(apply(var(&add3), vec![int(1), int(1), int(1)]));
    let body = let_(
        &add3,
        add3_fn,
        let_(
            &k,
            k_fn,
            let_(
                &f,
                apply(var(&add3), vec![int(1)]),
                let_(
                    &g,
                    apply(var(&f), vec![int(20)]),
                    seq(vec![
                        p1,
                        print_newline(),
                        p2,
                        print_newline(),
                        p3,
                        print_newline(),
                        p4,
                    ]),
                ),
            ),
        ),
    );
    let o = run_ok(b, body);
    assert_eq!(stdout(&o), "6\n51\n42\n3");
}

/// `try failwith "boom" with Failure m -> print_string m`, then an uncaught
/// `Failure "again"` after some unflushed output.
#[test]
fn exceptions_caught_and_uncaught() {
    let mut b = Builder::new();
    let e = b.var("exn");
    let handler = if_(
        prim(
            Primitive::PhysEqual { negated: false },
            vec![field(0, var(&e)), predef(PredefException::Failure)],
        ),
        b.print_string(field(1, var(&e))),
        reraise(var(&e)),
    );
    let body = seq(vec![
        try_with(
            raise(predef_exn(PredefException::Failure, vec![string("boom")])),
            &e,
            handler,
        ),
        b.print_string(string(" unflushed")),
        raise(predef_exn(PredefException::Failure, vec![string("again")])),
    ]);
    let o = run_ok(b, body);
    assert_eq!(stdout(&o), "boom unflushed");
    assert_eq!(stderr(&o), "Fatal error: exception Failure(\"again\")\n");
    assert_eq!(o.exit_code, 2);
}

#[test]
fn division_by_zero_and_bounds_checks_raise() {
    let mut b = Builder::new();
    let e = b.var("e");
    let arr = b.var("a");
    let caught = b.print_string(string("caught "));
    let body = seq(vec![
        try_with(b.print_int(int_op(IntOp::Div, int(1), int(0))), &e, caught),
        let_(
            &arr,
            prim(Primitive::MakeArray(ArrayKind::Int), vec![int(1), int(2)]),
            b.print_int(prim(
                Primitive::ArrayGet {
                    kind: ArrayKind::Int,
                    checked: true,
                },
                vec![var(&arr), int(2)],
            )),
        ),
    ]);
    let o = run_ok(b, body);
    assert_eq!(stdout(&o), "caught ");
    assert_eq!(
        stderr(&o),
        "Fatal error: exception Invalid_argument(\"index out of bounds\")\n"
    );
}

#[test]
fn unbounded_recursion_raises_stack_overflow() {
    let mut b = Builder::new();
    let (f, n) = (b.var("f"), b.var("n"));
    let body = add(int(1), apply(var(&f), vec![add(var(&n), int(1))]));
    let program = b.program(letrec(
        vec![(f.clone(), func(&[&n], body))],
        apply(var(&f), vec![int(0)]),
    ));
    let o = interpret_with_depth(&program, 10_000).expect("runs");
    assert_eq!(stderr(&o), "Fatal error: exception Stack_overflow\n");
    assert_eq!(o.exit_code, 2);
}

/// `print_string "a"; exit 3` where exit flushes first (as the library's
/// does) against a bare `caml_sys_exit`, which loses the buffer.
#[test]
fn exit_flushes_only_through_the_library() {
    let mut b = Builder::new();
    let flushing = seq(vec![
        b.print_string(string("a")),
        prim(Primitive::Flush, vec![channel(1)]),
        prim(Primitive::SysExit, vec![int(3)]),
        b.print_string(string("never")),
    ]);
    let o = run_ok(b, flushing);
    assert_eq!((stdout(&o).as_str(), o.exit_code), ("a", 3));
    let mut b = Builder::new();
    let bare = seq(vec![
        b.print_string(string("lost")),
        prim(Primitive::SysExit, vec![int(0)]),
    ]);
    let o = run_ok(b, bare);
    assert_eq!(stdout(&o), "");
}

/// `compare (fun x -> x) (fun x -> x)` raises; `compare f f` is 0.
#[test]
fn compare_on_functions() {
    let mut b = Builder::new();
    let (x, y, f, e) = (b.var("x"), b.var("y"), b.var("f"), b.var("e"));
    let same = b.print_int(prim(
        Primitive::CompareTotal(CompareKind::Generic),
        vec![var(&f), var(&f)],
    ));
    let msg = b.print_string(field(1, var(&e)));
    let body = let_(
        &f,
        function(&[&x], var(&x)),
        seq(vec![
            same,
            try_with(
                prim(
                    Primitive::CompareTotal(CompareKind::Generic),
                    vec![var(&f), function(&[&y], var(&y))],
                ),
                &e,
                msg,
            ),
        ]),
    );
    let o = run_ok(b, body);
    assert_eq!(stdout(&o), "0compare: functional value");
}

/// `let x = ref 0 in for i = 1 to 10 do x := !x + i done; while ... done`
/// with a mutable variable, and a `downto` loop.
#[test]
fn loops_and_mutable_variables() {
    let mut b = Builder::new();
    let (x, i, j) = (b.var("x"), b.var("i"), b.var("j"));
    let print_x = b.print_int(var(&x));
    let print_j = b.print_int(var(&j));
    let body = let_mut(
        &x,
        int(0),
        seq(vec![
            for_(
                &i,
                int(1),
                int(10),
                Direction::Upto,
                assign(&x, add(var(&x), var(&i))),
            ),
            while_(
                int_cmp(CompareOp::Lt, var(&x), int(100)),
                assign(&x, mul(var(&x), int(2))),
            ),
            print_x,
            for_(&j, int(3), int(1), Direction::Downto, print_j),
        ]),
    );
    let o = run_ok(b, body);
    assert_eq!(stdout(&o), "110321");
}

/// A switch on `type t = A | B | C of int | D of string`.
#[test]
fn switch_on_immediates_and_tags() {
    let mut b = Builder::new();
    let (f, v) = (b.var("f"), b.var("v"));
    let body = switch(
        var(&v),
        vec![
            (vec![SwitchCase::Int(0)], string("A")),
            (
                vec![SwitchCase::Int(1), SwitchCase::Tag(1)],
                string("B or D"),
            ),
            (vec![SwitchCase::Tag(0)], string("C")),
        ],
        None,
    );
    let mut prints = Vec::new();
    for arg in [
        int(0),
        int(1),
        make_block(0, vec![int(5)]),
        make_block(1, vec![string("s")]),
    ] {
        prints.push(b.print_string(apply(var(&f), vec![arg])));
    }
    let o = run_ok(b, let_(&f, function(&[&v], body), seq(prints)));
    assert_eq!(stdout(&o), "AB or DCB or D");
}

/// Static exceptions carry arguments to a shared handler.
#[test]
fn static_raise_passes_arguments() {
    let mut b = Builder::new();
    let (l, a, c) = (b.label(), b.var("a"), b.var("c"));
    let handler = b.print_int(sub(var(&a), var(&c)));
    let body = catch(
        seq(vec![
            exit(l, vec![int(10), int(3)]),
            b.print_string(string("no")),
        ]),
        l,
        &[&a, &c],
        handler,
    );
    let o = run_ok(b, body);
    assert_eq!(stdout(&o), "7");
}

#[test]
fn ill_formed_programs_are_errors_not_panics() {
    let b = Builder::new();
    let program = b.program(apply(int(3), vec![int(4)]));
    assert!(interpret(&program).is_err());
    let mut b = Builder::new();
    let l = b.label();
    let program = b.program(exit(l, vec![]));
    assert!(check_program(&program).is_err());
    assert!(interpret(&program).is_err());
}

/// The program of `deep_non_tail_recursion`, as the printer shows it.
#[test]
fn listing_of_a_program() {
    let mut b = Builder::new();
    let (sum, n) = (b.var("sum"), b.var("n"));
    let body = if_(
        int_cmp(CompareOp::Eq, var(&n), int(0)),
        int(0),
        add(var(&n), apply(var(&sum), vec![sub(var(&n), int(1))])),
    );
    let call = b.print_int(apply(var(&sum), vec![int(100_000)]));
    let program = b.program(letrec(vec![(sum.clone(), func(&[&n], body))], call));
    let expected = "\
(letrec
  (sum/0 (function n/1 (if (== n/1 0) 0 (+ n/1 (apply sum/0 (- n/1 1))))))
  (let (s/2 = (caml_format_int \"%d\" (apply sum/0 100000)))
    (caml_ml_output (caml_ml_open_descriptor_out 1) s/2 0 (string.length s/2))))
";
    assert_eq!(crate::lambda::print::program_to_string(&program), expected);
    let out = interpret(&program).expect("runs");
    assert_eq!(stdout(&out), "5000050000");
}
