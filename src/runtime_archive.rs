//! The runtime, compiled by the build script and embedded in the compiler,
//! so that `flambeau` can link programs from any directory.

use std::io;
use std::path::{Path, PathBuf};

/// The bytes of `libflambeau_runtime.a`.
pub fn runtime_archive() -> &'static [u8] {
    include_bytes!(concat!(env!("OUT_DIR"), "/libflambeau_runtime.a"))
}

/// The file name the archive is written under.
pub const ARCHIVE_NAME: &str = "libflambeau_runtime.a";

/// What the link command needs after the program's object and the
/// archive: the C maths library, for the float functions compiled code
/// calls directly (`pow`, `exp`, `log`, `sin`, `cos`...).
pub const LINK_LIBRARIES: &[&str] = &["-lm"];

/// Write the archive into `dir`, for the linker; returns its path.
pub fn write_runtime_archive(dir: &Path) -> io::Result<PathBuf> {
    let path = dir.join(ARCHIVE_NAME);
    std::fs::write(&path, runtime_archive())?;
    Ok(path)
}

/// The runtime's own modules, compiled for the host with the standard
/// library so that their unit tests (`runtime/src/tests.rs`) run under
/// `cargo test`; the entry points and assembly stay out of this build.
#[cfg(test)]
#[path = "../runtime/src/lib.rs"]
mod runtime;

/// The archive linked with a program written by hand against the ABI
/// (`runtime/tests/program.c`: C for the scaffolding, assembly for the
/// "compiled" code), run scenario by scenario.
#[cfg(test)]
mod link_tests {
    use super::*;
    use std::process::Command;
    use std::sync::OnceLock;

    const PROGRAM: &str = include_str!("../runtime/tests/program.c");

    /// Build the program once; None (with a note on stderr) without `cc`.
    fn program() -> Option<&'static Path> {
        static BUILT: OnceLock<Option<PathBuf>> = OnceLock::new();
        BUILT
            .get_or_init(|| {
                if Command::new("cc").arg("--version").output().is_err() {
                    eprintln!("runtime link tests skipped: no `cc` on this machine");
                    return None;
                }
                // Beside the archive the build script made, not in /tmp.
                let dir = Path::new(env!("OUT_DIR")).join("link-test");
                std::fs::create_dir_all(&dir).expect("temporary directory");
                let archive = write_runtime_archive(&dir).expect("write the archive");
                let source = dir.join("program.c");
                std::fs::write(&source, PROGRAM).expect("write the program");
                let exe = dir.join("program");
                let status = Command::new("cc")
                    .arg(&source)
                    .arg(&archive)
                    .args(LINK_LIBRARIES)
                    .arg("-o")
                    .arg(&exe)
                    .status()
                    .expect("run cc");
                assert!(status.success(), "linking the test program failed");
                Some(exe)
            })
            .as_deref()
    }

    /// Run a scenario: its stdout, stderr and exit status.
    fn run(scenario: &str, env: &[(&str, &str)]) -> Option<(String, String, i32)> {
        let exe = program()?;
        let output = Command::new(exe)
            .env("FLAMBEAU_TEST", scenario)
            .envs(env.iter().copied())
            .output()
            .expect("run the test program");
        Some((
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
            output.status.code().unwrap_or(-1),
        ))
    }

    fn check(scenario: &str, env: &[(&str, &str)], stdout: &str, stderr: &str, status: i32) {
        if let Some(got) = run(scenario, env) {
            assert_eq!(
                got,
                (stdout.to_string(), stderr.to_string(), status),
                "{scenario} {env:?}"
            );
        }
    }

    const STRESS: &[(&str, &str)] = &[("FLAMBEAU_GC_STRESS", "1"), ("FLAMBEAU_GC_VERIFY", "1")];

    #[test]
    fn printing_and_strings_from_the_runtime() {
        let out = "Hello, world 42\nx = 2.5\n-0. 4611686018427387903\n";
        check("hello", &[], out, "to stderr\n", 0);
        check("hello", STRESS, out, "to stderr\n", 0);
    }

    #[test]
    fn the_collector_finds_roots_in_frames_registers_and_globals() {
        check("gc", &[], "1.5 44999850000 11250075000\n123\n", "", 0);
        check(
            "gc",
            &[("FLAMBEAU_TEST_N", "2000")],
            "1.5 1999000 500500\n123\n",
            "",
            0,
        );
        let stress = [STRESS, &[("FLAMBEAU_TEST_N", "2000")]].concat();
        check("gc", &stress, "1.5 1999000 500500\n123\n", "", 0);
    }

    #[test]
    fn statistics_are_printed_at_exit_on_request() {
        if let Some((out, err, status)) = run(
            "gc",
            &[("FLAMBEAU_TEST_N", "2000"), ("FLAMBEAU_STATS", "1")],
        ) {
            assert_eq!((out.as_str(), status), ("1.5 1999000 500500\n123\n", 0));
            assert!(
                err.starts_with("flambeau: 6002 words allocated, 0 collections"),
                "{err}"
            );
        }
    }

    #[test]
    fn exceptions_raised_by_the_runtime_stubs_and_code_reach_their_handlers() {
        let out = "int_of_string\nindex out of bounds\nDivision_by_zero\ninner\nNot_found\n";
        check("raise", &[], out, "", 0);
        check("raise", STRESS, out, "", 0);
        check("compare", &[], "0\ncompare: functional value\n", "", 0);
    }

    #[test]
    fn uncaught_exceptions_are_reported_as_ocaml_does() {
        check(
            "uncaught",
            &[],
            "before ",
            "Fatal error: exception Failure(\"boom\")\n",
            2,
        );
        check(
            "user_exn",
            &[],
            "",
            "Fatal error: exception Prog.E(3, \"x\")\n",
            2,
        );
        check("exit", &[], "abc", "", 3);
    }

    #[test]
    fn stack_overflow_is_an_exception() {
        check(
            "stack_overflow",
            &[],
            "caught Stack_overflow\n",
            "Fatal error: exception Stack_overflow\n",
            2,
        );
    }
}
