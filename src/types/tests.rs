//! Unit tests of unification, generalisation and printing.

use super::decls::{Decls, Scheme};
use super::printer::{print_out, Namer, TypePrinter};
use super::ty::{Ty, TypeId, TypeStore};
use super::unify::UnifyError;

fn show(store: &mut TypeStore, decls: &Decls, namer: &mut Namer, t: Ty) -> String {
    let mut weak = 0;
    let out = TypePrinter {
        store,
        decls,
        namer,
        weak_counter: &mut weak,
    }
    .out_of_ty(t);
    print_out(&out)
}

fn show_scheme(store: &mut TypeStore, decls: &Decls, s: &Scheme) -> String {
    let mut weak = 0;
    let mut namer = Namer::for_signature();
    let out = TypePrinter {
        store,
        decls,
        namer: &mut namer,
        weak_counter: &mut weak,
    }
    .out_of_stype(&s.body);
    print_out(&out)
}

#[test]
fn unify_var_with_arrow_and_print() {
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    let a = s.new_var();
    let b = s.new_var();
    let int = s.constant(TypeId::INT);
    let list_a = s.con(TypeId::LIST, vec![a]);
    let f = s.arrow(list_a, b);
    let g = s.new_var();
    s.unify(&decls, g, f).unwrap();
    s.unify(&decls, b, int).unwrap();
    assert_eq!(show(&mut s, &decls, &mut Namer::new(), g), "'a list -> int");
}

#[test]
fn occurs_check_fails() {
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    let a = s.new_var();
    let b = s.new_var();
    let f = s.arrow(a, b);
    match s.unify(&decls, a, f) {
        Err(UnifyError::Occurs(v, t)) => {
            assert!(s.same(v, a));
            assert!(s.same(t, f));
        }
        other => panic!("expected an occurs-check failure, got {:?}", other),
    }
}

#[test]
fn mismatch_reports_innermost_pair() {
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    let int = s.constant(TypeId::INT);
    let string = s.constant(TypeId::STRING);
    let l1 = s.con(TypeId::LIST, vec![int]);
    let l2 = s.con(TypeId::LIST, vec![string]);
    match s.unify(&decls, l1, l2) {
        Err(UnifyError::Mismatch(x, y)) => {
            assert_eq!(show(&mut s, &decls, &mut Namer::new(), x), "int");
            assert_eq!(show(&mut s, &decls, &mut Namer::new(), y), "string");
        }
        other => panic!("expected a mismatch, got {:?}", other),
    }
}

#[test]
fn generalisation_respects_levels() {
    // let f = fun x -> (x, y)   where y was bound outside (level 0)
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    let y = s.new_var();
    s.enter_level();
    let x = s.new_var();
    let pair = s.tuple(vec![x, y]);
    let f = s.arrow(x, pair);
    s.exit_level();
    let scheme = s.generalize(f);
    assert_eq!(scheme.params, 1);
    assert_eq!(show_scheme(&mut s, &decls, &scheme), "'a -> 'a * '_weak1");
    // Two instances have distinct variables for x but share y.
    let i1 = s.instantiate(&scheme);
    let i2 = s.instantiate(&scheme);
    let int = s.constant(TypeId::INT);
    let dom1 = s.new_var();
    let cod1 = s.new_var();
    let a1 = s.arrow(dom1, cod1);
    s.unify(&decls, i1, a1).unwrap();
    s.unify(&decls, dom1, int).unwrap();
    assert_eq!(show(&mut s, &decls, &mut Namer::new(), i2), "'a -> 'a * 'b");
    assert_eq!(
        show(&mut s, &decls, &mut Namer::new(), i1),
        "int -> int * 'a"
    );
}

#[test]
fn unifying_with_an_outer_variable_lowers_levels() {
    // fun y -> let f = fun x -> (y := x) ...: x is unified with y's
    // contents, so it must not be generalised.
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    let y = s.new_var();
    s.enter_level();
    let x = s.new_var();
    let list_x = s.con(TypeId::LIST, vec![x]);
    s.unify(&decls, y, list_x).unwrap();
    s.exit_level();
    let scheme = s.generalize(x);
    assert_eq!(scheme.params, 0);
}

#[test]
fn relaxed_value_restriction() {
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    s.enter_level();
    let a = s.new_var();
    let b = s.new_var();
    let list_a = s.con(TypeId::LIST, vec![a]);
    let ref_b = s.con(TypeId::REF, vec![b]);
    let t = s.tuple(vec![list_a, ref_b]);
    s.exit_level();
    s.lower_contravariant(&decls, t);
    let scheme = s.generalize(t);
    assert_eq!(
        show_scheme(&mut s, &decls, &scheme),
        "'a list * '_weak1 ref"
    );
}

