//! The `ast` dump: the tree as S-expressions, laid out to fit in 80
//! columns, each item preceded by its line and column.

use super::ast::*;
use super::token::{escape_bytes, escape_char};
use crate::diagnostics::SourceFile;

/// An S-expression: the printer first builds one, then lays it out.
enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

fn atom(s: impl Into<String>) -> Sexp {
    Sexp::Atom(s.into())
}

fn list(head: &str, rest: impl IntoIterator<Item = Sexp>) -> Sexp {
    let mut items = vec![atom(head)];
    items.extend(rest);
    Sexp::List(items)
}

const WIDTH: usize = 80;
/// The widest list kept on its parent's first line.
const SHORT: usize = 30;

/// The forms whose first operand reads best beside their keyword:
/// `(fun (x y)`, `(if (< a b)`, `(match e`, `(case (Some x)`.
fn keeps_first_child(head: Option<&Sexp>) -> bool {
    matches!(head, Some(Sexp::Atom(h)) if
        ["fun", "let", "let rec", "if", "match", "try", "while", "case", "for"].contains(&h.as_str()))
}

fn flat_len(s: Option<&Sexp>) -> usize {
    s.and_then(|s| s.flat_width(usize::MAX)).unwrap_or(0)
}

impl Sexp {
    /// Its width printed on one line, or `None` if above `limit`.
    fn flat_width(&self, limit: usize) -> Option<usize> {
        match self {
            Sexp::Atom(s) => (s.len() <= limit).then_some(s.len()),
            Sexp::List(items) => {
                let mut width = 1;
                for (i, item) in items.iter().enumerate() {
                    width += usize::from(i > 0);
                    width += item.flat_width(limit.checked_sub(width)?)?;
                }
                width += 1;
                (width <= limit).then_some(width)
            }
        }
    }

    fn write_flat(&self, out: &mut String) {
        match self {
            Sexp::Atom(s) => out.push_str(s),
            Sexp::List(items) => {
                out.push('(');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    item.write_flat(out);
                }
                out.push(')');
            }
        }
    }

    /// Print on one line if it fits; otherwise the head (and any atoms
    /// right after it) on the first line and the rest one per line,
    /// indented by two.
    fn write(&self, out: &mut String, indent: usize) {
        let room = WIDTH.saturating_sub(indent);
        if self.flat_width(room).is_some() {
            return self.write_flat(out);
        }
        let Sexp::List(items) = self else {
            return self.write_flat(out);
        };
        out.push('(');
        let mut rest = items.iter().peekable();
        if let Some(head) = rest.next() {
            head.write(out, indent + 1);
        }
        let mut column = indent + 1 + flat_len(items.first());
        let mut remaining = items.len().saturating_sub(1);
        // Atoms, and one short list (a parameter list, a pattern), stay on
        // the head's line as long as something is left for the next lines.
        let mut short_list_taken = false;
        while let Some(item) = rest.peek() {
            let small = match item {
                Sexp::Atom(_) => true,
                Sexp::List(_) if !short_list_taken && keeps_first_child(items.first()) => {
                    short_list_taken = true;
                    item.flat_width(SHORT).is_some()
                }
                Sexp::List(_) => false,
            };
            if !small || remaining <= 1 || column + 1 + flat_len(Some(item)) > WIDTH {
                break;
            }
            out.push(' ');
            item.write_flat(out);
            column += 1 + flat_len(Some(item));
            remaining -= 1;
            rest.next();
        }
        for item in rest {
            out.push('\n');
            out.push_str(&" ".repeat(indent + 2));
            item.write(out, indent + 2);
        }
        out.push(')');
    }
}

/// The whole program.
pub fn print_program(file: &SourceFile, program: &Program) -> String {
    let mut out = String::new();
    for item in &program.items {
        let (line, col) = file.line_col(item.span.start);
        out.push_str(&format!(";; {line}:{col}\n"));
        item_sexp(item).write(&mut out, 0);
        out.push('\n');
    }
    out
}

fn item_sexp(item: &Item) -> Sexp {
    match &item.kind {
        ItemKind::Let(rec_flag, bindings) => let_sexp(*rec_flag, bindings, None),
        ItemKind::Type(decls) => list("type", decls.iter().map(type_decl_sexp)),
        ItemKind::Exception(decl) => exception_sexp(decl),
        ItemKind::Expr(e) => list("expr", [expr_sexp(e)]),
    }
}

fn let_sexp(rec_flag: RecFlag, bindings: &[Binding], body: Option<&Expr>) -> Sexp {
    let head = if rec_flag == RecFlag::Recursive {
        "let rec"
    } else {
        "let"
    };
    let bindings = bindings
        .iter()
        .map(|b| Sexp::List(vec![pattern_sexp(&b.pat), expr_sexp(&b.expr)]));
    match body {
        Some(body) => list(head, [Sexp::List(bindings.collect()), expr_sexp(body)]),
        None => list(head, bindings),
    }
}

