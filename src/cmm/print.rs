//! The Cmm printer, in the style of `ocamlopt -dcmm`: S-expressions, packed
//! onto lines of at most `MARGIN` columns, broken with a two-column indent.

use super::*;

const MARGIN: usize = 78;
/// The width of something that must never be printed flat.
const NEVER_FITS: usize = usize::MAX / 4;

/// A document: text, or a block of items that may each start a new line.
enum Doc {
    Text(String),
    Block {
        indent: usize,
        consistent: bool,
        items: Vec<(Sep, Doc)>,
        width: usize,
    },
}

/// What comes before an item of a block.
#[derive(Clone, Copy)]
enum Sep {
    /// Nothing: the item is glued to the previous one.
    Glue,
    /// A space, or a new line at the block's indent plus the offset.
    Break(isize),
    /// Always a new line at the block's indent plus the offset.
    Newline(isize),
}

impl Doc {
    fn text(s: impl Into<String>) -> Doc {
        Doc::Text(s.into())
    }

    fn width(&self) -> usize {
        match self {
            Doc::Text(s) => s.len(),
            Doc::Block { width, .. } => *width,
        }
    }

    /// A block whose breaks are taken one at a time, as needed (a "fill").
    fn fill(indent: usize, items: Vec<(Sep, Doc)>) -> Doc {
        Doc::block(indent, false, items)
    }

    /// A block whose breaks are all taken, or none.
    fn consistent(indent: usize, items: Vec<(Sep, Doc)>) -> Doc {
        Doc::block(indent, true, items)
    }

    fn block(indent: usize, consistent: bool, items: Vec<(Sep, Doc)>) -> Doc {
        let mut width: usize = 0;
        for (sep, d) in &items {
            let sep_width = match sep {
                Sep::Glue => 0,
                Sep::Break(_) => 1,
                Sep::Newline(_) => NEVER_FITS,
            };
            width = width.saturating_add(sep_width).saturating_add(d.width());
        }
        Doc::Block {
            indent,
            consistent,
            items,
            width: width.min(NEVER_FITS),
        }
    }
}

/// Lays a document out on lines, tracking the current column.
struct Renderer {
    out: String,
    col: usize,
    lines: usize,
}

impl Renderer {
    fn newline(&mut self, indent: usize) {
        self.out.push('\n');
        self.out.extend(std::iter::repeat_n(' ', indent));
        self.col = indent;
        self.lines += 1;
    }

    fn render(&mut self, doc: &Doc) {
        match doc {
            Doc::Text(s) => {
                self.out.push_str(s);
                self.col += s.len();
            }
            Doc::Block {
                indent,
                consistent,
                items,
                width,
            } => {
                let start = self.col;
                let at = |off: isize| (start + indent).saturating_add_signed(off);
                let break_all = *consistent && start + width > MARGIN;
                // Once an item has spilled over several lines, the next break
                // is taken too: text resuming after a multi-line item at the
                // end of its last line is hard to read (OCaml's "b" boxes).
                let mut spilled = false;
                for (i, (sep, item)) in items.iter().enumerate() {
                    match *sep {
                        Sep::Glue => {}
                        Sep::Break(off) => {
                            let chunk = item.width() + glued_width(&items[i + 1..]);
                            if break_all || spilled || self.col + 1 + chunk > MARGIN {
                                self.newline(at(off));
                            } else {
                                self.out.push(' ');
                                self.col += 1;
                            }
                            spilled = false;
                        }
                        Sep::Newline(off) => {
                            self.newline(at(off));
                            spilled = false;
                        }
                    }
                    let before = self.lines;
                    self.render(item);
                    spilled |= self.lines != before;
                }
            }
        }
    }
}

/// The width of the items glued to the one before them.
fn glued_width(items: &[(Sep, Doc)]) -> usize {
    items
        .iter()
        .take_while(|(sep, _)| matches!(sep, Sep::Glue))
        .map(|(_, d)| d.width())
        .sum()
}

