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
