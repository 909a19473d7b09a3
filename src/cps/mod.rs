//! The CPS language (Flambda 2 style): terms, kinds, primitives, and the
//! printer, checker and interpreter that every pass relies on.

pub mod builder;
pub mod check;
pub mod effects;
pub mod examples;
pub mod free_names;
pub mod ids;
pub mod interp;
pub mod interp_prims;
pub mod kinds;
pub mod primitives;
pub mod print;
pub mod rename;
pub mod runtime_calls;
pub mod terms;

#[cfg(test)]
mod tests;
