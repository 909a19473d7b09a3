//! The typing environment: what each name in scope means, in two parts: the
//! local scopes of the item being typed ([`Env`], persistent) and the top
//! level ([`Globals`], updated in place). A name is looked up in the local
//! scopes first. A later definition shadows an earlier one with the same
//! name, for values, constructors, record fields and types alike: "last
//! definition wins", as in OCaml.

use super::decls::{Decls, Scheme, TypeKind};
use super::stdlib::Library;
use super::ty::TypeId;
use super::typed::{ConstructorRef, FieldRef, ValueRef};
use imbl::shared_ptr::RcK;
use imbl::GenericHashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// FNV-1a: names are short and not chosen by an adversary, so a simple
/// hash beats the default SipHash here.
#[derive(Default)]
pub struct NameHasher(u64);

impl Hasher for NameHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// A persistent map from names, with `Rc` (not `Arc`) inside: the typer is
/// single-threaded.
pub type NameMap<V> = GenericHashMap<Rc<str>, V, BuildHasherDefault<NameHasher>, RcK>;

#[derive(Clone, Debug)]
pub struct ValueBinding {
    pub value: ValueRef,
    pub scheme: Rc<Scheme>,
}

/// The names bound inside the top-level item being typed: a persistent
/// map, so that entering a scope (a `let` body, a case, a function body)
/// extends a copy in O(log n) and leaving it is going back to the old value.
/// Only values and (with `let exception`) constructors can be local.
#[derive(Clone, Debug, Default)]
pub struct Env {
    pub values: NameMap<ValueBinding>,
    pub constructors: NameMap<ConstructorRef>,
}

impl Env {
    pub fn add_value(&mut self, name: Rc<str>, value: ValueRef, scheme: Scheme) {
        self.values.insert(
            name,
            ValueBinding {
                value,
                scheme: Rc::new(scheme),
            },
        );
    }
}

/// The top level: the predefined names, the library's, and the program's
/// items typed so far. It only grows, one item at a time, and nobody holds
/// an older version of it, so it is updated in place: a program of ten
/// thousand definitions never copies the paths of a ten-thousand-entry map.
#[derive(Clone, Debug, Default)]
pub struct Globals {
    pub values: NameMap<ValueBinding>,
    pub constructors: NameMap<ConstructorRef>,
    pub fields: NameMap<FieldRef>,
    pub types: NameMap<TypeId>,
}

impl Globals {
    /// The environment a program starts in: the predefined types with their
    /// constructors and fields, the predefined exceptions, and the values of
    /// `Stdlib` (the library's modules are reached by qualified names).
    pub fn initial(decls: &Decls, library: &Library) -> Globals {
        let mut env = Globals::default();
        for i in 0..TypeId::PREDEFINED {
            env.add_type_and_members(decls, TypeId(i));
        }
        for (i, e) in decls.exceptions.iter().enumerate() {
            // `Finally_raised` is only visible as `Fun.Finally_raised`.
            if &*e.name != "Finally_raised" {
                env.constructors.insert(
                    e.name.clone(),
                    ConstructorRef::Exception {
                        exn: super::decls::ExnId(i as u32),
                        name: e.name.clone(),
                        arity: e.args.len() as u32,
                    },
                );
            }
        }
        for (i, entry) in library.entries.iter().enumerate() {
            if entry.module.is_none() {
                let value = ValueRef::Library(super::stdlib::LibId(i as u32));
                env.values.insert(
                    entry.name.clone(),
                    ValueBinding {
                        value,
                        scheme: entry.scheme.clone(),
                    },
                );
            }
        }
        env
    }

    /// Make a type's name, constructors and fields visible.
    pub fn add_type_and_members(&mut self, decls: &Decls, id: TypeId) {
        let decl = decls.ty(id);
        self.types.insert(decl.name.clone(), id);
        match &decl.kind {
            TypeKind::Variant(cs) => {
                for (index, c) in cs.iter().enumerate() {
                    let r = ConstructorRef::Variant {
                        ty: id,
                        index: index as u32,
                        name: c.name.clone(),
                        tag: c.tag,
                        arity: c.args.len() as u32,
                    };
                    self.constructors.insert(c.name.clone(), r);
                }
            }
            TypeKind::Record(fields, repr) => {
                for (index, f) in fields.iter().enumerate() {
                    let r = FieldRef {
                        ty: id,
                        index: index as u32,
                        name: f.name.clone(),
                        mutable: f.mutable,
                        repr: *repr,
                        count: fields.len() as u32,
                    };
                    self.fields.insert(f.name.clone(), r);
                }
            }
            TypeKind::Abstract | TypeKind::Abbrev(_) | TypeKind::Open => {}
        }
    }

    pub fn add_value(&mut self, name: Rc<str>, value: ValueRef, scheme: Scheme) {
        self.values.insert(
            name,
            ValueBinding {
                value,
                scheme: Rc::new(scheme),
            },
        );
    }
}