fn render(doc: &Doc) -> String {
    let mut r = Renderer {
        out: String::new(),
        col: 0,
        lines: 0,
    };
    r.render(doc);
    r.out
}

impl fmt::Display for MachType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MachType::Void => "unit",
            MachType::Val => "val",
            MachType::Addr => "addr",
            MachType::Int => "int",
            MachType::Float => "float",
        })
    }
}

impl fmt::Display for IntCmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IntCmp::*;
        f.write_str(match self {
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Ult => "<u",
            Ule => "<=u",
            Ugt => ">u",
            Uge => ">=u",
        })
    }
}

impl fmt::Display for FloatCmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FloatCmp::*;
        f.write_str(match self {
            Eq => "==f",
            Neq => "!=f",
            Lt => "<f",
            Nlt => "!<f",
            Le => "<=f",
            Nle => "!<=f",
            Gt => ">f",
            Ngt => "!>f",
            Ge => ">=f",
            Nge => "!>=f",
        })
    }
}

impl fmt::Display for Chunk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Chunk::*;
        f.write_str(match self {
            ByteUnsigned => "unsigned int8",
            ByteSigned => "signed int8",
            SixteenUnsigned => "unsigned int16",
            SixteenSigned => "signed int16",
            ThirtytwoUnsigned => "unsigned int32",
            ThirtytwoSigned => "signed int32",
            WordInt => "int",
            WordVal => "val",
            Double => "float64",
        })
    }
}

impl fmt::Display for Operation {
    /// The operator's name, as it heads its S-expression.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Operation::*;
        match self {
            Apply(_) => f.write_str("app"),
            ExtCall {
                name, alloc: true, ..
            } => write!(f, "extcall \"{name}\""),
            ExtCall {
                name, alloc: false, ..
            } => write!(f, "extcall_noalloc \"{name}\""),
            Load {
                chunk,
                mutable: false,
            } => write!(f, "load {chunk}"),
            Load {
                chunk,
                mutable: true,
            } => write!(f, "load_mut {chunk}"),
            Alloc => f.write_str("alloc"),
            Store { chunk, init: true } => write!(f, "store {chunk}(init)"),
            Store { chunk, init: false } => write!(f, "store {chunk}"),
            AddI => f.write_str("+"),
            SubI => f.write_str("-"),
            MulI => f.write_str("*"),
            DivI => f.write_str("/"),
            ModI => f.write_str("mod"),
            And => f.write_str("and"),
            Or => f.write_str("or"),
            Xor => f.write_str("xor"),
            Lsl => f.write_str("<<"),
            Lsr => f.write_str(">>u"),
            Asr => f.write_str(">>s"),
            CmpI(c) => write!(f, "{c}"),
            AddV => f.write_str("+v"),
            AddA => f.write_str("+a"),
            NegF => f.write_str("~f"),
            AbsF => f.write_str("absf"),
            AddF => f.write_str("+f"),
            SubF => f.write_str("-f"),
            MulF => f.write_str("*f"),
            DivF => f.write_str("/f"),
            FloatOfInt => f.write_str("floatofint"),
            IntOfFloat => f.write_str("intoffloat"),
            CmpF(c) => write!(f, "{c}"),
            Raise(RaiseKind::Regular) => f.write_str("raise"),
            Raise(RaiseKind::Reraise) => f.write_str("reraise"),
            Raise(RaiseKind::NoTrace) => f.write_str("raise_notrace"),
            Checkbound => f.write_str("checkbound"),
        }
    }
}

impl fmt::Display for TrapAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrapAction::Push(l) => write!(f, "push({l})"),
            TrapAction::Pop(l) => write!(f, "pop({l})"),
        }
    }
}

impl fmt::Display for ExitLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExitLabel::Label(l) => write!(f, "{l}"),
            ExitLabel::Return => f.write_str("*return*"),
        }
    }
}

