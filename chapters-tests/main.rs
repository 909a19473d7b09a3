//! The book's examples, the chapters' golden cases and the end-to-end corpus,
//! as one test per case (`cargo test --test chapters lexing` runs one
//! chapter's). See the chapter "Testing the compiler".
//!
//! - `book::tangle-check`: `src/` and `runtime/` are what the book tangles to.
//! - `book::<chapter>::<example>::<stage>`: every ```` ```text expect=NAME stage=STAGE ````
//!   block shows what the compiler really prints for the ```` ```ocaml example=NAME ````
//!   block of the same chapter; a golden file under `chapters-tests/golden/`
//!   records the same text, so that changes show in `git diff`. A block can
//!   cut the output down (`show=f,k_x`, `prelude=no`) and state claims the
//!   test checks (`assert=no-alloc:f`): see `listing.rs`.
//! - `cases::<chapter>::<case>`: each `chapters-tests/<chapter>/<case>.ml` gets the
//!   output recorded beside it in `<case>.<stage>` (stage `check` unless the
//!   file's first line says `(* stage: STAGE *)`).
//! - `corpus::<program>::<stage>`: each program of `chapters-tests/corpus/`
//!   type-checks, and, under every reference interpreter, prints exactly
//!   the stdout, stderr and exit status OCaml gives it. Each is also
//!   compiled to native code and run
//!   (`::native` at -O2, `::native-O0`, `::native-gc-stress` under
//!   `FLAMBEAU_GC_STRESS`, every `N` words if `<program>.gc-stress` says
//!   `N`, else every one, with `FLAMBEAU_GC_VERIFY` checking the heap
//!   after every collection), and, when `ocamlopt` is installed, compared with
//!   the same program compiled by `ocamlopt` (`::ocamlopt`).
//! - `bench::<program>::native` and `::native-gc-stress`: each benchmark of
//!   `bench/` compiled natively prints what OCaml printed for it
//!   (`bench/<program>.out`), also under GC stress (stride as above);
//!   `bench::<program>::no-allocation-per-turn`: the float and `int64`
//!   benchmarks allocate as many words with a small iteration count as
//!   with a larger one.
//! - `book::orphans`: no golden file outlives its example.
//! - `book::references`: every chapter or section the prose names by
//!   its title exists (see `references.rs`).
//! - `figures::<chapter>::<figure>`: every figure a chapter shows is what
//!   the compiler draws for its example today (see `figures.rs`);
//!   `figures::orphans`: no figure file outlives its figure;
//!   `figures::graphviz`: Graphviz reads every figure's dot text (ignored,
//!   and said so, where Graphviz is not installed).
//! - `harness::listing::*`: the selection of listings and the claims, on
//!   small outputs; `harness::references::*`: the reference checker, on
//!   small books.
//! - `random::seed-<n>`: the program the generator of the chapter "Random
//!   testing" makes from seed `n` behaves the same under every interpreter,
//!   natively at -O0, -O1 and -O2, and under `ocamlopt` when installed.
//! - `fuzz::mutants-<k>`: a batch of mutated corpus programs, each
//!   compiled by `flambeau` in a process of its own: every one is compiled
//!   or refused with located diagnostics, within 10 s, and none that
//!   `ocamlopt` refuses is accepted.
//!
//! `BLESS=1 cargo test --test chapters` rewrites the golden files, the
//! recorded outputs and the book's expect blocks from the compiler's output.

mod cli;
mod figures;
mod listing;
mod references;
mod units;

use flambeau::diagnostics::SourceFile;
use flambeau::driver::stages;
use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tangle::book::{Block, Book};

/// A replacement of an expect block's content, applied after all tests ran.
type BookEdit = (String, std::ops::Range<usize>, String);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn blessing() -> bool {
    std::env::var_os("BLESS").is_some_and(|v| v != "0")
}