#[test]
fn labelled_arrows_and_precedence() {
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    let unit = s.constant(TypeId::UNIT);
    let a = s.new_var();
    let finally = s.arrow(unit, unit);
    let body = s.arrow(unit, a);
    let rest = s.arrow(body, a);
    let t = s.new_node(super::ty::Node::Arrow(
        Some("finally".into()),
        finally,
        rest,
    ));
    assert_eq!(
        show(&mut s, &decls, &mut Namer::new(), t),
        "finally:(unit -> unit) -> (unit -> 'a) -> 'a"
    );
    let int = s.constant(TypeId::INT);
    let pair = s.tuple(vec![int, int]);
    let pairs = s.con(TypeId::LIST, vec![pair]);
    let t2 = s.arrow(pair, pairs);
    assert_eq!(
        show(&mut s, &decls, &mut Namer::new(), t2),
        "int * int -> (int * int) list"
    );
}

#[test]
fn the_standard_library_signatures_parse() {
    let lib = super::stdlib::Library::standard().unwrap();
    let decls = Decls::predefined();
    let mut s = TypeStore::new();
    let show = |s: &mut TypeStore, name: &str| {
        let id = lib.lookup(name).unwrap();
        show_scheme(s, &decls, &lib.entry(id).scheme)
    };
    assert_eq!(
        show(&mut s, "List.fold_left"),
        "('a -> 'b -> 'a) -> 'a -> 'b list -> 'a"
    );
    assert_eq!(
        show(&mut s, "Fun.protect"),
        "finally:(unit -> unit) -> (unit -> 'a) -> 'a"
    );
    assert_eq!(
        show(&mut s, "Option.value"),
        "'a option -> default:'a -> 'a"
    );
    assert_eq!(show(&mut s, "mod"), "int -> int -> int");
    assert_eq!(show(&mut s, "*"), "int -> int -> int");
    assert_eq!(
        lib.entry(lib.lookup("+").unwrap()).primitive.as_deref(),
        Some("%addint")
    );
    assert_eq!(lib.entry(lib.lookup("List.map").unwrap()).primitive, None);
    assert!(lib.lookup("List.nope").is_none());
}

/// The corpus and benchmark programs, with the signature `ocamlc -i`
/// printed for each (committed in `chapters-tests/types/expected/`).
fn corpus() -> Vec<(std::path::PathBuf, std::path::PathBuf)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["chapters-tests/corpus", "bench"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ml"))
            .collect();
        files.sort();
        for f in files {
            let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
            out.push((
                f,
                root.join("chapters-tests/types/expected")
                    .join(format!("{}.mli", stem)),
            ));
        }
    }
    out
}

