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

/// Runs natively (also with a collection at every allocation) and
/// compares with the interpreter.
fn check_program(name: &str, program: &Program, expected_stdout: &str) {
    let interp = run_interp(program, "main");
    assert_eq!(
        interp.0, expected_stdout,
        "{name}: the interpreter disagrees with the test"
    );
    let native = run_native(name, program, "main", &[]);
    assert_eq!(native, interp, "{name}: native run");
    let stressed = run_native(name, program, "main", &[("FLAMBEAU_GC_STRESS", "1")]);
    assert_eq!(stressed, interp, "{name}: native run with GC stress");
}

fn print_int(e: Expr) -> Expr {
    extcall("caml_print_int", MachType::Val, false, vec![e])
}

fn newline() -> Expr {
    extcall("caml_print_newline", MachType::Val, false, vec![Expr::Unit])
}

#[test]
fn factorial() {
    let mut fresh = Fresh::new();
    let n = fresh.var("n");
    let fact = fun(
        "fact",
        vec![(n.clone(), MachType::Val)],
        Expr::If(
            Box::new(op(Operation::CmpI(IntCmp::Le), vec![var(&n), int_const(1)])),
            Box::new(int_const(1)),
            Box::new(mul_int_caml(
                var(&n),
                app("fact", vec![sub_int_caml(var(&n), int_const(1))]),
            )),
        ),
    );
    let main = fun(
        "main",
        vec![],
        seq(print_int(app("fact", vec![int_const(10)])), newline()),
    );
    check_program(
        "factorial",
        &Program {
            phrases: vec![fact, main],
        },
        "3628800\n",
    );
}
