//! The command line as a user meets it: the `flambeau` binary run on
//! files in a scratch directory, with its exit statuses, messages and
//! files checked (chapter "The driver and its passes", section "The
//! command line"). `cargo test --test chapters cli::` runs them.

use libtest_mimic::{Failed, Trial};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn flambeau(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_flambeau"));
    command.current_dir(dir).env("TMPDIR", dir).env_remove("CC");
    command
}

fn scratch() -> Result<tempfile::TempDir, Failed> {
    tempfile::Builder::new()
        .prefix("flambeau-cli-")
        .tempdir()
        .map_err(|e| e.to_string().into())
}

fn output(mut command: Command) -> Result<Output, Failed> {
    command
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Failed::from(e.to_string()))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn expect(cond: bool, what: &str, out: &Output) -> Result<(), Failed> {
    if cond {
        return Ok(());
    }
    Err(format!(
        "{what}\nstatus: {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr)
    )
    .into())
}

const HELLO: &str = "let () = print_int 1\n";

pub fn trials() -> Vec<Trial> {
    vec![
        Trial::test("cli::output-is-never-the-input", output_is_never_the_input),
        Trial::test("cli::only-ml-sources", only_ml_sources),
        Trial::test(
            "cli::failed-link-keeps-old-output",
            failed_link_keeps_old_output,
        ),
        Trial::test("cli::linker-choice", linker_choice),
        Trial::test("cli::compile-error-exits-2", compile_error_exits_2),
        Trial::test("cli::run-passes-status-through", run_passes_status_through),
        Trial::test("cli::stdin-is-dash", stdin_is_dash),
        Trial::test("cli::several-files", several_files),
        Trial::test("cli::sigterm-cleans-up", sigterm_cleans_up),
        Trial::test("cli::emit-asm-and-obj", emit_asm_and_obj),
        Trial::test("cli::emit-asm-assembles", emit_asm_assembles),
        Trial::test("cli::values-are-checked", values_are_checked),
        Trial::test("cli::colour", colour),
        Trial::test("cli::warning-settings", warning_settings),
        Trial::test("cli::unused-variables", unused_variables),
        Trial::test("cli::warning-attributes", warning_attributes),
        Trial::test(
            "cli::unused-warnings-agree-with-ocamlopt",
            unused_warnings_agree_with_ocamlopt,
        ),
        Trial::test(
            "cli::closed-pipe-is-not-a-crash",
            closed_pipe_is_not_a_crash,
        ),
        Trial::test("cli::dump-format-dot", dump_format_dot),
        Trial::test(
            "cli::dump-format-dot-refuses-tokens",
            dump_format_dot_refuses_tokens,
        ),
    ]
}

/// `dump STAGE --format dot` prints a graph that names the function
/// asked for, and `passes --format dot` the pipeline (chapter "Drawing
/// the IRs").
fn dump_format_dot() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(
        dir.path().join("t.ml"),
        // `f` escapes into a list, so that it keeps a closure block to draw
        // at every stage (called only once, it would be inlined away).
        "let f x = try x / 2 with Division_by_zero -> 0\n\
         let () = List.iter (fun g -> print_int (g 4)) [f; succ]\n",
    )?;
    for (stage, graph) in [
        ("cps", None),
        ("unbox", Some("closure-blocks")),
        ("cmm", None),
        ("mach", None),
        ("regalloc", Some("cfg")),
        ("regalloc", None),
        ("lambda", None),
    ] {
        let mut c = flambeau(dir.path());
        c.args(["dump", stage, "--format", "dot", "--function", "f", "t.ml"]);
        if let Some(g) = graph {
            c.args(["--graph", g]);
        }
        let out = output(c)?;
        let dot = text(&out.stdout);
        expect(out.status.success(), &format!("{stage}: status 0"), &out)?;
        flambeau::dot::syntax::read(&dot).map_err(|e| format!("{stage}: not dot ({e}):\n{dot}"))?;
    }
    let mut c = flambeau(dir.path());
    c.args(["passes", "--format", "dot"]);
    let out = output(c)?;
    expect(
        out.status.success() && text(&out.stdout).contains("\"lambda\" -> \"open-cps\""),
        "the pipeline as a graph",
        &out,
    )?;
    let mut c = flambeau(dir.path());
    c.args([
        "dump",
        "cps",
        "--format",
        "dot",
        "--function",
        "nowhere",
        "t.ml",
    ]);
    let out = output(c)?;
    expect(
        out.status.code() == Some(2) && text(&out.stderr).contains("no function `nowhere`"),
        "a function that is not there is refused",
        &out,
    )
}