fn stem(chapter: &str) -> String {
    Path::new(chapter)
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

fn main() {
    let args = Arguments::from_args();
    if blessing() {
        // SAFETY: set before any test thread starts.
        unsafe { std::env::set_var("UPDATE_GOLDENFILES", "1") };
    }
    let book = match Book::load(&root()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("cannot read the book: {e}");
            std::process::exit(1);
        }
    };
    let edits: Arc<Mutex<Vec<BookEdit>>> = Arc::default();
    let mut trials = vec![Trial::test("book::tangle-check", || {
        tangle::check(&root()).map_err(|errors| Failed::from(errors.join("\n")))
    })];
    let mut expected_goldens = BTreeSet::new();
    trials.extend(example_trials(&book, &edits, &mut expected_goldens));
    trials.push(orphan_trial(expected_goldens));
    trials.extend(references::trials());
    trials.extend(figures::trials(&book));
    trials.extend(listing::self_tests());
    trials.extend(case_trials(&book));
    trials.extend(corpus_trials());
    trials.extend(native_trials());
    trials.extend(random_trials());
    trials.extend(mutant_trials());
    trials.extend(cli::trials());
    trials.extend(units::trials());
    let conclusion = libtest_mimic::run(&args, trials);
    apply_book_edits(&edits);
    conclusion.exit();
}

/// One trial per expect block.
fn example_trials(
    book: &Book,
    edits: &Arc<Mutex<Vec<BookEdit>>>,
    goldens: &mut BTreeSet<PathBuf>,
) -> Vec<Trial> {
    let mut trials = Vec::new();
    let prelude_names = Arc::new(listing::bound_names(flambeau::stdlib::PRELUDE));
    for chapter in &book.chapters {
        let chapter_stem = stem(&chapter.path);
        // An example is one block, or, for a program of several files,
        // one block per file, each naming its file with `unit=`, in order.
        let mut examples: BTreeMap<&str, Vec<&Block>> = BTreeMap::new();
        for block in &chapter.blocks {
            if let Some(name) = block.attr("example") {
                examples.entry(name).or_default().push(block);
            }
        }
        for block in chapter.blocks.iter().filter(|b| b.attr("expect").is_some()) {
            let name = block.attr("expect").unwrap_or_default().to_string();
            let stage = block.attr("stage").unwrap_or("run").to_string();
            let opt_level = match block.attr("opt").map(str::parse::<u8>) {
                None => Ok(2),
                Some(Ok(level)) if level <= 2 => Ok(level),
                Some(_) => Err(format!("{}: `opt=` takes 0, 1 or 2", block.location())),
            };
            let view = listing::View::from_attrs(|key| block.attr(key).map(str::to_string))
                .map_err(|e| format!("{}: {e}", block.location()));
            // Two listings of one example at one stage (showing different
            // parts of it) tell themselves apart by a `label=`.
            let label = block
                .attr("label")
                .map(|l| format!(".{l}"))
                .unwrap_or_default();
            let trial_name = format!(
                "book::{chapter_stem}::{name}::{stage}{}",
                label.replace('.', "::")
            );
            let golden_dir = root().join("chapters-tests/golden").join(&chapter_stem);
            let golden_name = format!("{name}.{stage}{label}");
            if !goldens.insert(golden_dir.join(&golden_name)) {
                let location = block.location();
                trials.push(Trial::test(format!("{trial_name}::duplicate"), move || {
                    Err(format!(
                        "{location}: a second listing of `{name}` at stage `{stage}`: \
                         give one of them a `label=`"
                    )
                    .into())
                }));
                continue;
            }
            let example = examples
                .get(name.as_str())
                .map(|blocks| example_program(&name, blocks));
            let block = block.clone();
            let edits = Arc::clone(edits);
            let prelude_names = Arc::clone(&prelude_names);
            trials.push(Trial::test(trial_name, move || {
                let Some((file, source)) = example else {
                    return Err(format!(
                        "{}: no ```ocaml example={name} block in this chapter",
                        block.location()
                    )
                    .into());
                };
                let view = view?;
                let output = stages::stage_output_at(&stage, &file, opt_level?);
                // A claim is about the prose, which blessing does not
                // rewrite: a false one fails even under BLESS.
                listing::check_claims(&view, &stage, &output)
                    .map_err(|e| format!("{}: {e}", block.location()))?;
                let actual = listing::select(
                    &view,
                    &stage,
                    &output,
                    &prelude_names,
                    &listing::bound_names(&source),
                )
                .map_err(|e| format!("{}: {e}", block.location()))?;
                golden(&golden_dir, &golden_name, &actual)?;
                if block.content == actual {
                    return Ok(());
                }
                if blessing() {
                    edits.lock().map_err(|_| "poisoned")?.push((
                        block.chapter.clone(),
                        block.content_range.clone(),
                        actual,
                    ));
                    return Ok(());
                }
                Err(format!(
                    "{}: the book's listing differs from what `{stage}` prints \
                     (`BLESS=1 cargo test --test chapters` accepts the new output):\n{}",
                    block.location(),
                    diff(&block.content, &actual)
                )
                .into())
            }));
        }
    }
    trials
}

