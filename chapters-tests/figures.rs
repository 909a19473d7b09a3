//! The book's figures (chapter "Drawing the IRs"): each is drawn from the
//! compiler's own output, and checked like a listing.
//!
//! A chapter places a figure with a comment naming what it draws, followed
//! by the image:
//!
//! ```text
//! <!-- figure: NAME example=EX stage=STAGE [graph=FORM] [function=f,g] [opt=N] -->
//! ![what it shows](figures/NAME.svg)
//! ```
//!
//! or `<!-- figure: NAME source=passes -->` for the pipeline, or
//! `stage=heap` for the runtime's picture of a minor collection. The test
//! `figures::<chapter>::<NAME>` compiles the chapter's ```` ```ocaml
//! example=EX ```` program to `STAGE`, draws its graph, and compares the
//! dot text with `book/src/figures/NAME.dot`; the SVG beside it must carry
//! the hash of that text (it is rendered from it). A figure is stale when
//! its dot text differs: the SVG itself, made by Graphviz, is not compared,
//! so the tests need no Graphviz. `BLESS=1` rewrites the dot text and
//! renders the SVG with Graphviz's `dot`, which blessing a changed figure
//! needs (`apt-get install graphviz`).

use flambeau::diagnostics::SourceFile;
use flambeau::driver::stages;
use libtest_mimic::{Failed, Trial};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use tangle::book::{Block, Book};

/// Files of `book/src/figures/` that no figure comment names but that
/// something else writes: the benchmark chart, drawn by `bench/run.py`.
const OTHER_FIGURES: [&str; 1] = ["benchmarks.svg"];

fn figures_dir() -> PathBuf {
    super::root().join("book/src/figures")
}

/// One figure comment of a chapter.
#[derive(Clone, Debug)]
struct Figure {
    name: String,
    attrs: BTreeMap<String, String>,
    location: String,
    /// The line after the comment (the image).
    image_line: String,
}

