//! The translation of CPS terms to Cmm: expressions, continuations,
//! functions and the whole program.

use std::collections::HashMap;

use super::apply::{self, GenericFunctions};
use super::closures::{self, ClosureOffsets};
use super::data;
use super::env::{self, Env, FlushMode, Lookup, Occurrences, Supply};
use super::externals;
use super::occurrences::Analysis;
use super::prims::{self, SlotOffsets};
use crate::cmm::helpers::WORD_SIZE;
use crate::cmm::{
    CatchKind, DataItem, ExitLabel, Expr, FunDecl, Handler, Label, MachType, Operation, Phrase,
    RaiseKind, TrapAction, Var,
};
use crate::cps::effects::EffectsAndCoeffects;
use crate::cps::ids::{CodeId, Continuation, Symbol, Variable};
use crate::cps::kinds::Kind;
use crate::cps::primitives::{Mutability, PrimOp};
use crate::cps::terms::{
    self as cps, Apply, ApplyCont, Binding, CallKind, Const, ContHandler, LetCont, Named, Param,
    Program, Return, SetOfClosures, Simple, StaticBinding, StaticConst,
};

/// What the translation may do beyond the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Substitute single-use effectful bindings into any use on the most
    /// recent stage, not only into the fields of a new block. Flambda 2's
    /// `-flambda2-expert-inline-effects-in-cmm`.
    pub substitute_effects: bool,
}

/// A failure of the translation: its input broke an invariant of the CPS
/// language that the checker should have caught. A compiler bug.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToCmmError {
    pub message: String,
}

impl std::fmt::Display for ToCmmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "To Cmm: {}", self.message)
    }
}

type Result<T> = std::result::Result<T, ToCmmError>;

fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(ToCmmError {
        message: message.into(),
    })
}

impl From<env::EnvError> for ToCmmError {
    fn from(e: env::EnvError) -> ToCmmError {
        ToCmmError { message: e.message }
    }
}

/// What a continuation in scope becomes.
#[derive(Clone, Copy, Debug)]
enum Cont<'p> {
    /// Used once, by a jump without trap action: its handler is translated
    /// at that use, in the environment of the use.
    Inline {
        params: &'p [Param],
        body: &'p cps::Expr,
    },
    /// A `catch` handler, reached by `exit`.
    Jump { label: Label, arity: usize },
    /// An exception handler, reached by `raise` once pushed.
    ExnHandler { label: Label },
    /// The function's return continuation: its argument is the result.
    Return,
    /// The function's exception continuation: jumping to it raises.
    Raise,
}

type Conts<'p> = imbl::HashMap<Continuation, Cont<'p>>;

/// The machine type of a variable of kind `kind`.
pub fn machtype(kind: Kind) -> MachType {
    match kind {
        Kind::Value => MachType::Val,
        Kind::NakedFloat => MachType::Float,
        Kind::NakedImmediate | Kind::NakedInt32 | Kind::NakedInt64 | Kind::NakedNativeint => {
            MachType::Int
        }
    }
}

/// A constant as Cmm: tagged integers in their tagged form, naked numbers
/// as themselves (an `int32` sign-extended).
pub fn constant(c: Const) -> Expr {
    match c {
        Const::Tagged(n) => Expr::ConstInt(n.wrapping_shl(1).wrapping_add(1)),
        Const::NakedImmediate(n) | Const::NakedInt64(n) | Const::NakedNativeint(n) => {
            Expr::ConstInt(n)
        }
        Const::NakedInt32(n) => Expr::ConstInt(n as i64),
        Const::NakedFloat(x) => Expr::ConstFloat(x.get()),
    }
}

/// The state of the translation of one program.
struct Translator<'p> {
    program: &'p Program,
    module: String,
    options: Options,
    analysis: Analysis<'p>,
    offsets: ClosureOffsets,
    supply: Supply,
    /// The linkage name of every symbol.
    symbols: HashMap<Symbol, String>,
    /// Static data, one phrase per constant or closed set of closures.
    data: Vec<Vec<DataItem>>,
    generic: GenericFunctions,
}

/// The result of translating a program: the Cmm phrases and the name of
/// the function that runs the program.
pub struct Translated {
    pub program: crate::cmm::Program,
    pub entry: String,
}

