//! From the book's code blocks to the text of each generated file, with a
//! header and chunk markers; and back, from a generated file (possibly edited
//! by hand) to the content of each block it came from.

use crate::book::{Block, Book};
use std::collections::{BTreeMap, HashMap, HashSet};

/// How a file type writes a line comment. Markers and headers are comments so
/// that the generated file stays a valid source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommentStyle {
    pub open: &'static str,
    pub close: &'static str,
}

pub fn comment_style(path: &str) -> Result<CommentStyle, String> {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    let (open, close) = match ext {
        "rs" | "c" | "h" | "js" => ("//", ""),
        "ml" | "mli" => ("(*", " *)"),
        "toml" | "sh" | "py" | "yml" | "yaml" | "txt" => ("#", ""),
        "md" => ("<!--", " -->"),
        _ => {
            return Err(format!(
                "{path}: cannot tangle a file with extension `.{ext}` (no comment syntax known)"
            ))
        }
    };
    Ok(CommentStyle { open, close })
}

impl CommentStyle {
    fn line(&self, text: &str) -> String {
        format!("{} {}{}", self.open, text, self.close)
    }

    /// The text of a comment line (leading white space already removed), or
    /// None if it is not a comment in this style.
    fn inner<'a>(&self, trimmed: &'a str) -> Option<&'a str> {
        let rest = trimmed.strip_prefix(self.open)?.strip_prefix(' ')?;
        rest.strip_suffix(self.close)
    }
}

/// Which block a stretch of generated text came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId {
    pub chapter: String,
    pub ordinal: usize,
}

const HASH_KEY: &str = "tangle-hash: ";

/// 64-bit FNV-1a: a content fingerprint that is the same on every machine
/// and every Rust version, which `DefaultHasher` does not promise.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    format!("{h:016x}")
}

/// The marker line before a block, indented as `rustfmt` would indent a
/// comment there: like the block's first line, or one level deeper if that
/// line closes a bracket. Markers that formatting would move would make
/// every `cargo fmt` look like a hand edit.
fn block_marker(style: &CommentStyle, b: &Block, indent: &str) -> String {
    let first = b
        .content
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let trimmed = first.trim_start();
    let mut lead = format!("{indent}{}", &first[..first.len() - trimmed.len()]);
    if trimmed.starts_with(['}', ')', ']']) {
        lead.push_str("    ");
    }
    let marker = format!("--- {}:{} [block {}] ---", b.chapter, b.line, b.ordinal);
    format!("{lead}{}", style.line(&marker))
}

fn parse_block_marker(style: &CommentStyle, trimmed: &str) -> Option<BlockId> {
    let inner = style
        .inner(trimmed)?
        .strip_prefix("--- ")?
        .strip_suffix(" ---")?;
    let (location, ordinal) = inner.rsplit_once(" [block ")?;
    let ordinal = ordinal.strip_suffix(']')?.parse().ok()?;
    let (chapter, _line) = location.rsplit_once(':')?;
    Some(BlockId {
        chapter: chapter.to_string(),
        ordinal,
    })
}

/// `// <<name>>` as written in a block: a reference to a named chunk.
fn parse_chunk_reference<'a>(style: &CommentStyle, trimmed: &'a str) -> Option<&'a str> {
    let inner = style.inner(trimmed)?;
    inner.strip_prefix("<<")?.strip_suffix(">>")
}

fn parse_chunk_edge<'a>(style: &CommentStyle, trimmed: &'a str, edge: &str) -> Option<&'a str> {
    let inner = style.inner(trimmed)?.strip_suffix(edge)?;
    inner.strip_prefix("<<")?.strip_suffix(">> ")
}

/// One generated file.
#[derive(Clone, Debug)]
pub struct Generated {
    pub path: String,
    pub text: String,
}

