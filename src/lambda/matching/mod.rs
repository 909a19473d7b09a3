//! Pattern matching: compilation to decision trees and warnings.
//!
//! The lowering turns each `match`, `function`, `try ... with`, and
//! refutable `let` into a list of [`Clause`]s over one or more scrutinee
//! variables, then calls [`compile_match`] for the Lambda code and
//! [`check_match`] for the warnings.

pub mod compile;
mod emit;
pub mod pattern;
pub mod warnings;

pub use pattern::*;
pub use warnings::{check_match, counterexample, witness_to_string, MatchKind, Witness};

use crate::lambda::ir::{Fresh, Lambda, Var};
use compile::{compile_rows, Row, Tree};

/// One clause of a match: a pattern per scrutinee, an optional guard, and
/// the action. The guard and action are already Lambda; they may use the
/// pattern's variables.
#[derive(Clone, Debug)]
pub struct Clause {
    pub patterns: Vec<Pattern>,
    pub guard: Option<Lambda>,
    pub action: Lambda,
}

/// What happens when no clause matches.
#[derive(Clone, Debug)]
pub enum OnFailure {
    /// Raise the exception this expression builds (`Match_failure` with
    /// the match's location).
    Raise(Lambda),
    /// Re-raise the exception being handled (the handlers of `try`).
    Reraise(Var),
}

/// An internal inconsistency in the clauses given (such as the two sides of
/// an or-pattern binding different variables): a bug in the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchError(pub String);

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "match compiler: {}", self.0)
    }
}

fn rows_of(clauses: &[Clause]) -> Vec<Row> {
    clauses
        .iter()
        .enumerate()
        .map(|(i, c)| Row {
            patterns: c.patterns.clone(),
            has_guard: c.guard.is_some(),
            clause: i,
            bindings: Vec::new(),
        })
        .collect()
}

/// The decision tree for clauses over these scrutinees (exposed for tests
/// and for the book).
pub fn decision_tree(scrutinees: &[Var], clauses: &[Clause], fresh: &mut Fresh) -> Tree {
    compile_rows(scrutinees, rows_of(clauses), fresh)
}

/// Compile a match to Lambda: a decision tree whose shared actions are
/// static-exception handlers.
pub fn compile_match(
    scrutinees: &[Var],
    clauses: Vec<Clause>,
    on_failure: OnFailure,
    fresh: &mut Fresh,
) -> Result<Lambda, MatchError> {
    let tree = decision_tree(scrutinees, &clauses, fresh);
    let emitter = emit::Emitter::new(&tree, clauses, on_failure, fresh);
    emitter.finish(tree)
}

#[cfg(test)]
mod tests;
