//! Tests of the match compiler and of the warnings. Expected warning texts
//! are what OCaml 4.13 prints for the same matches.

use super::compile::{Head, Tree};
use super::*;
use crate::diagnostics::Span;
use crate::lambda::builder::{self as b, Builder};
use crate::lambda::interpret::interpret;
use crate::lambda::ir::Fresh;
use crate::lambda::primitive::PredefException;
use crate::observable::IntKind;
use std::rc::Rc;

/// A variant type and its constructors, numbered as OCaml numbers them.
fn variant(cs: &[(&str, usize)]) -> Vec<Rc<Constructor>> {
    let ty = Rc::new(VariantType {
        constructors: cs.iter().map(|(n, a)| (n.to_string(), *a)).collect(),
    });
    let (mut consts, mut blocks) = (0, 0u8);
    cs.iter()
        .map(|(name, arity)| {
            let tag = if *arity == 0 {
                consts += 1;
                ConstructorTag::Constant(consts - 1)
            } else {
                blocks += 1;
                ConstructorTag::Block(blocks - 1)
            };
            Rc::new(Constructor {
                name: name.to_string(),
                arity: *arity,
                tag,
                ty: Some(Rc::clone(&ty)),
            })
        })
        .collect()
}

struct Types {
    t: Vec<Rc<Constructor>>,
    list: Vec<Rc<Constructor>>,
    option: Vec<Rc<Constructor>>,
    boolean: Vec<Rc<Constructor>>,
}

/// `type t = A | B | C of int | D of string * t`, lists, options, bools.
fn types() -> Types {
    Types {
        t: variant(&[("A", 0), ("B", 0), ("C", 1), ("D", 2)]),
        list: variant(&[("[]", 0), ("::", 2)]),
        option: variant(&[("None", 0), ("Some", 1)]),
        boolean: variant(&[("false", 0), ("true", 0)]),
    }
}

fn c(cstr: &Rc<Constructor>, args: Vec<Pattern>) -> Pattern {
    Pattern::construct(cstr, args)
}

fn any() -> Pattern {
    Pattern::any()
}

fn int(n: i64) -> Pattern {
    Pattern::constant(Const::Int(n))
}

fn clause(patterns: Vec<Pattern>) -> Clause {
    Clause {
        patterns,
        guard: None,
        action: b::unit(),
    }
}

fn guarded(patterns: Vec<Pattern>) -> Clause {
    Clause {
        patterns,
        guard: Some(b::boolean(true)),
        action: b::unit(),
    }
}

