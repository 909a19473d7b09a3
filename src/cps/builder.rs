//! Building terms in Rust, top-down in the order they print.
//!
//! A [`Block`] collects a sequence of `let` and `let_cont` bindings and is
//! closed by the expression that ends it (a jump, a call, a switch):
//!
//! ```text
//! let mut b = Block::new();
//! let y = b.prim(names, "y", PrimOp::IntArith(IntKind::Tagged, IntOp::Add), vec![x.into(), Simple::tagged(1)]);
//! b.finish(apply_cont(k, vec![y.into()]))
//! ```

use std::collections::BTreeMap;

use super::ids::{CodeId, Continuation, Names, Variable};
use super::kinds::Kind;
use super::primitives::{Prim, PrimOp};
use super::terms::{
    Apply, ApplyCont, Binding, CallKind, Code, ContHandler, Expr, Let, LetCont, Named, Param,
    Program, Return, SetOfClosures, Simple, StaticBinding, Switch, TrapAction,
};

enum Item {
    Let(Binding),
    LetCont(Continuation, ContHandler),
    LetContRec(Vec<(Continuation, ContHandler)>),
}

/// A sequence of bindings waiting for the expression that ends it.
#[derive(Default)]
pub struct Block {
    items: Vec<Item>,
}

impl Block {
    pub fn new() -> Block {
        Block::default()
    }

    /// `let hint = op args`, the variable's kind being the primitive's.
    pub fn prim(
        &mut self,
        names: &mut Names,
        hint: &str,
        op: PrimOp,
        args: Vec<Simple>,
    ) -> Variable {
        let var = names.var(hint);
        let param = Param::new(var, op.result_kind());
        self.items.push(Item::Let(Binding::Var {
            param,
            named: Named::Prim(Prim::new(op, args)),
        }));
        var
    }

    /// `let hint = s`, with the kind given.
    pub fn simple(&mut self, names: &mut Names, hint: &str, kind: Kind, s: Simple) -> Variable {
        let var = names.var(hint);
        self.items.push(Item::Let(Binding::Var {
            param: Param::new(var, kind),
            named: Named::Simple(s),
        }));
        var
    }

    /// `let f, g = closures ...`: one variable per function slot, named
    /// after the slots.
    pub fn closures(&mut self, names: &mut Names, set: SetOfClosures) -> Vec<Variable> {
        let vars: Vec<Variable> = set
            .functions
            .iter()
            .map(|(slot, _)| {
                let hint = names.hint(*slot).to_string();
                names.var(&hint)
            })
            .collect();
        self.items.push(Item::Let(Binding::SetOfClosures {
            vars: vars.clone(),
            set,
        }));
        vars
    }

    pub fn statics(&mut self, bindings: Vec<StaticBinding>) {
        self.items.push(Item::Let(Binding::Static(bindings)));
    }

    /// Any binding, as is.
    pub fn binding(&mut self, b: Binding) {
        self.items.push(Item::Let(b));
    }

    /// `let_cont k params = handler in ...`
    pub fn let_cont(&mut self, k: Continuation, handler: ContHandler) {
        self.items.push(Item::LetCont(k, handler));
    }

    /// `let_cont rec k1 ... and k2 ... in ...`
    pub fn let_cont_rec(&mut self, handlers: Vec<(Continuation, ContHandler)>) {
        self.items.push(Item::LetContRec(handlers));
    }

    /// Wrap the bindings, innermost last, around the expression that ends
    /// the block.
    pub fn finish(self, end: Expr) -> Expr {
        self.items
            .into_iter()
            .rev()
            .fold(end, |body, item| match item {
                Item::Let(binding) => Expr::Let(Box::new(Let { binding, body })),
                Item::LetCont(cont, handler) => Expr::LetCont(Box::new(LetCont::NonRecursive {
                    cont,
                    handler,
                    body,
                })),
                Item::LetContRec(handlers) => {
                    Expr::LetCont(Box::new(LetCont::Recursive { handlers, body }))
                }
            })
    }
}

pub fn apply_cont(k: Continuation, args: Vec<Simple>) -> Expr {
    Expr::ApplyCont(Box::new(ApplyCont::new(k, args)))
}

pub fn apply_cont_trap(k: Continuation, args: Vec<Simple>, trap: TrapAction) -> Expr {
    Expr::ApplyCont(Box::new(ApplyCont {
        cont: k,
        args,
        trap: Some(trap),
    }))
}

