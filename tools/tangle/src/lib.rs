//! The tangler: Flambeau's book is the source of its code.
//!
//! `tangle` writes every file named by a code block (```` ```rust,file=src/a.rs ````)
//! into `src/` or `runtime/`, concatenating the blocks in book order and
//! expanding named chunks. `untangle` carries edits made in those files back
//! into the blocks they came from. `check` fails when the two disagree, or when
//! a file in `src/` or `runtime/` comes from no chapter. The appendix "How the
//! book is built" explains the conventions.

pub mod book;
pub mod generate;

use book::{Block, Book};
use generate::{comment_style, recover_blocks, split_header, BlockId, Generated};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::path::Path;

/// The directories whose every file must be tangled from the book.
pub const GENERATED_TREES: [&str; 2] = ["src", "runtime"];

/// Every file under the generated trees, relative to the root, skipping
/// build output (`target/`) and hidden files.
pub fn files_on_disk(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            if path.is_dir() {
                walk(root, &path, out);
            } else if let Ok(rel) = path.strip_prefix(root) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    for tree in GENERATED_TREES {
        walk(root, &root.join(tree), &mut out);
    }
    out.sort();
    out
}

fn describe(book: &Book, id: &BlockId) -> String {
    match book
        .chapters
        .iter()
        .find(|c| c.path == id.chapter)
        .and_then(|c| c.blocks.get(id.ordinal - 1))
    {
        Some(b) => format!("block {} of {} (line {})", id.ordinal, id.chapter, b.line),
        None => format!("block {} of {}", id.ordinal, id.chapter),
    }
}