fn example(clauses: &[Clause]) -> Option<String> {
    counterexample(clauses).map(|w| match w.as_slice() {
        [one] => witness_to_string(one),
        many => format!(
            "({})",
            many.iter()
                .map(witness_to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

#[test]
fn counterexamples_are_printed_as_ocaml_prints_them() {
    let Types {
        t,
        list,
        option,
        boolean,
    } = types();
    let (a, bb, cc, d) = (&t[0], &t[1], &t[2], &t[3]);
    let cases: Vec<(Vec<Clause>, &str)> = vec![
        (
            vec![clause(vec![c(a, vec![])]), clause(vec![c(cc, vec![any()])])],
            "(B|D (_, _))",
        ),
        (
            vec![
                clause(vec![Pattern::tuple(vec![
                    c(a, vec![]),
                    c(&boolean[1], vec![]),
                ])]),
                clause(vec![Pattern::tuple(vec![any(), c(&boolean[0], vec![])])]),
            ],
            "((B|C _|D (_, _)), true)",
        ),
        (vec![clause(vec![int(0)]), clause(vec![int(1)])], "2"),
        (
            vec![
                clause(vec![int(0)]),
                clause(vec![int(2)]),
                clause(vec![int(-1)]),
            ],
            "1",
        ),
        (
            vec![
                clause(vec![Pattern::constant(Const::Char(b'a'))]),
                clause(vec![Pattern::char_range(b'b', b'z', Span::default())]),
            ],
            "'A'",
        ),
        (
            vec![
                clause(vec![Pattern::char_range(b'a', b'y', Span::default())]),
                clause(vec![Pattern::char_range(0, b'Z', Span::default())]),
            ],
            "'z'",
        ),
        (
            vec![clause(vec![Pattern::constant(Const::String(Vec::new()))])],
            "\"*\"",
        ),
        (
            vec![clause(vec![Pattern::constant(Const::Float(1.5))])],
            "0.",
        ),
        (
            vec![clause(vec![Pattern::constant(Const::Boxed(
                IntKind::Int64,
                1,
            ))])],
            "0L",
        ),
        (
            vec![
                clause(vec![c(&list[0], vec![])]),
                clause(vec![c(&list[1], vec![any(), c(&list[0], vec![])])]),
            ],
            "_::_::_",
        ),
        (
            vec![clause(vec![c(
                &list[1],
                vec![any(), c(&list[1], vec![any(), any()])],
            )])],
            "_::[]",
        ),
        (
            vec![
                clause(vec![c(&option[1], vec![c(cc, vec![int(1)])])]),
                clause(vec![c(&option[0], vec![])]),
            ],
            "Some (C 0)",
        ),
        (
            vec![
                clause(vec![c(d, vec![any(), c(d, vec![any(), c(a, vec![])])])]),
                clause(vec![Pattern::or(
                    Pattern::or(c(a, vec![]), c(bb, vec![])),
                    c(cc, vec![any()]),
                )]),
            ],
            "D (_, D (_, (B|C _|D (_, _))))",
        ),
        (vec![clause(vec![c(&boolean[1], vec![])])], "false"),
        (
            vec![
                clause(vec![c(
                    &option[1],
                    vec![Pattern::tuple(vec![c(&option[1], vec![int(1)]), any()])],
                )]),
                clause(vec![c(
                    &option[1],
                    vec![Pattern::tuple(vec![
                        c(&option[0], vec![]),
                        c(&boolean[0], vec![]),
                    ])],
                )]),
            ],
            "Some (Some 0, _)",
        ),
    ];
    for (clauses, expected) in cases {
        assert_eq!(example(&clauses).as_deref(), Some(expected));
    }
}

/// `{ a = 0; b = true; _ } | { b = false; _ }` over `{ a : int; b : bool; c : string }`.
#[test]
fn record_counterexamples_elide_wildcard_fields() {
    let boolean = types().boolean;
    let r = Rc::new(RecordType {
        labels: vec!["a".into(), "b".into(), "c".into()],
        flat_float: false,
    });
    let rec_pat = |ps| Pattern::new(PatternKind::Record(Rc::clone(&r), ps), Span::default());
    let clauses = vec![
        clause(vec![rec_pat(vec![int(0), c(&boolean[1], vec![]), any()])]),
        clause(vec![rec_pat(vec![any(), c(&boolean[0], vec![]), any()])]),
    ];
    assert_eq!(example(&clauses).as_deref(), Some("{a=1; b=true; _ }"));
}

#[test]
fn warnings_for_unused_clauses_and_guards() {
    let t = types().t;
    let span = |s: usize| Span::new(s, s + 1);
    // function A -> 1 | A -> 2 | _ -> 3
    let clauses = vec![
        clause(vec![c(&t[0], vec![])]),
        clause(vec![c(&t[0], vec![]).with_span(span(28))]),
        clause(vec![any()]),
    ];
    let warnings = check_match(&clauses, Span::new(10, 40), MatchKind::Total);
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].message, "this match case is unused.");
    assert_eq!(warnings[0].span, span(28));
    // match x with A | B -> 1 | C n when n > 0 -> 2 | D _ -> 3
    let clauses = vec![
        clause(vec![Pattern::or(c(&t[0], vec![]), c(&t[1], vec![]))]),
        guarded(vec![c(&t[2], vec![any()])]),
        clause(vec![c(&t[3], vec![any(), any()])]),
    ];
    let warnings = check_match(&clauses, Span::new(0, 50), MatchKind::Total);
    assert_eq!(warnings.len(), 1);
    assert_eq!(
        warnings[0].notes,
        vec![
            "Here is an example of a case that is not matched:\nC _".to_string(),
            "(However, some guarded clause may match this value.)".to_string()
        ]
    );
    // An exception handler may be partial, but not over an extensible
    // type in a match.
    let mut fresh = Fresh::new();
    let not_found = Rc::new(Constructor {
        name: "Not_found".into(),
        arity: 0,
        tag: ConstructorTag::Exception {
            slot: b::predef(PredefException::NotFound),
        },
        ty: None,
    });
    let _ = fresh.var("unused");
    let clauses = vec![clause(vec![c(&not_found, vec![])])];
    assert!(check_match(&clauses, Span::default(), MatchKind::Handler).is_empty());
    let total = check_match(&clauses, Span::default(), MatchKind::Total);
    assert_eq!(
        total[0].notes[0],
        "Here is an example of a case that is not matched:\n*extension*"
    );
}

/// Running compiled matches: `f` prints the number of the clause that
/// matches each argument.
fn run_match(
    scrutinee_values: Vec<crate::lambda::ir::Lambda>,
    build: impl FnOnce(&mut Builder, &Var) -> Lambda,
) -> String {
    let mut bld = Builder::new();
    let (f, x) = (bld.var("f"), bld.var("x"));
    let body = build(&mut bld, &x);
    let mut calls = Vec::new();
    for v in scrutinee_values {
        let call = b::apply(b::var(&f), vec![v]);
        calls.push(bld.print_int(call));
    }
    let program = bld.program(b::let_(&f, b::function(&[&x], body), b::seq(calls)));
    assert_eq!(crate::lambda::check::check_program(&program), Ok(()));
    let out = interpret(&program).expect("runs");
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn match_failure() -> OnFailure {
    OnFailure::Raise(b::predef_exn(
        PredefException::MatchFailure,
        vec![b::make_block(
            0,
            vec![b::string("t.ml"), b::int(1), b::int(2)],
        )],
    ))
}

#[test]
fn compiled_matches_select_the_first_matching_clause() {
    let t = types().t;
    // match x with A -> 0 | C 1 -> 1 | (B | C _) -> 2 | D (s, D _) -> 3 | D (_, (A | B)) when false -> 4
    let out = run_match(
        vec![
            b::int(0),
            b::make_block(0, vec![b::int(1)]),
            b::make_block(0, vec![b::int(5)]),
            b::int(1),
            b::make_block(
                1,
                vec![
                    b::string("s"),
                    b::make_block(1, vec![b::string("u"), b::int(0)]),
                ],
            ),
            b::make_block(1, vec![b::string("s"), b::int(1)]),
        ],
        |bld, x| {
            let s = bld.var("s");
            let clauses = vec![
                Clause {
                    patterns: vec![c(&t[0], vec![])],
                    guard: None,
                    action: b::int(0),
                },
                Clause {
                    patterns: vec![c(&t[2], vec![int(1)])],
                    guard: None,
                    action: b::int(1),
                },
                Clause {
                    patterns: vec![Pattern::or(c(&t[1], vec![]), c(&t[2], vec![any()]))],
                    guard: None,
                    action: b::int(2),
                },
                Clause {
                    patterns: vec![c(
                        &t[3],
                        vec![Pattern::var(&s), c(&t[3], vec![any(), any()])],
                    )],
                    guard: None,
                    action: b::int(3),
                },
                Clause {
                    patterns: vec![c(
                        &t[3],
                        vec![any(), Pattern::or(c(&t[0], vec![]), c(&t[1], vec![]))],
                    )],
                    guard: Some(b::boolean(false)),
                    action: b::int(4),
                },
            ];
            compile_match(
                std::slice::from_ref(x),
                clauses,
                match_failure(),
                &mut bld.fresh,
            )
            .expect("compiles")
        },
    );
    assert_eq!(
        out,
        "01223Fatal error: exception Match_failure(\"t.ml\", 1, 2)\n"
    );
}

/// Shared actions with variables, and a guard copied into two branches.
#[test]
fn or_patterns_share_actions_through_static_handlers() {
    let option = types().option;
    // match x with (Some n, _) | (None, n) when n > 0 -> n | _ -> -1
    let out = run_match(
        vec![
            b::make_block(0, vec![b::make_block(0, vec![b::int(4)]), b::int(9)]),
            b::make_block(0, vec![b::int(0), b::int(7)]),
            b::make_block(0, vec![b::int(0), b::int(-7)]),
        ],
        |bld, x| {
            let n = bld.var("n");
            let pat = Pattern::or(
                Pattern::tuple(vec![c(&option[1], vec![Pattern::var(&n)]), any()]),
                Pattern::tuple(vec![c(&option[0], vec![]), Pattern::var(&n)]),
            );
            let guard = b::int_cmp(crate::observable::CompareOp::Gt, b::var(&n), b::int(0));
            let clauses = vec![
                Clause {
                    patterns: vec![pat],
                    guard: Some(guard),
                    action: b::var(&n),
                },
                Clause {
                    patterns: vec![any()],
                    guard: None,
                    action: b::int(-1),
                },
            ];
            let lambda = compile_match(
                std::slice::from_ref(x),
                clauses,
                match_failure(),
                &mut bld.fresh,
            )
            .expect("compiles");
            assert!(matches!(lambda, Lambda::StaticCatch { .. }), "{lambda}");
            lambda
        },
    );
    assert_eq!(out, "47-1");
}

/// Matching on strings, floats and exceptions.
#[test]
fn constants_and_exceptions() {
    let out = run_match(
        vec![b::string("bar"), b::string("foo"), b::string("")],
        |bld, x| {
            let clauses = vec![
                clause_with(Pattern::constant(Const::String(b"foo".to_vec())), 1),
                clause_with(Pattern::constant(Const::String(b"bar".to_vec())), 2),
                clause_with(any(), 3),
            ];
            compile_match(
                std::slice::from_ref(x),
                clauses,
                match_failure(),
                &mut bld.fresh,
            )
            .expect("compiles")
        },
    );
    assert_eq!(out, "213");
    let out = run_match(
        vec![b::float(0.5), b::float(-0.0), b::float(2.0)],
        |bld, x| {
            let clauses = vec![
                clause_with(Pattern::constant(Const::Float(0.0)), 1),
                clause_with(Pattern::constant(Const::Float(0.5)), 2),
                clause_with(any(), 3),
            ];
            compile_match(
                std::slice::from_ref(x),
                clauses,
                match_failure(),
                &mut bld.fresh,
            )
            .expect("compiles")
        },
    );
    assert_eq!(out, "213");
    let exn = |name: &str, arity, e| {
        Rc::new(Constructor {
            name: name.into(),
            arity,
            tag: ConstructorTag::Exception { slot: b::predef(e) },
            ty: None,
        })
    };
    let not_found = exn("Not_found", 0, PredefException::NotFound);
    let failure = exn("Failure", 1, PredefException::Failure);
    let out = run_match(
        vec![
            b::predef(PredefException::NotFound),
            b::predef_exn(PredefException::Failure, vec![b::string("x")]),
            b::predef(PredefException::DivisionByZero),
        ],
        |bld, x| {
            let clauses = vec![
                clause_with(c(&not_found, vec![]), 1),
                clause_with(
                    c(
                        &failure,
                        vec![Pattern::constant(Const::String(b"x".to_vec()))],
                    ),
                    2,
                ),
            ];
            compile_match(
                std::slice::from_ref(x),
                clauses,
                OnFailure::Reraise(x.clone()),
                &mut bld.fresh,
            )
            .expect("compiles")
        },
    );
    assert_eq!(out, "12Fatal error: exception Division_by_zero\n");
}

fn clause_with(p: Pattern, n: i64) -> Clause {
    Clause {
        patterns: vec![p],
        guard: None,
        action: b::int(n),
    }
}

// --- properties of decision trees -----------------------------------------

use proptest::prelude::*;

/// `type u = A | B of u | C of u * u`, small patterns and values over it.
fn universe() -> Vec<Rc<Constructor>> {
    variant(&[("A", 0), ("B", 1), ("C", 2)])
}

#[derive(Clone, Debug)]
enum Val {
    A,
    B(Box<Val>),
    C(Box<Val>, Box<Val>),
}

fn value_strategy() -> impl Strategy<Value = Val> {
    let leaf = Just(Val::A);
    leaf.prop_recursive(4, 16, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|v| Val::B(Box::new(v))),
            (inner.clone(), inner).prop_map(|(a, b)| Val::C(Box::new(a), Box::new(b))),
        ]
    })
}

fn pattern_strategy(u: Rc<Vec<Rc<Constructor>>>) -> impl Strategy<Value = Pattern> {
    let (u1, u2, u3) = (Rc::clone(&u), Rc::clone(&u), Rc::clone(&u));
    let leaf = prop_oneof![
        Just(()).prop_map(|_| Pattern::any()),
        Just(()).prop_map(move |_| c(&u1[0], vec![])),
    ];
    leaf.prop_recursive(3, 12, 2, move |inner| {
        let (u2, u3) = (Rc::clone(&u2), Rc::clone(&u3));
        prop_oneof![
            inner.clone().prop_map(move |p| c(&u2[1], vec![p])),
            (inner.clone(), inner.clone()).prop_map(move |(p, q)| c(&u3[2], vec![p, q])),
            (inner.clone(), inner).prop_map(|(p, q)| Pattern::or(p, q)),
        ]
    })
}

fn matches(p: &Pattern, v: &Val) -> bool {
    match (&p.kind, v) {
        (PatternKind::Any | PatternKind::Var(_), _) => true,
        (PatternKind::Or(a, b), v) => matches(a, v) || matches(b, v),
        (PatternKind::Alias(p, _), v) => matches(p, v),
        (PatternKind::Construct(c, args), v) => match (c.name.as_str(), v, args.as_slice()) {
            ("A", Val::A, []) => true,
            ("B", Val::B(x), [p]) => matches(p, x),
            ("C", Val::C(x, y), [p, q]) => matches(p, x) && matches(q, y),
            _ => false,
        },
        _ => false,
    }
}

fn value_at<'v>(roots: &'v [Val], path: &[u32]) -> Option<&'v Val> {
    let (first, rest) = path.split_first()?;
    let mut v = roots.get(*first as usize)?;
    for i in rest {
        v = match (v, i) {
            (Val::B(x), 0) | (Val::C(x, _), 0) => x,
            (Val::C(_, y), 1) => y,
            _ => return None,
        };
    }
    Some(v)
}

