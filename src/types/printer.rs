//! Printing types the way OCaml prints them: variables named `'a`, `'b`...
//! in order of first appearance (shared by all the types of one message),
//! non-generalised variables of a signature named `'_weak1`, `'_weak2`...,
//! and OCaml's precedences (`->` right-associative and loosest, then `*`,
//! then application `int list`).

use super::decls::{Decls, SType};
use super::ty::{Label, Node, Ty, TyVal, TypeStore};
use std::collections::HashMap;

/// A type ready to print, every name decided (OCaml's `Outcometree`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Out {
    Var(String),
    Con(String, Vec<Out>),
    Arrow(Label, Box<Out>, Box<Out>),
    Tuple(Vec<Out>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum VarKey {
    Ty(Ty),
    Param(u32),
}

/// Names of type variables, shared by the types printed together.
#[derive(Default)]
pub struct Namer {
    names: HashMap<VarKey, String>,
    next: u32,
    /// Print the variables of the inference graph as `'_weakN`: they are the
    /// non-generalised ones when printing a signature.
    pub weak: bool,
}

/// OCaml's `'a`...`'z`, then `'a1`...`'z1`, `'a2`...
fn letter_name(i: u32) -> String {
    let letter = char::from(b'a' + (i % 26) as u8);
    if i >= 26 {
        format!("'{}{}", letter, i / 26)
    } else {
        format!("'{}", letter)
    }
}

impl Namer {
    pub fn new() -> Namer {
        Namer::default()
    }

    /// A namer for signatures, where non-generalised variables are
    /// `'_weakN`, numbered from `*weak_counter + 1` across the whole output.
    pub fn for_signature() -> Namer {
        Namer {
            weak: true,
            ..Namer::default()
        }
    }

    fn name(&mut self, key: VarKey, weak_counter: &mut u32) -> String {
        if let Some(n) = self.names.get(&key) {
            return n.clone();
        }
        let n = match key {
            VarKey::Ty(_) if self.weak => {
                *weak_counter += 1;
                format!("'_weak{}", weak_counter)
            }
            _ => {
                let n = letter_name(self.next);
                self.next += 1;
                n
            }
        };
        self.names.insert(key, n.clone());
        n
    }

    /// Forget the names of generalised parameters (each `val` of a
    /// signature names its own from `'a`), keeping the weak ones.
    pub fn reset_params(&mut self) {
        self.names.retain(|k, _| matches!(k, VarKey::Ty(_)));
        self.next = 0;
    }
}

/// Types nested deeper than this print as `...`: a guard, since types are
/// acyclic and no real type is that deep.
const MAX_DEPTH: u32 = 500;

pub struct TypePrinter<'a> {
    pub store: &'a mut TypeStore,
    pub decls: &'a Decls,
    pub namer: &'a mut Namer,
    pub weak_counter: &'a mut u32,
}

impl TypePrinter<'_> {
    pub fn out_of_ty(&mut self, t: Ty) -> Out {
        self.ty_walk(t, 0)
    }

    fn ty_walk(&mut self, t: Ty, depth: u32) -> Out {
        if depth > MAX_DEPTH {
            return Out::Var("...".into());
        }
        let (root, value) = self.store.repr(t);
        match value {
            TyVal::Unbound { .. } => Out::Var(self.namer.name(VarKey::Ty(root), self.weak_counter)),
            TyVal::Bound(Node::Con(id, ts)) => {
                let args = ts.iter().map(|c| self.ty_walk(*c, depth + 1)).collect();
                Out::Con(self.decls.ty(id).name.to_string(), args)
            }
            TyVal::Bound(Node::Tuple(ts)) => {
                Out::Tuple(ts.iter().map(|c| self.ty_walk(*c, depth + 1)).collect())
            }
            TyVal::Bound(Node::Arrow(l, a, b)) => {
                let a = self.ty_walk(a, depth + 1);
                let b = self.ty_walk(b, depth + 1);
                Out::Arrow(l, Box::new(a), Box::new(b))
            }
        }
    }

    pub fn out_of_stype(&mut self, t: &SType) -> Out {
        match t {
            SType::Param(i) => Out::Var(self.namer.name(VarKey::Param(*i), self.weak_counter)),
            SType::Con(id, ts) => Out::Con(
                self.decls.ty(*id).name.to_string(),
                ts.iter().map(|c| self.out_of_stype(c)).collect(),
            ),
            SType::Tuple(ts) => Out::Tuple(ts.iter().map(|c| self.out_of_stype(c)).collect()),
            SType::Arrow(l, a, b) => Out::Arrow(
                l.clone(),
                Box::new(self.out_of_stype(a)),
                Box::new(self.out_of_stype(b)),
            ),
            SType::Mono(t) => self.out_of_ty(*t),
            SType::Any => Out::Var("'_".into()),
        }
    }
}

/// Print at the loosest level: arrows.
pub fn print_out(t: &Out) -> String {
    let mut s = String::new();
    print_arrow(t, &mut s);
    s
}

fn print_arrow(t: &Out, s: &mut String) {
    match t {
        Out::Arrow(l, a, b) => {
            if let Some(l) = l {
                s.push_str(l);
                s.push(':');
            }
            print_tuple(a, s);
            s.push_str(" -> ");
            print_arrow(b, s);
        }
        _ => print_tuple(t, s),
    }
}

fn print_tuple(t: &Out, s: &mut String) {
    match t {
        Out::Tuple(ts) => {
            for (i, c) in ts.iter().enumerate() {
                if i > 0 {
                    s.push_str(" * ");
                }
                print_simple(c, s);
            }
        }
        _ => print_simple(t, s),
    }
}

fn print_simple(t: &Out, s: &mut String) {
    match t {
        Out::Var(n) => s.push_str(n),
        Out::Con(name, args) => {
            match args.as_slice() {
                [] => {}
                [a] => {
                    print_simple(a, s);
                    s.push(' ');
                }
                _ => {
                    s.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            s.push_str(", ");
                        }
                        print_arrow(a, s);
                    }
                    s.push_str(") ");
                }
            }
            s.push_str(name);
        }
        Out::Arrow(..) | Out::Tuple(_) => {
            s.push('(');
            print_arrow(t, s);
            s.push(')');
        }
    }
}