/// Raise `exn` to `handler`, the innermost exception continuation.
pub fn raise(handler: Continuation, exn: Simple) -> Expr {
    Expr::ApplyCont(Box::new(ApplyCont::raise(handler, exn)))
}

pub fn switch(scrutinee: Simple, arms: impl IntoIterator<Item = (i64, ApplyCont)>) -> Expr {
    Expr::Switch(Box::new(Switch {
        scrutinee,
        arms: arms.into_iter().collect::<BTreeMap<_, _>>(),
    }))
}

/// `if c then k_then () else k_else ()` on a naked 0/1.
pub fn if_then_else(cond: Simple, k_then: Continuation, k_else: Continuation) -> Expr {
    switch(
        cond,
        [
            (0, ApplyCont::new(k_else, vec![])),
            (1, ApplyCont::new(k_then, vec![])),
        ],
    )
}

pub fn apply(
    callee: Simple,
    args: Vec<Simple>,
    call_kind: CallKind,
    return_to: Return,
    exn_cont: Continuation,
) -> Expr {
    Expr::Apply(Box::new(Apply {
        callee: Some(callee),
        args,
        call_kind,
        return_to,
        exn_cont,
    }))
}

/// A call into the runtime system.
pub fn runtime_call(
    name: &str,
    args: Vec<(Simple, Kind)>,
    result_kinds: Vec<Kind>,
    return_to: Return,
    exn_cont: Continuation,
) -> Expr {
    let (args, arg_kinds) = args.into_iter().unzip();
    Expr::Apply(Box::new(Apply {
        callee: None,
        args,
        call_kind: CallKind::Runtime {
            name: name.to_string(),
            arg_kinds,
            result_kinds,
        },
        return_to,
        exn_cont,
    }))
}

pub fn invalid(message: &str) -> Expr {
    Expr::Invalid {
        message: message.to_string(),
    }
}

/// The names a piece of code binds, made before its body (which uses them).
pub struct CodeHeader {
    pub id: CodeId,
    pub params: Vec<Param>,
    pub my_closure: Variable,
    pub return_cont: Continuation,
    pub exn_cont: Continuation,
}

impl CodeHeader {
    pub fn new(names: &mut Names, hint: &str, params: &[(&str, Kind)]) -> CodeHeader {
        CodeHeader {
            id: names.code_id(hint),
            params: params
                .iter()
                .map(|(h, k)| Param::new(names.var(h), *k))
                .collect(),
            my_closure: names.var("my_closure"),
            return_cont: names.cont("k"),
            exn_cont: names.cont("k_exn"),
        }
    }

    pub fn param(&self, i: usize) -> Simple {
        self.params
            .get(i)
            .map_or(Simple::unit(), |p| Simple::Var(p.var))
    }

    /// The code, returning one value.
    pub fn finish(self, body: Expr) -> Code {
        self.finish_with_results(vec![Kind::Value], body)
    }

    pub fn finish_with_results(self, result_kinds: Vec<Kind>, body: Expr) -> Code {
        Code {
            id: self.id,
            params: self.params,
            my_closure: self.my_closure,
            return_cont: self.return_cont,
            exn_cont: self.exn_cont,
            result_kinds,
            body,
        }
    }
}

/// A program under construction: its names and code, and the two
/// continuations that end it.
pub struct ProgramBuilder {
    pub names: Names,
    pub code: BTreeMap<CodeId, Code>,
    pub return_cont: Continuation,
    pub exn_cont: Continuation,
}

impl Default for ProgramBuilder {
    fn default() -> ProgramBuilder {
        ProgramBuilder::new()
    }
}

impl ProgramBuilder {
    pub fn new() -> ProgramBuilder {
        let mut names = Names::new();
        let return_cont = names.cont("k_done");
        let exn_cont = names.cont("k_uncaught");
        ProgramBuilder {
            names,
            code: BTreeMap::new(),
            return_cont,
            exn_cont,
        }
    }

    pub fn add_code(&mut self, code: Code) {
        self.code.insert(code.id, code);
    }

    pub fn finish(self, body: Expr) -> Program {
        Program {
            names: self.names,
            code: self.code,
            return_cont: self.return_cont,
            exn_cont: self.exn_cont,
            body,
            uncaught_printer: crate::observable::UncaughtPrinter::Runtime,
        }
    }
}
