//! CPS conversion: from Lambda to the CPS language, in the style of
//! Kennedy's "Compiling with continuations, continued" (ICFP 2007).
//!
//! The conversion is driven by *compile-time* continuations ([`Kont`]): what
//! to do with the value of an expression is, most of the time, a Rust
//! closure that builds the rest of the term, not a CPS continuation. A CPS
//! continuation is made only where the term needs one (the return point of
//! a call, a join after a branch, a loop head, an exception handler), so
//! that the output contains no administrative redex: no continuation whose
//! only job is to pass its arguments on to another.
//!
//! The output is *open*: a function's code names the variables of the
//! functions around it directly, as the source does. Closure conversion
//! (`cps::closures`) closes it.

mod constants;
mod control;
mod exceptions;
mod primitives;
mod switch;
#[cfg(test)]
pub(crate) mod tests;

use std::collections::{BTreeMap, HashMap};

use super::ids::{CodeId, Continuation, Names, Symbol, Variable};
use super::kinds::Kind;
use super::primitives::{Prim, PrimOp};
use super::terms::{
    ApplyCont, Binding, Code, ContHandler, Expr, Let, LetCont, Named, Param, Program, Simple,
    StaticBinding,
};
use crate::diagnostics::{Diagnostic, Span};
use crate::driver::ir::{Ir, IrError, Outcome};
use crate::driver::pass::{Pass, PassContext, PassOutput};
use crate::lambda::ir::{self as lambda, Label, Lambda};

/// What to do with the value of the expression being converted: Kennedy's
/// distinction between an *object* continuation, a name in the CPS term,
/// and a *meta* continuation, a function of the compiler that builds the
/// rest of the term.
pub(super) enum Kont<'a> {
    /// Jump to a continuation of the term with the value.
    Jump(Join),
    /// Build the rest of the term from the value, now. `hint` names the
    /// variable the value will be bound to, if it needs one.
    Meta { hint: String, rest: MetaCont<'a> },
}

pub(super) type MetaCont<'a> = Box<dyn FnOnce(&mut Converter<'a>, Simple) -> Expr + 'a>;

/// A continuation of the term to pass a value to, and the exception
/// handler to pop on the way (when the value leaves a `try` body).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Join {
    pub cont: Continuation,
    pub pop: Option<Continuation>,
}

impl Join {
    pub fn to(cont: Continuation) -> Join {
        Join { cont, pop: None }
    }
}

impl<'a> Kont<'a> {
    pub fn meta(
        hint: &str,
        rest: impl FnOnce(&mut Converter<'a>, Simple) -> Expr + 'a,
    ) -> Kont<'a> {
        Kont::Meta {
            hint: hint.to_string(),
            rest: Box::new(rest),
        }
    }

    /// The name a value passed to this continuation should be given.
    pub fn hint_or(&self, default: &str) -> String {
        match self {
            Kont::Meta { hint, .. } => hint.clone(),
            _ => default.to_string(),
        }
    }
}

impl From<Join> for Kont<'_> {
    fn from(j: Join) -> Self {
        Kont::Jump(j)
    }
}

/// What a Lambda variable stands for in the CPS term.
#[derive(Clone, Copy, Debug)]
pub(super) enum Bound {
    /// An immutable variable: the simple holding its value. `let x = y`
    /// and `let x = 3` bind nothing in the CPS term; `x` is `y` or `3`.
    Value(Simple),
    /// A mutable variable (`Lmutlet`): the one-field block holding it.
    Mutable(Variable),
}

/// The handler of a static exception (`catch`), as the raises in its body
/// reach it.
#[derive(Clone, Copy, Debug)]
pub(super) struct StaticHandler {
    pub cont: Continuation,
    pub arity: usize,
    /// How many exception handlers were installed (in this function) where
    /// the `catch` is: a raise from deeper inside `try` bodies pops the
    /// others first.
    pub depth: usize,
}

