//! Reading the book: the chapters in SUMMARY.md order, and the fenced code
//! blocks in each, with their info-string attributes and where they sit.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A fenced code block of a chapter.
#[derive(Clone, Debug)]
pub struct Block {
    /// The chapter, relative to the repository root (`book/src/lexing.md`).
    pub chapter: String,
    /// Position among all fenced code blocks of the chapter, from 1. This is
    /// the block's identity in chunk markers: stable under edits elsewhere.
    pub ordinal: usize,
    /// Line of the opening fence, from 1 (for messages only).
    pub line: usize,
    /// The language, the first word of the info string.
    pub lang: String,
    /// `key=value` attributes of the info string.
    pub attrs: BTreeMap<String, String>,
    /// The text between the fences, each line ending in '\n'.
    pub content: String,
    /// Byte range of `content` in the chapter's text.
    pub content_range: std::ops::Range<usize>,
}

impl Block {
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attrs.get(key).map(String::as_str)
    }

    /// `book/src/lexing.md:42`, for messages.
    pub fn location(&self) -> String {
        format!("{}:{}", self.chapter, self.line)
    }
}

/// A chapter: its path and text, and its fenced code blocks in order.
#[derive(Clone, Debug)]
pub struct Chapter {
    pub path: String,
    pub text: String,
    pub blocks: Vec<Block>,
}

#[derive(Clone, Debug)]
pub struct Book {
    pub root: PathBuf,
    pub chapters: Vec<Chapter>,
}

/// Splits an info string such as `rust,file=src/a.rs` or
/// `text expect=hello stage=tokens` into its language and attributes.
/// Commas separate attributes as spaces do (mdBook's `rust,ignore`), except
/// that a comma-separated word without `=` that follows a `key=value` in the
/// same space-separated word continues its value: `show=f,g` is the list
/// `f,g`.
pub fn parse_info(info: &str) -> (String, BTreeMap<String, String>) {
    let mut lang = None;
    let mut attrs = BTreeMap::new();
    for spaced in info.split_whitespace() {
        let mut last_key: Option<String> = None;
        for word in spaced.split(',').filter(|w| !w.is_empty()) {
            if lang.is_none() {
                lang = Some(word.to_string());
                continue;
            }
            match (word.split_once('='), &last_key) {
                (Some((k, v)), _) => {
                    attrs.insert(k.to_string(), v.to_string());
                    last_key = Some(k.to_string());
                }
                (None, Some(key)) => {
                    if let Some(value) = attrs.get_mut(key) {
                        value.push(',');
                        value.push_str(word);
                    }
                }
                (None, None) => {
                    attrs.insert(word.to_string(), String::new());
                }
            }
        }
    }
    (lang.unwrap_or_default(), attrs)
}

/// The chapter files named by SUMMARY.md, in reading order.
pub fn summary_order(root: &Path) -> Result<Vec<String>, String> {
    let summary_path = root.join("book/src/SUMMARY.md");
    let summary = fs::read_to_string(&summary_path)
        .map_err(|e| format!("cannot read {}: {e}", summary_path.display()))?;
    let mut chapters = Vec::new();
    for line in summary.lines() {
        if let Some(open) = line.find("](") {
            if let Some(close) = line[open + 2..].find(')') {
                let target = &line[open + 2..open + 2 + close];
                if target.ends_with(".md") {
                    chapters.push(format!("book/src/{target}"));
                }
            }
        }
    }
    Ok(chapters)
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].bytes().filter(|&b| b == b'\n').count() + 1
}

/// The fenced code blocks of one chapter's text.
pub fn blocks_of(chapter: &str, text: &str) -> Result<Vec<Block>, String> {
    let mut blocks = Vec::new();
    let parser = Parser::new_ext(text, Options::empty()).into_offset_iter();
    let mut open: Option<(String, usize)> = None;
    for (event, range) in parser {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                open = Some((info.to_string(), range.start));
            }
            Event::End(TagEnd::CodeBlock) => {
                let Some((info, start)) = open.take() else {
                    continue;
                };
                let (lang, attrs) = parse_info(&info);
                let line = line_of(text, start);
                let block_text = &text[start..range.end];
                let where_ = format!("{chapter}:{line}");
                if !block_text.starts_with("```") && !block_text.starts_with("~~~") {
                    if attrs.contains_key("file") || attrs.contains_key("chunk") {
                        return Err(format!(
                            "{where_}: a tangled code block must start at the beginning of a line \
                             (not indented, not inside a list)"
                        ));
                    }
                    continue;
                }
                let content_start = match block_text.find('\n') {
                    Some(i) => start + i + 1,
                    None => range.end,
                };
                // The closing fence is the last line of the range (pulldown-cmark
                // includes it); an unclosed fence runs to the end of the chapter.
                let trimmed_end = text[..range.end].trim_end_matches('\n').len();
                let last_line_start = text[..trimmed_end].rfind('\n').map_or(0, |i| i + 1);
                let last_line = text[last_line_start..trimmed_end].trim();
                let content_end = if last_line_start >= content_start
                    && (last_line.starts_with("```") || last_line.starts_with("~~~"))
                {
                    last_line_start
                } else {
                    range.end
                };
                let content_range = content_start..content_end.max(content_start);
                let mut content = text[content_range.clone()].to_string();
                if !content.is_empty() && !content.ends_with('\n') {
                    content.push('\n');
                }
                blocks.push(Block {
                    chapter: chapter.to_string(),
                    ordinal: blocks.len() + 1,
                    line,
                    lang,
                    attrs,
                    content,
                    content_range,
                });
            }
            _ => {}
        }
    }
    Ok(blocks)
}

impl Book {
    /// Reads every chapter listed in SUMMARY.md.
    pub fn load(root: &Path) -> Result<Book, String> {
        let mut chapters = Vec::new();
        for path in summary_order(root)? {
            let text = fs::read_to_string(root.join(&path))
                .map_err(|e| format!("SUMMARY.md lists {path}, which cannot be read: {e}"))?;
            let blocks = blocks_of(&path, &text)?;
            chapters.push(Chapter { path, text, blocks });
        }
        Ok(Book {
            root: root.to_path_buf(),
            chapters,
        })
    }

    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.chapters.iter().flat_map(|c| c.blocks.iter())
    }
}

/// Finds the repository root: the nearest ancestor holding the book.
pub fn find_root(start: &Path) -> Result<PathBuf, String> {
    let mut dir = start.to_path_buf();
    loop {
        if dir.join("book/src/SUMMARY.md").is_file() {
            return Ok(dir);
        }
        if !dir.pop() {
            return Err(format!("no book/src/SUMMARY.md above {}", start.display()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_info;

    #[test]
    fn info_strings_split_on_spaces_and_commas() {
        let (lang, attrs) = parse_info("rust,file=src/a.rs");
        assert_eq!(lang, "rust");
        assert_eq!(attrs["file"], "src/a.rs");
        let (lang, attrs) = parse_info("rust,ignore");
        assert_eq!(lang, "rust");
        assert!(attrs.contains_key("ignore"));
    }

    #[test]
    fn a_comma_after_a_value_continues_the_list() {
        let (lang, attrs) = parse_info("text expect=join stage=unbox show=f,k_x assert=no-alloc:f");
        assert_eq!(lang, "text");
        assert_eq!(attrs["show"], "f,k_x");
        assert_eq!(attrs["stage"], "unbox");
        assert_eq!(attrs["assert"], "no-alloc:f");
        assert_eq!(attrs.len(), 4);
    }
}