/// The figure comments of a chapter's text.
fn figures_in(path: &str, text: &str) -> Vec<Figure> {
    let lines: Vec<&str> = text.lines().collect();
    let mut figures = Vec::new();
    let mut in_code = false;
    for (i, line) in lines.iter().enumerate() {
        // A figure comment shown as an example, in a code block, is not one.
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        let Some(rest) = line
            .trim()
            .strip_prefix("<!-- figure:")
            .and_then(|r| r.strip_suffix("-->"))
        else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let name = words.next().unwrap_or_default().to_string();
        let attrs = words
            .filter_map(|w| w.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let image_line = lines[i + 1..]
            .iter()
            .find(|l| !l.trim().is_empty())
            .map_or(String::new(), |l| l.trim().to_string());
        figures.push(Figure {
            name,
            attrs,
            location: format!("{path}:{}", i + 1),
            image_line,
        });
    }
    figures
}

/// FNV-1a, 64 bits: the SVG's record of the dot text it was drawn from.
fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn svg_mark(dot: &str) -> String {
    format!(
        "<!-- flambeau figure, drawn from dot text {} -->",
        hash(dot)
    )
}

/// One trial per figure, and one that no figure file is left over.
pub fn trials(book: &Book) -> Vec<Trial> {
    let mut trials = Vec::new();
    let mut names = BTreeSet::new();
    for chapter in &book.chapters {
        let chapter_stem = super::stem(&chapter.path);
        let mut examples: BTreeMap<String, Vec<Block>> = BTreeMap::new();
        for block in &chapter.blocks {
            if let Some(name) = block.attr("example") {
                examples
                    .entry(name.to_string())
                    .or_default()
                    .push(block.clone());
            }
        }
        for figure in figures_in(&chapter.path, &chapter.text) {
            let trial = format!("figures::{chapter_stem}::{}", figure.name);
            if !names.insert(figure.name.clone()) {
                let location = figure.location.clone();
                trials.push(Trial::test(format!("{trial}::duplicate"), move || {
                    Err(format!("{location}: a second figure of this name").into())
                }));
                continue;
            }
            let program = figure
                .attrs
                .get("example")
                .and_then(|ex| examples.get(ex))
                .map(|blocks| {
                    let refs: Vec<&Block> = blocks.iter().collect();
                    super::example_program(&figure.attrs["example"], &refs).0
                });
            trials.push(Trial::test(trial, move || check(&figure, program)));
        }
    }
    let graphviz = graphviz_installed();
    if !graphviz {
        eprintln!(
            "note: Graphviz is not installed (apt-get install graphviz): figures::graphviz \
             is skipped and listed as ignored, and blessing a changed figure will fail"
        );
    }
    trials.push(Trial::test("figures::graphviz", graphviz_reads_all).with_ignored_flag(!graphviz));
    trials.push(Trial::test("figures::orphans", move || orphans(&names)));
    trials
}

/// The dot text of a figure, from the compiler.
fn draw(figure: &Figure, program: Option<SourceFile>) -> Result<String, String> {
    let attr = |k: &str| figure.attrs.get(k).cloned();
    let opt_level = match attr("opt").as_deref() {
        None => 2,
        Some(l @ ("0" | "1" | "2")) => l.parse().unwrap_or(2),
        Some(other) => return Err(format!("`opt={other}`: 0, 1 or 2")),
    };
    let options = flambeau::driver::pipeline::Options {
        opt_level,
        ..Default::default()
    };
    if attr("source").as_deref() == Some("passes") {
        return Ok(flambeau::dot::pipeline::passes(&options));
    }
    let stage = attr("stage").ok_or("a figure names its `stage=`, or `source=passes`")?;
    let example = attr("example").ok_or("a figure names its `example=`")?;
    let file = program.ok_or(format!(
        "no ```ocaml example={example} block in this chapter"
    ))?;
    if stage == "heap" {
        return draw_heap(&file, &options, attr("minor").as_deref().unwrap_or("1"));
    }
    let request = flambeau::dot::Request {
        form: attr("graph"),
        functions: attr("function")
            .map(|f| f.split(',').map(str::to_string).collect())
            .unwrap_or_default(),
    };
    stages::on_large_stack(|| {
        let (ir, _warnings) = stages::compile_to(&stage, &file, &options, &mut std::io::sink())
            .map_err(|f| format!("the example does not compile to `{stage}`: {f:?}"))?;
        flambeau::dot::graph(&stage, &*ir, &request)
    })?
}

/// `stage=heap`: the runtime's own picture of a minor collection (chapter
/// "The runtime", "Drawing a minor collection"): the example is built and
/// run with `FLAMBEAU_GC_DRAW` set to the `minor=` attribute, and what it
/// writes on standard error is the figure.
fn draw_heap(
    file: &SourceFile,
    options: &flambeau::driver::pipeline::Options,
    minor: &str,
) -> Result<String, String> {
    let run = stages::on_large_stack(|| {
        stages::run_native(
            file,
            options,
            &[("FLAMBEAU_GC_DRAW", minor)],
            &mut std::io::sink(),
        )
    })?;
    let (outcome, _warnings) =
        run.map_err(|f| format!("the example does not build and run: {f:?}"))?;
    if outcome.exit_code != 0 {
        return Err(format!("the example exits with {}", outcome.exit_code));
    }
    String::from_utf8(outcome.stderr).map_err(|e| format!("not text: {e}"))
}

fn check(figure: &Figure, program: Option<SourceFile>) -> Result<(), Failed> {
    let at = |e: String| Failed::from(format!("{}: {e}", figure.location));
    let name = &figure.name;
    let image = format!("(figures/{name}.svg)");
    if !(figure.image_line.starts_with("![") && figure.image_line.ends_with(&image)) {
        return Err(at(format!(
            "the line after the figure comment shows it: `![what it shows]{image}`"
        )));
    }
    let dot = draw(figure, program).map_err(at)?;
    flambeau::dot::syntax::read(&dot).map_err(|e| at(format!("not dot: {e}")))?;
    let dot_path = figures_dir().join(format!("{name}.dot"));
    let svg_path = figures_dir().join(format!("{name}.svg"));
    let recorded = fs::read_to_string(&dot_path).unwrap_or_default();
    let svg = fs::read_to_string(&svg_path).unwrap_or_default();
    let fresh = recorded == dot && svg.contains(&svg_mark(&dot));
    if fresh {
        return Ok(());
    }
    if super::blessing() {
        fs::create_dir_all(figures_dir()).map_err(|e| at(e.to_string()))?;
        fs::write(&dot_path, &dot).map_err(|e| at(e.to_string()))?;
        let svg = render(&dot).map_err(at)?;
        return fs::write(&svg_path, svg).map_err(|e| at(e.to_string()));
    }
    if recorded != dot {
        return Err(at(format!(
            "the figure is stale: {} differs from what the compiler draws \
             (`BLESS=1 cargo test --test chapters figures::` redraws it):\n{}",
            dot_path.display(),
            super::diff(&recorded, &dot)
        )));
    }
    Err(at(format!(
        "{} was not drawn from {} (`BLESS=1` redraws it)",
        svg_path.display(),
        dot_path.display()
    )))
}

/// Graphviz draws every recorded figure without a complaint.
fn graphviz_reads_all() -> Result<(), Failed> {
    let mut failures = Vec::new();
    for entry in fs::read_dir(figures_dir()).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "dot") {
            let text = fs::read_to_string(&path).map_err(|e| e.to_string())?;
            if let Err(e) = render(&text) {
                failures.push(format!("{}: {e}", path.display()));
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

/// Whether Graphviz's `dot` can be run.
pub fn graphviz_installed() -> bool {
    Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The SVG Graphviz draws from `dot`, marked with the hash of the text.
fn render(dot: &str) -> Result<String, String> {
    use std::io::Write;
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!("cannot run Graphviz's `dot` ({e}): blessing a figure needs it (apt-get install graphviz)")
        })?;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(dot.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!(
            "Graphviz refused the figure:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let svg = String::from_utf8_lossy(&out.stdout).into_owned();
    // The mark goes after the XML declaration and the doctype.
    let at = svg.find("<svg").unwrap_or(0);
    Ok(format!("{}{}\n{}", &svg[..at], svg_mark(dot), &svg[at..]))
}

fn orphans(names: &BTreeSet<String>) -> Result<(), Failed> {
    let mut orphans = Vec::new();
    for entry in fs::read_dir(figures_dir()).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let stem = Path::new(&file)
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into_owned());
        if !names.contains(&stem) && !OTHER_FIGURES.contains(&file.as_str()) {
            orphans.push(entry.path());
        }
    }
    if super::blessing() {
        for o in &orphans {
            let _ = fs::remove_file(o);
        }
        return Ok(());
    }
    if orphans.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = orphans.iter().map(|p| p.display().to_string()).collect();
    Err(format!(
        "figure files that no chapter shows (BLESS=1 removes them):\n  {}",
        list.join("\n  ")
    )
    .into())
}