/// Translates a CPS program (after closure conversion: its code has no
/// free variables) to Cmm. `module` is the OCaml module name of the unit,
/// which prefixes every symbol.
pub fn translate_program(program: &Program, module: &str, options: Options) -> Result<Translated> {
    let analysis = Analysis::of_program(program);
    let offsets =
        ClosureOffsets::compute(&analysis, &program.code).map_err(|message| ToCmmError {
            message: format!("closure offsets: {message}"),
        })?;
    let mut t = Translator {
        program,
        module: module.to_string(),
        options,
        analysis,
        offsets,
        supply: Supply::new(),
        symbols: HashMap::new(),
        data: Vec::new(),
        generic: GenericFunctions::default(),
    };
    t.name_symbols();
    t.static_data()?;
    let mut functions = Vec::new();
    for code in program.code.values() {
        functions.push(t.function(code)?);
    }
    let entry = format!("caml{module}__entry");
    functions.push(t.entry(&entry)?);
    for n in t.generic.curry.clone() {
        functions.extend(apply::curry_functions(n, &mut t.supply.fresh));
    }
    for n in t.generic.apply.clone() {
        functions.push(apply::apply_function(n, &mut t.supply.fresh));
    }
    let mut phrases: Vec<Phrase> = t.data.into_iter().map(Phrase::Data).collect();
    phrases.extend(functions.into_iter().map(Phrase::Function));
    Ok(Translated {
        program: crate::cmm::Program { phrases },
        entry,
    })
}

impl<'p> Translator<'p> {
    fn code_symbol(&self, id: CodeId) -> String {
        data::linkage_name(&self.module, self.program.names.hint(id), id.index())
    }

    fn symbol(&self, s: Symbol) -> String {
        self.symbols.get(&s).cloned().unwrap_or_else(|| {
            data::linkage_name(&self.module, self.program.names.hint(s), s.index())
        })
    }

    fn var_name(&self, v: Variable) -> String {
        self.program.names.hint(v).to_string()
    }

    fn fresh_var(&mut self, v: Variable) -> Var {
        let hint = self.var_name(v);
        self.supply.fresh.var(&hint)
    }

    /// Symbols defined by the runtime keep the runtime's name.
    fn name_symbols(&mut self) {
        for s in &self.analysis.statics {
            if let StaticBinding::Const {
                symbol,
                value: StaticConst::Runtime(name),
            } = s
            {
                self.symbols.insert(*symbol, name.clone());
            }
        }
    }

    /// The data of every static binding of the program.
    fn static_data(&mut self) -> Result<()> {
        let statics = self.analysis.statics.clone();
        for s in statics {
            match s {
                StaticBinding::Const { symbol, value } => {
                    let name = self.symbol(*symbol);
                    let items = data::static_const(&name, value, &|s| self.symbol(s));
                    if !items.is_empty() {
                        self.data.push(items);
                    }
                }
                StaticBinding::SetOfClosures { symbols, set } => {
                    let layout = self
                        .offsets
                        .layout(set)
                        .map_err(|m| ToCmmError { message: m })?;
                    let slot_symbols: HashMap<_, _> = set
                        .functions
                        .iter()
                        .zip(symbols)
                        .map(|((slot, _), sym)| (*slot, self.symbol(*sym)))
                        .collect();
                    self.note_curry(set);
                    let items = closures::static_data(
                        &layout,
                        set,
                        &|c| self.code_symbol(c),
                        &|slot| slot_symbols.get(&slot).cloned().unwrap_or_default(),
                        &|v| self.static_value(v),
                    )
                    .map_err(|m| ToCmmError { message: m })?;
                    self.data.push(items);
                }
            }
        }
        Ok(())
    }

    /// A value slot of a static set: known at compile time.
    fn static_value(&self, v: &Simple) -> std::result::Result<DataItem, String> {
        match v {
            Simple::Symbol(s) => Ok(DataItem::SymbolAddress(self.symbol(*s))),
            Simple::Const(Const::NakedFloat(x)) => Ok(DataItem::Double(x.get())),
            Simple::Const(c) => match constant(*c) {
                Expr::ConstInt(n) => Ok(DataItem::Int(n)),
                other => Err(format!("constant {other} in a static set of closures")),
            },
            Simple::Var(v) => Err(format!(
                "variable {} in the value slot of a static set of closures",
                self.var_name(*v)
            )),
        }
    }

