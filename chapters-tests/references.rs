//! Cross references between chapters (`book::references`).
//!
//! The prose sends the reader elsewhere by name: `chapter "To Cmm"`,
//! `chapter "Simplify", section "Loops"`, `(chapters "Cmm" and "To Cmm")`,
//! `the section "Kinds" of the next chapter`, `section "Switches" below`.
//! Chapters get split and sections renamed, and a reference that names
//! nothing any more leaves the reader lost, so this test reads every such
//! reference and checks that it names something:
//!
//! - a name after `chapter`/`chapters` is a chapter's title (the whole
//!   title or the part before its colon: `"Printf"`), or, after a chapter
//!   has been named in the same list, a heading of that chapter
//!   (`chapter "The collector", "The policy, measured"`); a trailing
//!   `, section "S"` or `: sections "S" and "T"` names headings of the last
//!   chapter named;
//! - a name after a bare `section`/`sections` is a heading of the chapter
//!   the sentence is in, of the chapter named by a following `of (the)
//!   chapter "X"`, or of the next or previous chapter when the sentence
//!   says so.
//!
//! Works outside the book are named the same way (the OCaml manual's
//! chapters, other books'): their titles are listed in `EXTERNAL`, and the
//! sections named after them are not checked; nor is a bare section
//! named shortly after the word "manual", nor one in the bibliography,
//! which lists other works' sections. A paragraph that opens with a bold
//! phrase (`**Why not incremental.**`) counts as a heading.

use super::root;
use libtest_mimic::{Failed, Trial};
use std::collections::BTreeSet;
use std::fs;

/// Chapters of other works that the book names as `chapter "..."`.
const EXTERNAL: &[&str] = &[
    // The OCaml manual.
    "Optimisation with Flambda",
    "Attributes",
    "The OCaml language",
    "The module system",
    "Interfacing C with OCaml",
    // Appel's *Modern Compiler Implementation in ML*.
    "Instruction Selection",
    // Nystrom's *Crafting Interpreters*.
    "Resolving and Binding",
];