/// A float constant, written so that it reads back as the same double.
/// (`ocamlopt -dcmm` uses OCaml's `%F`, which keeps 12 significant digits.)
pub fn float_literal(x: f64) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        if x > 0.0 { "infinity" } else { "neg_infinity" }.to_string()
    } else {
        format!("{x:?}")
    }
}

/// A string as an OCaml string literal.
pub fn string_literal(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            b'\x08' => s.push_str("\\b"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\{b:03}")),
        }
    }
    s.push('"');
    s
}

/// `(head item item ...)`, packed.
fn sexp(head: String, items: Vec<Doc>) -> Doc {
    let mut parts = vec![(Sep::Glue, Doc::text(format!("({head}")))];
    parts.extend(items.into_iter().map(|d| (Sep::Break(0), d)));
    parts.push((Sep::Glue, Doc::text(")")));
    Doc::fill(2, parts)
}

/// The items of a sequence, flattened: `(seq a (seq b c))` lists `a b c`
/// wherever a sequence is expected (bodies of lets, handlers, functions).
fn sequence_items(e: &Expr, out: &mut Vec<Doc>) {
    let mut e = e;
    while let Expr::Sequence(a, b) = e {
        sequence_items(a, out);
        e = b;
    }
    out.push(expr(e));
}

fn sequence(e: &Expr) -> Vec<Doc> {
    let mut out = Vec::new();
    sequence_items(e, &mut out);
    out
}

fn params(params: &[(Var, MachType)]) -> String {
    params.iter().map(|(v, ty)| format!(" {v}: {ty}")).collect()
}

fn expr(e: &Expr) -> Doc {
    match e {
        Expr::ConstInt(n) => Doc::text(n.to_string()),
        Expr::ConstFloat(x) => Doc::text(float_literal(*x)),
        Expr::ConstSymbol(s) => Doc::text(format!("\"{s}\"")),
        Expr::Var(v) => Doc::text(v.to_string()),
        Expr::Unit => Doc::text("[]"),
        Expr::Let(..) => let_chain(e),
        Expr::LetMut(v, ty, def, body) => {
            let binding = Doc::fill(
                2,
                vec![
                    (Sep::Glue, Doc::text(format!("{v}: {ty}"))),
                    (Sep::Break(0), expr(def)),
                ],
            );
            let mut items = vec![binding];
            items.extend(sequence(body));
            sexp("let_mut".to_string(), items)
        }
        Expr::Assign(v, e) => sexp(format!("assign {v}"), vec![expr(e)]),
        Expr::Op(op, args) => {
            let mut items: Vec<Doc> = args.iter().map(expr).collect();
            match op {
                Operation::Apply(ty) | Operation::ExtCall { result: ty, .. } => {
                    items.push(Doc::text(ty.to_string()))
                }
                _ => {}
            }
            sexp(op.to_string(), items)
        }
        Expr::Sequence(..) => sexp("seq".to_string(), sequence(e)),
        Expr::If(c, a, b) => sexp("if".to_string(), vec![expr(c), expr(a), expr(b)]),
        Expr::Switch {
            scrutinee,
            index,
            cases,
        } => switch(scrutinee, index, cases),
        Expr::Catch {
            kind,
            handlers,
            body,
        } => catch(*kind, handlers, body),
        Expr::Exit { label, args, traps } => {
            let traps = if traps.is_empty() {
                String::new()
            } else {
                let t: Vec<String> = traps.iter().map(|t| t.to_string()).collect();
                format!("<{}>", t.join(" "))
            };
            sexp(
                format!("exit{traps} {label}"),
                args.iter().map(expr).collect(),
            )
        }
    }
}

