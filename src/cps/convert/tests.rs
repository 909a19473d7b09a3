//! CPS conversion, tested on Lambda terms built by hand: each converted
//! program must pass the checker, contain no administrative redex, and run
//! in the CPS interpreter exactly as the Lambda interpreter runs the
//! original.

use super::convert_program;
use crate::cps::check::{check_with, CheckOptions};
use crate::cps::terms::Program;
use crate::lambda::builder::*;
use crate::lambda::ir::{self as lambda, Direction, Lambda, SwitchCase};
use crate::lambda::primitive::{PredefException, Primitive};
use crate::observable::CompareOp;

fn on_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    crate::driver::stages::on_large_stack(f).expect("no crash")
}

/// Convert, check, and compare the CPS interpreter's outcome with the
/// Lambda interpreter's. Returns the converted program.
pub(crate) fn agree(p: &lambda::Program) -> Program {
    on_stack(|| {
        let expected = crate::lambda::interpret::interpret(p).expect("Lambda interpreter");
        let cps = convert_program(p).expect("conversion");
        if let Err(errors) = check_with(&cps, CheckOptions { closed_code: false }) {
            panic!(
                "checker: {}\n{}",
                errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"),
                crate::cps::print::program(&cps)
            );
        }
        let got = crate::cps::interp::interpret(&cps);
        assert_eq!(
            (String::from_utf8_lossy(&got.stdout), String::from_utf8_lossy(&got.stderr), got.exit_code),
            (
                String::from_utf8_lossy(&expected.stdout),
                String::from_utf8_lossy(&expected.stderr),
                expected.exit_code
            ),
            "outcomes differ for\n{}",
            crate::cps::print::program(&cps)
        );
        cps
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
    let p = agree(&b.program(main));
    println!("{}", crate::cps::print::program(&p));
}
