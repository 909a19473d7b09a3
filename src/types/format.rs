//! A pretty-printer in the manner of OCaml's `Format` module (Oppen's
//! algorithm), enough of it to lay out signatures exactly as `ocamlc -i`
//! does: boxes (`h`, `v`, `hv`, `hov`, and the structural `b` box), break
//! hints with a number of spaces and an indentation offset, and text.
//!
//! OCaml computes the size of each box and break on the fly with a bounded
//! queue; we have the whole document at hand, so sizes are computed in a
//! first pass, with OCaml's exact definition: a break's size runs from the
//! break to the next break of the same box (that one's spaces included) or
//! to the box's end; a box's size is that of its contents.

/// What kind of box, and so when its breaks split the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxKind {
    /// Never splits.
    H,
    /// Splits at every break.
    V,
    /// Splits at every break, or at none if the box fits on the line.
    HV,
    /// Splits at a break only when what follows does not fit.
    HOV,
    /// Like `HOV`, but also splits when that reduces the indentation
    /// (OCaml's default box, `@[`).
    B,
    /// A box that fits on the line (decided when it opens).
    Fits,
}

#[derive(Clone, Debug)]
enum Token {
    Text(String),
    Break { spaces: usize, offset: isize },
    Open(BoxKind, isize),
    Close,
}

/// A document being built.
#[derive(Clone, Debug, Default)]
pub struct Doc {
    tokens: Vec<Token>,
}

impl Doc {
    pub fn new() -> Doc {
        Doc::default()
    }

    pub fn text(&mut self, s: impl Into<String>) -> &mut Doc {
        self.tokens.push(Token::Text(s.into()));
        self
    }

    /// `@;<spaces offset>`
    pub fn brk(&mut self, spaces: usize, offset: isize) -> &mut Doc {
        self.tokens.push(Token::Break { spaces, offset });
        self
    }

    /// `@ `
    pub fn space(&mut self) -> &mut Doc {
        self.brk(1, 0)
    }

    pub fn open(&mut self, kind: BoxKind, indent: isize) -> &mut Doc {
        self.tokens.push(Token::Open(kind, indent));
        self
    }

    pub fn close(&mut self) -> &mut Doc {
        self.tokens.push(Token::Close);
        self
    }

    /// The size of each token, as defined above.
    fn sizes(&self) -> Vec<usize> {
        let mut sizes = vec![0; self.tokens.len()];
        // Open boxes and pending breaks, with the total length before them.
        let mut scan: Vec<(usize, usize)> = Vec::new();
        let mut total = 0usize;
        for (i, t) in self.tokens.iter().enumerate() {
            match t {
                Token::Text(s) => {
                    total += s.len();
                    sizes[i] = s.len();
                }
                Token::Break { spaces, .. } => {
                    let before = total;
                    total += spaces;
                    if let Some(&(j, start)) = scan.last() {
                        if matches!(self.tokens[j], Token::Break { .. }) {
                            sizes[j] = total - start;
                            scan.pop();
                        }
                    }
                    scan.push((i, before));
                }
                Token::Open(..) => scan.push((i, total)),
                Token::Close => {
                    if let Some(&(j, start)) = scan.last() {
                        if matches!(self.tokens[j], Token::Break { .. }) {
                            sizes[j] = total - start;
                            scan.pop();
                        }
                    }
                    if let Some((j, start)) = scan.pop() {
                        sizes[j] = total - start;
                    }
                }
            }
        }
        sizes
    }
}

/// OCaml's default margin and maximum indentation.
pub const MARGIN: isize = 78;
const MAX_INDENT: isize = 68;

struct Printer {
    out: String,
    space_left: isize,
    current_indent: isize,
    is_new_line: bool,
    /// Open boxes: their kind (as decided when opened) and width.
    stack: Vec<(BoxKind, isize)>,
}

impl Printer {
    fn newline(&mut self, offset: isize, width: isize) {
        self.out.push('\n');
        self.is_new_line = true;
        let indent = (MARGIN - width + offset).clamp(0, MAX_INDENT);
        self.current_indent = indent;
        self.space_left = MARGIN - indent;
        self.out.extend(std::iter::repeat_n(' ', indent as usize));
    }

    fn same_line(&mut self, spaces: usize) {
        self.space_left -= spaces as isize;
        self.out.extend(std::iter::repeat_n(' ', spaces));
    }
}

impl Doc {
    /// Lay the document out within OCaml's margin, as `Format` would, in an
    /// outer `hov` box (OCaml's "system" box).
    pub fn render(&self) -> String {
        let sizes = self.sizes();
        let mut p = Printer {
            out: String::new(),
            space_left: MARGIN,
            current_indent: 0,
            is_new_line: true,
            stack: vec![(BoxKind::HOV, MARGIN)],
        };
        for (t, size) in self.tokens.iter().zip(sizes) {
            let size = size as isize;
            match t {
                Token::Text(s) => {
                    p.space_left -= s.len() as isize;
                    p.out.push_str(s);
                    p.is_new_line = false;
                }
                Token::Open(kind, indent) => {
                    let insertion_point = MARGIN - p.space_left;
                    if insertion_point > MAX_INDENT {
                        // No room to open a box here: break the line first.
                        if let Some(&(k, width)) = p.stack.last() {
                            if width > p.space_left && !matches!(k, BoxKind::Fits | BoxKind::H) {
                                p.newline(0, width);
                            }
                        }
                    }
                    let width = p.space_left - indent;
                    let kind = match kind {
                        BoxKind::V => BoxKind::V,
                        k if size > p.space_left => *k,
                        _ => BoxKind::Fits,
                    };
                    p.stack.push((kind, width));
                }
                Token::Close => {
                    if p.stack.len() > 1 {
                        p.stack.pop();
                    }
                }
                Token::Break { spaces, offset } => {
                    let (kind, width) = p.stack.last().copied().unwrap_or((BoxKind::HOV, MARGIN));
                    let fits = size <= p.space_left;
                    let split = match kind {
                        BoxKind::HOV => !fits,
                        BoxKind::B => {
                            !p.is_new_line && (!fits || p.current_indent > MARGIN - width + offset)
                        }
                        BoxKind::HV | BoxKind::V => true,
                        BoxKind::Fits | BoxKind::H => false,
                    };
                    if split {
                        p.newline(*offset, width);
                    } else {
                        p.same_line(*spaces);
                    }
                }
            }
        }
        p.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_that_fits_stays_on_one_line() {
        let mut d = Doc::new();
        d.open(BoxKind::HV, 2)
            .text("type t =")
            .brk(1, 2)
            .text("A")
            .space()
            .text("| B")
            .close();
        assert_eq!(d.render(), "type t = A | B");
    }

    #[test]
    fn an_hv_box_that_does_not_fit_splits_everywhere() {
        let mut d = Doc::new();
        d.open(BoxKind::HV, 2).text("type t =").brk(1, 2);
        for i in 0..8 {
            if i > 0 {
                d.space().text("| ");
            }
            d.text(format!("Constructor_number_{}", i));
        }
        d.close();
        let out = d.render();
        assert!(
            out.starts_with("type t =\n    Constructor_number_0\n  | Constructor_number_1\n"),
            "{}",
            out
        );
    }
}