/// Compares the generated trees with what the book tangles to.
pub fn check(root: &Path) -> Result<(), Vec<String>> {
    let book = Book::load(root).map_err(|e| vec![e])?;
    let generated = generate::generate(&book)?;
    let mut errors = Vec::new();
    for (path, g) in &generated {
        let on_disk = match fs::read_to_string(root.join(path)) {
            Ok(t) => t,
            Err(_) => {
                errors.push(format!(
                    "{path} is produced by the book but missing: run `cargo tangle`"
                ));
                continue;
            }
        };
        if on_disk == g.text {
            continue;
        }
        let line = on_disk
            .lines()
            .zip(g.text.lines())
            .position(|(a, b)| a != b)
            .map_or_else(
                || on_disk.lines().count().min(g.text.lines().count()) + 1,
                |i| i + 1,
            );
        let from = generate::block_at_line(path, &g.text, line)
            .map_or_else(|| "its header".to_string(), |id| describe(&book, &id));
        let expected = g.text.lines().nth(line - 1).unwrap_or("<end of file>");
        let found = on_disk.lines().nth(line - 1).unwrap_or("<end of file>");
        errors.push(format!(
            "{path}:{line} differs from the book ({from}):\n    book: {expected}\n    file: {found}\n  \
             If you edited {path}, run `cargo tangle untangle`; if you edited the book, run `cargo tangle`."
        ));
    }
    for path in files_on_disk(root) {
        if !generated.contains_key(&path) {
            errors.push(format!(
                "{path} is not produced by any chapter of the book: move it into a chapter \
                 (`cargo tangle import {path} book/src/CHAPTER.md`) or delete it"
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// What `tangle` did, for the report it prints.
#[derive(Debug, Default)]
pub struct TangleReport {
    pub written: Vec<String>,
    pub removed: Vec<String>,
}

/// Writes every generated file. A file edited by hand since it was generated
/// is left alone and reported (untangle first), unless `force` or the file is
/// in `trusted`.
pub fn tangle(
    root: &Path,
    force: bool,
    trusted: &HashSet<String>,
) -> Result<TangleReport, Vec<String>> {
    let book = Book::load(root).map_err(|e| vec![e])?;
    let generated = generate::generate(&book)?;
    let mut report = TangleReport::default();
    let mut errors = Vec::new();
    for (path, Generated { text, .. }) in &generated {
        let full = root.join(path);
        if let Ok(existing) = fs::read_to_string(&full) {
            if existing == *text {
                continue;
            }
            let clean = comment_style(path)
                .ok()
                .and_then(|s| split_header(&s, &existing))
                .is_some_and(|(_, intact)| intact);
            if !clean && !force && !trusted.contains(path) {
                errors.push(format!(
                    "{path} was edited by hand since it was tangled: run `cargo tangle untangle` to carry \
                     the edit into the book first (or `cargo tangle --force` to throw the edit away)"
                ));
                continue;
            }
        }
        if let Some(dir) = full.parent() {
            fs::create_dir_all(dir).map_err(|e| vec![format!("{}: {e}", dir.display())])?;
        }
        fs::write(&full, text).map_err(|e| vec![format!("{path}: {e}")])?;
        report.written.push(path.clone());
    }
    // A generated file that the book no longer produces, and that nobody has
    // touched since, goes away with its chapter block.
    for path in files_on_disk(root) {
        if generated.contains_key(&path) {
            continue;
        }
        let Ok(existing) = fs::read_to_string(root.join(&path)) else {
            continue;
        };
        let ours_and_clean = comment_style(&path)
            .ok()
            .and_then(|s| split_header(&s, &existing))
            .is_some_and(|(_, intact)| intact);
        if ours_and_clean && fs::remove_file(root.join(&path)).is_ok() {
            report.removed.push(path);
        }
    }
    if errors.is_empty() {
        Ok(report)
    } else {
        Err(errors)
    }
}

/// Carries edits made in generated files back into the book, then
/// re-tangles so that headers and fingerprints match again. Returns the
/// blocks it changed.
pub fn untangle(root: &Path) -> Result<Vec<String>, Vec<String>> {
    let book = Book::load(root).map_err(|e| vec![e])?;
    let generated = generate::generate(&book)?;
    let mut errors = Vec::new();
    let mut edits: BTreeMap<String, Vec<(std::ops::Range<usize>, String)>> = BTreeMap::new();
    let mut changed = Vec::new();
    let mut seen = BTreeSet::new();
    for (path, g) in &generated {
        let Ok(on_disk) = fs::read_to_string(root.join(path)) else {
            continue;
        };
        if on_disk == g.text {
            continue;
        }
        let style = match comment_style(path) {
            Ok(s) => s,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let Some((body, _)) = split_header(&style, &on_disk) else {
            errors.push(format!(
                "{path} has no tangle header, so its blocks cannot be found"
            ));
            continue;
        };
        let recovered = match recover_blocks(path, body) {
            Ok(r) => r,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        for (id, content) in recovered {
            let Some(block) = find_block(&book, &id) else {
                errors.push(format!(
                    "{path}: a marker names block {} of {}, which does not exist",
                    id.ordinal, id.chapter
                ));
                continue;
            };
            if !seen.insert(id.clone()) {
                errors.push(format!(
                    "{path}: block {} of {} appears twice",
                    id.ordinal, id.chapter
                ));
                continue;
            }
            if block.content != content {
                changed.push(format!(
                    "{} (block {}, {path})",
                    block.location(),
                    id.ordinal
                ));
                edits
                    .entry(id.chapter.clone())
                    .or_default()
                    .push((block.content_range.clone(), content));
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (chapter, mut replacements) in edits {
        let Some(ch) = book.chapters.iter().find(|c| c.path == chapter) else {
            continue;
        };
        let mut text = ch.text.clone();
        replacements.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        for (range, content) in replacements {
            text.replace_range(range, &content);
        }
        fs::write(root.join(&chapter), text).map_err(|e| vec![format!("{chapter}: {e}")])?;
    }
    tangle(root, true, &HashSet::new())?;
    Ok(changed)
}

fn find_block<'a>(book: &'a Book, id: &BlockId) -> Option<&'a Block> {
    book.chapters
        .iter()
        .find(|c| c.path == id.chapter)?
        .blocks
        .get(id.ordinal - 1)
}

/// Moves a hand-written file into a chapter as one code block appended at
/// its end, then tangles it (the start of a file's life in the book: the
/// author then splits the block and writes the prose around the pieces).
pub fn import(root: &Path, file: &str, chapter: &str) -> Result<(), Vec<String>> {
    let style = comment_style(file).map_err(|e| vec![e])?;
    let content = fs::read_to_string(root.join(file)).map_err(|e| vec![format!("{file}: {e}")])?;
    if split_header(&style, &content).is_some() {
        return Err(vec![format!("{file} is already tangled from the book")]);
    }
    let book = Book::load(root).map_err(|e| vec![e])?;
    if let Some(b) = book.blocks().find(|b| b.attr("file") == Some(file)) {
        return Err(vec![format!(
            "{} already writes {file}; edit it there",
            b.location()
        )]);
    }
    if !book.chapters.iter().any(|c| c.path == chapter) {
        return Err(vec![format!(
            "{chapter} is not a chapter listed in SUMMARY.md"
        )]);
    }
    let lang = match file.rsplit_once('.').map_or("", |(_, e)| e) {
        "rs" => "rust",
        "ml" | "mli" => "ocaml",
        "c" | "h" => "c",
        "sh" => "bash",
        other => other,
    };
    let mut text =
        fs::read_to_string(root.join(chapter)).map_err(|e| vec![format!("{chapter}: {e}")])?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let mut body = content;
    if !body.ends_with('\n') {
        body.push('\n');
    }
    text.push_str(&format!("\n```{lang},file={file}\n{body}```\n"));
    fs::write(root.join(chapter), text).map_err(|e| vec![format!("{chapter}: {e}")])?;
    tangle(root, false, &HashSet::from([file.to_string()]))?;
    Ok(())
}