/// `(let x e body)`, or for nested lets `(let (x1 e1 x2 e2) body)`.
fn let_chain(e: &Expr) -> Doc {
    let mut bindings = Vec::new();
    let mut e = e;
    while let Expr::Let(v, def, body) = e {
        bindings.push(Doc::fill(
            2,
            vec![
                (Sep::Glue, Doc::text(v.to_string())),
                (Sep::Break(0), expr(def)),
            ],
        ));
        e = body;
    }
    let bindings = if bindings.len() == 1 {
        bindings.remove(0)
    } else {
        let mut parts = vec![(Sep::Glue, Doc::text("("))];
        for (i, b) in bindings.into_iter().enumerate() {
            parts.push((if i == 0 { Sep::Glue } else { Sep::Break(0) }, b));
        }
        parts.push((Sep::Glue, Doc::text(")")));
        Doc::fill(1, parts)
    };
    let mut items = vec![bindings];
    items.extend(sequence(e));
    sexp("let".to_string(), items)
}

fn switch(scrutinee: &Expr, index: &[usize], cases: &[Expr]) -> Doc {
    let mut parts = vec![
        (Sep::Glue, Doc::text("(switch")),
        (Sep::Break(0), expr(scrutinee)),
    ];
    for (i, case) in cases.iter().enumerate() {
        let values: Vec<String> = index
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == i)
            .map(|(v, _)| format!("case {v}:"))
            .collect();
        let mut case_parts = vec![(Sep::Glue, Doc::text(values.join(" ")))];
        case_parts.extend(sequence(case).into_iter().map(|d| (Sep::Break(0), d)));
        parts.push((Sep::Newline(0), Doc::fill(2, case_parts)));
    }
    parts.push((Sep::Glue, Doc::text(")")));
    Doc::fill(2, parts)
}

fn catch(kind: CatchKind, handlers: &[Handler], body: &Expr) -> Doc {
    let head = match kind {
        CatchKind::Normal => "(catch",
        CatchKind::Recursive => "(catch rec",
        CatchKind::ExnHandler => "(catch exn",
    };
    let mut parts = vec![(Sep::Glue, Doc::text(head))];
    parts.extend(sequence(body).into_iter().map(|d| (Sep::Break(0), d)));
    for h in handlers {
        let with = format!("with({}{})", h.label, params(&h.params));
        parts.push((Sep::Break(-2), Doc::text(with)));
        parts.extend(sequence(&h.body).into_iter().map(|d| (Sep::Break(0), d)));
    }
    parts.push((Sep::Glue, Doc::text(")")));
    Doc::fill(2, parts)
}

fn fundecl(f: &FunDecl) -> Doc {
    let ps: Vec<String> = f
        .params
        .iter()
        .map(|(v, ty)| format!("{v}: {ty}"))
        .collect();
    let mut param_parts = vec![(Sep::Glue, Doc::text("("))];
    for (i, p) in ps.into_iter().enumerate() {
        param_parts.push((if i == 0 { Sep::Glue } else { Sep::Break(0) }, Doc::text(p)));
    }
    param_parts.push((Sep::Glue, Doc::text(")")));
    let body: Vec<(Sep, Doc)> = sequence(&f.body)
        .into_iter()
        .enumerate()
        .map(|(i, d)| (if i == 0 { Sep::Glue } else { Sep::Break(0) }, d))
        .collect();
    Doc::fill(
        1,
        vec![
            (Sep::Glue, Doc::text(format!("(function {}", f.name))),
            (Sep::Break(4), Doc::fill(1, param_parts)),
            (Sep::Newline(0), Doc::consistent(0, body)),
            (Sep::Glue, Doc::text(")")),
        ],
    )
}

fn data_item(d: &DataItem) -> String {
    match d {
        DataItem::DefineSymbol(s) => format!("\"{s}\":"),
        DataItem::GlobalSymbol(s) => format!("global \"{s}\""),
        DataItem::Int8(n) => format!("byte {n}"),
        DataItem::Int16(n) => format!("int16 {n}"),
        DataItem::Int32(n) => format!("int32 {n}"),
        DataItem::Int(n) => format!("int {n}"),
        DataItem::Double(x) => format!("double {}", float_literal(*x)),
        DataItem::SymbolAddress(s) => format!("addr \"{s}\""),
        DataItem::String(s) => format!("string {}", string_literal(s)),
        DataItem::Skip(n) => format!("skip {n}"),
        DataItem::Align(n) => format!("align {n}"),
    }
}