fn head_name(v: &Val) -> &'static str {
    match v {
        Val::A => "A",
        Val::B(_) => "B",
        Val::C(..) => "C",
    }
}

/// The clause the tree selects for these values.
fn run_tree(tree: &Tree, roots: &[Val]) -> Option<usize> {
    match tree {
        Tree::Leaf { clause, .. } => Some(*clause),
        Tree::Guard { otherwise, .. } => run_tree(otherwise, roots),
        Tree::Fail => None,
        Tree::Test { occ, arms, default } => {
            let v = value_at(roots, &occ.path)?;
            let arm = arms
                .iter()
                .find(|a| matches!(&a.head, Head::Construct(c) if c.name == head_name(v)));
            match (arm, default) {
                (Some(a), _) => run_tree(&a.tree, roots),
                (None, Some(d)) => run_tree(d, roots),
                (None, None) => None,
            }
        }
    }
}

/// Every root-to-leaf path, as the list of occurrence paths it tests.
fn no_repeated_test(tree: &Tree, tested: &mut Vec<Vec<u32>>) -> bool {
    match tree {
        Tree::Leaf { .. } | Tree::Fail => true,
        Tree::Guard { otherwise, .. } => no_repeated_test(otherwise, tested),
        Tree::Test { occ, arms, default } => {
            if tested.contains(&occ.path) {
                return false;
            }
            tested.push(occ.path.clone());
            let ok = arms.iter().all(|a| no_repeated_test(&a.tree, tested))
                && default.as_ref().is_none_or(|d| no_repeated_test(d, tested));
            tested.pop();
            ok
        }
    }
}