/// The program of an example's blocks, and its whole text (for the names
/// it binds): one block is `NAME.ml`; several are the files their `unit=`
/// names, in order.
fn example_program(name: &str, blocks: &[&Block]) -> (SourceFile, String) {
    let files = blocks.iter().map(|b| {
        let file_name = b.attr("unit").map_or(format!("{name}.ml"), str::to_string);
        SourceFile::new(file_name, b.content.clone())
    });
    let text = blocks.iter().map(|b| b.content.as_str()).collect();
    (SourceFile::concat(files.collect()), text)
}

/// Compares `actual` with a golden file through `goldenfile`, which rewrites
/// it when `UPDATE_GOLDENFILES` is set and panics with a diff otherwise.
fn golden(dir: &Path, name: &str, actual: &str) -> Result<(), Failed> {
    use std::io::Write;
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let outcome = std::panic::catch_unwind(|| {
        let mut mint = goldenfile::Mint::new(dir);
        let mut file = mint.new_goldenfile(name).map_err(|e| e.to_string())?;
        file.write_all(actual.as_bytes())
            .map_err(|e| e.to_string())?;
        drop(file);
        drop(mint);
        Ok::<(), String>(())
    });
    match outcome {
        Ok(result) => result.map_err(Failed::from),
        Err(_) => Err(format!(
            "golden file {}/{name} differs (see the diff above)",
            dir.display()
        )
        .into()),
    }
}

fn orphan_trial(expected: BTreeSet<PathBuf>) -> Trial {
    Trial::test("book::orphans", move || {
        let mut orphans = Vec::new();
        let dir = root().join("chapters-tests/golden");
        for chapter in fs::read_dir(&dir).into_iter().flatten().flatten() {
            for file in fs::read_dir(chapter.path()).into_iter().flatten().flatten() {
                if !expected.contains(&file.path()) {
                    orphans.push(file.path());
                }
            }
        }
        if blessing() {
            for o in &orphans {
                let _ = fs::remove_file(o);
            }
            return Ok(());
        }
        if orphans.is_empty() {
            Ok(())
        } else {
            let list: Vec<String> = orphans.iter().map(|p| p.display().to_string()).collect();
            Err(format!(
                "golden files whose example is gone (BLESS=1 removes them):\n  {}",
                list.join("\n  ")
            )
            .into())
        }
    })
}