/// A stage without a picture, or a graph a stage does not have, is
/// refused with status 2 before anything is compiled (the file does not
/// exist).
fn dump_format_dot_refuses_tokens() -> Result<(), Failed> {
    let dir = scratch()?;
    for (args, message) in [
        (
            &["dump", "tokens", "--format", "dot", "absent.ml"][..],
            "the stage `tokens` has no graph form",
        ),
        (
            &[
                "dump",
                "cmm",
                "--format",
                "dot",
                "--graph",
                "interference",
                "absent.ml",
            ],
            "the stage `cmm` has no graph `interference`; it has: cfg",
        ),
        (
            &["dump", "cmm", "--function", "f", "absent.ml"],
            "add `--format dot`",
        ),
    ] {
        let mut c = flambeau(dir.path());
        c.args(args);
        let out = output(c)?;
        expect(
            out.status.code() == Some(2) && text(&out.stderr).contains(message),
            message,
            &out,
        )?;
    }
    Ok(())
}

fn output_is_never_the_input() -> Result<(), Failed> {
    let dir = scratch()?;
    let source = dir.path().join("hi.ml");
    std::fs::write(&source, HELLO)?;
    for args in [
        &["build", "hi.ml", "-o", "hi.ml"][..],
        &["build", "./hi.ml", "-o", "hi.ml"],
    ] {
        let out = output({
            let mut c = flambeau(dir.path());
            c.args(args);
            c
        })?;
        expect(out.status.code() == Some(2), "refused with status 2", &out)?;
        expect(
            text(&out.stderr).contains("would be overwritten by the generated executable"),
            "rustc's message",
            &out,
        )?;
        expect(
            std::fs::read_to_string(&source)? == HELLO,
            "the source intact",
            &out,
        )?;
    }
    // A source without `.ml`, whose stem would be the default output.
    std::fs::write(dir.path().join("noext"), HELLO)?;
    let mut c = flambeau(dir.path());
    c.args(["build", "noext"]);
    let out = output(c)?;
    expect(out.status.code() == Some(2), "refused with status 2", &out)?;
    expect(
        text(&out.stderr).contains("don't know what to do with noext"),
        "ocamlopt's message",
        &out,
    )?;
    expect(
        std::fs::read_to_string(dir.path().join("noext"))? == HELLO,
        "intact",
        &out,
    )
}

fn only_ml_sources() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(dir.path().join("a.txt"), HELLO)?;
    for command in ["run", "check", "build"] {
        let mut c = flambeau(dir.path());
        c.args([command, "a.txt"]);
        let out = output(c)?;
        expect(out.status.code() == Some(2), "status 2", &out)?;
        expect(
            text(&out.stderr).contains("don't know what to do with a.txt"),
            "ocamlopt's message",
            &out,
        )?;
    }
    Ok(())
}

fn failed_link_keeps_old_output() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(dir.path().join("hi.ml"), HELLO)?;
    std::fs::write(dir.path().join("hi"), "old")?;
    let mut c = flambeau(dir.path());
    c.args(["build", "hi.ml"]).env("CC", "false");
    c.env("FLAMBEAU_LINKER", "cc");
    let out = output(c)?;
    expect(!out.status.success(), "the link fails", &out)?;
    expect(
        std::fs::read_to_string(dir.path().join("hi"))? == "old",
        "hi untouched",
        &out,
    )?;
    let left: Vec<_> = std::fs::read_dir(dir.path())?.collect();
    expect(left.len() == 2, "no temporary file left beside it", &out)?;
    // The built-in linker needs no C compiler (chapter "Linking without a
    // linker"): the same build succeeds, and replaces `hi`.
    let mut c = flambeau(dir.path());
    c.args(["build", "hi.ml"]).env("CC", "false");
    let out = output(c)?;
    expect(out.status.success(), "the built-in link succeeds", &out)?;
    let run = output(Command::new(dir.path().join("hi")))?;
    expect(text(&run.stdout) == "1", "hi runs", &run)?;
    let left: Vec<_> = std::fs::read_dir(dir.path())?.collect();
    expect(left.len() == 2, "no temporary file left beside it", &out)
}