    /// The arities whose currying functions the closures of `set` need.
    fn note_curry(&mut self, set: &SetOfClosures) {
        for (_, code) in &set.functions {
            let arity = self.offsets.arity(*code);
            if arity > 1 {
                self.generic.curry.insert(arity);
            }
        }
    }
}

impl<'p> Translator<'p> {
    /// A piece of code becomes a Cmm function of its parameters and, last,
    /// the closure it was called through.
    fn function(&mut self, code: &'p cps::Code) -> Result<FunDecl> {
        let mut env = Env::new();
        let mut params = Vec::new();
        for p in &code.params {
            let v = self.fresh_var(p.var);
            env.bind_param(p.var, &v);
            params.push((v, machtype(p.kind)));
        }
        let closure = self.fresh_var(code.my_closure);
        env.bind_param(code.my_closure, &closure);
        params.push((closure, MachType::Val));
        let conts = Conts::new()
            .update(code.return_cont, Cont::Return)
            .update(code.exn_cont, Cont::Raise);
        let body = self.expr(env, &conts, &code.body)?;
        Ok(FunDecl {
            name: self.code_symbol(code.id),
            params,
            body,
        })
    }

    /// The program's own expression becomes the entry function, of no
    /// parameters: returning from it ends the program, raising out of it
    /// is an uncaught exception.
    fn entry(&mut self, name: &str) -> Result<FunDecl> {
        let conts = Conts::new()
            .update(self.program.return_cont, Cont::Return)
            .update(self.program.exn_cont, Cont::Raise);
        let body = self.expr(Env::new(), &conts, &self.program.body)?;
        Ok(FunDecl {
            name: name.to_string(),
            params: Vec::new(),
            body,
        })
    }

    /// What to use for a simple: a constant, a symbol, or what the
    /// environment gives for a variable.
    fn simple(&mut self, env: &mut Env, s: &Simple, allow_effects: bool) -> Result<Lookup> {
        Ok(match s {
            Simple::Var(v) => env.lookup(&mut self.supply, *v, allow_effects)?,
            Simple::Symbol(sym) => Lookup {
                expr: Expr::ConstSymbol(self.symbol(*sym)),
                effects: EffectsAndCoeffects::PURE,
            },
            Simple::Const(c) => Lookup {
                expr: constant(*c),
                effects: EffectsAndCoeffects::PURE,
            },
        })
    }

    /// Several simples, looked up left to right: the first is the one Cmm
    /// evaluates last (arguments go right to left), so it may take the
    /// most recent binding. The effects of all of them together.
    fn simples(
        &mut self,
        env: &mut Env,
        ss: &[Simple],
        allow_effects: bool,
    ) -> Result<(Vec<Expr>, EffectsAndCoeffects)> {
        let mut exprs = Vec::with_capacity(ss.len());
        let mut effects = EffectsAndCoeffects::PURE;
        for s in ss {
            let l = self.simple(env, s, allow_effects)?;
            exprs.push(l.expr);
            effects = env::join(effects, l.effects);
        }
        Ok((exprs, effects))
    }

    fn bind(&mut self, env: &mut Env, v: Variable, expr: Expr, effects: EffectsAndCoeffects) {
        let hint = self.var_name(v);
        let occurrences = self.analysis.occurrences(v);
        env.bind(&mut self.supply, v, &hint, expr, effects, occurrences);
    }
}

