//! Tests of the lowering: the prelude compiles, every corpus program runs
//! under the Lambda interpreter exactly as under OCaml, and the Lambda
//! produced satisfies its invariants.

use super::lower_program;
use crate::diagnostics::SourceFile;
use crate::lambda::check::check_program;
use crate::lambda::interpret::interpret;
use crate::lambda::ir::Program;
use crate::observable::Outcome;
use std::path::{Path, PathBuf};

/// Parse, type and lower a program.
pub fn lower_source(name: &str, text: &str) -> Result<(Program, String), String> {
    let file = SourceFile::new(name, text);
    let trace = std::env::var("LOWER_TRACE").is_ok();
    let ast = crate::syntax::parse(&file).map_err(|d| file.render(&d))?;
    if trace { eprintln!("parsed"); }
    let typed = crate::types::check_program(&file, &ast).map_err(|d| file.render(&d))?;
    if trace { eprintln!("typed"); }
    let mut warnings = Vec::new();
    let program = lower_program(&file, &typed, &mut warnings).map_err(|d| file.render(&d))?;
    if trace { eprintln!("lowered"); }
    Ok((program, file.render(&warnings)))
}

/// Run `f` on a thread with a large stack: the front end and the lowering
/// recurse on the depth of the program (the compiler's own main thread has
/// 8 MiB; a test thread has 2).
pub fn with_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(scope, f)
            .expect("spawn a thread")
            .join()
            .expect("the thread panicked")
    })
}

/// Lower, check and run a program.
pub fn run_source(name: &str, text: &str) -> Result<Outcome, String> {
    with_big_stack(|| run_source_here(name, text))
}

fn run_source_here(name: &str, text: &str) -> Result<Outcome, String> {
    let (program, _) = lower_source(name, text)?;
    if let Err(errors) = check_program(&program) {
        let list: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        return Err(format!("ill-formed Lambda: {}", list.join("; ")));
    }
    interpret(&program).map_err(|e| e.to_string())
}

#[test]
fn the_prelude_compiles() {
    if let Err(e) = super::prelude::compiled() {
        panic!("{}", e.message);
    }
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters-tests/corpus");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .collect();
    programs.sort();
    programs
}

#[test]
fn the_corpus_runs_as_under_ocaml() {
    let programs = corpus();
    assert!(!programs.is_empty());
    let mut failures = Vec::new();
    for p in &programs {
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("program");
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let read = |ext: &str| std::fs::read(p.with_extension(ext)).ok();
        let expected_out = read("out").unwrap_or_default();
        let expected_err = read("err").unwrap_or_default();
        let expected_exit: i32 = read("exit")
            .and_then(|b| String::from_utf8_lossy(&b).trim().parse().ok())
            .unwrap_or(0);
        match run_source(&format!("{stem}.ml"), &text) {
            Ok(o) => {
                if o.stdout != expected_out || o.stderr != expected_err || o.exit_code != expected_exit {
                    failures.push(format!(
                        "{stem}: got exit {} stdout:\n{}\nstderr:\n{}\nexpected exit {} stdout:\n{}\nstderr:\n{}",
                        o.exit_code,
                        String::from_utf8_lossy(&o.stdout),
                        String::from_utf8_lossy(&o.stderr),
                        expected_exit,
                        String::from_utf8_lossy(&expected_out),
                        String::from_utf8_lossy(&expected_err)
                    ));
                }
            }
            Err(e) => failures.push(format!("{stem}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n\n"));
}

/// Development aid: `LOWER_DEBUG=file.ml cargo test --lib debug_one -- --nocapture`
/// prints the Lambda of one program and runs it.
#[test]
fn debug_one() {
    let Ok(path) = std::env::var("LOWER_DEBUG") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let name = Path::new(&path).file_name().and_then(|s| s.to_str()).unwrap_or("x.ml");
    with_big_stack(|| debug_program(name, &text));
}

fn debug_program(name: &str, text: &str) {
    match lower_source(name, text) {
        Ok((p, w)) => {
            eprint!("{w}");
            if std::env::var("LOWER_PRINT").is_ok() {
                println!("{}", crate::lambda::print::program_to_string(&p));
            }
            if let Err(errors) = check_program(&p) {
                for e in errors {
                    eprintln!("check: {e}");
                }
            }
            match interpret(&p) {
                Ok(o) => {
                    let mut text = o.stdout.clone();
                    text.extend_from_slice(b"--stderr--\n");
                    text.extend_from_slice(&o.stderr);
                    text.extend_from_slice(format!("[exit {}]\n", o.exit_code).as_bytes());
                    match std::env::var("LOWER_OUT") {
                        Ok(out) => std::fs::write(out, text).unwrap_or_default(),
                        Err(_) => print!("{}", String::from_utf8_lossy(&text)),
                    }
                }
                Err(e) => eprintln!("{e}"),
            }
        }
        Err(e) => eprintln!("{e}"),
    }
}
