//! The `typed` dump: the program's signature as `ocamlc -i` prints it,
//! with the same boxes and breaks as OCaml's `Oprint`, so that the two can
//! be compared character for character.

use super::decls::{ConstructorDecl, SType, TypeDecl, TypeKind};
use super::format::{BoxKind, Doc};
use super::infer::Checker;
use super::printer::{Namer, Out, TypePrinter};
use super::toplevel::SigItem;
use std::collections::HashSet;

/// Print a type (OCaml's `print_out_type`).
fn out_type(d: &mut Doc, t: &Out) {
    match t {
        Out::Arrow(label, a, b) => {
            d.open(BoxKind::B, 0);
            if let Some(l) = label {
                d.text(format!("{}:", l));
            }
            out_type_2(d, a);
            d.text(" ->").space();
            out_type(d, b);
            d.close();
        }
        _ => out_type_2(d, t),
    }
}

/// Tuples (`print_out_type_2`).
fn out_type_2(d: &mut Doc, t: &Out) {
    match t {
        Out::Tuple(ts) => {
            d.open(BoxKind::B, 0);
            type_list(d, ts, " *", out_simple);
            d.close();
        }
        _ => out_simple(d, t),
    }
}

/// `t1 sep@ t2 sep@ ...` (`print_typlist`).
fn type_list(d: &mut Doc, ts: &[Out], sep: &str, each: fn(&mut Doc, &Out)) {
    for (i, t) in ts.iter().enumerate() {
        if i > 0 {
            d.text(sep).space();
        }
        each(d, t);
    }
}

/// Variables, constructors, and parenthesised types (`print_simple_out_type`).
fn out_simple(d: &mut Doc, t: &Out) {
    match t {
        Out::Var(name) => {
            d.text(name.as_str());
        }
        Out::Con(name, args) => {
            d.open(BoxKind::B, 0);
            match args.as_slice() {
                [] => {}
                [a] => {
                    out_simple(d, a);
                    d.space();
                }
                _ => {
                    d.open(BoxKind::B, 1).text("(");
                    type_list(d, args, ",", out_type);
                    d.text(")").close().space();
                }
            }
            d.text(name.as_str()).close();
        }
        Out::Arrow(..) | Out::Tuple(_) => {
            d.open(BoxKind::B, 1).text("(");
            out_type(d, t);
            d.text(")").close();
        }
    }
}

/// A value's name as OCaml prints it: operators in parentheses.
fn value_name(name: &str) -> String {
    let ident = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if ident
        && !matches!(
            name,
            "mod" | "land" | "lor" | "lxor" | "lsl" | "lsr" | "asr" | "or"
        )
    {
        name.to_string()
    } else {
        format!("( {} )", name)
    }
}

/// A declaration's type, its parameters printed with their written names.
fn declared_out(c: &mut Checker, t: &SType, params: &[std::rc::Rc<str>]) -> Out {
    match t {
        SType::Param(i) => Out::Var(format!("'{}", params.get(*i as usize).map_or("_", |p| p))),
        SType::Con(id, ts) => Out::Con(
            c.decls.ty(*id).name.to_string(),
            ts.iter().map(|t| declared_out(c, t, params)).collect(),
        ),
        SType::Arrow(l, a, b) => Out::Arrow(
            l.clone(),
            Box::new(declared_out(c, a, params)),
            Box::new(declared_out(c, b, params)),
        ),
        SType::Tuple(ts) => Out::Tuple(ts.iter().map(|t| declared_out(c, t, params)).collect()),
        SType::Mono(_) | SType::Any => Out::Var("_".into()),
    }
}

/// `Name` or `@[<2>Name of@ t1 *@ t2@]` (`print_out_constr`).
fn constructor(d: &mut Doc, name: &str, args: &[Out]) {
    let name = if name == "::" { "(::)" } else { name };
    if args.is_empty() {
        d.text(name);
    } else {
        d.open(BoxKind::B, 2).text(format!("{} of", name)).space();
        type_list(d, args, " *", out_simple);
        d.close();
    }
}