#[test]
fn corpus_signatures_match_ocamlc() {
    let mut failures = Vec::new();
    for (ml, mli) in corpus() {
        let text = std::fs::read_to_string(&ml).unwrap();
        let file =
            crate::diagnostics::SourceFile::new(ml.file_name().unwrap().to_string_lossy(), text);
        let expected = std::fs::read_to_string(&mli).unwrap_or_default();
        match super::dump_typed(&file) {
            Ok(actual) if actual == expected => {}
            Ok(actual) => failures.push(format!(
                "{}:\n--- expected\n{}--- actual\n{}",
                ml.display(),
                expected,
                actual
            )),
            Err(ds) => failures.push(format!("{}: errors\n{}", ml.display(), file.render(&ds))),
        }
    }
    assert!(
        failures.is_empty(),
        "{} programs differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The chapter's golden cases: a file whose first line is
/// `(* error: TEXT *)` must be rejected, with a first error containing TEXT
/// and every diagnostic pointing inside the file; a `(* stage: typed *)`
/// file must be accepted.
#[test]
fn golden_cases_are_accepted_or_rejected_as_marked() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("chapters-tests/types");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ml"))
        .collect();
    files.sort();
    let mut invalid = 0;
    let mut problems = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let first = text.lines().next().unwrap_or_default().to_string();
        let file = crate::diagnostics::SourceFile::new(
            f.file_name().unwrap().to_string_lossy(),
            text.clone(),
        );
        let result = super::dump_typed(&file);
        if let Some(expected) = first
            .strip_prefix("(* error: ")
            .and_then(|l| l.strip_suffix(" *)"))
        {
            invalid += 1;
            match result {
                Ok(sig) => problems.push(format!(
                    "{}: accepted, with signature\n{}",
                    f.display(),
                    sig
                )),
                Err(ds) => {
                    let full = |d: &crate::diagnostics::Diagnostic| {
                        format!("{}\n{}", d.message, d.notes.join("\n"))
                    };
                    if !ds
                        .first()
                        .is_some_and(|d| d.is_error() && full(d).contains(expected))
                    {
                        problems.push(format!(
                            "{}: expected `{}`, got\n{}",
                            f.display(),
                            expected,
                            file.render(&ds)
                        ));
                    }
                    for d in &ds {
                        let valid =
                            d.span.start < d.span.end && (d.span.end as usize) <= text.len();
                        if !valid {
                            problems.push(format!(
                                "{}: bad span {:?} for `{}`",
                                f.display(),
                                d.span,
                                d.message
                            ));
                        }
                    }
                }
            }
        } else if let Err(ds) = result {
            problems.push(format!("{}: rejected:\n{}", f.display(), file.render(&ds)));
        }
    }
    assert!(invalid >= 25, "only {} invalid programs", invalid);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// With OCaml installed, compare with `ocamlc -i` itself rather than the
/// committed files (which this also checks are up to date), for the corpus
/// and for the chapter's valid golden cases.
#[test]
fn signatures_match_a_live_ocamlc() {
    if std::process::Command::new("ocamlc")
        .arg("-version")
        .output()
        .is_err()
    {
        println!("skipped: ocamlc not installed");
        eprintln!("skipped: ocamlc not installed");
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut programs: Vec<(std::path::PathBuf, Option<std::path::PathBuf>)> = corpus()
        .into_iter()
        .map(|(ml, mli)| (ml, Some(mli)))
        .collect();
    for e in std::fs::read_dir(root.join("chapters-tests/types"))
        .unwrap()
        .flatten()
    {
        let p = e.path();
        let valid = std::fs::read_to_string(&p).is_ok_and(|t| t.starts_with("(* stage: typed *)"));
        if p.extension().is_some_and(|x| x == "ml") && valid {
            programs.push((p, None));
        }
    }
    let mut failures = Vec::new();
    for (ml, committed) in programs {
        let output = std::process::Command::new("ocamlc")
            .arg("-i")
            .arg(&ml)
            .output()
            .unwrap();
        let expected = String::from_utf8_lossy(&output.stdout).into_owned();
        if let Some(mli) = committed {
            if std::fs::read_to_string(&mli).unwrap_or_default() != expected {
                failures.push(format!(
                    "{} is stale: regenerate it with `ocamlc -i`",
                    mli.display()
                ));
            }
        }
        let text = std::fs::read_to_string(&ml).unwrap();
        let file =
            crate::diagnostics::SourceFile::new(ml.file_name().unwrap().to_string_lossy(), text);
        match super::dump_typed(&file) {
            Ok(actual) if actual == expected => {}
            Ok(actual) => failures.push(format!(
                "{}:\n--- ocamlc -i\n{}--- flambeau\n{}",
                ml.display(),
                expected,
                actual
            )),
            Err(ds) => failures.push(format!("{}: errors\n{}", ml.display(), file.render(&ds))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A program of about `lines` lines, formatted as OCaml code usually is,
/// exercising declarations, matches, records, library calls and
/// polymorphism, for timing.
pub fn generated_program(lines: usize) -> String {
    let mut s = String::new();
    for i in 0..lines / 20 {
        s.push_str(&format!(
            "type t{i} =\n  | A{i} of int\n  | B{i} of string * int\n  | C{i}\n\
             type r{i} = {{ f{i} : int; mutable g{i} : float }}\n\
             let rec fold{i} f acc = function\n  | [] -> acc\n  | x :: xs -> fold{i} f (f acc x) xs\n\
             let g{i} x =\n  match x with\n  | A{i} n -> n + {i}\n  | B{i} (s, n) -> String.length s + n\n  | C{i} -> 0\n\
             let h{i} (r : r{i}) =\n  r.g{i} <- r.g{i} +. float_of_int r.f{i};\n  List.map (fun x -> x * 2) [r.f{i}; {i}]\n\
             let v{i} = fold{i} ( + ) 0 (h{i} {{ f{i} = {i}; g{i} = 1.0 }})\n\
             let pair{i} x = (x, [x], Some x, fun y -> (y, x))\n\
             let () =\n  if v{i} > 0 then print_int (g{i} (B{i} (\"x\", v{i})))\n  else print_newline ()\n"
        ));
    }
    s
}

/// Time spent on the CPU by this thread, where Linux tells it (the machine
/// that runs the tests may be busy, and wall-clock time would measure the
/// other processes too); wall-clock time elsewhere.
fn cpu_time(wall: std::time::Instant) -> std::time::Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .next()
                .and_then(|n| n.parse::<u64>().ok())
        })
        .map_or_else(|| wall.elapsed(), std::time::Duration::from_nanos)
}

#[test]
fn typing_a_large_program_is_fast() {
    let text = generated_program(10_000);
    assert!(text.lines().count() >= 9_990);
    let file = crate::diagnostics::SourceFile::new("big.ml", text);
    // The best of a few runs: the budget is about the compiler, not about
    // the other processes of a busy machine.
    let runs = if cfg!(debug_assertions) { 1 } else { 3 };
    let mut best = std::time::Duration::MAX;
    for _ in 0..runs {
        let wall = std::time::Instant::now();
        let start = cpu_time(wall);
        let program = crate::syntax::parse(&file).unwrap();
        let parsed = cpu_time(wall) - start;
        let typed = super::check_program(&file, &program);
        let total = cpu_time(wall) - start;
        assert!(typed.is_ok());
        println!(
            "10,000 lines: parsed in {:?}, parsed and typed in {:?} (CPU time)",
            parsed, total
        );
        best = best.min(total);
    }
    // The budget is 0.1 s in release; a debug build is much slower.
    let budget = if cfg!(debug_assertions) { 5.0 } else { 0.1 };
    assert!(best.as_secs_f64() < budget, "took {:?}", best);
}

/// The typed tree answers what lowering asks: tags, field indices and
/// flatness, array kinds, and what each name refers to.
#[test]
fn typed_tree_resolves_names_and_representations() {
    use super::decls::{RecordRepr, Tag};
    use super::typed::{ArrayKind, ExprKind, Item, PatternKind, ValueRef};
    let text = "type t = A | B of int | C | D of string\n\
                type p = { x : float; mutable y : float }\n\
                let f v = v\n\
                let g = f (D \"s\")\n\
                let q = { x = 1.0; y = 2.0 }\n\
                let arrays v = ([| 1.0 |], [| 1 |], [| \"s\" |], [| v |])\n\
                let () = print_int (List.length (List.map (fun n -> n + 1) [1]))\n";
    let file = crate::diagnostics::SourceFile::new("resolve.ml", text);
    let program = crate::syntax::parse(&file).unwrap();
    let typed = super::check_program(&file, &program).unwrap();
    let lets: Vec<&super::typed::Binding> = typed
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Let { bindings, .. } => bindings.first(),
            _ => None,
        })
        .collect();
    // let g = f (D "s"): a global function applied to a block constructor.
    match &lets[1].expr.kind {
        ExprKind::Apply(f, args) => {
            match f.kind {
                ExprKind::Var(ValueRef::Global(v)) => assert_eq!(&*typed.var(v).name, "f"),
                ref other => panic!("f resolved to {:?}", other),
            }
            match &args[0].kind {
                ExprKind::Construct(c, a) => {
                    assert_eq!(c.name(), "D");
                    assert!(matches!(
                        c,
                        super::typed::ConstructorRef::Variant {
                            tag: Tag::Block(1),
                            ..
                        }
                    ));
                    assert_eq!(a.len(), 1);
                }
                other => panic!("D resolved to {:?}", other),
            }
        }
        other => panic!("unexpected {:?}", other),
    }
    // let q = { x = 1.0; y = 2.0 }: a flat float record.
    match &lets[2].expr.kind {
        ExprKind::Record {
            fields, base: None, ..
        } => assert_eq!(fields.len(), 2),
        other => panic!("unexpected {:?}", other),
    }
    let field = super::pattern::field_of(&typed.decls, lets[2].expr.head().unwrap(), "y").unwrap();
    assert_eq!(
        (field.index, field.mutable, field.repr),
        (1, true, RecordRepr::Float)
    );
    // The four arrays have the four kinds.
    match &lets[3].expr.kind {
        ExprKind::Fun(_, body) => match &body.kind {
            ExprKind::Tuple(items) => {
                let kinds: Vec<ArrayKind> = items
                    .iter()
                    .map(|a| match &*a.ty {
                        super::typed::TypeExpr::Con(_, args) => typed.decls.array_kind(&args[0]),
                        other => panic!("not an array: {:?}", other),
                    })
                    .collect();
                assert_eq!(
                    kinds,
                    [
                        ArrayKind::Float,
                        ArrayKind::Int,
                        ArrayKind::Addr,
                        ArrayKind::Gen
                    ]
                );
            }
            other => panic!("unexpected {:?}", other),
        },
        other => panic!("unexpected {:?}", other),
    }
    // Library values are known by their qualified names and primitives.
    let mut library = Vec::new();
    fn walk(e: &super::typed::Expr, out: &mut Vec<super::stdlib::LibId>) {
        match &e.kind {
            ExprKind::Var(ValueRef::Library(id)) => out.push(*id),
            ExprKind::Apply(f, args) => {
                walk(f, out);
                args.iter().for_each(|a| walk(a, out));
            }
            ExprKind::Fun(_, b) => walk(b, out),
            ExprKind::Construct(_, args) => args.iter().for_each(|a| walk(a, out)),
            _ => {}
        }
    }
    walk(&lets[4].expr, &mut library);
    let names: Vec<&str> = library
        .iter()
        .map(|id| &*typed.library.entry(*id).qualified)
        .collect();
    assert_eq!(names, ["print_int", "List.length", "List.map", "+"]);
    assert!(matches!(lets[4].pat.kind, PatternKind::Construct(..)));
}