struct Chapter {
    file: String,
    title: String,
    headings: BTreeSet<String>,
    /// The prose, without code blocks, its white space collapsed.
    prose: String,
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn load_chapters() -> Result<Vec<Chapter>, String> {
    let dir = root().join("book/src");
    let summary = fs::read_to_string(dir.join("SUMMARY.md")).map_err(|e| e.to_string())?;
    let mut chapters = Vec::new();
    for file in summary
        .split("](")
        .skip(1)
        .filter_map(|s| s.split(')').next())
    {
        let text = fs::read_to_string(dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
        let (mut title, mut headings, mut prose) = (String::new(), BTreeSet::new(), String::new());
        let mut in_code = false;
        for line in text.lines() {
            if line.trim_start().starts_with("```") {
                in_code = !in_code;
                continue;
            }
            if in_code {
                continue;
            }
            let hashes = line.len() - line.trim_start_matches('#').len();
            if hashes > 0 && line[hashes..].starts_with(' ') {
                let heading = collapse(&line[hashes..]);
                if hashes == 1 && title.is_empty() {
                    title = heading.clone();
                }
                headings.insert(heading);
                continue;
            }
            // A paragraph that opens with a bold phrase ending in a full
            // stop (`**Why not incremental.** OCaml's ...`) is a heading
            // too: the prose names it as a section.
            if let Some(lead) = line.strip_prefix("**").and_then(|l| l.split_once(".**")) {
                headings.insert(collapse(lead.0));
            }
            prose.push_str(line);
            prose.push('\n');
        }
        chapters.push(Chapter {
            file: file.to_string(),
            title,
            headings,
            prose: collapse(&prose),
        });
    }
    Ok(chapters)
}

/// One name of a reference: a quoted name or a link's text.
fn name_at(text: &str) -> Option<(String, usize)> {
    if let Some(rest) = text.strip_prefix('"') {
        let end = rest.find('"')?;
        return Some((rest[..end].to_string(), end + 2));
    }
    let rest = text.strip_prefix('[')?;
    let close = rest.find("](")?;
    let after = &rest[close + 2..];
    let end = after.find(')')?;
    Some((rest[..close].to_string(), 1 + close + 2 + end + 1))
}

/// A list of names: `"A"`, `"A" and "B"`, `"A", "B", and "C"`.
fn names_at(text: &str) -> (Vec<String>, usize) {
    let mut names = Vec::new();
    let mut pos = 0;
    while let Some((name, len)) = name_at(&text[pos..]) {
        names.push(name);
        pos += len;
        let next = [", and ", ", or ", ", ", " and ", " or "]
            .iter()
            .find(|sep| {
                text[pos..]
                    .strip_prefix(**sep)
                    .is_some_and(|rest| rest.starts_with('"') || rest.starts_with('['))
            });
        match next {
            Some(sep) => pos += sep.len(),
            None => break,
        }
    }
    (names, pos)
}

/// The words `chapter(s)`/`section(s)` where a reference starts, with the
/// offset of the list after them.
fn keywords(prose: &str) -> Vec<(usize, bool, usize)> {
    let mut found = Vec::new();
    for (word, is_chapter) in [
        ("chapters ", true),
        ("chapter ", true),
        ("sections ", false),
        ("section ", false),
    ] {
        let lower = prose.to_lowercase();
        let mut from = 0;
        while let Some(i) = lower[from..].find(word) {
            let at = from + i;
            from = at + word.len();
            let starts_word = at == 0 || !prose.as_bytes()[at - 1].is_ascii_alphanumeric();
            let listed = prose[at + word.len()..].starts_with(['"', '[']);
            let shorter = word == "chapter " && lower[at..].starts_with("chapters ")
                || word == "section " && lower[at..].starts_with("sections ");
            if starts_word && listed && !shorter {
                found.push((at, is_chapter, at + word.len()));
            }
        }
    }
    found.sort();
    found
}

/// The nearest character boundary at or before `at` (`str::floor_char_boundary`
/// is newer than the crate's minimum Rust).
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

fn chapter_named<'a>(chapters: &'a [Chapter], name: &str) -> Option<&'a Chapter> {
    chapters.iter().find(|c| {
        c.title == name
            || c.title
                .split_once(": ")
                .is_some_and(|(short, _)| short == name)
    })
}

/// The broken references of chapter `index`, one message each.
fn broken_references(chapters: &[Chapter], index: usize) -> Vec<String> {
    let chapter = &chapters[index];
    let prose = &chapter.prose;
    let mut broken = Vec::new();
    let mut report = |name: &str, why: String, at: usize| {
        let start = floor_boundary(prose, at.saturating_sub(40));
        let end = ceil_boundary(prose, (at + 60).min(prose.len()));
        broken.push(format!(
            "{}: \"{name}\" {why}\n    ...{}...",
            chapter.file,
            &prose[start..end]
        ));
    };
    let mut skip_until = 0;
    for (at, is_chapter, list) in keywords(prose) {
        if at < skip_until {
            continue;
        }
        let (names, len) = names_at(&prose[list..]);
        let mut end = list + len;
        if is_chapter {
            // `chapter "X", "S"` names a section S of X; so does a
            // trailing `, section "S"`.
            let mut named: Option<&Chapter> = None;
            let mut external = false;
            let mut trailing = Vec::new();
            for sep in [", sections ", ", section ", ": sections ", ": section "] {
                if prose[end..].starts_with(sep) {
                    let (more, more_len) = names_at(&prose[end + sep.len()..]);
                    end += sep.len() + more_len;
                    trailing = more;
                    break;
                }
            }
            for name in names.iter().chain(&trailing) {
                if let Some(c) = chapter_named(chapters, name) {
                    (named, external) = (Some(c), false);
                } else if EXTERNAL.contains(&name.as_str()) {
                    (named, external) = (None, true);
                } else if external {
                } else if let Some(c) = named {
                    if !c.headings.contains(name) {
                        report(name, format!("is not a section of \"{}\"", c.title), at);
                    }
                } else {
                    report(name, "is not a chapter of the book".into(), at);
                }
            }
        } else {
            let after = &prose[end..];
            let mut target = Some(chapter);
            if let Some(rest) = after
                .strip_prefix(" of the chapter ")
                .or_else(|| after.strip_prefix(" of chapter "))
            {
                let (of, _) = names_at(rest);
                target = of.first().and_then(|n| chapter_named(chapters, n));
                if of.first().is_some_and(|n| EXTERNAL.contains(&n.as_str())) {
                    continue;
                }
            } else if let Some(rest) = after.strip_prefix(", in the chapter ") {
                let (of, _) = names_at(rest);
                target = of.first().and_then(|n| chapter_named(chapters, n));
            } else if after.starts_with(" of the next chapter") {
                target = chapters.get(index + 1);
            } else if after.starts_with(" of the previous chapter") {
                target = index.checked_sub(1).and_then(|i| chapters.get(i));
            }
            let before = &prose[floor_boundary(prose, at.saturating_sub(120))..at];
            if before.contains("manual") || chapter.file == "bibliography.md" {
                continue;
            }
            for name in &names {
                match target {
                    Some(c) if c.headings.contains(name) => {}
                    Some(c) => report(name, format!("is not a section of \"{}\"", c.title), at),
                    None => report(name, "is in no chapter the sentence names".into(), at),
                }
            }
        }
        skip_until = end;
    }
    broken
}