/// `FLAMBEAU_LINKER` names a linker or is refused: `builtin` and `cc`
/// both make a program that runs; a misspelt name is an error that says
/// what the names are, and writes nothing.
fn linker_choice() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(dir.path().join("hi.ml"), HELLO)?;
    for linker in ["builtin", "cc"] {
        let mut c = flambeau(dir.path());
        c.args(["build", "hi.ml", "-o", linker])
            .env("FLAMBEAU_LINKER", linker);
        let out = output(c)?;
        expect(out.status.success(), linker, &out)?;
        let run = output(Command::new(dir.path().join(linker)))?;
        expect(text(&run.stdout) == "1", "it runs", &run)?;
    }
    let mut c = flambeau(dir.path());
    c.args(["build", "hi.ml", "-o", "bad"])
        .env("FLAMBEAU_LINKER", "gold");
    let out = output(c)?;
    expect(!out.status.success(), "an unknown linker fails", &out)?;
    expect(
        text(&out.stderr).contains("the linkers are `builtin` (the default) and `cc`"),
        "the message names the linkers",
        &out,
    )?;
    expect(!dir.path().join("bad").exists(), "nothing written", &out)
}

fn compile_error_exits_2() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(dir.path().join("bad.ml"), "let () = x\n")?;
    for command in ["check", "build", "run"] {
        let mut c = flambeau(dir.path());
        c.args([command, "bad.ml"]);
        let out = output(c)?;
        expect(out.status.code() == Some(2), "status 2", &out)?;
        expect(
            text(&out.stderr).contains("Unbound value x"),
            "the diagnostic",
            &out,
        )?;
    }
    let mut c = flambeau(dir.path());
    c.args(["run", "bad.ml"]);
    let out = output(c)?;
    expect(
        text(&out.stderr).contains("flambeau: bad.ml did not compile; nothing was run"),
        "run's note",
        &out,
    )
}

fn run_passes_status_through() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(
        dir.path().join("three.ml"),
        "let () = print_string Sys.argv.(1); exit 3\n",
    )?;
    let mut c = flambeau(dir.path());
    c.args(["run", "three.ml", "--", "hello"]);
    let out = output(c)?;
    expect(out.status.code() == Some(3), "the program's status", &out)?;
    expect(
        text(&out.stdout) == "hello",
        "its output and argument",
        &out,
    )?;
    expect(!text(&out.stderr).contains("flambeau:"), "no note", &out)?;
    expect(
        std::fs::read_dir(dir.path())?.count() == 1,
        "no temporary left",
        &out,
    )
}

