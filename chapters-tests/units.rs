//! Programs of several files (chapter "Programs of several files").
//! Each directory of `chapters-tests/units/` holds the
//! files and, in `files`, the command line's order of them. A program that
//! compiles has the behaviour OCaml gives it in `program.out`, `.err` and
//! `.exit`; one that does not has Flambeau's diagnostics in
//! `program.check`. `cargo test --test chapters units::` runs them.

use super::{compare_outcomes, expected_outcome, golden, ocamlopt_installed, ocamlopt_run, root};
use flambeau::diagnostics::SourceFile;
use flambeau::driver::pipeline::Options;
use flambeau::driver::stages;
use libtest_mimic::{Failed, Trial};
use std::fs;
use std::path::{Path, PathBuf};

/// The program in `dir`: its files, concatenated in command-line order,
/// each named as the command line names it.
fn program(dir: &Path) -> Result<(Vec<String>, SourceFile), Failed> {
    let order = fs::read_to_string(dir.join("files")).map_err(|e| e.to_string())?;
    let names: Vec<String> = order.split_whitespace().map(str::to_owned).collect();
    let mut files = Vec::new();
    for name in &names {
        let bytes = fs::read(dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
        files.push(SourceFile::from_bytes(name.clone(), bytes));
    }
    Ok((names, SourceFile::concat(files)))
}

fn cases() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(root().join("chapters-tests/units"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("files").exists())
        .collect();
    dirs.sort();
    dirs
}

/// Variables set for the program's run.
type Environment = &'static [(&'static str, &'static str)];

pub fn trials() -> Vec<Trial> {
    let with_ocamlopt = ocamlopt_installed();
    let mut trials = Vec::new();
    for dir in cases() {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if dir.join("program.check").exists() {
            trials.push(Trial::test(format!("units::{name}::check"), move || {
                let (_, file) = program(&dir)?;
                golden(&dir, "program.check", &stages::stage_output("check", &file))
            }));
            continue;
        }
        let modes: [(&str, u8, Environment); 3] = [
            ("native", 2, &[]),
            ("native-O0", 0, &[]),
            (
                "native-gc-stress",
                2,
                &[("FLAMBEAU_GC_STRESS", "1"), ("FLAMBEAU_GC_VERIFY", "1")],
            ),
        ];
        for (mode, level, env) in modes {
            let dir = dir.clone();
            trials.push(Trial::test(format!("units::{name}::{mode}"), move || {
                let (_, file) = program(&dir)?;
                let options = Options {
                    opt_level: level,
                    ..Default::default()
                };
                let run = stages::on_large_stack(|| {
                    stages::run_native(&file, &options, env, &mut std::io::sink())
                })?;
                let (outcome, _) = run.map_err(|f| format!("{f:?}"))?;
                compare_outcomes(&expected_outcome(&dir.join("program")), &outcome)
            }));
        }
        {
            let dir = dir.clone();
            trials.push(Trial::test(
                format!("units::{name}::interp-cps"),
                move || {
                    let (_, file) = program(&dir)?;
                    let options = Options {
                        opt_level: 2,
                        check_ir: true,
                        ..Default::default()
                    };
                    let run = stages::on_large_stack(|| {
                        stages::interpret("cps", &file, &options, &mut std::io::sink())
                    })?;
                    let (outcome, _) = run.map_err(|f| format!("{f:?}"))?;
                    compare_outcomes(&expected_outcome(&dir.join("program")), &outcome)
                },
            ));
        }
        trials.push(
            Trial::test(format!("units::{name}::ocamlopt"), move || {
                compare_outcomes(
                    &ocamlopt_outcome(&dir)?,
                    &expected_outcome(&dir.join("program")),
                )
            })
            .with_ignored_flag(!with_ocamlopt),
        );
    }
    trials
}

/// The program built by `ocamlopt` from copies of its files, given in the
/// same order, and run.
fn ocamlopt_outcome(dir: &Path) -> Result<flambeau::observable::Outcome, Failed> {
    let (names, _) = program(dir)?;
    let scratch = tempfile::Builder::new()
        .prefix("flambeau-units-")
        .tempdir()
        .map_err(|e| e.to_string())?;
    for name in &names {
        fs::copy(dir.join(name), scratch.path().join(name)).map_err(|e| e.to_string())?;
    }
    ocamlopt_run(scratch.path(), &names, std::process::Stdio::null())
}
