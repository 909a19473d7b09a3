//! Names in the CPS language: variables, continuations, symbols, code ids,
//! function slots and value slots.
//!
//! Every name is a small integer drawn from one counter per program, so two
//! names are equal exactly when they are the same binding. A human-readable
//! hint ("x", "k_after_f") is kept beside the counter in [`Names`] and used
//! only for printing.

use std::fmt;

/// The table every name of a program is drawn from. Names are indices into
/// `hints`, so creating one is a push and comparing two is an integer compare.
#[derive(Clone, Debug, Default)]
pub struct Names {
    hints: Vec<String>,
}

macro_rules! name_type {
    ($(#[$doc:meta])* $name:ident, $make:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);

        impl $name {
            /// The position of this name in its program's [`Names`] table;
            /// dense, so it can index a `Vec`.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl Names {
            pub fn $make(&mut self, hint: &str) -> $name {
                $name(self.push(hint))
            }
        }

        impl Named for $name {
            fn raw(self) -> u32 {
                self.0
            }
        }
    };
}

/// Anything with an entry in [`Names`].
pub trait Named: Copy {
    fn raw(self) -> u32;
}

name_type!(
    /// A variable: bound by `let`, by a continuation or function parameter,
    /// or as `my_closure`.
    Variable,
    var
);
name_type!(
    /// A continuation: bound by `let_cont`, or as a function's return or
    /// exception continuation.
    Continuation,
    cont
);
name_type!(
    /// A statically allocated object, named program-wide (a linker symbol).
    Symbol,
    symbol
);
name_type!(
    /// A piece of code: the body of a function, separate from any closure.
    CodeId,
    code_id
);
name_type!(
    /// One function's entry in a set of closures.
    FunctionSlot,
    function_slot
);
name_type!(
    /// One captured value's entry in a set of closures.
    ValueSlot,
    value_slot
);

impl Names {
    pub fn new() -> Names {
        Names::default()
    }

    fn push(&mut self, hint: &str) -> u32 {
        let id = self.hints.len() as u32;
        self.hints.push(hint.to_string());
        id
    }

    /// The hint a name was created with.
    pub fn hint(&self, name: impl Named) -> &str {
        self.hints
            .get(name.raw() as usize)
            .map_or("?", String::as_str)
    }

    /// How many names have been created: every `index()` is below this.
    pub fn len(&self) -> usize {
        self.hints.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hints.is_empty()
    }

    /// A new variable with the same hint as `v`: what alpha-renaming needs.
    pub fn fresh_var(&mut self, v: Variable) -> Variable {
        let hint = self.hint(v).to_string();
        self.var(&hint)
    }

    /// A new continuation with the same hint as `k`.
    pub fn fresh_cont(&mut self, k: Continuation) -> Continuation {
        let hint = self.hint(k).to_string();
        self.cont(&hint)
    }
}

impl fmt::Display for Variable {
    /// Without the table only the number is known; printers use [`Names`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl fmt::Display for Continuation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "k{}", self.0)
    }
}