/// A value the witness describes (wildcards become `A`).
fn witness_value(w: &Witness) -> Val {
    match w {
        Witness::Head(Head::Construct(c), args) => match (c.name.as_str(), args.as_slice()) {
            ("B", [x]) => Val::B(Box::new(witness_value(x))),
            ("C", [x, y]) => Val::C(Box::new(witness_value(x)), Box::new(witness_value(y))),
            _ => Val::A,
        },
        Witness::Or(ws) => ws.first().map_or(Val::A, witness_value),
        _ => Val::A,
    }
}

fn matrix_strategy() -> impl Strategy<Value = (Vec<Vec<Pattern>>, Vec<Vec<Val>>)> {
    let u = Rc::new(universe());
    (1usize..3).prop_flat_map(move |width| {
        let row = proptest::collection::vec(pattern_strategy(Rc::clone(&u)), width);
        let values =
            proptest::collection::vec(proptest::collection::vec(value_strategy(), width), 8);
        (proptest::collection::vec(row, 1..6), values)
    })
}

proptest! {
    #[test]
    fn decision_trees_never_test_a_position_twice((rows, _) in matrix_strategy()) {
        let mut fresh = Fresh::new();
        let scrutinees: Vec<Var> = (0..rows[0].len()).map(|i| fresh.var(&format!("x{i}"))).collect();
        let clauses: Vec<Clause> = rows.into_iter().map(clause).collect();
        let tree = decision_tree(&scrutinees, &clauses, &mut fresh);
        prop_assert!(no_repeated_test(&tree, &mut Vec::new()));
    }

    #[test]
    fn decision_trees_select_the_first_matching_row((rows, values) in matrix_strategy()) {
        let mut fresh = Fresh::new();
        let scrutinees: Vec<Var> = (0..rows[0].len()).map(|i| fresh.var(&format!("x{i}"))).collect();
        let clauses: Vec<Clause> = rows.iter().cloned().map(clause).collect();
        let tree = decision_tree(&scrutinees, &clauses, &mut fresh);
        for vs in &values {
            let expected = rows.iter().position(|r| r.iter().zip(vs).all(|(p, v)| matches(p, v)));
            prop_assert_eq!(run_tree(&tree, vs), expected);
        }
        // The counterexample, when there is one, is matched by no row; when
        // there is none, every value is matched.
        match counterexample(&clauses) {
            Some(w) => {
                let vs: Vec<Val> = w.iter().map(witness_value).collect();
                prop_assert!(!rows.iter().any(|r| r.iter().zip(&vs).all(|(p, v)| matches(p, v))));
            }
            None => {
                for vs in &values {
                    prop_assert!(rows.iter().any(|r| r.iter().zip(vs).all(|(p, v)| matches(p, v))));
                }
            }
        }
    }
}