fn type_decl_sexp(decl: &TypeDecl) -> Sexp {
    let mut name = String::new();
    match decl.params.as_slice() {
        [] => {}
        [p] => name.push_str(&format!("'{} ", p.name)),
        ps => {
            let ps: Vec<String> = ps.iter().map(|p| format!("'{}", p.name)).collect();
            name.push_str(&format!("({}) ", ps.join(", ")));
        }
    }
    name.push_str(&decl.name.name);
    let body = match &decl.kind {
        TypeDeclKind::Abstract => atom("abstract"),
        TypeDeclKind::Abbrev(t) => list("=", [atom(type_text(t))]),
        TypeDeclKind::Variant(cs) => list(
            "variant",
            cs.iter().map(|c| {
                let mut items = vec![atom(&c.name.name)];
                items.extend(c.args.iter().map(|t| atom(arg_type_text(t))));
                Sexp::List(items)
            }),
        ),
        TypeDeclKind::Record(fs) => list(
            "record",
            fs.iter().map(|f| {
                let m = if f.mutable { "mutable " } else { "" };
                Sexp::List(vec![
                    atom(format!("{m}{}", f.name.name)),
                    atom(type_text(&f.ty)),
                ])
            }),
        ),
    };
    Sexp::List(vec![atom(name), body])
}

fn exception_sexp(decl: &ExceptionDecl) -> Sexp {
    let mut items = vec![atom(&decl.name.name)];
    items.extend(decl.args.iter().map(|t| atom(arg_type_text(t))));
    list("exception", items)
}

fn constant_text(c: &Constant) -> String {
    match c {
        Constant::Int(n) => n.to_string(),
        Constant::Int32(n) => format!("{n}l"),
        Constant::Int64(n) => format!("{n}L"),
        Constant::Nativeint(n) => format!("{n}n"),
        Constant::Float(x) => float_text(*x),
        Constant::Char(c) => format!("'{}'", escape_char(*c)),
        Constant::String(s) => format!("\"{}\"", escape_bytes(s)),
    }
}

/// A float that always reads as a float (`1.`, `1.5`, `1e+100`).
fn float_text(x: f64) -> String {
    let s = format!("{x:?}");
    match s.strip_suffix(".0") {
        Some(whole) => format!("{whole}."),
        None => s,
    }
}

fn path_text(p: &Path) -> String {
    p.to_string()
}

fn expr_sexp(e: &Expr) -> Sexp {
    match &e.kind {
        ExprKind::Const(c) => atom(constant_text(c)),
        ExprKind::Var(p) => atom(path_text(p)),
        ExprKind::Construct(p, None) => atom(path_text(p)),
        ExprKind::Construct(p, Some(arg)) => match (&arg.kind, p.name.as_str()) {
            (ExprKind::Tuple(pair), CONS) if pair.len() == 2 && !p.is_qualified() => {
                list("::", pair.iter().map(expr_sexp))
            }
            _ => list(&path_text(p), [expr_sexp(arg)]),
        },
        ExprKind::Apply(f, args) => {
            let mut items = vec![expr_sexp(f)];
            items.extend(args.iter().map(|a| match &a.label {
                Some(l) => Sexp::List(vec![atom(format!("~{}", l.name)), expr_sexp(&a.expr)]),
                None => expr_sexp(&a.expr),
            }));
            Sexp::List(items)
        }
        ExprKind::Let(rec_flag, bindings, body) => let_sexp(*rec_flag, bindings, Some(body)),
        ExprKind::LetException(decl, body) => list("let", [exception_sexp(decl), expr_sexp(body)]),
        ExprKind::Fun(params, body) => list(
            "fun",
            [
                Sexp::List(params.iter().map(pattern_sexp).collect()),
                expr_sexp(body),
            ],
        ),
        ExprKind::Function(cases) => list("function", cases.iter().map(case_sexp)),
        ExprKind::Match(e, cases) => list(
            "match",
            std::iter::once(expr_sexp(e)).chain(cases.iter().map(case_sexp)),
        ),
        ExprKind::Try(e, cases) => list(
            "try",
            std::iter::once(expr_sexp(e)).chain(cases.iter().map(case_sexp)),
        ),
        ExprKind::Tuple(es) => list("tuple", es.iter().map(expr_sexp)),
        ExprKind::Record { fields, base } => {
            let mut items = Vec::new();
            if let Some(b) = base {
                items.push(list("with", [expr_sexp(b)]));
            }
            items.extend(
                fields
                    .iter()
                    .map(|f| Sexp::List(vec![atom(path_text(&f.field)), expr_sexp(&f.expr)])),
            );
            list("record", items)
        }
        ExprKind::Field(e, f) => list("field", [expr_sexp(e), atom(path_text(f))]),
        ExprKind::SetField(e, f, v) => {
            list("setfield", [expr_sexp(e), atom(path_text(f)), expr_sexp(v)])
        }
        ExprKind::Array(es) => list("array", es.iter().map(expr_sexp)),
        ExprKind::ArrayGet(a, i) => list("array.get", [expr_sexp(a), expr_sexp(i)]),
        ExprKind::ArraySet {
            array,
            index,
            value,
        } => list(
            "array.set",
            [expr_sexp(array), expr_sexp(index), expr_sexp(value)],
        ),
        ExprKind::StringGet(s, i) => list("string.get", [expr_sexp(s), expr_sexp(i)]),
        ExprKind::If { cond, then_, else_ } => {
            let mut items = vec![expr_sexp(cond), expr_sexp(then_)];
            items.extend(else_.iter().map(|e| expr_sexp(e)));
            list("if", items)
        }
        ExprKind::Sequence(..) => {
            // Flatten the right-nested chain into one `seq`.
            let mut items = Vec::new();
            let mut cur = e;
            while let ExprKind::Sequence(a, b) = &cur.kind {
                items.push(expr_sexp(a));
                cur = b;
            }
            items.push(expr_sexp(cur));
            list("seq", items)
        }
        ExprKind::While(c, b) => list("while", [expr_sexp(c), expr_sexp(b)]),
        ExprKind::For {
            var,
            start,
            dir,
            stop,
            body,
        } => {
            let dir = if *dir == Direction::Upto {
                "to"
            } else {
                "downto"
            };
            list(
                "for",
                [
                    pattern_sexp(var),
                    expr_sexp(start),
                    atom(dir),
                    expr_sexp(stop),
                    expr_sexp(body),
                ],
            )
        }
        ExprKind::Constraint(e, t) => list(":", [expr_sexp(e), atom(type_text(t))]),
        ExprKind::Assert(e) => list("assert", [expr_sexp(e)]),
    }
}

