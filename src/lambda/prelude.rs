//! The prelude: OCaml's standard library (the part Flambeau supports),
//! written in the source language and compiled with every program.

/// The text of the prelude.
pub const PRELUDE: &str = include_str!("prelude.ml");

#[cfg(test)]
mod tests {
    //! The prelude is valid OCaml: compiled by `ocamlopt` in front of a
    //! program, it must make the program print exactly what the real
    //! standard library makes it print.

    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// A program exercising the library's evaluation order, algorithms and
    /// error cases.
    const LIBRARY_TEST: &str = include_str!("prelude_test.ml");

    struct Run {
        stdout: Vec<u8>,
        stderr: Vec<u8>,
        status: Option<i32>,
    }

    fn ocamlopt_available() -> bool {
        Command::new("ocamlopt")
            .arg("-version")
            .output()
            .is_ok_and(|o| o.status.success())
    }

    fn scratch_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("flambeau-prelude-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        dir
    }

    /// Compile `source` (named `name`) with ocamlopt in `dir`, optionally
    /// with the prelude opened first, and run it.
    fn compile_and_run(dir: &Path, name: &str, source: &str, with_prelude: bool) -> Run {
        let stem = format!("{name}_{}", if with_prelude { "prelude" } else { "stdlib" });
        let file = dir.join(format!("{stem}.ml"));
        let text = if with_prelude {
            // The line directive keeps OCaml's locations (Match_failure,
            // Assert_failure) those of the original file.
            format!("open Prelude\n# 1 \"{name}.ml\"\n{source}")
        } else {
            format!("# 1 \"{name}.ml\"\n{source}")
        };
        std::fs::write(&file, text).expect("write test program");
        let mut cmd = Command::new("ocamlopt");
        cmd.current_dir(dir).args(["-w", "-a", "-o", &stem]);
        if with_prelude {
            cmd.arg("prelude.cmx");
        }
        let out = cmd
            .arg(format!("{stem}.ml"))
            .output()
            .expect("run ocamlopt");
        assert!(
            out.status.success(),
            "ocamlopt failed on {name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = Command::new(dir.join(&stem))
            .current_dir(dir)
            .output()
            .expect("run program");
        Run {
            stdout: run.stdout,
            stderr: run.stderr,
            status: run.status.code(),
        }
    }

    fn compile_prelude(dir: &Path) {
        std::fs::write(dir.join("prelude.ml"), super::PRELUDE).expect("write prelude");
        let out = Command::new("ocamlopt")
            .current_dir(dir)
            .args([
                "-w",
                "+a-4-9-32-40-41-42-44-45-70",
                "-warn-error",
                "+a",
                "-c",
                "prelude.ml",
            ])
            .output()
            .expect("run ocamlopt");
        assert!(
            out.status.success(),
            "the prelude is not valid OCaml: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn same_behaviour(dir: &Path, name: &str, source: &str) {
        let real = compile_and_run(dir, name, source, false);
        let ours = compile_and_run(dir, name, source, true);
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&real.stdout),
            "stdout of {name}"
        );
        assert_eq!(
            String::from_utf8_lossy(&ours.stderr),
            String::from_utf8_lossy(&real.stderr),
            "stderr of {name}"
        );
        assert_eq!(ours.status, real.status, "exit status of {name}");
    }

    #[test]
    fn prelude_behaves_as_the_ocaml_standard_library() {
        if !ocamlopt_available() {
            eprintln!("ocamlopt not found: the prelude cannot be compared with OCaml here");
            return;
        }
        let dir = scratch_dir();
        compile_prelude(&dir);
        same_behaviour(&dir, "library", LIBRARY_TEST);
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters-tests/corpus");
        let mut programs: Vec<PathBuf> = std::fs::read_dir(&corpus)
            .expect("corpus directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ml"))
            .collect();
        programs.sort();
        assert!(!programs.is_empty(), "no corpus programs found");
        for program in programs {
            let name = program
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("program")
                .to_string();
            let source = std::fs::read_to_string(&program).expect("read corpus program");
            same_behaviour(&dir, &name, &source);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
