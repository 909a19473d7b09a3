//! Types during inference: every type node is a key of `ena`'s union-find
//! table, as every node of OCaml's typer is a mutable cell that may become a
//! link. A key's value is either an unbound variable with its level, or a
//! node (a constructor applied to types, an arrow, a tuple) whose children are
//! keys again.

use ena::unify::{InPlaceUnificationTable, NoError, UnifyKey, UnifyValue};
use std::rc::Rc;

/// A type constructor: an index into the table of type declarations
/// ([`super::decls::Decls`]). The predefined ones have fixed indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

impl TypeId {
    pub const INT: TypeId = TypeId(0);
    pub const CHAR: TypeId = TypeId(1);
    pub const STRING: TypeId = TypeId(2);
    pub const FLOAT: TypeId = TypeId(3);
    pub const BOOL: TypeId = TypeId(4);
    pub const UNIT: TypeId = TypeId(5);
    pub const EXN: TypeId = TypeId(6);
    pub const ARRAY: TypeId = TypeId(7);
    pub const LIST: TypeId = TypeId(8);
    pub const OPTION: TypeId = TypeId(9);
    pub const INT32: TypeId = TypeId(10);
    pub const INT64: TypeId = TypeId(11);
    pub const NATIVEINT: TypeId = TypeId(12);
    pub const REF: TypeId = TypeId(13);
    /// How many type constructors are predefined.
    pub const PREDEFINED: u32 = 14;
}

/// The label of a function parameter: `None` for an ordinary parameter,
/// `Some("finally")` for the library's `~finally:`.
pub type Label = Option<Rc<str>>;

/// A type during inference: a key into the union-find table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ty(u32);

impl Ty {
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The shape of a type that is not a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A type constructor applied to arguments: `int`, `'a list`, `(int, 'b) t`.
    Con(TypeId, Rc<[Ty]>),
    /// A function type, with the parameter's label if it has one.
    Arrow(Label, Ty, Ty),
    /// A tuple type `t1 * ... * tn`, n >= 2.
    Tuple(Rc<[Ty]>),
}

/// The value of a union-find class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TyVal {
    /// A type variable not yet known. Its level is the depth of the
    /// innermost `let` whose generalisation must not touch it.
    Unbound { level: u32 },
    /// A known node.
    Bound(Node),
}

impl UnifyKey for Ty {
    type Value = TyVal;
    fn index(&self) -> u32 {
        self.0
    }
    fn from_index(i: u32) -> Ty {
        Ty(i)
    }
    fn tag() -> &'static str {
        "Ty"
    }
}

/// Merging two classes. The structural checks are made by the unifier before
/// it merges (see `unify.rs`); this only decides what the merged class holds.
/// Two variables keep the smaller level (the variable must not be
/// generalised sooner than either of the two was). When both classes are
/// nodes, the unifier has already unified their children, and OCaml's rule is
/// to link the first to the second (`link_type t1 t2`), so the second wins:
/// that is how an abbreviation such as `env` survives unification with its
/// expansion `(name * int) list`.
impl UnifyValue for TyVal {
    type Error = NoError;

    fn unify_values(a: &TyVal, b: &TyVal) -> Result<TyVal, NoError> {
        Ok(match (a, b) {
            (TyVal::Unbound { level: l1 }, TyVal::Unbound { level: l2 }) => TyVal::Unbound {
                level: (*l1).min(*l2),
            },
            (TyVal::Unbound { .. }, bound) | (bound, TyVal::Unbound { .. }) => bound.clone(),
            (TyVal::Bound(_), TyVal::Bound(n2)) => TyVal::Bound(n2.clone()),
        })
    }
}

/// The union-find table of all type nodes of one program, and the current
/// level: how many `let`s deep the typer is in the definitions it is typing.
#[derive(Default)]
pub struct TypeStore {
    table: InPlaceUnificationTable<Ty>,
    pub level: u32,
    /// Visit marks for walks over type graphs (the occurs check): a node is
    /// visited in the current walk when its mark equals `stamp`. Types are
    /// graphs with sharing, and without marks a walk could be exponential.
    marks: Vec<u32>,
    stamp: u32,
    /// The argument list of every constant constructor (`int`), shared.
    no_args: Option<Rc<[Ty]>>,
}