fn stdin_is_dash() -> Result<(), Failed> {
    let dir = scratch()?;
    let mut child = flambeau(dir.path())
        .args(["run", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    use std::io::Write;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(HELLO.as_bytes())?;
    let out = child.wait_with_output()?;
    expect(
        out.status.success() && text(&out.stdout) == "1",
        "prints 1",
        &out,
    )
}

/// Several files are a program of modules: `build` names the executable
/// after the last; `run` passes arguments after `--`; standard input and
/// a lone interface are refused.
fn several_files() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(
        dir.path().join("util.mli"),
        "val twice : int -> int
",
    )?;
    std::fs::write(
        dir.path().join("util.ml"),
        "let twice x = 2 * x
let hidden = 0
",
    )?;
    std::fs::write(
        dir.path().join("main.ml"),
        "let () = print_int (Util.twice (Array.length Sys.argv))
",
    )?;
    let mut c = flambeau(dir.path());
    c.args(["build", "util.mli", "util.ml", "main.ml"]);
    let out = output(c)?;
    expect(out.status.success(), "builds", &out)?;
    let run = output(Command::new(dir.path().join("main")))?;
    expect(text(&run.stdout) == "2", "`main` prints 2", &run)?;
    let mut c = flambeau(dir.path());
    c.args(["run", "util.mli", "util.ml", "main.ml", "--", "x", "y"]);
    let out = output(c)?;
    expect(text(&out.stdout) == "6", "`run` prints 6", &out)?;
    for (files, message) in [
        (
            &["util.ml", "-"][..],
            "`-` (standard input) must be the only source file",
        ),
        (
            &["util.mli"][..],
            "the interface util.mli has no implementation",
        ),
    ] {
        let mut c = flambeau(dir.path());
        c.arg("check").args(files);
        let out = output(c)?;
        expect(
            out.status.code() == Some(2) && text(&out.stderr).contains(message),
            message,
            &out,
        )?;
    }
    Ok(())
}

/// `kill -TERM` of `flambeau run` on a program that never ends: the
/// program is stopped, the temporary directory removed, and `run` dies of
/// the signal.
fn sigterm_cleans_up() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(
        dir.path().join("loop.ml"),
        "let rec loop () = loop ()\nlet () = loop ()\n",
    )?;
    let mut run = flambeau(dir.path())
        .args(["run", "loop.ml"])
        .stdin(Stdio::null())
        .spawn()?;
    // Wait for the program to run: a process whose command line names the
    // temporary directory.
    let marker = dir.path().to_string_lossy().into_owned();
    let start = Instant::now();
    while programs_under(&marker).is_empty() {
        if start.elapsed() > Duration::from_secs(120) {
            let _ = run.kill();
            return Err("the program never started".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: signalling a child process we spawned and have not reaped.
    unsafe { libc::kill(run.id() as i32, libc::SIGTERM) };
    let status = run.wait()?;
    use std::os::unix::process::ExitStatusExt;
    if status.signal() != Some(libc::SIGTERM) {
        return Err(format!("run ended with {status:?}, not of SIGTERM").into());
    }
    let start = Instant::now();
    while !programs_under(&marker).is_empty() {
        if start.elapsed() > Duration::from_secs(5) {
            return Err("the program outlived run".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<String> = std::fs::read_dir(dir.path())?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "loop.ml")
        .collect();
    if left.is_empty() {
        Ok(())
    } else {
        Err(format!("left behind: {left:?}").into())
    }
}

/// The processes whose first argument (the executable) is under `dir`.
fn programs_under(dir: &str) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|c| {
                c.split(|b| *b == 0)
                    .next()
                    .is_some_and(|a| a.starts_with(dir.as_bytes()))
            })
        })
        .collect()
}

fn emit_asm_and_obj() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(dir.path().join("hi.ml"), HELLO)?;
    let mut c = flambeau(dir.path());
    c.args([
        "build", "hi.ml", "-o", "prog", "--emit", "asm", "--emit", "obj",
    ]);
    let out = output(c)?;
    expect(out.status.success(), "builds", &out)?;
    for file in ["prog", "prog.s", "prog.o"] {
        expect(
            dir.path().join(file).exists(),
            &format!("{file} written"),
            &out,
        )?;
    }
    let object = std::fs::read(dir.path().join("prog.o"))?;
    expect(object.starts_with(b"\x7fELF"), "an ELF object", &out)
}

/// The corpus programs the `.s` test assembles: every fourth one, so that
/// the test stays under a minute on a debug build (all of them pass; see
/// the emission chapter, "The assembly file").
fn assembly_sample() -> Vec<std::path::PathBuf> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters-tests/corpus");
    let mut programs: Vec<_> = std::fs::read_dir(&corpus)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .collect();
    programs.sort();
    programs.into_iter().step_by(4).collect()
}