/// One trial per golden case `chapters-tests/<chapter>/<case>.ml`.
fn case_trials(book: &Book) -> Vec<Trial> {
    let mut trials = Vec::new();
    for chapter in &book.chapters {
        let chapter_stem = stem(&chapter.path);
        let dir = root().join("chapters-tests").join(&chapter_stem);
        for case in programs_in(&dir) {
            let case_stem = stem(&case.to_string_lossy());
            trials.push(Trial::test(
                format!("cases::{chapter_stem}::{case_stem}"),
                move || {
                    // Bytes, not text: a case may hold Latin-1, as OCaml allows.
                    let bytes = fs::read(&case).map_err(|e| format!("{}: {e}", case.display()))?;
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    // `(* stage: cmm *)`, or `(* stage: cmm opt=0 *)` for a
                    // listing made at another level than -O2.
                    let header: Vec<&str> = text
                        .lines()
                        .next()
                        .and_then(|l| l.trim().strip_prefix("(* stage:"))
                        .and_then(|l| l.strip_suffix("*)"))
                        .map_or_else(Vec::new, |l| l.split_whitespace().collect());
                    let stage = header.first().copied().unwrap_or("check").to_string();
                    let opt_level = match header.get(1).map(|o| o.strip_prefix("opt=")) {
                        None => 2,
                        Some(Some(level @ ("0" | "1" | "2"))) => level.parse().unwrap_or(2),
                        Some(_) => {
                            return Err(format!(
                                "{}: the first line is `(* stage: STAGE *)` or \
                                 `(* stage: STAGE opt=0|1|2 *)`",
                                case.display()
                            )
                            .into())
                        }
                    };
                    let name = case
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                    let actual = stages::stage_output_at(
                        &stage,
                        &SourceFile::from_bytes(name, bytes),
                        opt_level,
                    );
                    let expected_path = case.with_extension(&stage);
                    if blessing() {
                        return fs::write(&expected_path, &actual)
                            .map_err(|e| format!("{}: {e}", expected_path.display()).into());
                    }
                    let expected = fs::read_to_string(&expected_path).map_err(|_| {
                        format!(
                            "{} has no recorded output {} (bless to record it)",
                            case.display(),
                            expected_path.display()
                        )
                    })?;
                    if expected == actual {
                        Ok(())
                    } else {
                        Err(format!(
                            "{}: output differs from {}:\n{}",
                            case.display(),
                            expected_path.display(),
                            diff(&expected, &actual)
                        )
                        .into())
                    }
                },
            ));
        }
    }
    trials
}

/// The end-to-end corpus: programs with the output real OCaml gives them.
fn corpus_trials() -> Vec<Trial> {
    let programs = programs_in(&root().join("chapters-tests/corpus"));
    let interpreters: Vec<&str> = stages::INTERP_STAGES.iter().map(|(s, _)| *s).collect();
    let mut trials = Vec::new();
    for program in programs {
        let name = stem(&program.to_string_lossy());
        {
            let program = program.clone();
            trials.push(Trial::test(format!("corpus::{name}::check"), move || {
                let text = fs::read_to_string(&program).map_err(|e| e.to_string())?;
                let file =
                    SourceFile::new(format!("{}.ml", stem(&program.to_string_lossy())), text);
                let out = stages::stage_output("check", &file);
                if out.contains("error") {
                    Err(format!("{} does not check:\n{out}", program.display()).into())
                } else {
                    Ok(())
                }
            }));
        }
        for interp in &interpreters {
            let program = program.clone();
            let stage = format!("interp-{interp}");
            trials.push(Trial::test(format!("corpus::{name}::{stage}"), move || {
                corpus_case(&program, &stage)
            }));
        }
    }
    trials
}

fn corpus_case(program: &Path, stage: &str) -> Result<(), Failed> {
    let text = fs::read_to_string(program).map_err(|e| e.to_string())?;
    // OCaml names the file as it was given on the command line in
    // Match_failure and Assert_failure; the corpus was run as `NAME.ml`.
    let file = SourceFile::new(format!("{}.ml", stem(&program.to_string_lossy())), text);
    let interp = stage.trim_start_matches("interp-");
    let options = flambeau::driver::pipeline::Options {
        opt_level: 2,
        check_ir: true,
        stdin: program_input(program),
        ..Default::default()
    };
    let (outcome, _warnings) = stages::on_large_stack(|| {
        stages::interpret(interp, &file, &options, &mut std::io::sink())
    })?
    .map_err(|f| format!("{f:?}"))?;
    compare_outcomes(&expected_outcome(program), &outcome)
}

/// What a program reads on its standard input: its `.in` file, if it has
/// one, else nothing.
fn program_input(program: &Path) -> flambeau::observable::Input {
    match fs::read(program.with_extension("in")) {
        Ok(bytes) => flambeau::observable::Input::Bytes(bytes),
        Err(_) => flambeau::observable::Input::Empty,
    }
}