/// The exception handlers of the function being converted.
#[derive(Clone, Debug)]
pub(super) struct Traps {
    /// The innermost handler: where a raise goes, and every call's
    /// exception continuation.
    pub exn: Continuation,
    /// The handlers pushed by `try` bodies of this function around the
    /// current point, innermost last.
    pub pushed: Vec<Continuation>,
}

pub(super) struct Converter<'a> {
    pub names: Names,
    code: BTreeMap<CodeId, Code>,
    /// Constants, all allocated statically at the start of the program.
    statics: Vec<StaticBinding>,
    runtime_symbols: HashMap<String, Symbol>,
    vars: HashMap<lambda::Var, Bound>,
    labels: HashMap<Label, StaticHandler>,
    traps: Traps,
    errors: Vec<String>,
    _lambda: std::marker::PhantomData<&'a Lambda>,
}

/// Convert a whole Lambda program. The result's code is open (see the
/// module's documentation); an error is a broken Lambda invariant, a bug
/// in an earlier pass.
pub fn convert_program(p: &lambda::Program) -> Result<Program, String> {
    let mut names = Names::new();
    let return_cont = names.cont("k_done");
    let exn_cont = names.cont("k_uncaught");
    let mut c = Converter {
        names,
        code: BTreeMap::new(),
        statics: Vec::new(),
        runtime_symbols: HashMap::new(),
        vars: HashMap::new(),
        labels: HashMap::new(),
        traps: Traps {
            exn: exn_cont,
            pushed: Vec::new(),
        },
        errors: Vec::new(),
        _lambda: std::marker::PhantomData,
    };
    // The program's value is thrown away: it ends by returning unit.
    let body = c.expr(
        &p.body,
        Kont::meta("u", move |_, _| {
            apply_cont(return_cont, vec![Simple::unit()])
        }),
    );
    if let Some(first) = c.errors.first() {
        return Err(format!("CPS conversion: {first}"));
    }
    let body = if c.statics.is_empty() {
        body
    } else {
        let statics = std::mem::take(&mut c.statics);
        let_(Binding::Static(statics), body)
    };
    Ok(Program {
        names: c.names,
        code: c.code,
        return_cont,
        exn_cont,
        body,
        uncaught_printer: p.uncaught_printer,
    })
}

// Building terms.
pub(super) fn let_(binding: Binding, body: Expr) -> Expr {
    Expr::Let(Box::new(Let { binding, body }))
}

pub(super) fn let_cont(cont: Continuation, handler: ContHandler, body: Expr) -> Expr {
    Expr::LetCont(Box::new(LetCont::NonRecursive {
        cont,
        handler,
        body,
    }))
}

pub(super) fn apply_cont(cont: Continuation, args: Vec<Simple>) -> Expr {
    Expr::ApplyCont(Box::new(ApplyCont::new(cont, args)))
}

/// Wrap `body` in the continuations of `conts`, the first outermost.
pub(super) fn let_conts(conts: Vec<(Continuation, ContHandler)>, body: Expr) -> Expr {
    conts
        .into_iter()
        .rev()
        .fold(body, |body, (k, h)| let_cont(k, h, body))
}

/// If `e` only passes the parameters `params`, in order, to another
/// continuation, that continuation: a handler with body `e` would be an
/// administrative redex, and its uses can jump to the other one instead.
pub(crate) fn forwards_to(params: &[Variable], e: &Expr) -> Option<Continuation> {
    match e {
        Expr::ApplyCont(ac)
            if ac.trap.is_none()
                && ac.args.len() == params.len()
                && ac
                    .args
                    .iter()
                    .zip(params)
                    .all(|(a, p)| *a == Simple::Var(*p)) =>
        {
            Some(ac.cont)
        }
        _ => None,
    }
}

impl<'a> Converter<'a> {
    /// A broken Lambda invariant: noted, and the term goes on as `invalid`.
    pub(super) fn fail(&mut self, message: String) -> Expr {
        self.errors.push(message.clone());
        Expr::Invalid { message }
    }

    pub(super) fn bind(&mut self, v: &lambda::Var, b: Bound) {
        self.vars.insert(v.clone(), b);
    }