/// `--emit asm` writes a file that `cc` assembles and links with the
/// runtime (which `--emit runtime` writes) into a program that behaves as
/// the corpus records: stdout, stderr and exit status, under GC stress so
/// that the frame table is read.
fn emit_asm_assembles() -> Result<(), Failed> {
    let dir = scratch()?;
    let mut failures = Vec::new();
    for (n, program) in assembly_sample().iter().enumerate() {
        let prog = format!("p{n}");
        // Built from the scratch directory, by the name OCaml's recorded
        // output was made with (`Assert_failure` shows it).
        let source = program.file_name().ok_or("a corpus program")?;
        std::fs::copy(program, dir.path().join(source))?;
        let mut c = flambeau(dir.path());
        c.arg("build")
            .arg(source)
            .args(["-o", &prog, "--emit", "asm", "--emit", "runtime"]);
        let out = output(c)?;
        expect(out.status.success(), "builds", &out)?;
        let mut c = Command::new("cc");
        c.current_dir(dir.path()).args([
            &format!("{prog}.s"),
            "libflambeau_runtime.a",
            "-lm",
            "-o",
            &format!("{prog}-from-s"),
        ]);
        let out = output(c)?;
        expect(
            out.status.success(),
            &format!("cc assembles {prog}.s"),
            &out,
        )?;
        let read = |ext: &str| std::fs::read(program.with_extension(ext)).unwrap_or_default();
        let stdin = match std::fs::File::open(program.with_extension("in")) {
            Ok(f) => Stdio::from(f),
            Err(_) => Stdio::null(),
        };
        let stride = String::from_utf8(read("gc-stress")).unwrap_or_default();
        let stride = Some(stride.trim()).filter(|s| !s.is_empty()).unwrap_or("1");
        let ran = Command::new(dir.path().join(format!("{prog}-from-s")))
            .env("FLAMBEAU_GC_STRESS", stride)
            .stdin(stdin)
            .output()?;
        let status = String::from_utf8(read("exit")).unwrap_or_default();
        let status: i32 = status.trim().parse().unwrap_or(0);
        if ran.stdout != read("out")
            || ran.stderr != read("err")
            || ran.status.code() != Some(status)
        {
            failures.push(program.display().to_string());
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("the program assembled from the .s differs: {failures:?}").into())
    }
}

fn values_are_checked() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(dir.path().join("hi.ml"), HELLO)?;
    let cases: [(&[&str], &str); 4] = [
        (
            &["dump", "simplfy", "hi.ml"],
            "a similar value exists: 'simplify'",
        ),
        (
            &["build", "--emit", "asn", "hi.ml"],
            "a similar value exists: 'asm'",
        ),
        (&["check", "-O2", "hi.ml"], "unexpected argument '-O'"),
        (
            &["passes", "--disable-pass", "lex"],
            "possible values: eliminate-refs",
        ),
    ];
    for (args, message) in cases {
        let mut c = flambeau(dir.path());
        c.args(args);
        let out = output(c)?;
        expect(out.status.code() == Some(2), "status 2", &out)?;
        expect(text(&out.stderr).contains(message), message, &out)?;
    }
    let mut c = flambeau(dir.path());
    c.args(["run", "-O3", "hi.ml"]);
    let out = output(c)?;
    expect(
        out.status.success() && text(&out.stdout) == "1",
        "-O3 is -O2",
        &out,
    )
}

/// `--color=always` colours, `--color=never` and `NO_COLOR` do not; on a
/// terminal (made by `script`, where it is installed) `auto` colours.
fn colour() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(dir.path().join("bad.ml"), "let () = x\n")?;
    let escape = |out: &Output| out.stderr.contains(&0x1b) || out.stdout.contains(&0x1b);
    let cases: [(&[&str], Option<&str>, bool); 4] = [
        (&["check", "--color=always", "bad.ml"], None, true),
        (&["check", "--color=always", "bad.ml"], Some("1"), true),
        (&["check", "--color=never", "bad.ml"], None, false),
        (&["--color", "never", "check", "bad.ml"], None, false),
    ];
    for (args, no_color, coloured) in cases {
        let mut c = flambeau(dir.path());
        c.args(args);
        if let Some(v) = no_color {
            c.env("NO_COLOR", v);
        }
        let out = output(c)?;
        expect(out.status.code() == Some(2), "status 2", &out)?;
        expect(
            escape(&out) == coloured,
            &format!("{args:?}: coloured {coloured}"),
            &out,
        )?;
    }
    let script_works = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !script_works {
        return Ok(());
    }
    let exe = env!("CARGO_BIN_EXE_flambeau");
    for (no_color, coloured) in [(None, true), (Some("1"), false)] {
        let mut c = Command::new("script");
        c.current_dir(dir.path())
            .args(["-qec", &format!("{exe} check bad.ml"), "/dev/null"])
            .env("TERM", "xterm");
        match no_color {
            Some(v) => c.env("NO_COLOR", v),
            None => c.env_remove("NO_COLOR"),
        };
        let out = output(c)?;
        expect(
            escape(&out) == coloured,
            &format!("auto on a terminal, NO_COLOR={no_color:?}"),
            &out,
        )?;
    }
    Ok(())
}