fn case_sexp(c: &Case) -> Sexp {
    let mut items = vec![pattern_sexp(&c.pat)];
    if let Some(g) = &c.guard {
        items.push(list("when", [expr_sexp(g)]));
    }
    items.push(expr_sexp(&c.body));
    list("case", items)
}

fn pattern_sexp(p: &Pattern) -> Sexp {
    match &p.kind {
        PatternKind::Any => atom("_"),
        PatternKind::Var(x) => atom(x),
        PatternKind::Alias(p, x) => list("as", [pattern_sexp(p), atom(&x.name)]),
        PatternKind::Const(c) => atom(constant_text(c)),
        PatternKind::Range(a, b) => list(
            "range",
            [
                atom(format!("'{}'", escape_char(*a))),
                atom(format!("'{}'", escape_char(*b))),
            ],
        ),
        PatternKind::Tuple(ps) => list("tuple", ps.iter().map(pattern_sexp)),
        PatternKind::Construct(c, None) => atom(path_text(c)),
        PatternKind::Construct(c, Some(arg)) => match (&arg.kind, c.name.as_str()) {
            (PatternKind::Tuple(pair), CONS) if pair.len() == 2 && !c.is_qualified() => {
                list("::", pair.iter().map(pattern_sexp))
            }
            _ => list(&path_text(c), [pattern_sexp(arg)]),
        },
        PatternKind::Record { fields, open_ } => {
            let mut items: Vec<Sexp> = fields
                .iter()
                .map(|f| Sexp::List(vec![atom(path_text(&f.field)), pattern_sexp(&f.pat)]))
                .collect();
            if *open_ {
                items.push(atom("_"));
            }
            list("record", items)
        }
        PatternKind::Array(ps) => list("array", ps.iter().map(pattern_sexp)),
        PatternKind::Or(a, b) => list("|", [pattern_sexp(a), pattern_sexp(b)]),
        PatternKind::Constraint(p, t) => list(":", [pattern_sexp(p), atom(type_text(t))]),
    }
}

/// A type in OCaml's syntax, with the parentheses it needs.
pub fn type_text(t: &TypeExpr) -> String {
    type_text_at(t, 0)
}

/// A constructor argument: an arrow or a tuple needs parentheses there.
fn arg_type_text(t: &TypeExpr) -> String {
    type_text_at(t, 3)
}

/// `level`: 0 anywhere, 1 in a domain of `->`, 2 in a tuple, 3 as the
/// argument of a type constructor.
fn type_text_at(t: &TypeExpr, level: u8) -> String {
    let (text, own) = match &t.kind {
        TypeExprKind::Var(v) => (format!("'{v}"), 3),
        TypeExprKind::Any => ("_".to_owned(), 3),
        TypeExprKind::Arrow(a, b) => (
            format!("{} -> {}", type_text_at(a, 1), type_text_at(b, 0)),
            0,
        ),
        TypeExprKind::Tuple(ts) => {
            let parts: Vec<String> = ts.iter().map(|t| type_text_at(t, 3)).collect();
            (parts.join(" * "), 2)
        }
        TypeExprKind::Constr(p, args) => match args.as_slice() {
            [] => (path_text(p), 3),
            [a] => (format!("{} {}", type_text_at(a, 3), path_text(p)), 3),
            args => {
                let parts: Vec<String> = args.iter().map(type_text).collect();
                (format!("({}) {}", parts.join(", "), path_text(p)), 3)
            }
        },
    };
    if own < level {
        format!("({text})")
    } else {
        text
    }
}