    /// A new CPS variable standing for the Lambda variable `v`.
    pub(super) fn bind_fresh(&mut self, v: &lambda::Var) -> Variable {
        let var = self.names.var(&v.name);
        self.bind(v, Bound::Value(Simple::Var(var)));
        var
    }

    pub(super) fn lookup(&self, v: &lambda::Var) -> Option<Bound> {
        self.vars.get(v).copied()
    }

    /// The hint of a simple, for naming what is computed from it.
    pub(super) fn hint_of(&self, s: Simple) -> String {
        match s {
            Simple::Var(v) => self.names.hint(v).to_string(),
            Simple::Symbol(sym) => self.names.hint(sym).to_string(),
            Simple::Const(_) => "c".to_string(),
        }
    }

    /// Pass `v` to `k`.
    pub(super) fn resume(&mut self, k: Kont<'a>, v: Simple) -> Expr {
        match k {
            Kont::Jump(Join { cont, pop: None }) => apply_cont(cont, vec![v]),
            Kont::Jump(Join { cont, pop: Some(h) }) => Expr::ApplyCont(Box::new(ApplyCont {
                cont,
                args: vec![v],
                trap: Some(super::terms::TrapAction::Pop { exn_handler: h }),
            })),
            Kont::Meta { rest, .. } => rest(self, v),
        }
    }

    /// `let hint = op args in rest hint`.
    pub(super) fn let_prim(
        &mut self,
        hint: &str,
        op: PrimOp,
        args: Vec<Simple>,
        rest: impl FnOnce(&mut Self, Simple) -> Expr,
    ) -> Expr {
        let var = self.names.var(hint);
        let param = Param::new(var, op.result_kind());
        let body = rest(self, Simple::Var(var));
        let_(
            Binding::Var {
                param,
                named: Named::Prim(Prim::new(op, args)),
            },
            body,
        )
    }

    /// The value of `op args` is the value `k` wants.
    pub(super) fn prim_to(
        &mut self,
        op: PrimOp,
        args: Vec<Simple>,
        k: Kont<'a>,
        default_hint: &str,
    ) -> Expr {
        let hint = k.hint_or(default_hint);
        self.let_prim(&hint, op, args, move |c, v| c.resume(k, v))
    }
}

// Turning compile-time continuations into continuations of the term, only
// where the term needs a name.
impl<'a> Converter<'a> {
    /// A continuation of the term that takes one parameter of `kind` and
    /// does what `k` does, and the handler to bind it to if it is new. A
    /// jump without a trap action is already one; a meta continuation
    /// becomes a handler, unless its body merely passes the parameter on,
    /// in which case the continuation it passes to is the answer.
    fn reify(
        &mut self,
        k: Kont<'a>,
        kind: Kind,
        default_hint: &str,
    ) -> (Continuation, Option<ContHandler>) {
        match k {
            Kont::Jump(Join { cont, pop: None }) => (cont, None),
            k => {
                let hint = k.hint_or(default_hint);
                let param = self.names.var(&hint);
                let body = self.resume(k, Simple::Var(param));
                if let Some(target) = forwards_to(&[param], &body) {
                    return (target, None);
                }
                let cont = self.names.cont(&format!("k_{hint}"));
                (
                    cont,
                    Some(ContHandler::new(vec![Param::new(param, kind)], body)),
                )
            }
        }
    }

    /// Build a term that needs a continuation taking one value (a call's
    /// return continuation), from `k`.
    pub(super) fn with_cont(
        &mut self,
        k: Kont<'a>,
        kind: Kind,
        default_hint: &str,
        body: impl FnOnce(&mut Self, Continuation) -> Expr,
    ) -> Expr {
        let (cont, handler) = self.reify(k, kind, default_hint);
        let e = body(self, cont);
        match handler {
            Some(h) => let_cont(cont, h, e),
            None => e,
        }
    }