impl<'p> Translator<'p> {
    /// Translates `e` in tail position of the function being built. A
    /// chain of `let`s, and of continuations to inline, is walked by a
    /// loop: each only adds to the environment.
    fn expr(&mut self, mut env: Env, conts: &Conts<'p>, e: &'p cps::Expr) -> Result<Expr> {
        let mut conts = conts.clone();
        let mut e = e;
        loop {
            match e {
                cps::Expr::Let(l) => {
                    self.let_binding(&mut env, &l.binding)?;
                    e = &l.body;
                }
                cps::Expr::LetCont(lc) => match &**lc {
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body,
                    } if self.inlinable(*cont, handler) => {
                        conts.insert(
                            *cont,
                            Cont::Inline {
                                params: &handler.params,
                                body: &handler.body,
                            },
                        );
                        e = body;
                    }
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body,
                    } => return self.let_cont(env, &conts, *cont, handler, body),
                    LetCont::Recursive { handlers, body } => {
                        return self.let_cont_rec(env, &conts, handlers, body)
                    }
                },
                cps::Expr::Apply(a) => return self.apply(env, &conts, a),
                cps::Expr::ApplyCont(ac) => return self.apply_cont(env, &conts, ac),
                cps::Expr::Switch(s) => return self.switch(env, &conts, s),
                cps::Expr::Invalid { message } => return self.invalid(env, message),
            }
        }
    }

    /// The seed's conditions for inlining a continuation: not an exception
    /// handler, not applied with a trap action, used exactly once (and,
    /// as Flambda 2 adds, not marked cold).
    fn inlinable(&self, k: Continuation, handler: &ContHandler) -> bool {
        !handler.is_exn_handler
            && !handler.is_cold
            && !self.analysis.applied_with_trap(k)
            && self.analysis.continuation_uses(k) == 1
    }

    fn let_binding(&mut self, env: &mut Env, b: &'p Binding) -> Result<()> {
        match b {
            Binding::Var {
                param,
                named: Named::Simple(s),
            } => {
                let l = self.simple(env, s, false)?;
                self.bind(env, param.var, l.expr, l.effects);
            }
            Binding::Var {
                param,
                named: Named::Prim(p),
            } => {
                let allocates = matches!(p.op, PrimOp::MakeBlock { .. } | PrimOp::MakeArray { .. });
                let allow_effects = self.options.substitute_effects || allocates;
                let (args, arg_effects) = self.simples(env, &p.args, allow_effects)?;
                let untagged_from = match (p.op, args.as_slice()) {
                    (PrimOp::UntagImmediate, [x]) if env::is_trivial(x) => Some(x.clone()),
                    _ => None,
                };
                let expr = prims::translate(p.op, args, &mut self.supply.fresh, &self.offsets)
                    .map_err(|m| ToCmmError { message: m })?;
                let effects = env::join(p.op.effects_and_coeffects(), arg_effects);
                self.bind(env, param.var, expr, effects);
                if let Some(x) = untagged_from {
                    env.set_untagged_from(param.var, x);
                }
            }
            Binding::SetOfClosures { vars, set } => self.set_of_closures(env, vars, set)?,
            // Static data was laid out before the translation started.
            Binding::Static(_) => {}
        }
        Ok(())
    }
}

