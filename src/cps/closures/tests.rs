//! Closure conversion on OCaml programs: the closed program must run as the
//! Lambda interpreter runs the original, and have the shape the chapter
//! describes.

use crate::cps::convert::tests::agree_source;
use crate::cps::print;

/// The listing of one piece of code (from its header to the blank line).
fn code_listing(text: &str, name: &str) -> String {
    let header = format!("code {name}[");
    text.split("\n\n")
        .find(|block| block.trim_start().starts_with(&header))
        .unwrap_or_default()
        .to_string()
}

#[test]
fn captured_variables_become_value_slots() {
    let (_, closed) = agree_source(
        "let make_adder n = let twice = 2 * n in fun x -> x + twice\n\
         let () = print_int ((make_adder 5) 37)",
    );
    let text = print::program(&closed);
    assert!(text.contains("with { .twice = twice"), "{text}");
    assert!(
        text.contains("%project_value_slot[@anon.twice] my_closure"),
        "{text}"
    );
}

/// A mutually recursive pair capturing a variable: one set, two function
/// slots; each finds the other by projecting its function slot.
#[test]
fn mutually_recursive_functions_share_a_set() {
    let (_, closed) = agree_source(
        "let parity limit n =\n\
           let rec even n = if n = limit then true else odd (n - 1)\n\
           and odd n = if n = limit then false else even (n - 1) in\n\
           even n\n\
         let () = print_string (if parity 0 10 then \"even\" else \"odd\")",
    );
    let text = print::program(&closed);
    assert!(
        text.contains("closures { @even: even, @odd: odd } with { .limit"),
        "{text}"
    );
    let even = code_listing(&text, "even");
    assert!(
        even.contains("%project_function_slot[@even -> @odd] my_closure"),
        "{even}"
    );
    assert!(even.contains("apply[direct odd]"), "{even}");
}

/// A closed function is a static symbol: other code names it without
/// capturing it, and calls it directly.
#[test]
fn closed_functions_are_static() {
    let (_, closed) = agree_source(
        "let double x = 2 * x\n\
         let quad x = double (double x)\n\
         let () = print_int (quad 10)",
    );
    let text = print::program(&closed);
    assert!(
        text.contains("$double = closures { @double: double }"),
        "{text}"
    );
    let quad = code_listing(&text, "quad");
    assert!(quad.contains("apply[direct double] $double"), "{quad}");
    assert!(!quad.contains("project_value_slot"), "{quad}");
}

/// Partial application goes through the generic application; an
/// over-application of a known function is a direct call and an unknown
/// application of its result.
#[test]
fn partial_and_over_application() {
    let (_, closed) = agree_source(
        "let add3 a b c = a + b + c\n\
         let pick b = if b then (fun x y -> x - y) else (fun x y -> y - x)\n\
         let () =\n\
           let f = add3 1 in\n\
           print_int (f 2 3); print_int (f 20 30);\n\
           print_int (pick true 10 3); print_int (pick false 10 3)",
    );
    let text = print::program(&closed);
    assert!(text.contains("apply $add3 1 ->"), "{text}");
    assert!(
        text.contains("apply[direct pick] $pick 1 -> k_over"),
        "{text}"
    );
    assert!(text.contains("apply partial 10 3 ->"), "{text}");
}

/// Code nested three deep: the innermost function's free variable is
/// captured by every closure between its binding and its use.
#[test]
fn transitive_capture() {
    agree_source(
        "let f a =\n\
           let g b = let h c = a + b + c in h in\n\
           g\n\
         let () = print_int (f 1 2 3); print_int (((f 10) 20) 30)",
    );
}

/// Closures built in a loop capture the loop variable of their iteration.
#[test]
fn closures_in_a_loop() {
    agree_source(
        "let () =\n\
           let acc = ref [] in\n\
           for i = 1 to 4 do acc := (fun () -> i * i) :: !acc done;\n\
           List.iter (fun h -> print_int (h ()); print_char ' ') !acc",
    );
}