/// The same, for a process `ocamlopt` built.
fn program_stdin(program: &Path) -> std::process::Stdio {
    match fs::File::open(program.with_extension("in")) {
        Ok(file) => file.into(),
        Err(_) => std::process::Stdio::null(),
    }
}

/// A program's expected behaviour, from the files beside it: `.out`,
/// `.err` and `.exit` (absent means empty, empty and 0).
fn expected_outcome(program: &Path) -> flambeau::observable::Outcome {
    let read = |ext: &str| fs::read(program.with_extension(ext)).ok();
    flambeau::observable::Outcome {
        stdout: read("out").unwrap_or_default(),
        stderr: read("err").unwrap_or_default(),
        exit_code: read("exit")
            .and_then(|b| String::from_utf8_lossy(&b).trim().parse().ok())
            .unwrap_or(0),
        ..Default::default()
    }
}

/// The `.ml` files of a directory, sorted.
fn programs_in(dir: &Path) -> Vec<PathBuf> {
    let mut programs: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .collect();
    programs.sort();
    programs
}

fn ocamlopt_installed() -> bool {
    std::process::Command::new("ocamlopt")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The end-to-end tests of the native compiler: the corpus at -O2, at
/// -O0 and under GC stress with the heap verified after every collection
/// (`FLAMBEAU_GC_VERIFY`), compared with OCaml's recorded behaviour and
/// with `ocamlopt`'s own executables; and the benchmarks.
fn native_trials() -> Vec<Trial> {
    let with_ocamlopt = ocamlopt_installed();
    let mut trials = Vec::new();
    for program in programs_in(&root().join("chapters-tests/corpus")) {
        let name = stem(&program.to_string_lossy());
        let stride = stress_stride(&program);
        let modes: [(&str, u8, Option<String>); 3] = [
            ("native", 2, None),
            ("native-O0", 0, None),
            ("native-gc-stress", 2, Some(stride)),
        ];
        for (mode, level, stress) in modes {
            let program = program.clone();
            trials.push(Trial::test(format!("corpus::{name}::{mode}"), move || {
                let env: Vec<(&str, &str)> = stress
                    .as_deref()
                    .map(|n| vec![("FLAMBEAU_GC_STRESS", n), ("FLAMBEAU_GC_VERIFY", "1")])
                    .unwrap_or_default();
                let outcome = native_outcome(&program, level, &env)?;
                compare_outcomes(&expected_outcome(&program), &outcome)
            }));
        }
        let program = program.clone();
        trials.push(
            Trial::test(format!("corpus::{name}::ocamlopt"), move || {
                let ours = native_outcome(&program, 2, &[])?;
                let theirs = ocamlopt_outcome(&program)?;
                compare_outcomes(&theirs, &ours)
            })
            .with_ignored_flag(!with_ocamlopt),
        );
    }
    if !with_ocamlopt {
        eprintln!(
            "note: ocamlopt is not installed (apt-get install ocaml-nox): the corpus::*::ocamlopt \
             comparisons are skipped and listed as ignored"
        );
    }
    for program in programs_in(&root().join("bench")) {
        let name = stem(&program.to_string_lossy());
        let stride = stress_stride(&program);
        for (mode, stress) in [("native", None), ("native-gc-stress", Some(stride))] {
            let program = program.clone();
            trials.push(Trial::test(format!("bench::{name}::{mode}"), move || {
                let env: Vec<(&str, &str)> = stress
                    .as_deref()
                    .map(|n| vec![("FLAMBEAU_GC_STRESS", n), ("FLAMBEAU_GC_VERIFY", "1")])
                    .unwrap_or_default();
                let outcome = native_outcome(&program, 2, &env)?;
                compare_outcomes(&expected_outcome(&program), &outcome)
            }));
        }
    }
    trials.extend(allocation_trials());
    trials
}

/// The float and `int64` benchmarks whose loops the chapter "Unboxing"
/// makes allocate nothing: each is run with its iteration count replaced
/// by a small and a larger one (`FLAMBEAU_STATS=1`), and the words
/// allocated must grow by no more than what the program allocates by
/// design, so that nothing is allocated per turn of the inner loops. Each
/// entry: the program, the text that sets its count, the two texts put in
/// its place, and the words the second run allocates beyond the first by
/// design (`spectral_norm` makes two arrays of 2,500 floats, 2,501 words
/// each, per turn of its outer loop, and runs three turns more).
const LOOPS_THAT_DO_NOT_ALLOCATE: [(&str, &str, [&str; 2], u64); 4] = [
    (
        "nbody",
        "let steps = 12_000_000 in",
        ["let steps = 1_000 in", "let steps = 4_000 in"],
        0,
    ),
    (
        "spectral_norm",
        "for _ = 1 to 10 do",
        ["for _ = 1 to 1 do", "for _ = 1 to 4 do"],
        3 * 2 * 2_501,
    ),
    (
        "mandelbrot",
        "let size = 2400 in",
        ["let size = 64 in", "let size = 256 in"],
        0,
    ),
    (
        "int64_hash",
        "for _ = 1 to 60_000_000 do",
        ["for _ = 1 to 1_000 do", "for _ = 1 to 8_000 do"],
        0,
    ),
];

fn allocation_trials() -> Vec<Trial> {
    LOOPS_THAT_DO_NOT_ALLOCATE
        .iter()
        .map(|&(name, count, replacements, by_design)| {
            Trial::test(
                format!("bench::{name}::no-allocation-per-turn"),
                move || {
                    let path = root().join("bench").join(format!("{name}.ml"));
                    let text = fs::read_to_string(&path).map_err(|e| e.to_string())?;
                    if text.matches(count).count() != 1 {
                        return Err(format!("`{count}` is not in {name}.ml once").into());
                    }
                    let mut words = Vec::new();
                    for replacement in replacements {
                        let file =
                            SourceFile::new(format!("{name}.ml"), text.replace(count, replacement));
                        let options = flambeau::driver::pipeline::Options {
                            opt_level: 2,
                            ..Default::default()
                        };
                        let env = [("FLAMBEAU_STATS", "1")];
                        let run = stages::on_large_stack(|| {
                            stages::run_native(&file, &options, &env, &mut std::io::sink())
                        })?;
                        let outcome = run.map_err(|f| format!("{f:?}"))?.0;
                        let stats = String::from_utf8_lossy(&outcome.stderr).into_owned();
                        let allocated = stats
                            .split_once("flambeau: ")
                            .and_then(|(_, rest)| rest.split_once(" words allocated"))
                            .and_then(|(n, _)| n.parse::<u64>().ok())
                            .ok_or_else(|| {
                                format!("no statistics from `{replacement}`: {stats}")
                            })?;
                        words.push((replacement, allocated));
                    }
                    match words.as_slice() {
                        [(_, a), (_, b)] if *b == a + by_design => Ok(()),
                        _ => Err(format!(
                            "{name}: the words allocated grow with the loop: {words:?}"
                        )
                        .into()),
                    }
                },
            )
        })
        .collect()
}

/// The `FLAMBEAU_GC_STRESS` stride, in words, a program runs under in its
/// `::native-gc-stress` trial: from `NAME.gc-stress` beside it, else 1 (a
/// collection at every allocation). Programs that allocate billions of
/// words, or hold large live data that every collection copies, name a
/// larger stride so that the trial ends in seconds.
fn stress_stride(program: &Path) -> String {
    fs::read_to_string(program.with_extension("gc-stress"))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "1".to_string())
}