impl<'p> Translator<'p> {
    /// A set of closures allocated where it is defined: one block, each
    /// variable a pointer to its function slot. A set left with no value
    /// slot is closed and becomes static data instead, each variable a
    /// symbol.
    fn set_of_closures(
        &mut self,
        env: &mut Env,
        vars: &[Variable],
        set: &'p SetOfClosures,
    ) -> Result<()> {
        self.note_curry(set);
        let layout = self
            .offsets
            .layout(set)
            .map_err(|m| ToCmmError { message: m })?;
        let slot_var: HashMap<_, _> = set
            .functions
            .iter()
            .zip(vars)
            .map(|((slot, _), v)| (*slot, *v))
            .collect();
        if closures::is_closed(&layout) {
            let names: HashMap<_, _> = slot_var
                .iter()
                .map(|(slot, v)| {
                    let hint = self.program.names.hint(*v);
                    (*slot, data::linkage_name(&self.module, hint, v.index()))
                })
                .collect();
            let name_of = |slot| names.get(&slot).cloned().unwrap_or_default();
            let items =
                closures::static_data(&layout, set, &|c| self.code_symbol(c), &name_of, &|v| {
                    self.static_value(v)
                })
                .map_err(|m| ToCmmError { message: m })?;
            self.data.push(items);
            for ((slot, _), v) in set.functions.iter().zip(vars) {
                let symbol = Expr::ConstSymbol(name_of(*slot));
                self.bind(env, *v, symbol, EffectsAndCoeffects::PURE);
            }
            return Ok(());
        }
        let words = closures::words(&layout, set, &|c| self.code_symbol(c))
            .map_err(|m| ToCmmError { message: m })?;
        let mut fields = vec![Expr::ConstInt(layout.header())];
        let mut effects = EffectsAndCoeffects::allocation(Mutability::Immutable);
        for (_, word) in words {
            fields.push(match word {
                closures::Word::Int(n) => Expr::ConstInt(n),
                closures::Word::Code(s) => Expr::ConstSymbol(s),
                closures::Word::Value(s) => {
                    let l = self.simple(env, s, true)?;
                    effects = env::join(effects, l.effects);
                    l.expr
                }
            });
        }
        let block = Expr::Op(Operation::Alloc, fields);
        if let ([v], [(slot, _)]) = (vars, set.functions.as_slice()) {
            if self.offsets.function_slot(*slot) == Some(0) {
                self.bind(env, *v, block, effects);
                return Ok(());
            }
        }
        let block_var = env.bind_temp(&mut self.supply, "closures", block, effects);
        for ((slot, _), v) in set.functions.iter().zip(vars) {
            let Some(offset) = self.offsets.function_slot(*slot) else {
                return fail(format!("function slot {slot:?} has no offset"));
            };
            if self.analysis.occurrences(*v) != Occurrences::Zero {
                self.supply.reference(&block_var);
            }
            let pointer = if offset == 0 {
                Expr::Var(block_var.clone())
            } else {
                Expr::Op(
                    Operation::AddV,
                    vec![
                        Expr::Var(block_var.clone()),
                        Expr::ConstInt(offset as i64 * WORD_SIZE),
                    ],
                )
            };
            self.bind(env, *v, pointer, EffectsAndCoeffects::PURE);
        }
        Ok(())
    }
}

impl<'p> Translator<'p> {
    /// Binds the parameters of a handler to fresh Cmm variables.
    fn handler_params(&mut self, env: &mut Env, params: &[Param]) -> Vec<(Var, MachType)> {
        params
            .iter()
            .map(|p| {
                let v = self.fresh_var(p.var);
                env.bind_param(p.var, &v);
                (v, machtype(p.kind))
            })
            .collect()
    }

    /// A continuation that is not inlined: a `catch` (an exception handler
    /// if it is one). The environment is flushed first, so that nothing is
    /// emitted both in the handler and in the body.
    fn let_cont(
        &mut self,
        mut env: Env,
        conts: &Conts<'p>,
        k: Continuation,
        handler: &'p ContHandler,
        body: &'p cps::Expr,
    ) -> Result<Expr> {
        let flushed = env.flush(FlushMode::BranchingPoint);
        let label = self.supply.fresh.label();
        let mut handler_env = env.fork()?;
        let params = self.handler_params(&mut handler_env, &handler.params);
        let handler_body = self.expr(handler_env, conts, &handler.body)?;
        let (kind, cont) = if handler.is_exn_handler {
            (CatchKind::ExnHandler, Cont::ExnHandler { label })
        } else {
            (
                CatchKind::Normal,
                Cont::Jump {
                    label,
                    arity: params.len(),
                },
            )
        };
        let body = self.expr(env, &conts.update(k, cont), body)?;
        let catch = Expr::Catch {
            kind,
            handlers: vec![Handler {
                label,
                params,
                body: handler_body,
            }],
            body: Box::new(body),
        };
        Ok(flushed.wrap(&self.supply, catch))
    }

    /// A group of recursive continuations: a loop, so everything delayed is
    /// emitted before it and nothing is substituted into it.
    fn let_cont_rec(
        &mut self,
        mut env: Env,
        conts: &Conts<'p>,
        handlers: &'p [(Continuation, ContHandler)],
        body: &'p cps::Expr,
    ) -> Result<Expr> {
        let flushed = env.flush(FlushMode::EnteringLoop);
        let mut conts = conts.clone();
        let mut labels = Vec::new();
        for (k, h) in handlers {
            if h.is_exn_handler {
                return fail("an exception handler cannot be recursive");
            }
            let label = self.supply.fresh.label();
            labels.push(label);
            conts.insert(
                *k,
                Cont::Jump {
                    label,
                    arity: h.params.len(),
                },
            );
        }
        let mut cmm_handlers = Vec::new();
        for ((_, h), label) in handlers.iter().zip(labels) {
            let mut handler_env = env.fork()?;
            let params = self.handler_params(&mut handler_env, &h.params);
            let body = self.expr(handler_env, &conts, &h.body)?;
            cmm_handlers.push(Handler {
                label,
                params,
                body,
            });
        }
        let body = self.expr(env, &conts, body)?;
        let catch = Expr::Catch {
            kind: CatchKind::Recursive,
            handlers: cmm_handlers,
            body: Box::new(body),
        };
        Ok(flushed.wrap(&self.supply, catch))
    }
}