/// `-w` in OCaml's syntax: `-w -8` silences the non-exhaustive match,
/// `-w @8` makes it an error (status 2).
fn warning_settings() -> Result<(), Failed> {
    let dir = scratch()?;
    std::fs::write(
        dir.path().join("partial.ml"),
        "let f x = match x with 0 -> 1\nlet () = print_int (f 0)\n",
    )?;
    let cases: [(&[&str], Option<i32>, bool); 4] = [
        (&["run", "partial.ml"], Some(0), true),
        (&["run", "-w", "-8", "partial.ml"], Some(0), false),
        (
            &["run", "-w", "+a-partial-match", "partial.ml"],
            Some(0),
            false,
        ),
        (&["build", "-w", "@8", "partial.ml"], Some(2), true),
    ];
    for (args, status, warned) in cases {
        let mut c = flambeau(dir.path());
        c.args(args);
        let out = output(c)?;
        expect(
            out.status.code() == status,
            &format!("{args:?}: status {status:?}"),
            &out,
        )?;
        let said = text(&out.stderr).contains("[8 partial-match]");
        expect(said == warned, &format!("{args:?}: warned {warned}"), &out)?;
    }
    Ok(())
}

/// The warnings `flambeau check` prints, as (number, line) pairs.
fn warnings_of(dir: &Path, file: &str, list: &str) -> Result<Vec<(u32, usize)>, Failed> {
    let mut c = flambeau(dir);
    c.args(["check", "--color=never", "-w", list, file]);
    let out = output(c)?;
    let stderr = text(&out.stderr);
    let mut found = Vec::new();
    let mut lines = stderr.lines();
    while let Some(line) = lines.next() {
        // A warning, or one that `-w @N` or `[@warning "@N"]` made an error.
        let Some(rest) = line
            .strip_prefix("warning[")
            .or_else(|| line.strip_prefix("error["))
        else {
            continue;
        };
        let number: u32 = rest.split(' ').next().unwrap_or("").parse()?;
        // `  ┌─ file.ml:LINE:COLUMN`
        let place = lines.next().unwrap_or("");
        let line_number = place.rsplit(':').nth(1).unwrap_or("").parse()?;
        found.push((number, line_number));
    }
    found.sort();
    Ok(found)
}

/// Warning 26 by default, 27 and 35 once asked for, none with `-w -26`.
fn unused_variables() -> Result<(), Failed> {
    let dir = scratch()?;
    let program = "let f x y =
  let z = 1 in
  let (a, b) = (x, 2) in
  for i = 1 to 2 do () done;
  let _quiet = 3 in
  a
let () = print_int (f 1 2)
";
    std::fs::write(dir.path().join("u.ml"), program)?;
    let cases: [(&str, &[(u32, usize)]); 4] = [
        ("+8", &[(26, 2)]),
        ("-26", &[]),
        ("+27+35", &[(26, 2), (27, 1), (27, 3), (35, 4)]),
        ("-a+unused-var-strict", &[(27, 1), (27, 3)]),
    ];
    for (list, expected) in cases {
        let found = warnings_of(dir.path(), "u.ml", list)?;
        if found != expected {
            return Err(format!("-w {list}: {found:?}, expected {expected:?}").into());
        }
    }
    let mut c = flambeau(dir.path());
    c.args(["build", "-w", "@26", "u.ml"]);
    let out = output(c)?;
    expect(out.status.code() == Some(2), "-w @26 is an error", &out)
}