/// A chapter for the self-tests: its title, headings and prose.
fn synthetic(file: &str, title: &str, headings: &[&str], prose: &str) -> Chapter {
    Chapter {
        file: file.into(),
        title: title.into(),
        headings: headings.iter().map(|h| h.to_string()).collect(),
        prose: collapse(prose),
    }
}

/// The checker on small books: what it must accept and what it must not.
fn self_tests() -> Vec<Trial> {
    let cases: [(&str, &str, usize); 10] = [
        ("a-chapter", r#"(chapter "To Cmm")"#, 0),
        ("a-chapter-by-its-short-title", r#"(chapter "Printf")"#, 0),
        ("a-missing-chapter", r#"(chapter "From CPS to Cmm")"#, 1),
        (
            "a-chapter-and-its-section",
            r#"chapter "To Cmm", section "Switches""#,
            0,
        ),
        (
            "a-section-of-another-chapter",
            r#"chapter "To Cmm", section "Loops""#,
            1,
        ),
        (
            "a-list-with-sections",
            r#"(chapters "Printf" and "To Cmm", "Calls")"#,
            0,
        ),
        ("a-section-here", r#"the section "Loops" below"#, 0),
        (
            "a-section-of-the-next-chapter",
            r#"section "Calls" of the next chapter"#,
            0,
        ),
        ("a-section-not-here", r#"the section "Switches" below"#, 1),
        (
            "an-external-chapter",
            r#"(manual, chapter "Attributes", "Anything")"#,
            0,
        ),
    ];
    cases
        .into_iter()
        .map(|(name, prose, expected)| {
            Trial::test(format!("harness::references::{name}"), move || {
                let book = [
                    synthetic("here.md", "Here", &["Here", "Loops"], prose),
                    synthetic("to-cmm.md", "To Cmm", &["To Cmm", "Calls", "Switches"], ""),
                    synthetic("printf.md", "Printf: formats", &["Printf: formats"], ""),
                ];
                let broken = broken_references(&book, 0);
                if broken.len() == expected {
                    Ok(())
                } else {
                    Err(format!("expected {expected} broken, found {broken:?}").into())
                }
            })
        })
        .collect()
}

pub fn trials() -> Vec<Trial> {
    let mut trials = self_tests();
    trials.push(Trial::test("book::references", || {
        let chapters = load_chapters()?;
        let broken: Vec<String> = (0..chapters.len())
            .flat_map(|i| broken_references(&chapters, i))
            .collect();
        if broken.is_empty() {
            Ok(())
        } else {
            Err(Failed::from(format!(
                "{} references name no chapter or section:\n{}",
                broken.len(),
                broken.join("\n")
            )))
        }
    }));
    trials
}