/// `program` compiled by Flambeau at `-O<level>` and run with `env`.
fn native_outcome(
    program: &Path,
    level: u8,
    env: &[(&str, &str)],
) -> Result<flambeau::observable::Outcome, Failed> {
    let text = fs::read_to_string(program).map_err(|e| e.to_string())?;
    let file = SourceFile::new(format!("{}.ml", stem(&program.to_string_lossy())), text);
    let options = flambeau::driver::pipeline::Options {
        opt_level: level,
        stdin: program_input(program),
        ..Default::default()
    };
    let run =
        stages::on_large_stack(|| stages::run_native(&file, &options, env, &mut std::io::sink()))?;
    run.map(|(outcome, _warnings)| outcome)
        .map_err(|f| format!("{f:?}").into())
}

/// `program` compiled by `ocamlopt`, from a copy under its own name in a
/// fresh directory (OCaml prints the file name in `Match_failure`).
fn ocamlopt_outcome(program: &Path) -> Result<flambeau::observable::Outcome, Failed> {
    let name = stem(&program.to_string_lossy());
    let dir = std::env::temp_dir().join(format!("flambeau-ocamlopt-{}-{name}", std::process::id()));
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let source = dir.join(format!("{name}.ml"));
    fs::copy(program, &source).map_err(|e| e.to_string())?;
    let outcome = ocamlopt_run(&dir, &[format!("{name}.ml")], program_stdin(program));
    let _ = fs::remove_dir_all(&dir);
    outcome
}