impl<'p> Translator<'p> {
    fn cont(&self, conts: &Conts<'p>, k: Continuation) -> Result<Cont<'p>> {
        match conts.get(&k) {
            Some(c) => Ok(*c),
            None => fail(format!(
                "continuation {} is not in scope",
                self.program.names.hint(k)
            )),
        }
    }

    /// The label of an exception handler named by a trap action.
    fn trap_action(
        &self,
        conts: &Conts<'p>,
        trap: Option<cps::TrapAction>,
    ) -> Result<Vec<TrapAction>> {
        let Some(trap) = trap else {
            return Ok(Vec::new());
        };
        let (cps::TrapAction::Push { exn_handler } | cps::TrapAction::Pop { exn_handler }) = trap;
        let Cont::ExnHandler { label } = self.cont(conts, exn_handler)? else {
            return fail(format!(
                "trap action on {}, which is not an exception handler",
                self.program.names.hint(exn_handler)
            ));
        };
        Ok(vec![match trap {
            cps::TrapAction::Push { .. } => TrapAction::Push(label),
            cps::TrapAction::Pop { .. } => TrapAction::Pop(label),
        }])
    }

    /// A jump. To an inlined continuation: its handler, here, with its
    /// parameters bound to the arguments. To an exception continuation: a
    /// `raise` (which pops the handler it reaches). Otherwise an `exit`,
    /// or the function's result, after a flush.
    fn apply_cont(&mut self, mut env: Env, conts: &Conts<'p>, ac: &'p ApplyCont) -> Result<Expr> {
        match self.cont(conts, ac.cont)? {
            Cont::Inline { params, body } => {
                if ac.trap.is_some() || params.len() != ac.args.len() {
                    return fail("an inlined continuation is applied with a trap or a wrong arity");
                }
                for (p, arg) in params.iter().zip(&ac.args) {
                    let l = self.simple(&mut env, arg, false)?;
                    self.bind(&mut env, p.var, l.expr, l.effects);
                }
                self.expr(env, conts, body)
            }
            Cont::Raise | Cont::ExnHandler { .. } => {
                let [exn] = ac.args.as_slice() else {
                    return fail("an exception handler takes one argument");
                };
                let exn = self.simple(&mut env, exn, self.options.substitute_effects)?;
                let flushed = env.flush(FlushMode::BranchingPoint);
                let raise = Expr::Op(Operation::Raise(RaiseKind::Regular), vec![exn.expr]);
                Ok(flushed.wrap(&self.supply, raise))
            }
            Cont::Return => {
                let traps = self.trap_action(conts, ac.trap)?;
                let (mut args, _) =
                    self.simples(&mut env, &ac.args, self.options.substitute_effects)?;
                if args.is_empty() {
                    args.push(Expr::ConstInt(1));
                }
                let flushed = env.flush(FlushMode::BranchingPoint);
                let result = match (args.len(), traps.is_empty()) {
                    (1, true) => args.remove(0),
                    _ => Expr::Exit {
                        label: ExitLabel::Return,
                        args,
                        traps,
                    },
                };
                Ok(flushed.wrap(&self.supply, result))
            }
            Cont::Jump { label, arity } => {
                if arity != ac.args.len() {
                    return fail("a continuation is applied to the wrong number of arguments");
                }
                let traps = self.trap_action(conts, ac.trap)?;
                let (args, _) =
                    self.simples(&mut env, &ac.args, self.options.substitute_effects)?;
                let flushed = env.flush(FlushMode::BranchingPoint);
                let exit = Expr::Exit {
                    label: ExitLabel::Label(label),
                    args,
                    traps,
                };
                Ok(flushed.wrap(&self.supply, exit))
            }
        }
    }
}

impl<'p> Translator<'p> {
    /// A call. The arguments are looked up first (they are evaluated after
    /// the callee, which Cmm evaluates last but is passed last), then the
    /// call goes where its return continuation says: the function's result
    /// (a tail call), an inlined handler (the call's result is bound like
    /// any effectful `let`), or an `exit` to a handler.
    fn apply(&mut self, mut env: Env, conts: &Conts<'p>, a: &'p Apply) -> Result<Expr> {
        let allow = self.options.substitute_effects;
        let (args, _) = self.simples(&mut env, &a.args, allow)?;
        let callee = match &a.callee {
            Some(c) => Some(self.simple(&mut env, c, allow)?.expr),
            None => None,
        };
        let needs_callee = || ToCmmError {
            message: "an indirect call without a callee".to_string(),
        };
        let call = match &a.call_kind {
            CallKind::Direct { code } => {
                let result = self
                    .program
                    .code
                    .get(code)
                    .and_then(|c| c.result_kinds.first().copied())
                    .unwrap_or(Kind::Value);
                let mut all = vec![Expr::ConstSymbol(self.code_symbol(*code))];
                all.extend(args);
                all.push(callee.unwrap_or(Expr::ConstInt(1)));
                Expr::Op(Operation::Apply(machtype(result)), all)
            }
            CallKind::IndirectKnownArity => {
                let callee = callee.ok_or_else(needs_callee)?;
                apply::known_arity(callee, args, &mut self.supply.fresh)
            }
            CallKind::IndirectUnknownArity => {
                let callee = callee.ok_or_else(needs_callee)?;
                apply::unknown_arity(callee, args, &mut self.supply.fresh, &mut self.generic)
            }
            CallKind::Runtime {
                name,
                arg_kinds,
                result_kinds,
            } => externals::call(name, args, arg_kinds, result_kinds.first().copied()),
        };
        let k = match a.return_to {
            Return::Never => {
                let flushed = env.flush(FlushMode::BranchingPoint);
                return Ok(flushed.wrap(&self.supply, call));
            }
            Return::Cont(k) => k,
        };
        match self.cont(conts, k)? {
            Cont::Return => {
                let flushed = env.flush(FlushMode::BranchingPoint);
                Ok(flushed.wrap(&self.supply, call))
            }
            Cont::Inline { params, body } => {
                match params {
                    [p] => self.bind(&mut env, p.var, call, EffectsAndCoeffects::ALL),
                    [] => {
                        env.bind_temp(&mut self.supply, "unit", call, EffectsAndCoeffects::ALL);
                    }
                    _ => return fail("a call returns to a continuation of several parameters"),
                }
                self.expr(env, conts, body)
            }
            Cont::Jump { label, arity } => {
                let flushed = env.flush(FlushMode::BranchingPoint);
                let exit = |args| Expr::Exit {
                    label: ExitLabel::Label(label),
                    args,
                    traps: Vec::new(),
                };
                let jump = match arity {
                    1 => exit(vec![call]),
                    0 => Expr::Sequence(Box::new(call), Box::new(exit(Vec::new()))),
                    _ => return fail("a call returns to a continuation of several parameters"),
                };
                Ok(flushed.wrap(&self.supply, jump))
            }
            Cont::Raise | Cont::ExnHandler { .. } => {
                fail("a call returns to an exception continuation")
            }
        }
    }
}

/// A switch is dense enough for a jump table when its table would be at
/// most this many times longer than its list of arms (plus a little).
const TABLE_DENSITY: usize = 4;

impl<'p> Translator<'p> {
    /// A switch on a naked integer. Two arms are an `if`; more, a Cmm
    /// `switch` (a jump table) when the values are dense, else a chain of
    /// tests. A two-way switch on `untag x` tests `x` itself, which saves
    /// the shift.
    fn switch(&mut self, mut env: Env, conts: &Conts<'p>, s: &'p cps::Switch) -> Result<Expr> {
        let arms: Vec<(i64, &'p ApplyCont)> = s.arms.iter().map(|(d, ac)| (*d, ac)).collect();
        match arms.as_slice() {
            [] => return self.invalid(env, "a switch with no arm"),
            [(_, only)] => return self.apply_cont(env, conts, only),
            _ => {}
        }
        let tagged = match (arms.len(), s.scrutinee.as_var()) {
            (2, Some(v)) => match env.untagged_from(v) {
                Some(Expr::Var(x)) => Some(x.clone()),
                _ => None,
            },
            _ => None,
        };
        let (scrutinee, tag) = match tagged {
            Some(x) => {
                self.supply.reference(&x);
                (Expr::Var(x), true)
            }
            None => {
                let l = self.simple(&mut env, &s.scrutinee, self.options.substitute_effects)?;
                (l.expr, false)
            }
        };
        let flushed = env.flush(FlushMode::BranchingPoint);
        let mut cases = Vec::with_capacity(arms.len());
        for (i, (d, ac)) in arms.iter().enumerate() {
            let arm_env = if i + 1 == arms.len() {
                std::mem::take(&mut env)
            } else {
                env.fork()?
            };
            let d = if tag {
                d.wrapping_shl(1).wrapping_add(1)
            } else {
                *d
            };
            cases.push((d, self.apply_cont(arm_env, conts, ac)?));
        }
        let branch = self.branch(scrutinee, cases);
        Ok(flushed.wrap(&self.supply, branch))
    }

    fn branch(&mut self, scrutinee: Expr, mut cases: Vec<(i64, Expr)>) -> Expr {
        use crate::cmm::helpers::{bind, if_then_else};
        let eq = |s: Expr, d: i64| {
            Expr::Op(
                Operation::CmpI(crate::cmm::IntCmp::Eq),
                vec![s, Expr::ConstInt(d)],
            )
        };
        if let [(d0, _), (_, _)] = cases.as_slice() {
            let d0 = *d0;
            let (else_, then_) = (cases.remove(0).1, cases.remove(0).1);
            // Any value but the first arm's takes the second arm: a value
            // without an arm never occurs.
            return if d0 == 0 {
                if_then_else(scrutinee, then_, else_)
            } else {
                if_then_else(eq(scrutinee, d0), else_, then_)
            };
        }
        let min = cases.first().map_or(0, |c| c.0);
        let max = cases.last().map_or(0, |c| c.0);
        let dense =
            min >= 0 && usize::try_from(max).is_ok_and(|m| m < TABLE_DENSITY * cases.len() + 8);
        if dense {
            let mut index = vec![0; max as usize + 1];
            for (i, (d, _)) in cases.iter().enumerate() {
                index[*d as usize] = i;
            }
            return Expr::Switch {
                scrutinee: Box::new(scrutinee),
                index,
                cases: cases.into_iter().map(|(_, e)| e).collect(),
            };
        }
        bind("switch", scrutinee, &mut self.supply.fresh, |s, _| {
            let mut cases = cases;
            let last = cases.pop().map_or(Expr::ConstInt(1), |(_, e)| e);
            cases
                .into_iter()
                .rev()
                .fold(last, |rest, (d, e)| if_then_else(eq(s.clone(), d), e, rest))
        })
    }

    /// Unreachable code: a call to a runtime function that reports the
    /// message and stops (no correct program gets there).
    fn invalid(&mut self, mut env: Env, message: &str) -> Result<Expr> {
        let flushed = env.flush(FlushMode::BranchingPoint);
        let symbol = format!("caml{}__invalid_{}", self.module, self.data.len());
        let (wosize, words) = data::string_words(message.as_bytes());
        let mut items = vec![
            DataItem::Int(crate::cmm::helpers::black_block_header(
                crate::cmm::helpers::STRING_TAG,
                wosize,
            )),
            DataItem::DefineSymbol(symbol.clone()),
        ];
        items.extend(words);
        self.data.push(items);
        let call = Expr::Op(
            Operation::ExtCall {
                name: "caml_flambeau_invalid".to_string(),
                result: MachType::Val,
                alloc: false,
            },
            vec![Expr::ConstSymbol(symbol)],
        );
        Ok(flushed.wrap(&self.supply, call))
    }
}
