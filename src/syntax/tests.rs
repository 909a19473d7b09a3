//! Tests of the front end as a whole: every example program parses, every
//! invalid one gets a diagnostic with a span inside the file, and no input
//! at all makes the lexer or the parser panic.

use std::path::{Path, PathBuf};

use proptest::prelude::*;

use super::{dump_ast, dump_tokens, lex, parse};
use crate::diagnostics::{Diagnostic, SourceFile};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.ml` files of a directory, sorted.
fn ml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "ml"));
    files.sort();
    files
}

fn load(path: &Path) -> SourceFile {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    SourceFile::new(path.display().to_string(), text)
}

/// The valid programs: the end-to-end corpus and the benchmarks.
fn valid_programs() -> Vec<PathBuf> {
    let mut files = ml_files(&root().join("chapters-tests/corpus"));
    files.extend(ml_files(&root().join("bench")));
    files
}

#[test]
fn every_corpus_and_benchmark_program_parses() {
    let files = valid_programs();
    assert!(
        files.len() >= 30,
        "expected the corpus and the benchmarks, found {}",
        files.len()
    );
    for path in files {
        let file = load(&path);
        if let Err(diagnostics) = parse(&file) {
            panic!(
                "{} does not parse:\n{}",
                path.display(),
                file.render(&diagnostics)
            );
        }
        assert!(dump_tokens(&file).is_ok());
        assert!(dump_ast(&file).is_ok());
    }
}

fn assert_spans_inside(file: &SourceFile, diagnostics: &[Diagnostic]) {
    let len = file.text.len() as u32;
    for d in diagnostics {
        assert!(
            d.span.start <= d.span.end && d.span.end <= len,
            "{}: span {:?} outside the file ({len} bytes): {}",
            file.name,
            d.span,
            d.message
        );
        for (span, _) in &d.secondary {
            assert!(
                span.start <= span.end && span.end <= len,
                "{}: secondary span",
                file.name
            );
        }
    }
}

/// Each golden case of the Lexing chapter fails at the `tokens` stage, and
/// each of the Parsing chapter at the `ast` stage, with an error whose span
/// is within the file.
#[test]
fn every_invalid_program_gets_a_diagnostic_with_a_span() {
    let lexing = ml_files(&root().join("chapters-tests/lexing"));
    let parsing = ml_files(&root().join("chapters-tests/parsing"));
    assert!(lexing.len() + parsing.len() >= 20);
    for (files, dump) in [
        (
            lexing,
            dump_tokens as fn(&SourceFile) -> Result<String, Vec<Diagnostic>>,
        ),
        (parsing, dump_ast),
    ] {
        for path in files {
            let file = load(&path);
            match dump(&file) {
                Ok(out) => panic!("{} was accepted:\n{out}", path.display()),
                Err(diagnostics) => {
                    assert!(
                        diagnostics.iter().any(|d| d.is_error()),
                        "{}",
                        path.display()
                    );
                    assert_spans_inside(&file, &diagnostics);
                    // Rendering must not fail either.
                    assert!(!file.render(&diagnostics).is_empty());
                }
            }
        }
    }
}

/// Lex and parse, and check the one property every input must have.
fn lex_and_parse_never_panic(text: &str) {
    let file = SourceFile::new("fuzz.ml", text);
    let (_, lex_errors) = lex(&file);
    assert_spans_inside(&file, &lex_errors);
    match parse(&file) {
        Ok(_) => {}
        Err(diagnostics) => {
            assert!(!diagnostics.is_empty());
            assert_spans_inside(&file, &diagnostics);
        }
    }
}

/// Fragments of OCaml that random programs are made of: tokens, and a few
/// pieces that are hard to hit by chance (comments, literals with escapes).
const FRAGMENTS: &[&str] = &[
    "let",
    "rec",
    "in",
    "and",
    "=",
    "fun",
    "function",
    "->",
    "match",
    "with",
    "|",
    "if",
    "then",
    "else",
    "begin",
    "end",
    "(",
    ")",
    "[",
    "]",
    "[|",
    "|]",
    "{",
    "}",
    ";",
    ";;",
    ",",
    "::",
    ":",
    ".",
    "..",
    "<-",
    ":=",
    "+",
    "-",
    "*",
    "/",
    "-.",
    "**",
    "@",
    "^",
    "|>",
    "&&",
    "||",
    "!",
    "~-",
    "x",
    "f",
    "y",
    "Some",
    "None",
    "List.map",
    "A",
    "1",
    "-1",
    "0x1F",
    "1.5",
    "'a'",
    "'\\n'",
    "\"s\\n\"",
    "true",
    "()",
    "type",
    "of",
    "exception",
    "try",
    "raise",
    "while",
    "do",
    "done",
    "for",
    "to",
    "mutable",
    "when",
    "as",
    "_",
    "'a",
    "int",
    "list",
    "(*",
    "*)",
    "\"",
    "~finally:",
    "~default",
    "assert",
    "module",
    "lazy",
    "`A",
    "#",
    "4611686018427387904",
    "\\",
    "{|",
    "|}",
];