/// The program `ocamlopt` builds in `dir` from `sources`, in that order,
/// run with `stdin`.
fn ocamlopt_run(
    dir: &Path,
    sources: &[String],
    stdin: std::process::Stdio,
) -> Result<flambeau::observable::Outcome, Failed> {
    let built = std::process::Command::new("ocamlopt")
        .current_dir(dir)
        .args(["-w", "-a", "-o", "program"])
        .args(sources)
        .output()
        .map_err(|e| e.to_string())?;
    if !built.status.success() {
        return Err(format!(
            "ocamlopt failed:\n{}",
            String::from_utf8_lossy(&built.stderr)
        )
        .into());
    }
    let run = std::process::Command::new(dir.join("program"))
        .stdin(stdin)
        .output()
        .map_err(|e| e.to_string())?;
    Ok(flambeau::observable::Outcome {
        stdout: run.stdout,
        stderr: run.stderr,
        exit_code: run.status.code().unwrap_or(-1),
        ..Default::default()
    })
}

fn compare_outcomes(
    expected: &flambeau::observable::Outcome,
    actual: &flambeau::observable::Outcome,
) -> Result<(), Failed> {
    if expected.same_as(actual) {
        Ok(())
    } else {
        Err(diff(
            &stages::render_outcome(expected),
            &stages::render_outcome(actual),
        )
        .into())
    }
}

/// Writes the blessed outputs into the chapters, last block first so that
/// earlier byte ranges stay valid.
fn apply_book_edits(edits: &Mutex<Vec<BookEdit>>) {
    let Ok(mut edits) = edits.lock() else { return };
    let mut by_chapter: BTreeMap<String, Vec<(std::ops::Range<usize>, String)>> = BTreeMap::new();
    let mut blessed_any = false;
    for (chapter, range, text) in edits.drain(..) {
        by_chapter.entry(chapter).or_default().push((range, text));
    }
    for (chapter, mut replacements) in by_chapter {
        let path = root().join(&chapter);
        let Ok(mut text) = fs::read_to_string(&path) else {
            continue;
        };
        replacements.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        for (range, new) in replacements {
            text.replace_range(range, &new);
        }
        match fs::write(&path, text) {
            Ok(()) => eprintln!("blessed: {chapter}"),
            Err(e) => eprintln!("cannot write {chapter}: {e}"),
        }
        blessed_any = true;
    }
    // The new listings moved the lines below them, and the chunk markers in
    // src/ record line numbers: re-tangle, so that blessing leaves a tree
    // that passes the tangle check.
    if blessed_any {
        if let Err(errors) = tangle::tangle(&root(), false, &Default::default()) {
            eprintln!("cannot re-tangle after blessing:\n{}", errors.join("\n"));
        }
    }
}

/// A line diff (longest common subsequence), `-` for the expected side and
/// `+` for what the compiler printed.
fn diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    if a.len() * b.len() > 4_000_000 {
        return format!(
            "--- expected ({} lines)\n+++ actual ({} lines)\n(too long to diff)",
            a.len(),
            b.len()
        );
    }
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::from("--- expected\n+++ actual\n"));
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            out.push_str(&format!("  {}\n", a[i]));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("+ {}\n", b[j]));
            j += 1;
        } else {
            out.push_str(&format!("- {}\n", a[i]));
            i += 1;
        }
    }
    if expected.ends_with('\n') != actual.ends_with('\n') {
        out.push_str("(the two differ in their final newline)\n");
    }
    out
}