fn data(items: &[DataItem]) -> Doc {
    let mut parts = vec![(Sep::Glue, Doc::text("(data"))];
    parts.extend(
        items
            .iter()
            .map(|d| (Sep::Break(0), Doc::text(data_item(d)))),
    );
    parts.push((Sep::Glue, Doc::text(")")));
    Doc::consistent(1, parts)
}

/// Prints one expression.
pub fn expr_to_string(e: &Expr) -> String {
    render(&expr(e))
}

pub fn fundecl_to_string(f: &FunDecl) -> String {
    render(&fundecl(f))
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&expr_to_string(self))
    }
}

impl fmt::Display for FunDecl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&fundecl_to_string(self))
    }
}

impl fmt::Display for Program {
    /// Every phrase on its own lines; a blank line after each function.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in &self.phrases {
            match p {
                Phrase::Function(fd) => writeln!(f, "{}\n", fundecl_to_string(fd))?,
                Phrase::Data(items) => writeln!(f, "{}", render(&data(items)))?,
            }
        }
        Ok(())
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmm::helpers::*;

    fn exit(l: Label) -> Expr {
        Expr::Exit {
            label: ExitLabel::Label(l),
            args: vec![],
            traps: vec![],
        }
    }

    /// `let loop n = let r = ref 0 in for i = 0 to n do r := !r + i done; !r`
    /// as ocamlopt 4.13 translates it; its `-dcmm` listing is the expected
    /// text, up to stamps and source locations.
    #[test]
    fn layout_follows_ocamlopt() {
        let mut fresh = Fresh::new();
        let (r, i, bound, prev, n) = (
            fresh.var("r"),
            fresh.var("i"),
            fresh.var("bound"),
            fresh.var("*id_prev*"),
            fresh.var("n"),
        );
        let (l6, l7) = (Label(6), Label(7));
        let step = seq(
            Expr::Assign(i.clone(), Box::new(add_const(var(&i), 2))),
            Expr::If(
                Box::new(op(
                    Operation::CmpI(IntCmp::Eq),
                    vec![var(&prev), var(&bound)],
                )),
                Box::new(exit(l6)),
                Box::new(Expr::Unit),
            ),
        );
        let body = seq(
            Expr::Assign(r.clone(), Box::new(add_int_caml(var(&r), var(&i)))),
            seq(let_in(prev.clone(), var(&i), step), exit(l7)),
        );
        let lp = Expr::Catch {
            kind: CatchKind::Recursive,
            handlers: vec![Handler {
                label: l7,
                params: vec![],
                body,
            }],
            body: Box::new(exit(l7)),
        };
        let test = op(Operation::CmpI(IntCmp::Gt), vec![var(&i), var(&bound)]);
        let outer = Expr::Catch {
            kind: CatchKind::Normal,
            handlers: vec![Handler {
                label: l6,
                params: vec![],
                body: Expr::Unit,
            }],
            body: Box::new(Expr::If(Box::new(test), Box::new(exit(l6)), Box::new(lp))),
        };
        let inner = Expr::LetMut(
            i.clone(),
            MachType::Int,
            Box::new(int_const(0)),
            Box::new(let_in(bound, var(&n), outer)),
        );
        let e = Expr::LetMut(
            r.clone(),
            MachType::Int,
            Box::new(int_const(0)),
            Box::new(seq(inner, var(&r))),
        );
        let f = FunDecl {
            name: "camlT__loop_163".into(),
            params: vec![(n, MachType::Val)],
            body: e,
        };
        assert_eq!(
            f.to_string(),
            r#"(function camlT__loop_163 (n/5: val)
 (let_mut r/1: int 1
   (let_mut i/2: int 1
     (let bound/3 n/5
       (catch
         (if (> i/2 bound/3) (exit 6)
           (catch rec (exit 7) with(7) (assign r/1 (+ (+ r/1 i/2) -1))
             (let *id_prev*/4 i/2 (assign i/2 (+ i/2 2))
               (if (== *id_prev*/4 bound/3) (exit 6) []))
             (exit 7)))
       with(6) [])))
   r/1))"#
        );
    }

    #[test]
    fn switches_traps_and_exception_handlers() {
        let mut fresh = Fresh::new();
        let (n, e, x) = (fresh.var("n"), fresh.var("exn"), fresh.var("x"));
        let sw = Expr::Switch {
            scrutinee: Box::new(var(&n)),
            index: vec![0, 1, 1, 2],
            cases: vec![int_const(1), int_const(5), int_const(9)],
        };
        assert_eq!(
            sw.to_string(),
            "(switch n/1\n  case 0: 3\n  case 1: case 2: 11\n  case 3: 19)"
        );
        let (h, k) = (fresh.label(), fresh.label());
        let body = Expr::Catch {
            kind: CatchKind::Normal,
            handlers: vec![Handler {
                label: k,
                params: vec![(x.clone(), MachType::Int)],
                body: Expr::Exit {
                    label: ExitLabel::Return,
                    args: vec![var(&x)],
                    traps: vec![TrapAction::Pop(h)],
                },
            }],
            body: Box::new(Expr::Exit {
                label: ExitLabel::Label(k),
                args: vec![Expr::ConstInt(3)],
                traps: vec![TrapAction::Push(h)],
            }),
        };
        let t = Expr::Catch {
            kind: CatchKind::ExnHandler,
            handlers: vec![Handler {
                label: h,
                params: vec![(e.clone(), MachType::Val)],
                body: var(&e),
            }],
            body: Box::new(body),
        };
        assert_eq!(
            t.to_string(),
            "(catch exn\n  (catch (exit<push(1)> 2 3) with(2 x/3: int) (exit<pop(1)> *return* x/3))\nwith(1 exn/2: val) exn/2)"
        );
    }

    #[test]
    fn data_fits_on_a_line_or_takes_one_line_per_item() {
        let short = Phrase::Data(vec![
            DataItem::Int(3063),
            DataItem::DefineSymbol("camlT__9".into()),
            DataItem::SymbolAddress("camlT__m_160".into()),
            DataItem::Int(72057594037927941),
        ]);
        let long = Phrase::Data(vec![
            DataItem::Int(4087),
            DataItem::GlobalSymbol("camlT__5".into()),
            DataItem::DefineSymbol("camlT__5".into()),
            DataItem::SymbolAddress("caml_curry2".into()),
            DataItem::Int(144115188075855879),
            DataItem::SymbolAddress("camlT__bytes_216".into()),
            DataItem::String(b"he\"llo\n".to_vec()),
            DataItem::Double(0.1),
        ]);
        let program = Program {
            phrases: vec![short, long],
        };
        assert_eq!(
            program.to_string(),
            r#"(data int 3063 "camlT__9": addr "camlT__m_160" int 72057594037927941)
(data
 int 4087
 global "camlT__5"
 "camlT__5":
 addr "caml_curry2"
 int 144115188075855879
 addr "camlT__bytes_216"
 string "he\"llo\n"
 double 0.1)
"#
        );
    }

    #[test]
    fn floats_print_exactly() {
        let f = |x: f64| Expr::ConstFloat(x).to_string();
        assert_eq!(
            [
                f(0.1 + 0.2),
                f(1.0),
                f(1e100),
                f(f64::NEG_INFINITY),
                f(-0.0)
            ],
            [
                "0.30000000000000004",
                "1.0",
                "1e100",
                "neg_infinity",
                "-0.0"
            ]
        );
    }
}
