//! Types: Hindley–Milner inference with levels.

pub mod decls;
pub mod printer;
pub mod stdlib;
pub mod ty;
pub mod unify;

#[cfg(test)]
mod tests;
