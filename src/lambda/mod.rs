//! Lambda: OCaml's first untyped intermediate language, with pattern
//! matching compiled to decision trees. See the chapter "Pattern matching and
//! Lambda".

pub mod builder;
pub mod check;
pub mod interpret;
pub mod ir;
pub mod matching;
pub mod prelude;
pub mod primitive;
pub mod print;
pub mod rename;
