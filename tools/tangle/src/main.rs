//! `cargo tangle [tangle | untangle | check | import FILE CHAPTER | help]`

use std::collections::HashSet;
use std::process::ExitCode;

const HELP: &str = "\
cargo tangle                 write src/ and runtime/ from the book (refuses to overwrite hand edits)
cargo tangle --force         the same, throwing hand edits away
cargo tangle untangle        carry edits made in src/ or runtime/ back into the book's code blocks
cargo tangle check           fail if src/ or runtime/ differ from the book, or hold a file no chapter produces
cargo tangle import FILE CH  append FILE (not yet in the book) to chapter CH as one code block, then tangle
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cwd = std::env::current_dir().unwrap_or_else(|_| ".".into());
    let root = match tangle::book::find_root(&cwd) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tangle: {e}");
            return ExitCode::FAILURE;
        }
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result: Result<String, Vec<String>> = match args.as_slice() {
        [] | ["tangle"] => tangle::tangle(&root, false, &HashSet::new()).map(|r| summary(&r)),
        ["--force"] | ["tangle", "--force"] => {
            tangle::tangle(&root, true, &HashSet::new()).map(|r| summary(&r))
        }
        ["untangle"] => tangle::untangle(&root).map(|changed| {
            if changed.is_empty() {
                "nothing to untangle".to_string()
            } else {
                format!("carried into the book:\n  {}", changed.join("\n  "))
            }
        }),
        ["check"] => {
            tangle::check(&root).map(|()| "src/ and runtime/ agree with the book".to_string())
        }
        ["import", file, chapter] => {
            tangle::import(&root, file, chapter).map(|()| format!("{file} is now in {chapter}"))
        }
        ["help"] | ["--help"] | ["-h"] => Ok(HELP.trim_end().to_string()),
        _ => Err(vec![format!("unknown arguments\n{HELP}")]),
    };
    match result {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(errors) => {
            for e in errors {
                eprintln!("tangle: {e}");
            }
            ExitCode::FAILURE
        }
    }
}

fn summary(report: &tangle::TangleReport) -> String {
    let mut lines = Vec::new();
    for p in &report.written {
        lines.push(format!("wrote {p}"));
    }
    for p in &report.removed {
        lines.push(format!("removed {p} (no chapter produces it any more)"));
    }
    if lines.is_empty() {
        "src/ and runtime/ are up to date".to_string()
    } else {
        lines.join("\n")
    }
}
