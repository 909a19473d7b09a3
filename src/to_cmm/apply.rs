//! Applying closures. A call to a closure of known arity jumps through its
//! full-application code pointer; a call of unknown arity goes through
//! `caml_applyN`, which checks the arity and otherwise applies the
//! arguments one at a time; and a closure of arity `N > 1` starts with the
//! code pointer of `caml_curryN`, which builds a partial application. These
//! generic functions are OCaml's (`cmm_helpers.ml`: `apply_function`,
//! `curry_function`), generated once per arity the unit needs.

use std::collections::BTreeSet;

use super::slot_offsets::closure_info;
use crate::cmm::helpers::{bind, block_header, field_address, CLOSURE_TAG};
use crate::cmm::{Chunk, Expr, Fresh, FunDecl, IntCmp, MachType, Operation, Var};

/// The arities for which generic functions are needed.
#[derive(Clone, Debug, Default)]
pub struct GenericFunctions {
    /// `caml_applyN`, for calls of unknown arity with `N > 1` arguments.
    pub apply: BTreeSet<usize>,
    /// `caml_curryN`, for closures of functions of `N > 1` parameters.
    pub curry: BTreeSet<u32>,
}

fn load(address: Expr) -> Expr {
    Expr::Op(
        Operation::Load {
            chunk: Chunk::WordVal,
            mutable: false,
        },
        vec![address],
    )
}

fn call(code: Expr, mut args: Vec<Expr>) -> Expr {
    args.insert(0, code);
    Expr::Op(Operation::Apply(MachType::Val), args)
}

/// The code pointer a full application of `arity` arguments jumps
/// through: the first word of the slot for one parameter, the third for
/// more (the first is then the currying entry).
fn full_application_code(closure: Expr, arity: usize) -> Expr {
    load(field_address(closure, if arity <= 1 { 0 } else { 2 }))
}

/// `closure args`, knowing the closure takes exactly that many arguments.
pub fn known_arity(closure: Expr, args: Vec<Expr>, fresh: &mut Fresh) -> Expr {
    let n = args.len();
    bind("clos", closure, fresh, |clos, _| {
        let mut all = args;
        all.push(clos.clone());
        call(full_application_code(clos, n), all)
    })
}

/// `closure args`, knowing nothing of the closure's arity. One argument
/// needs no generic function: the first word of any closure takes one.
pub fn unknown_arity(
    closure: Expr,
    args: Vec<Expr>,
    fresh: &mut Fresh,
    needed: &mut GenericFunctions,
) -> Expr {
    if args.len() == 1 {
        return bind("clos", closure, fresh, |clos, _| {
            let mut all = args;
            all.push(clos.clone());
            call(load(clos), all)
        });
    }
    let n = args.len();
    needed.apply.insert(n);
    let mut all = args;
    all.push(closure);
    call(Expr::ConstSymbol(format!("caml_apply{n}")), all)
}

/// The arity in a closure's info word: its top eight bits.
fn arity_of(closure: Expr) -> Expr {
    Expr::Op(
        Operation::Asr,
        vec![load(field_address(closure, 1)), Expr::ConstInt(56)],
    )
}

fn params(fresh: &mut Fresh, n: usize, name: &str) -> Vec<Var> {
    (1..=n).map(|i| fresh.var(&format!("{name}{i}"))).collect()
}

fn typed(vars: &[Var]) -> Vec<(Var, MachType)> {
    vars.iter().map(|v| (v.clone(), MachType::Val)).collect()
}

/// `caml_applyN x1 ... xN clos`: a full application if the closure takes
/// `N` arguments; otherwise one argument at a time, each application
/// giving the closure the next is applied to (a partial application builds
/// one; an over-application returns one).
pub fn apply_function(n: usize, fresh: &mut Fresh) -> FunDecl {
    let xs = params(fresh, n, "arg");
    let clos = fresh.var("clos");
    let var = |v: &Var| Expr::Var(v.clone());
    let mut full_args: Vec<Expr> = xs.iter().map(var).collect();
    full_args.push(var(&clos));
    let full = call(load(field_address(var(&clos), 2)), full_args);
    // One at a time: `c1 = (load clos) x1 clos`, ..., the last in tail
    // position.
    let mut closures = vec![clos.clone()];
    for i in 1..n {
        closures.push(fresh.var(&format!("clos{i}")));
    }
    let step = |c: &Var, x: &Var| call(load(var(c)), vec![var(x), var(c)]);
    let mut one_by_one = step(&closures[n - 1], &xs[n - 1]);
    for i in (1..n).rev() {
        one_by_one = Expr::Let(
            closures[i].clone(),
            Box::new(step(&closures[i - 1], &xs[i - 1])),
            Box::new(one_by_one),
        );
    }
    let test = Expr::Op(
        Operation::CmpI(IntCmp::Eq),
        vec![arity_of(var(&clos)), Expr::ConstInt(n as i64)],
    );
    let mut ps = typed(&xs);
    ps.push((clos, MachType::Val));
    FunDecl {
        name: format!("caml_apply{n}"),
        params: ps,
        body: Expr::If(Box::new(test), Box::new(full), Box::new(one_by_one)),
    }
}

