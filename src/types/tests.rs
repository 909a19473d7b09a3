//! Unit tests of unification, generalisation and printing.

use super::decls::{Decls, Scheme};
use super::printer::{print_out, Namer, TypePrinter};
use super::ty::{Ty, TypeId, TypeStore};
use super::unify::UnifyError;

fn show(store: &mut TypeStore, decls: &Decls, namer: &mut Namer, t: Ty) -> String {
    let mut weak = 0;
    let out = TypePrinter { store, decls, namer, weak_counter: &mut weak }.out_of_ty(t);
    print_out(&out)
}

fn show_scheme(store: &mut TypeStore, decls: &Decls, s: &Scheme) -> String {
    let mut weak = 0;
    let mut namer = Namer::for_signature();
    let out = TypePrinter { store, decls, namer: &mut namer, weak_counter: &mut weak }.out_of_stype(&s.body);
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
    assert_eq!(show(&mut s, &decls, &mut Namer::new(), i1), "int -> int * 'a");
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
    assert_eq!(show_scheme(&mut s, &decls, &scheme), "'a list * '_weak1 ref");
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
    let t = s.new_node(super::ty::Node::Arrow(Some("finally".into()), finally, rest));
    assert_eq!(show(&mut s, &decls, &mut Namer::new(), t), "finally:(unit -> unit) -> (unit -> 'a) -> 'a");
    let int = s.constant(TypeId::INT);
    let pair = s.tuple(vec![int, int]);
    let pairs = s.con(TypeId::LIST, vec![pair]);
    let t2 = s.arrow(pair, pairs);
    assert_eq!(show(&mut s, &decls, &mut Namer::new(), t2), "int * int -> (int * int) list");
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
    assert_eq!(show(&mut s, "List.fold_left"), "('a -> 'b -> 'a) -> 'a -> 'b list -> 'a");
    assert_eq!(show(&mut s, "Fun.protect"), "finally:(unit -> unit) -> (unit -> 'a) -> 'a");
    assert_eq!(show(&mut s, "Option.value"), "'a option -> default:'a -> 'a");
    assert_eq!(show(&mut s, "mod"), "int -> int -> int");
    assert_eq!(show(&mut s, "*"), "int -> int -> int");
    assert_eq!(lib.entry(lib.lookup("+").unwrap()).primitive.as_deref(), Some("%addint"));
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
            out.push((f, root.join("chapters-tests/types/expected").join(format!("{}.mli", stem))));
        }
    }
    out
}

#[test]
fn corpus_signatures_match_ocamlc() {
    let mut failures = Vec::new();
    for (ml, mli) in corpus() {
        let text = std::fs::read_to_string(&ml).unwrap();
        let file = crate::diagnostics::SourceFile::new(ml.file_name().unwrap().to_string_lossy(), text);
        let expected = std::fs::read_to_string(&mli).unwrap_or_default();
        match super::dump_typed(&file) {
            Ok(actual) if actual == expected => {}
            Ok(actual) => failures.push(format!("{}:\n--- expected\n{}--- actual\n{}", ml.display(), expected, actual)),
            Err(ds) => failures.push(format!("{}: errors\n{}", ml.display(), file.render(&ds))),
        }
    }
    assert!(failures.is_empty(), "{} programs differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn show_one() {
    let name = std::env::var("SHOW").unwrap_or_default();
    if name.is_empty() {
        return;
    }
    let text = std::fs::read_to_string(&name).unwrap();
    let file = crate::diagnostics::SourceFile::new(name.clone(), text);
    match super::dump_typed(&file) {
        Ok(s) => println!("{}", s),
        Err(ds) => println!("{}", file.render(&ds)),
    }
}