/// How many generated programs every `cargo test` compares, and how many
/// mutants it compiles (in batches of `MUTANT_BATCH`): a bounded sample,
/// so that the suite stays fast. The long runs are `cargo run --release
/// --example fuzz -- generate` and `-- mutate` (chapter "Random testing").
/// Each generated program is run eight ways, three of them native builds
/// and one an `ocamlopt` build, about a second of a loaded machine's time
/// each: forty keep the sample near a minute. `FLAMBEAU_RANDOM_PROGRAMS=N`
/// asks for another number.
const RANDOM_PROGRAMS: u64 = 40;
const MUTANT_BATCHES: u64 = 12;
const MUTANT_BATCH: u64 = 25;

fn random_trials() -> Vec<Trial> {
    use flambeau::fuzz::{generate::generate, oracle, rng::Tape};
    let with_ocamlopt = ocamlopt_installed();
    let count = std::env::var("FLAMBEAU_RANDOM_PROGRAMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(RANDOM_PROGRAMS);
    (0..count)
        .map(|seed| {
            Trial::test(format!("random::seed-{seed:03}"), move || {
                let program = generate(&mut Tape::random(seed));
                let file = SourceFile::new("gen.ml", program.clone());
                let findings = oracle::differential(&file, &oracle::default_runners(with_ocamlopt));
                if findings.is_empty() {
                    return Ok(());
                }
                let mut message = format!(
                    "the program of seed {seed} (`cargo run --release --example fuzz -- show \
                     {seed}`; `-- generate --seed {seed} --count 1` shrinks it):\n{program}\n"
                );
                for f in findings {
                    message.push_str(&format!("{} vs {}:\n{}\n", f.runner, f.reference, f.detail));
                }
                Err(message.into())
            })
        })
        .collect()
}

fn mutant_trials() -> Vec<Trial> {
    use flambeau::fuzz::mutate::{judge, mutate, ocaml_accepts, Verdict};
    use flambeau::fuzz::rng::SplitMix64;
    let with_ocamlopt = ocamlopt_installed();
    let mut corpus: Vec<PathBuf> = programs_in(&root().join("chapters-tests/corpus"));
    corpus.extend(programs_in(&root().join("bench")));
    let corpus: Arc<Vec<Vec<u8>>> =
        Arc::new(corpus.iter().filter_map(|p| fs::read(p).ok()).collect());
    (0..MUTANT_BATCHES)
        .map(|batch| {
            let corpus = Arc::clone(&corpus);
            Trial::test(format!("fuzz::mutants-{batch:02}"), move || {
                let dir = std::env::temp_dir()
                    .join(format!("flambeau-mutants-{}-{batch}", std::process::id()));
                fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                let mut failures = Vec::new();
                for i in batch * MUTANT_BATCH..(batch + 1) * MUTANT_BATCH {
                    let mut rng = SplitMix64::new(i.wrapping_mul(0x2545_f491_4f6c_dd1d));
                    let input = mutate(&corpus[rng.below(corpus.len())], &mut rng);
                    let path = dir.join(format!("m{i}.ml"));
                    let command = || {
                        let mut command =
                            std::process::Command::new(env!("CARGO_BIN_EXE_flambeau"));
                        command.args(["dump", "asm"]);
                        command
                    };
                    let mut verdict =
                        judge(command, &path, &input, std::time::Duration::from_secs(10));
                    if verdict == Verdict::Accepted && with_ocamlopt && !ocaml_accepts(&path) {
                        verdict = Verdict::Bug("accepted, but OCaml rejects it".into());
                    }
                    if let Verdict::Bug(why) = verdict {
                        failures.push(format!(
                            "mutant {i}:\n{}\n---\n{why}",
                            String::from_utf8_lossy(&input)
                        ));
                    }
                }
                let _ = fs::remove_dir_all(&dir);
                if failures.is_empty() {
                    Ok(())
                } else {
                    Err(failures.join("\n\n").into())
                }
            })
        })
        .collect()
}