/// `[@warning]`, `[@@warning]` and `[@@@warning]` hold where OCaml says.
fn warning_attributes() -> Result<(), Failed> {
    let dir = scratch()?;
    let program = r#"let f1 () = let[@warning "-26"] x = 1 in 0
let f2 () = let x = 1 [@@warning "-26"] in 0
let f3 () = (let x = 1 in 0) [@warning "-26"]
let f4 () = let x = 1 in (0 [@warning "-26"])
let f5 x = match[@warning "-8"] x with Some 1 -> 0
let f6 = function Some 1 -> 0 [@@warning "-8"]
[@@@warning "-26"]
let f7 () = let x = 1 in 0
[@@@warning "+26"]
module M = struct [@@@warning "-26"] let f8 () = let x = 1 in 0 end
let f9 () = let x = 1 in 0
let f10 () = let x = (let y = 2 in 1) [@warning "-26"] in 0
let f11 () = let x = 1 in 0 [@@warning "@26"]
"#;
    std::fs::write(dir.path().join("a.ml"), program)?;
    let found = warnings_of(dir.path(), "a.ml", "+8")?;
    let expected = [(26, 4), (26, 11), (26, 12), (26, 13)];
    if found != expected {
        return Err(format!("{found:?}, expected {expected:?}").into());
    }
    let mut c = flambeau(dir.path());
    c.args(["check", "--color=never", "a.ml"]);
    let out = output(c)?;
    expect(
        out.status.code() == Some(2) && text(&out.stderr).contains("error[26 unused-var]"),
        "`[@@warning \"@26\"]` makes that one an error",
        &out,
    )
}

/// On every corpus and benchmark program, the unused-variable and
/// unused-value warnings are `ocamlopt`'s, line by line.
fn unused_warnings_agree_with_ocamlopt() -> Result<(), Failed> {
    let ocamlopt = Command::new("ocamlopt").arg("-version").output();
    if !ocamlopt.is_ok_and(|o| o.status.success()) {
        println!("skipped: ocamlopt is not installed");
        return Ok(());
    }
    let dir = scratch()?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for sub in ["chapters-tests/corpus", "bench"] {
        for entry in std::fs::read_dir(root.join(sub))? {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "ml") {
                files.push(path);
            }
        }
    }
    files.sort();
    let list = "-a+26+27+32+35";
    let mut differences = Vec::new();
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("p.ml");
        std::fs::copy(path, dir.path().join(name))?;
        let mut c = Command::new("ocamlopt");
        c.current_dir(dir.path()).args(["-c", "-w", list, name]);
        let out = output(c)?;
        let mut theirs = Vec::new();
        let mut line_number = 0;
        for line in text(&out.stderr).lines() {
            if let Some(rest) = line.strip_prefix(&format!("File \"{name}\", line ")) {
                line_number = rest.split(',').next().unwrap_or("").parse()?;
            } else if let Some(rest) = line.strip_prefix("Warning ") {
                theirs.push((rest.split(' ').next().unwrap_or("").parse()?, line_number));
            }
        }
        theirs.sort();
        let ours = warnings_of(dir.path(), name, list)?;
        if ours != theirs {
            differences.push(format!("{name}: ours {ours:?}, ocamlopt's {theirs:?}"));
        }
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(differences.join("\n").into())
    }
}

/// `flambeau dump lambda big.ml | head -1`: the reader closes the pipe
/// long before the dump is written. That ends the command quietly, as it
/// ends any Unix filter, and is neither a crash (status 101) nor a message.
fn closed_pipe_is_not_a_crash() -> Result<(), Failed> {
    let dir = scratch()?;
    // Far more than a pipe holds (64 KiB), so the writer meets the closed end.
    let program: String = (0..4000)
        .map(|i| format!("let f{i} x = x * {i} + 1\n"))
        .collect();
    std::fs::write(dir.path().join("big.ml"), program)?;
    let mut child = flambeau(dir.path())
        .args(["dump", "lambda", "big.ml"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    drop(child.stdout.take());
    let out = child.wait_with_output()?;
    expect(
        out.status.code() == Some(0) && text(&out.stderr).is_empty(),
        "exits 0 without a message",
        &out,
    )
}