/// Where the closure built after `k` arguments of a function of arity `n`
/// keeps its argument and the closure it extends. With two or more
/// arguments still to come it has a three-word function slot (currying
/// entry, closure info, full application), else a two-word one.
fn curried_fields(n: u32, k: u32) -> (usize, usize) {
    if n - k >= 2 {
        (3, 4)
    } else {
        (2, 3)
    }
}

/// The closure holding argument `x`, the `k`-th of a function of arity
/// `n`, and the closure `prev` it extends.
fn curried_closure(n: u32, k: u32, x: Expr, prev: Expr) -> Expr {
    let remaining = n - k;
    let code = Expr::ConstSymbol(format!("caml_curry{n}_{k}"));
    let mut fields = vec![code];
    let (startenv, _) = curried_fields(n, k);
    fields.push(Expr::ConstInt(closure_info(
        remaining as i64,
        startenv,
        true,
    )));
    if remaining >= 2 {
        fields.push(Expr::ConstSymbol(format!("caml_curry{n}_{k}_app")));
    }
    fields.push(x);
    fields.push(prev);
    let mut args = vec![Expr::ConstInt(block_header(CLOSURE_TAG, fields.len()))];
    args.extend(fields);
    Expr::Op(Operation::Alloc, args)
}

/// The full application of the original closure, from the closure built
/// after `k` arguments (`clos`) and the arguments after them (`rest`):
/// walk the chain back to the original closure, collecting the arguments.
fn apply_from_chain(n: u32, k: u32, clos: Var, rest: Vec<Expr>, fresh: &mut Fresh) -> Expr {
    // Arguments 1..k, and the closure each was found in.
    let mut args: Vec<Var> = Vec::new();
    let mut lets: Vec<(Var, Expr)> = Vec::new();
    let mut current = clos;
    for j in (1..=k).rev() {
        let (arg_field, prev_field) = curried_fields(n, j);
        let x = fresh.var(&format!("arg{j}"));
        let prev = fresh.var(&format!("clos{}", j - 1));
        lets.push((
            x.clone(),
            load(field_address(Expr::Var(current.clone()), arg_field)),
        ));
        lets.push((
            prev.clone(),
            load(field_address(Expr::Var(current.clone()), prev_field)),
        ));
        args.push(x);
        current = prev;
    }
    args.reverse();
    let mut all: Vec<Expr> = args.iter().map(|v| Expr::Var(v.clone())).collect();
    all.extend(rest);
    all.push(Expr::Var(current.clone()));
    let body = call(full_application_code(Expr::Var(current), n as usize), all);
    lets.into_iter().rev().fold(body, |body, (v, e)| {
        Expr::Let(v, Box::new(e), Box::new(body))
    })
}

/// `caml_curryN` and its helpers: the currying entry of a closure of arity
/// `n`, then, for each `k` from 1 to `n - 1`, the entry of the closure
/// holding `k` arguments (which takes the next one) and, while two or more
/// remain, its full application.
pub fn curry_functions(n: u32, fresh: &mut Fresh) -> Vec<FunDecl> {
    let mut functions = Vec::new();
    for k in 0..n {
        let x = fresh.var(&format!("arg{}", k + 1));
        let clos = fresh.var("clos");
        let name = if k == 0 {
            format!("caml_curry{n}")
        } else {
            format!("caml_curry{n}_{k}")
        };
        let body = if k + 1 == n {
            apply_from_chain(n, k, clos.clone(), vec![Expr::Var(x.clone())], fresh)
        } else {
            curried_closure(n, k + 1, Expr::Var(x.clone()), Expr::Var(clos.clone()))
        };
        functions.push(FunDecl {
            name,
            params: vec![(x, MachType::Val), (clos, MachType::Val)],
            body,
        });
        if k >= 1 && n - k >= 2 {
            let rest = params(fresh, (n - k) as usize, "arg");
            let clos = fresh.var("clos");
            let body = apply_from_chain(
                n,
                k,
                clos.clone(),
                rest.iter().map(|v| Expr::Var(v.clone())).collect(),
                fresh,
            );
            let mut ps = typed(&rest);
            ps.push((clos, MachType::Val));
            functions.push(FunDecl {
                name: format!("caml_curry{n}_{k}_app"),
                params: ps,
                body,
            });
        }
    }
    functions
}