/// `match p with (A, _) | (_, A) -> 1 | (B n, B m) -> n + m` over
/// `type t = A | B of int`: clause 1 is reached from two leaves, so its
/// action becomes the handler of a static exception.
#[test]
fn shared_action_listing() {
    let t = variant(&[("A", 0), ("B", 1)]);
    let mut bld = Builder::new();
    let (p, n, m) = (bld.var("p"), bld.var("n"), bld.var("m"));
    let clauses = vec![
        Clause {
            patterns: vec![Pattern::or(
                Pattern::tuple(vec![c(&t[0], vec![]), any()]),
                Pattern::tuple(vec![any(), c(&t[0], vec![])]),
            )],
            guard: None,
            action: b::int(1),
        },
        Clause {
            patterns: vec![Pattern::tuple(vec![
                c(&t[1], vec![Pattern::var(&n)]),
                c(&t[1], vec![Pattern::var(&m)]),
            ])],
            guard: None,
            action: b::add(b::var(&n), b::var(&m)),
        },
    ];
    let l = compile_match(
        std::slice::from_ref(&p),
        clauses,
        match_failure(),
        &mut bld.fresh,
    )
    .expect("compiles");
    let expected = "\
(catch
  (let (p_0/3 = (field 0 p/0) p_1/4 = (field 1 p/0))
    (if p_0/3
      (let (b/5 = (field 0 p_0/3))
        (if p_1/4
          (let (b/6 = (field 0 p_1/4) n/1 = b/5 m/2 = b/6) (+ n/1 m/2))
          (exit 0)))
      (exit 0)))
  with (0) 1)";
    assert_eq!(l.to_string(), expected);
}

/// The warning for `function A -> 1 | C _ -> 2`, rendered as the driver
/// shows it.
#[test]
fn rendered_warning() {
    let t = types().t;
    let text = "type t = A | B | C of int | D of string * t\nlet f = function A -> 1 | C _ -> 2\n";
    let file = crate::diagnostics::SourceFile::new("w.ml", text);
    let at = |s: &str| {
        let start = text.find(s).unwrap_or(0);
        Span::new(start, start + s.len())
    };
    let clauses = vec![
        clause(vec![c(&t[0], vec![]).with_span(at("A "))]),
        clause(vec![c(&t[2], vec![any()]).with_span(at("C _"))]),
    ];
    let warnings = check_match(&clauses, at("function A -> 1 | C _ -> 2"), MatchKind::Total);
    let expected = "\
warning: this pattern-matching is not exhaustive.
  ┌─ w.ml:2:9
  │
2 │ let f = function A -> 1 | C _ -> 2
  │         ^^^^^^^^^^^^^^^^^^^^^^^^^^
  │
  = Here is an example of a case that is not matched:
    (B|D (_, _))

";
    assert_eq!(file.render(&warnings), expected);
}
