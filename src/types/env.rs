//! The typing environment: what each name in scope means. It is persistent
//! (`imbl`'s maps share structure, so extending it for a `let` body costs
//! O(log n) and leaves the outer environment untouched: leaving a scope is
//! simply going back to the old value). A later definition shadows an
//! earlier one with the same name, for values, constructors, record fields
//! and types alike: "last definition wins", as in OCaml.

use super::decls::{Decls, Scheme, TypeKind};
use super::stdlib::Library;
use super::ty::TypeId;
use super::typed::{ConstructorRef, FieldRef, ValueRef};
use imbl::HashMap;
use std::rc::Rc;

#[derive(Clone, Debug)]
pub struct ValueBinding {
    pub value: ValueRef,
    pub scheme: Rc<Scheme>,
}

#[derive(Clone, Debug, Default)]
pub struct Env {
    pub values: HashMap<Rc<str>, ValueBinding>,
    pub constructors: HashMap<Rc<str>, ConstructorRef>,
    pub fields: HashMap<Rc<str>, FieldRef>,
    pub types: HashMap<Rc<str>, TypeId>,
}

impl Env {
    /// The environment a program starts in: the predefined types with their
    /// constructors and fields, the predefined exceptions, and the values of
    /// `Stdlib` (the library's modules are reached by qualified names).
    pub fn initial(decls: &Decls, library: &Library) -> Env {
        let mut env = Env::default();
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
                env.values.insert(entry.name.clone(), ValueBinding { value, scheme: Rc::new(entry.scheme.clone()) });
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
        self.values.insert(name, ValueBinding { value, scheme: Rc::new(scheme) });
    }
}