    /// Build a term in which several places pass a value to `k` (the arms
    /// of a branch): each of them jumps to the same [`Join`].
    pub(super) fn with_join(
        &mut self,
        k: Kont<'a>,
        default_hint: &str,
        body: impl FnOnce(&mut Self, Join) -> Expr,
    ) -> Expr {
        match k {
            Kont::Jump(join) => body(self, join),
            k => self.with_cont(k, Kind::Value, default_hint, |c, cont| {
                body(c, Join::to(cont))
            }),
        }
    }

    /// Like [`with_join`](Self::with_join), with a join that pops nothing
    /// (what a `try` needs, since its body's exit pops its own handler).
    pub(super) fn with_plain_join(
        &mut self,
        k: Kont<'a>,
        default_hint: &str,
        body: impl FnOnce(&mut Self, Continuation) -> Expr,
    ) -> Expr {
        self.with_cont(k, Kind::Value, default_hint, body)
    }

    /// Evaluate `es` right to left, as OCaml does, then `done` with their
    /// values in order.
    pub(super) fn exprs(
        &mut self,
        es: &'a [Lambda],
        done: impl FnOnce(&mut Self, Vec<Simple>) -> Expr + 'a,
    ) -> Expr {
        self.exprs_from(es, Vec::with_capacity(es.len()), Box::new(done))
    }

    #[allow(clippy::type_complexity)]
    fn exprs_from(
        &mut self,
        es: &'a [Lambda],
        mut later: Vec<Simple>,
        done: Box<dyn FnOnce(&mut Self, Vec<Simple>) -> Expr + 'a>,
    ) -> Expr {
        match es.split_last() {
            None => {
                later.reverse();
                done(self, later)
            }
            Some((last, rest)) => {
                let hint = value_hint(last);
                self.expr(
                    last,
                    Kont::meta(&hint, move |c, v| {
                        later.push(v);
                        c.exprs_from(rest, later, done)
                    }),
                )
            }
        }
    }
}

/// A name for the value of `e` when it is an argument.
fn value_hint(e: &Lambda) -> String {
    match e {
        Lambda::Apply { func, .. } => match &**func {
            Lambda::Var(f) => format!("{}_result", f.name),
            _ => "result".to_string(),
        },
        Lambda::Prim { prim, .. } => primitives::hint(prim).to_string(),
        Lambda::Function(_) => "anon".to_string(),
        _ => "v".to_string(),
    }
}

/// A CPS program whose code may still be open: the IR between CPS
/// conversion and closure conversion. It is the same term language, so it
/// prints, checks and runs as any CPS program; it has its own kind,
/// `open-cps`, so that the pass manager puts closure conversion (which
/// reads `open-cps` and writes `cps`) before every pass that reads `cps`.
pub struct OpenProgram(pub Program);

impl Ir for OpenProgram {
    fn kind(&self) -> &'static str {
        "open-cps"
    }

    fn print(&self) -> String {
        self.0.print()
    }

    fn check(&self) -> Result<(), IrError> {
        super::check::check_with(&self.0, super::check::CheckOptions { closed_code: false })
            .map_err(|errors| {
                let first = errors.first();
                IrError {
                    message: first.map_or_else(String::new, |e| e.message.clone()),
                    fragment: first.map_or_else(String::new, |e| e.fragment.clone()),
                }
            })
    }

    fn interpret(&self) -> Option<Outcome> {
        self.0.interpret()
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

fn cps_convert_pass(_: &mut PassContext, ir: Box<dyn Ir>) -> Result<PassOutput, Vec<Diagnostic>> {
    let internal = |m: String| vec![Diagnostic::error(Span::default(), m)];
    // Lambda is read as the concrete type its chapter defines.
    let kind = ir.kind();
    let lambda = ir
        .into_any()
        .downcast::<lambda::Program>()
        .map_err(|_| internal(format!("cps-convert received IR of kind `{kind}`")))?;
    let program = convert_program(&lambda).map_err(internal)?;
    Ok(PassOutput::new(OpenProgram(program)))
}

/// `lambda -> open-cps`; `flambeau dump cps` shows its output.
pub const CPS_CONVERSION: Pass = Pass {
    dump_as: Some("cps"),
    ..Pass::new("cps-convert", "lambda", "open-cps", cps_convert_pass)
};