impl TypeStore {
    pub fn new() -> TypeStore {
        TypeStore::default()
    }

    /// A fresh variable at the current level.
    pub fn new_var(&mut self) -> Ty {
        self.table.new_key(TyVal::Unbound { level: self.level })
    }

    pub fn new_var_at(&mut self, level: u32) -> Ty {
        self.table.new_key(TyVal::Unbound { level })
    }

    /// Enter the right-hand side of a `let`: variables created from now on
    /// may be generalised when the typer comes back out.
    pub fn enter_level(&mut self) {
        self.level += 1;
    }

    pub fn exit_level(&mut self) {
        self.level = self.level.saturating_sub(1);
    }

    pub fn new_node(&mut self, node: Node) -> Ty {
        self.table.new_key(TyVal::Bound(node))
    }

    pub fn con(&mut self, id: TypeId, args: Vec<Ty>) -> Ty {
        self.con_rc(id, args.into())
    }

    pub fn con_rc(&mut self, id: TypeId, args: Rc<[Ty]>) -> Ty {
        if args.is_empty() {
            return self.constant(id);
        }
        self.new_node(Node::Con(id, args))
    }

    pub fn constant(&mut self, id: TypeId) -> Ty {
        let args = self.no_args.get_or_insert_with(|| Rc::from([])).clone();
        self.new_node(Node::Con(id, args))
    }

    pub fn arrow(&mut self, from: Ty, to: Ty) -> Ty {
        self.new_node(Node::Arrow(None, from, to))
    }

    pub fn tuple(&mut self, items: Vec<Ty>) -> Ty {
        self.new_node(Node::Tuple(items.into()))
    }

    /// The representative of a type's class and what it holds (OCaml's `repr`).
    pub fn repr(&mut self, t: Ty) -> (Ty, TyVal) {
        self.table.inlined_probe_key_value(t)
    }

    /// The node a type is bound to, if it is not a variable.
    pub fn node(&mut self, t: Ty) -> Option<Node> {
        match self.table.inlined_probe_value(t) {
            TyVal::Bound(n) => Some(n),
            TyVal::Unbound { .. } => None,
        }
    }

    /// Bind an unbound variable `var` to `t`. The caller has made the occurs
    /// check and lowered the levels inside `t`.
    pub(super) fn link(&mut self, var: Ty, t: Ty) {
        self.table.union(var, t);
    }

    /// Link two nodes whose children are already unified: the class of `t1`
    /// joins the class of `t2` and takes its node.
    pub(super) fn link_nodes(&mut self, t1: Ty, t2: Ty) {
        self.table.union(t1, t2);
    }

    /// Lower an unbound variable's level (it becomes visible to an outer `let`).
    pub(super) fn lower_level(&mut self, var: Ty, level: u32) {
        if let (root, TyVal::Unbound { level: old }) = self.repr(var) {
            if level < old {
                self.table.union_value(root, TyVal::Unbound { level });
            }
        }
    }

    /// Start a new walk over the graph.
    pub(super) fn new_walk(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
    }

    /// Mark a node as visited by the current walk; false if it already was.
    pub(super) fn mark(&mut self, t: Ty) -> bool {
        let i = t.0 as usize;
        if self.marks.len() <= i {
            self.marks.resize(i + 1, 0);
        }
        let fresh = self.marks[i] != self.stamp;
        self.marks[i] = self.stamp;
        fresh
    }

    /// Start recording, so that an item whose typing fails can be undone.
    pub fn snapshot(&mut self) -> ena::unify::Snapshot<ena::unify::InPlace<Ty>> {
        self.table.snapshot()
    }

    pub fn rollback_to(&mut self, s: ena::unify::Snapshot<ena::unify::InPlace<Ty>>) {
        self.table.rollback_to(s)
    }

    pub fn commit(&mut self, s: ena::unify::Snapshot<ena::unify::InPlace<Ty>>) {
        self.table.commit(s)
    }

    /// Whether two types are already in the same class.
    pub fn same(&mut self, a: Ty, b: Ty) -> bool {
        self.table.unioned(a, b)
    }

    /// Make room for `n` more nodes (a program of n bytes makes about n/3).
    pub fn reserve(&mut self, n: usize) {
        self.table.reserve(n);
    }

    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.len() == 0
    }
}