/// The files the book produces, keyed by path.
pub fn generate(book: &Book) -> Result<BTreeMap<String, Generated>, Vec<String>> {
    let mut files: BTreeMap<String, Vec<&Block>> = BTreeMap::new();
    let mut chunks: HashMap<String, Vec<&Block>> = HashMap::new();
    let mut errors = Vec::new();
    for b in book.blocks() {
        match (b.attr("file"), b.attr("chunk")) {
            (Some(_), Some(_)) => errors.push(format!(
                "{}: a block names both a file and a chunk",
                b.location()
            )),
            (Some(path), None) => files.entry(path.to_string()).or_default().push(b),
            (None, Some(name)) => chunks.entry(name.to_string()).or_default().push(b),
            (None, None) => {}
        }
    }
    let mut used = HashSet::new();
    let mut out = BTreeMap::new();
    for (path, blocks) in &files {
        if !(path.starts_with("src/") || path.starts_with("runtime/")) || path.contains("..") {
            errors.push(format!(
                "{}: tangled files live under src/ or runtime/, not `{path}`",
                blocks[0].location()
            ));
            continue;
        }
        let style = match comment_style(path) {
            Ok(s) => s,
            Err(e) => {
                errors.push(format!("{}: {e}", blocks[0].location()));
                continue;
            }
        };
        let mut body = String::new();
        for b in blocks {
            body.push_str(&block_marker(&style, b, ""));
            body.push('\n');
            if let Err(e) = expand(
                &style,
                &b.content,
                "",
                &chunks,
                &mut used,
                &mut Vec::new(),
                &mut body,
            ) {
                errors.push(format!("{}: {e}", b.location()));
            }
        }
        // Every chapter that contributes, chunks included, in order of appearance.
        let mut chapters: Vec<String> = Vec::new();
        for id in body
            .lines()
            .filter_map(|l| parse_block_marker(&style, l.trim_start()))
        {
            if !chapters.contains(&id.chapter) {
                chapters.push(id.chapter);
            }
        }
        let header = format!(
            "{}\n{}\n",
            style.line(&format!(
                "@generated by `cargo tangle` from {}: edit the book, or edit here and run `cargo tangle untangle`.",
                chapters.join(", ")
            )),
            style.line(&format!("{HASH_KEY}{}", fingerprint(&body)))
        );
        out.insert(
            path.clone(),
            Generated {
                path: path.clone(),
                text: header + &body,
            },
        );
    }
    for (name, blocks) in &chunks {
        if !used.contains(name) {
            errors.push(format!(
                "{}: chunk `{name}` is defined but no file uses it",
                blocks[0].location()
            ));
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Appends `content` to `out`, each line indented by `indent`, replacing
/// chunk references by the chunk's blocks between begin and end markers.
fn expand(
    style: &CommentStyle,
    content: &str,
    indent: &str,
    chunks: &HashMap<String, Vec<&Block>>,
    used: &mut HashSet<String>,
    active: &mut Vec<String>,
    out: &mut String,
) -> Result<(), String> {
    for line in content.lines() {
        let trimmed = line.trim_start();
        let lead = &line[..line.len() - trimmed.len()];
        if let Some(name) = parse_chunk_reference(style, trimmed) {
            let blocks = chunks
                .get(name)
                .ok_or_else(|| format!("no chunk is named `{name}`"))?;
            if active.iter().any(|a| a == name) {
                return Err(format!("chunk `{name}` includes itself"));
            }
            if !used.insert(name.to_string()) {
                return Err(format!(
                    "chunk `{name}` is used twice; a chunk has one place"
                ));
            }
            let inner_indent = format!("{indent}{lead}");
            out.push_str(&format!(
                "{inner_indent}{}\n",
                style.line(&format!("<<{name}>> begin"))
            ));
            active.push(name.to_string());
            for b in blocks {
                out.push_str(&block_marker(style, b, &inner_indent));
                out.push('\n');
                expand(style, &b.content, &inner_indent, chunks, used, active, out)
                    .map_err(|e| format!("{e} (in {})", b.location()))?;
            }
            active.pop();
            out.push_str(&format!(
                "{inner_indent}{}\n",
                style.line(&format!("<<{name}>> end"))
            ));
        } else if line.is_empty() {
            out.push('\n');
        } else {
            out.push_str(indent);
            out.push_str(line);
            out.push('\n');
        }
    }
    Ok(())
}

/// Splits a file's text into its two header lines and its body, and says
/// whether the body still has the fingerprint the header recorded (false
/// when it was edited by hand since it was generated). None if the file has
/// no tangle header at all.
pub fn split_header<'a>(style: &CommentStyle, text: &'a str) -> Option<(&'a str, bool)> {
    let first_end = text.find('\n')?;
    let first = &text[..first_end];
    style
        .inner(first)?
        .strip_prefix("@generated by `cargo tangle`")?;
    let rest = &text[first_end + 1..];
    let second_end = rest.find('\n')?;
    let recorded = style.inner(&rest[..second_end])?.strip_prefix(HASH_KEY)?;
    let body = &rest[second_end + 1..];
    Some((body, recorded == fingerprint(body)))
}

/// Recovers, from a generated file's body, the content of every block it was
/// made of: the inverse of `generate` for one file, tolerant of any edit that
/// leaves the marker lines alone.
pub fn recover_blocks(path: &str, body: &str) -> Result<Vec<(BlockId, String)>, String> {
    struct Frame {
        indent: String,
        name: String,
        current: Option<(BlockId, String)>,
    }
    let style = comment_style(path)?;
    let mut finished = Vec::new();
    let mut stack = vec![Frame {
        indent: String::new(),
        name: String::new(),
        current: None,
    }];
    for (n, line) in body.lines().enumerate() {
        let trimmed = line.trim_start();
        let lead = &line[..line.len() - trimmed.len()];
        let here = || format!("{path}: line {} of the body", n + 1);
        let frame = stack
            .last_mut()
            .ok_or_else(|| format!("{}: unbalanced chunk markers", here()))?;
        if let Some(id) = parse_block_marker(&style, trimmed) {
            if let Some(done) = frame.current.replace((id, String::new())) {
                finished.push(done);
            }
        } else if let Some(name) = parse_chunk_edge(&style, trimmed, "begin") {
            let indent = frame.indent.clone();
            let (_, text) = frame
                .current
                .as_mut()
                .ok_or_else(|| format!("{}: chunk `{name}` begins outside any block", here()))?;
            text.push_str(&dedent(lead, &indent));
            text.push_str(&style.line(&format!("<<{name}>>")));
            text.push('\n');
            stack.push(Frame {
                indent: lead.to_string(),
                name: name.to_string(),
                current: None,
            });
        } else if let Some(name) = parse_chunk_edge(&style, trimmed, "end") {
            if stack.len() < 2 || stack.last().is_some_and(|f| f.name != name) {
                return Err(format!(
                    "{}: `<<{name}>> end` does not close the open chunk",
                    here()
                ));
            }
            if let Some(frame) = stack.pop() {
                finished.extend(frame.current);
            }
        } else {
            let indent = frame.indent.clone();
            let (_, text) = frame
                .current
                .as_mut()
                .ok_or_else(|| format!("{}: text before the first block marker", here()))?;
            text.push_str(&dedent(line, &indent));
            text.push('\n');
        }
    }
    if stack.len() != 1 {
        return Err(format!("{path}: a chunk's begin marker has no end marker"));
    }
    finished.extend(stack.pop().and_then(|f| f.current));
    Ok(finished)
}

/// Removes the indentation a chunk expansion added; a line re-indented by a
/// formatter loses as much of it as it still has.
fn dedent(line: &str, indent: &str) -> String {
    if let Some(rest) = line.strip_prefix(indent) {
        return rest.to_string();
    }
    let leading = line.len() - line.trim_start().len();
    line[leading.min(indent.len())..].to_string()
}

/// The block a line of a generated file came from: the nearest block marker
/// above it. `line` counts from 1 over the whole file.
pub fn block_at_line(path: &str, text: &str, line: usize) -> Option<BlockId> {
    let style = comment_style(path).ok()?;
    text.lines()
        .take(line)
        .filter_map(|l| parse_block_marker(&style, l.trim_start()))
        .last()
}