fn type_decl(d: &mut Doc, c: &mut Checker, keyword: &str, decl: &TypeDecl) {
    d.open(BoxKind::B, 2).open(BoxKind::HV, 2);
    d.text(format!("{} ", keyword));
    let params: Vec<String> = decl.params.iter().map(|p| format!("'{}", p)).collect();
    match params.as_slice() {
        [] => {
            d.text(decl.name.to_string());
        }
        [p] => {
            d.open(BoxKind::B, 0)
                .text(p.as_str())
                .space()
                .text(decl.name.to_string())
                .close();
        }
        _ => {
            d.open(BoxKind::B, 0).text("(").open(BoxKind::B, 0);
            for (i, p) in params.iter().enumerate() {
                if i > 0 {
                    d.text(",").space();
                }
                d.text(p.as_str());
            }
            d.text(")")
                .close()
                .space()
                .text(decl.name.to_string())
                .close();
        }
    }
    match &decl.kind {
        TypeKind::Abstract | TypeKind::Open => {}
        TypeKind::Abbrev(body) => {
            let body = declared_out(c, body, &decl.params);
            d.text(" =").brk(1, 2);
            out_type(d, &body);
        }
        TypeKind::Variant(cs) => {
            d.text(" =").brk(1, 2);
            for (i, ConstructorDecl { name, args, .. }) in cs.iter().enumerate() {
                if i > 0 {
                    d.space().text("| ");
                }
                let args: Vec<Out> = args
                    .iter()
                    .map(|a| declared_out(c, a, &decl.params))
                    .collect();
                constructor(d, name, &args);
            }
        }
        TypeKind::Record(fields, _) => {
            d.text(" = {");
            for f in fields {
                let ty = declared_out(c, &f.ty, &decl.params);
                d.space().open(BoxKind::B, 2);
                d.text(format!(
                    "{}{} :",
                    if f.mutable { "mutable " } else { "" },
                    f.name
                ))
                .space();
                out_type(d, &ty);
                d.close().text(";");
            }
            d.brk(1, -2).text("}");
        }
    }
    d.close().close();
}

/// Print a signature as `ocamlc -i` does. Values that a later value of the
/// same name shadows are left out, as OCaml leaves them out.
pub fn print_signature(c: &mut Checker, items: &[SigItem]) -> String {
    let mut shadowed = HashSet::new();
    let mut later = HashSet::new();
    for (i, item) in items.iter().enumerate().rev() {
        if let SigItem::Value(v) = item {
            if !later.insert(v.name.clone()) {
                shadowed.insert(i);
            }
        }
    }
    let mut d = Doc::new();
    d.open(BoxKind::V, 0);
    let mut first = true;
    let mut weak_counter = 0;
    let mut separate = |d: &mut Doc| {
        if !std::mem::take(&mut first) {
            d.space();
        }
    };
    for (i, item) in items.iter().enumerate() {
        match item {
            SigItem::Value(v) if !shadowed.contains(&i) => {
                separate(&mut d);
                let mut namer = Namer::for_signature();
                let out = TypePrinter {
                    store: &mut c.store,
                    decls: &c.decls,
                    namer: &mut namer,
                    weak_counter: &mut weak_counter,
                }
                .out_of_stype(&v.scheme.body);
                d.open(BoxKind::B, 2)
                    .text(format!("val {} :", value_name(&v.name)))
                    .space();
                out_type(&mut d, &out);
                d.close();
            }
            SigItem::Value(_) => {}
            SigItem::Types(ids) => {
                for (k, id) in ids.iter().enumerate() {
                    separate(&mut d);
                    let decl = c.decls.ty(*id).clone();
                    type_decl(&mut d, c, if k == 0 { "type" } else { "and" }, &decl);
                }
            }
            SigItem::Exception(id) => {
                separate(&mut d);
                let e = c.decls.exn(*id).clone();
                let args: Vec<Out> = e.args.iter().map(|a| declared_out(c, a, &[])).collect();
                d.open(BoxKind::B, 2).text("exception ");
                constructor(&mut d, &e.name, &args);
                d.close();
            }
        }
    }
    d.close();
    let mut text = d.render();
    text.push('\n');
    text
}