fn random_program() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..40).prop_map(|parts| parts.join(" "))
}

/// A corpus program with a few characters deleted or inserted.
fn mutated_corpus_program() -> impl Strategy<Value = String> {
    let programs: Vec<String> = valid_programs()
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let count = programs.len().max(1);
    (
        0..count,
        prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..4),
    )
        .prop_map(move |(which, edits)| {
            let mut text = programs.get(which).cloned().unwrap_or_default();
            for (index, kind, c) in edits {
                if text.is_empty() {
                    break;
                }
                let mut at = index.index(text.len());
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                match kind {
                    0 => {
                        text.remove(at);
                    }
                    1 => text.insert(at, c),
                    // Insert a character that means something to OCaml.
                    _ => text.insert(
                        at,
                        "()[]{};|\"'*-.:="
                            .chars()
                            .nth(c as usize % 15)
                            .unwrap_or(' '),
                    ),
                }
            }
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_token_sequences_never_panic(text in random_program()) {
        lex_and_parse_never_panic(&text);
    }

    #[test]
    fn mutated_programs_never_panic(text in mutated_corpus_program()) {
        lex_and_parse_never_panic(&text);
    }
}

/// OCaml's precedence and associativity, case by case. Each expected tree
/// was checked against `ocamlc -dsource` (the expression printed back with
/// all its parentheses parses, in OCaml, to the same tree as the original).
#[test]
fn precedence_follows_ocaml() {
    let cases = [
        ("f -1", "(- f 1)"),
        ("- 1 + f x", "(+ -1 (f x))"),
        ("a :: b @ c", "(@ (:: a b) c)"),
        ("if a then b; c", "(seq (if a b) c)"),
        ("x |> f |> g", "(|> (|> x f) g)"),
        ("a := b := c", "(:= a (:= b c))"),
        ("- x.(1)", "(~- (array.get x 1))"),
        ("f x.y.(2)", "(f (array.get (field x y) 2))"),
        ("a.(i) <- b, c", "(array.set a i (tuple b c))"),
        ("r.x <- 1; 2", "(seq (setfield r x 1) 2)"),
        ("a || b && c || d", "(|| a (|| (&& b c) d))"),
        ("a = b = c", "(= (= a b) c)"),
        ("a ** b ** c", "(** a (** b c))"),
        ("a - b - c", "(- (- a b) c)"),
        ("fun x -> x; y", "(fun (x) (seq x y))"),
        (
            "match a with b -> c | d -> match e with f -> g | h -> i",
            "(match a (case b c) (case d (match e (case f g) (case h i))))",
        ),
        ("a &&& b && c", "(&& (&&& a b) c)"),
        ("-f x", "(~- (f x))"),
        ("f ~-x", "(f (~- x))"),
        ("x := if a then b else c; d", "(seq (:= x (if a b c)) d)"),
        (
            "if a then let x = 1 in x; y",
            "(if a (let ((x 1)) (seq x y)))",
        ),
        ("[1; 2, 3]", "(:: 1 (:: (tuple 2 3) []))"),
        ("a lsl b lsl c", "(lsl a (lsl b c))"),
        ("a mod b * c", "(* (mod a b) c)"),
        ("- - 1", "1"),
        ("a || if b then c else d || e", "(|| a (if b c (|| d e)))"),
        ("a, b := c", "(:= (tuple a b) c)"),
        ("!r.x", "(field (! r) x)"),
        ("-x ** 2", "(** (~- x) 2)"),
        ("if a then b else c, d", "(if a b (tuple c d))"),
        ("if a then b, c", "(if a (tuple b c))"),
        ("Some 1, 2", "(tuple (Some 1) 2)"),
        ("x.(0).(1) <- 3", "(array.set (array.get x 0) 1 3)"),
        ("-4611686018427387904", "-4611686018427387904"),
        ("4611686018427387904", "-4611686018427387904"),
        ("f (-1) (-x)", "(f -1 (~- x))"),
        (
            "1, let x = 2 in x, 3",
            "(tuple 1 (let ((x 2)) (tuple x 3)))",
        ),
        (
            "begin match x with _ -> 1 end + 2",
            "(+ (match x (case _ 1)) 2)",
        ),
        (
            "Fun.protect ~finally:(fun () -> ()) f",
            "(Fun.protect (~finally (fun (()) ())) f)",
        ),
        (
            "match x with A | B as y -> y | x :: _, _ | _, x :: _ -> x",
            "(match x (case (as (| A B) y) y) (case (| (tuple (:: x _) _) (tuple _ (:: x _))) x))",
        ),
    ];
    for (source, expected) in cases {
        let file = SourceFile::new("t.ml", format!("let _ = {source}"));
        let out = dump_ast(&file).unwrap_or_else(|d| panic!("{source}: {}", file.render(&d)));
        let flat: Vec<&str> = out.lines().skip(1).map(str::trim).collect();
        assert_eq!(
            flat.join(" "),
            format!("(let (_ {expected}))"),
            "for `{source}`"
        );
    }
}

/// The tokens of a string, without the final `Eof`.
fn tokens_of(text: &str) -> Vec<super::Token> {
    let file = SourceFile::new("t.ml", text);
    let (tokens, diagnostics) = lex(&file);
    assert!(diagnostics.is_empty(), "{}", file.render(&diagnostics));
    tokens
        .into_iter()
        .map(|(t, _)| t)
        .filter(|t| *t != super::Token::Eof)
        .collect()
}

#[test]
fn lexer_handles_comments_strings_and_escapes() {
    use super::Token::*;
    // Nested comments, and string and character literals inside comments.
    assert_eq!(
        tokens_of("(* a (* b *) \"*)\" '\"' *) x"),
        vec![Lident("x".into())]
    );
    // `(*)` opens a comment; `( * )` is the operator.
    assert_eq!(tokens_of("(*) *) 1"), tokens_of("1"));
    assert_eq!(tokens_of("( * )"), vec![LParen, Star, RParen]);
    // Escapes: simple, decimal, hexadecimal, octal, Unicode, continuation.
    assert_eq!(
        tokens_of("\"a\\tb\\065\\x42\\o103\\u{e9}\\\n    d\""),
        vec![String(b"a\tbABC\xc3\xa9d".to_vec())]
    );
    assert_eq!(
        tokens_of("'\\n' '\\255' '\\''"),
        vec![Char(b'\n'), Char(255), Char(b'\'')]
    );
    assert_eq!(
        tokens_of("{|a\\n|} {id|x|}|id}"),
        vec![String(b"a\\n".to_vec()), String(b"x|}".to_vec())]
    );
    // A type variable is a quote and a name, not a character.
    assert_eq!(tokens_of("'a"), vec![Quote, Lident("a".into())]);
    // Operators take the longest run of symbol characters, then OCaml's
    // fixed tokens win ties.
    assert_eq!(
        tokens_of("|> @@ ** != -> <- := || && -. +. ~- !x"),
        vec![
            InfixOp0("|>".into()),
            InfixOp1("@@".into()),
            InfixOp4("**".into()),
            InfixOp0("!=".into()),
            MinusGreater,
            LessMinus,
            ColonEqual,
            BarBar,
            AmperAmper,
            MinusDot,
            PlusDot,
            PrefixOp("~-".into()),
            Bang,
            Lident("x".into()),
        ]
    );
    assert_eq!(
        tokens_of("~finally:f"),
        vec![Label("finally".into()), Lident("f".into())]
    );
}

#[test]
fn literals_decode_as_ocaml_does() {
    use super::ast::Constant::*;
    let cases: &[(&str, super::ast::Constant)] = &[
        ("0x1F", Int(31)),
        ("0o17", Int(15)),
        ("0b101", Int(5)),
        ("1_000", Int(1000)),
        ("4611686018427387903", Int(4611686018427387903)),
        // max_int + 1 is accepted, and is min_int (OCaml's PR#4210).
        ("4611686018427387904", Int(-4611686018427387904)),
        ("-4611686018427387904", Int(-4611686018427387904)),
        // Hexadecimal literals may use all 63 bits and wrap.
        ("0x7FFFFFFFFFFFFFFF", Int(-1)),
        ("-9223372036854775808L", Int64(i64::MIN)),
        ("0xFFFFFFFFl", Int32(-1)),
        ("5n", Nativeint(5)),
        ("1.", Float(1.0)),
        ("1e10", Float(1e10)),
        ("1_000.5", Float(1000.5)),
        ("-1.5", Float(-1.5)),
        ("0x1p3", Float(8.0)),
        ("'\\x41'", Char(b'A')),
    ];
    for (source, expected) in cases {
        let file = SourceFile::new("t.ml", format!("let _ = {source}"));
        let program = parse(&file).unwrap_or_else(|d| panic!("{source}: {}", file.render(&d)));
        let super::ast::ItemKind::Let(_, bindings) = &program.items[0].kind else {
            panic!("{source}: not a let");
        };
        assert_eq!(
            bindings[0].expr.kind,
            super::ast::ExprKind::Const(expected.clone()),
            "{source}"
        );
    }
}
