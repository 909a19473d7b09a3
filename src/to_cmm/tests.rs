//! Tests of the translation on CPS programs built with the CPS builder.

use super::*;
use crate::cps::examples;
use crate::driver::ir::Ir;

/// Runs `program` with the CPS interpreter and, translated, with the Cmm
/// interpreter: both must print and exit alike.
fn same_behaviour(program: &Program) {
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
        "{}",
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

#[test]
fn show() {
    for p in [
        examples::fact(10),
        examples::safe_div(0),
        examples::currying(),
        examples::sum_loop(3),
    ] {
        let unit = to_cmm(&p, "Test", Options::default()).unwrap();
        println!("{}", unit.print());
    }
}
