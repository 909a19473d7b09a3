//! The reference interpreter: runs a CPS program and reports what OCaml
//! would have printed and the status it would have exited with.
//!
//! It is a machine with an explicit stack of frames. Jumps to continuations
//! are a loop over expressions, and calls push a frame, so neither a long
//! loop nor a deep (non-tail) recursion grows the Rust stack.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::rc::{Rc, Weak};

use super::free_names::{bound_vars, code_free_vars};
use super::ids::{CodeId, Continuation, FunctionSlot, Symbol, ValueSlot, Variable};
use super::kinds::IntKind;
use super::primitives::{Comparison, IntOp, Prim, PrimOp, Signedness};
use super::runtime_calls::{self, RuntimeResult, RuntimeState};
use super::terms::Const;
use super::terms::{
    Apply, Binding, CallKind, Code, ContHandler, Expr, LetCont, Named, Program, Return,
    SetOfClosures, Simple, StaticBinding, StaticConst, StaticField,
};
use crate::observable::{self as obs, Channels, Outcome, Value};

/// A value of kind `Value`, with the CPS interpreter's closures.
pub type V = Value<Closure>;

/// What a variable holds: a value, or a naked number.
#[derive(Clone, Debug)]
pub enum Reg {
    Value(V),
    Imm(i64),
    Float(f64),
    Int32(i32),
    Int64(i64),
    Nativeint(i64),
}

/// A function value.
pub enum Closure {
    /// The closure of one function slot of an allocated set of closures.
    Function { set: Rc<SetInstance>, index: usize },
    /// A function applied to fewer arguments than it takes, waiting for the
    /// rest (what OCaml's generic `caml_curry` closures do).
    Partial { function: V, args: Vec<V> },
}

/// An allocated set of closures.
pub struct SetInstance {
    functions: Vec<(FunctionSlot, CodeId)>,
    value_slots: Vec<(ValueSlot, Reg)>,
    /// Before closure conversion, code refers to the variables around it
    /// directly: their values when the set was allocated.
    captured: Vec<(Variable, Reg)>,
    /// For each function slot, the variable the set's `let` binds to it if
    /// the set's code names that variable (recursion before closure
    /// conversion).
    self_vars: Vec<Option<Variable>>,
    /// The closure value of each slot, so that projecting a slot twice gives
    /// physically equal values. Weak: a closure points to its set.
    closures: RefCell<Vec<Weak<Closure>>>,
}

/// A failure of the interpreter: the program broke an invariant the checker
/// should have caught, or reached `Invalid`. Never the program's own error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterpError {
    pub message: String,
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CPS interpreter: {}", self.message)
    }
}

fn error<T>(message: impl Into<String>) -> Result<T, InterpError> {
    Err(InterpError {
        message: message.into(),
    })
}

#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Calls nested deeper than this raise `Stack_overflow`, where a native
    /// program's stack would have overflowed.
    pub max_depth: usize,
}

impl Default for Options {
    fn default() -> Options {
        // The bound the Lambda interpreter explains and uses.
        Options {
            max_depth: crate::lambda::interpret::MAX_DEPTH,
        }
    }
}

/// Run the program. An internal error (a compiler bug) is reported on
/// stderr with exit status 125, which no OCaml program produces by itself
/// unless it calls `exit 125`.
pub fn interpret(p: &Program) -> Outcome {
    match run(p, Options::default()) {
        Ok(outcome) => outcome,
        Err(e) => Outcome {
            stderr: format!("{e}\n").into_bytes(),
            combined: format!("{e}\n").into_bytes(),
            exit_code: 125,
            ..Outcome::default()
        },
    }
}

/// Run the program with explicit limits. The machine keeps the program's
/// stack on the heap, but setting up walks the term recursively, so it
/// runs on a thread with a generous stack (only the pages touched are
/// ever mapped).
pub fn run(p: &Program, options: Options) -> Result<Outcome, InterpError> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("cps-interpreter".to_string())
            .stack_size(1 << 30)
            .spawn_scoped(scope, || Machine::new(p, options).run())
            .map_err(|e| InterpError {
                message: format!("cannot start the interpreter thread: {e}"),
            })?
            .join()
            .map_err(|_| InterpError {
                message: "the interpreter thread panicked".to_string(),
            })?
    })
}

/// Where control goes when a call's code jumps to its return or exception
/// continuation.
#[derive(Clone, Copy, Debug)]
enum Target {
    Cont(Continuation),
    /// The call was declared never to return.
    Never,
    /// To the over-application frame just below (see [`Frame::OverApply`]).
    Pending,
}

enum Frame {
    /// An activation of a piece of code.
    Call {
        code: CodeId,
        /// The values the activation overwrote, to put back when it ends.
        saved: Vec<(Variable, Option<Reg>)>,
        return_to: Target,
        exn_to: Target,
    },
    /// A function was given more arguments than it takes: when it returns,
    /// apply its result to the rest.
    OverApply {
        rest: Vec<V>,
        return_to: Target,
        exn_to: Target,
    },
}

/// What a continuation name stands for, found once before running.
#[derive(Clone, Copy)]
enum ContTarget<'p> {
    Unbound,
    Handler(&'p ContHandler),
    /// The return continuation of the code running in the top frame.
    Return,
    /// Its exception continuation.
    Raise,
    ProgramReturn,
    ProgramExn,
}

enum Next<'p> {
    Continue(&'p Expr),
    /// Boxed: `Next` is returned at every step, and should stay small.
    Finished(Box<Outcome>),
}

struct Machine<'p> {
    program: &'p Program,
    options: Options,
    /// One slot per variable of the program (see the chapter on why one
    /// suffices: every variable is bound once).
    regs: Vec<Option<Reg>>,
    symbols: Vec<Option<V>>,
    conts: Vec<ContTarget<'p>>,
    /// The variables each code binds, saved when it is re-entered.
    /// Indexed by `CodeId::index`, like everything per-name here: a vector
    /// lookup, not a hash, on every call.
    code: Vec<Option<&'p Code>>,
    code_vars: Vec<Vec<Variable>>,
    code_free: BTreeMap<CodeId, BTreeSet<Variable>>,
    /// How many activations of each code are on the stack.
    active: Vec<usize>,
    frames: Vec<Frame>,
    channels: Channels,
    /// The runtime's own symbols (predefined exceptions).
    runtime_symbols: HashMap<String, V>,
    runtime_state: RuntimeState,
    /// Scratch space for the arguments of a primitive.
    args: Vec<Reg>,
}

// Setting up: resolve every continuation name, list every code's variables.
impl<'p> Machine<'p> {
    fn new(program: &'p Program, options: Options) -> Machine<'p> {
        let n = program.names.len();
        let mut m = Machine {
            program,
            options,
            regs: vec![None; n],
            symbols: vec![None; n],
            conts: vec![ContTarget::Unbound; n],
            code: vec![None; n],
            code_vars: vec![Vec::new(); n],
            code_free: code_free_vars(&program.code),
            active: vec![0; n],
            frames: Vec::new(),
            channels: Channels::new(),
            runtime_symbols: runtime_calls::runtime_symbols(),
            runtime_state: RuntimeState::default(),
            args: Vec::new(),
        };
        m.set_cont(program.return_cont, ContTarget::ProgramReturn);
        m.set_cont(program.exn_cont, ContTarget::ProgramExn);
        m.resolve_conts(&program.body);
        for (id, code) in &program.code {
            m.set_cont(code.return_cont, ContTarget::Return);
            m.set_cont(code.exn_cont, ContTarget::Raise);
            m.resolve_conts(&code.body);
            let mut vars = BTreeSet::new();
            bound_vars(&code.body, &mut vars);
            vars.extend(code.params.iter().map(|p| p.var));
            vars.insert(code.my_closure);
            if let (Some(slot), Some(vars_slot)) =
                (m.code.get_mut(id.index()), m.code_vars.get_mut(id.index()))
            {
                *slot = Some(code);
                *vars_slot = vars.into_iter().collect();
            }
        }
        m
    }

    fn code_of(&self, id: CodeId) -> Option<&'p Code> {
        self.code.get(id.index()).copied().flatten()
    }

    fn set_cont(&mut self, k: Continuation, target: ContTarget<'p>) {
        if let Some(slot) = self.conts.get_mut(k.index()) {
            *slot = target;
        }
    }

    fn resolve_conts(&mut self, e: &'p Expr) {
        let mut e = e;
        loop {
            match e {
                Expr::Let(l) => e = &l.body,
                Expr::LetCont(lc) => match &**lc {
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body,
                    } => {
                        self.set_cont(*cont, ContTarget::Handler(handler));
                        self.resolve_conts(&handler.body);
                        e = body;
                    }
                    LetCont::Recursive { handlers, body } => {
                        for (k, h) in handlers {
                            self.set_cont(*k, ContTarget::Handler(h));
                            self.resolve_conts(&h.body);
                        }
                        e = body;
                    }
                },
                Expr::Apply(_) | Expr::ApplyCont(_) | Expr::Switch(_) | Expr::Invalid { .. } => {
                    return
                }
            }
        }
    }
}

// The main loop.
impl<'p> Machine<'p> {
    fn run(mut self) -> Result<Outcome, InterpError> {
        let mut e: &'p Expr = &self.program.body;
        loop {
            let next = match e {
                Expr::Let(l) => {
                    self.bind(&l.binding)?;
                    Next::Continue(&l.body)
                }
                // Handlers run only when jumped to.
                Expr::LetCont(lc) => Next::Continue(match &**lc {
                    LetCont::NonRecursive { body, .. } | LetCont::Recursive { body, .. } => body,
                }),
                Expr::Apply(a) => self.apply(a)?,
                Expr::ApplyCont(ac) => self.jump(ac.cont, &ac.args)?,
                Expr::Switch(s) => {
                    let n = match self.simple(&s.scrutinee)? {
                        Reg::Imm(n) => n,
                        other => return error(format!("switch on {other:?}")),
                    };
                    let Some(arm) = s.arms.get(&n) else {
                        return error(format!("switch has no arm for {n}"));
                    };
                    self.jump(arm.cont, &arm.args)?
                }
                Expr::Invalid { message } => {
                    return error(format!("reached invalid code: {message}"))
                }
            };
            match next {
                Next::Continue(next) => e = next,
                Next::Finished(outcome) => return Ok(*outcome),
            }
        }
    }

    /// `apply_cont k args`. The common case, a jump to a handler, binds the
    /// parameters through the reusable buffer instead of a new vector. All
    /// arguments are read before any parameter is written: `apply_cont k y
    /// x` from inside `k x y` swaps them.
    fn jump(&mut self, k: Continuation, args: &[Simple]) -> Result<Next<'p>, InterpError> {
        if let Some(ContTarget::Handler(h)) = self.conts.get(k.index()).copied() {
            if h.params.len() == args.len() {
                let mut buffer = std::mem::take(&mut self.args);
                buffer.clear();
                for s in args {
                    buffer.push(self.simple(s)?);
                }
                while let Some(value) = buffer.pop() {
                    if let Some(p) = h.params.get(buffer.len()) {
                        if let Some(slot) = self.regs.get_mut(p.var.index()) {
                            *slot = Some(value);
                        }
                    }
                }
                self.args = buffer;
                return Ok(Next::Continue(&h.body));
            }
        }
        let args = self.simples(args)?;
        self.resume(Target::Cont(k), args, false)
    }

    fn simple(&self, s: &Simple) -> Result<Reg, InterpError> {
        match s {
            Simple::Var(v) => match self.regs.get(v.index()) {
                Some(Some(r)) => Ok(r.clone()),
                _ => error(format!(
                    "variable {} ({v}) has no value",
                    self.program.names.hint(*v)
                )),
            },
            Simple::Symbol(sym) => match self.symbols.get(sym.index()) {
                Some(Some(v)) => Ok(Reg::Value(v.clone())),
                _ => error(format!(
                    "symbol {} is not yet defined",
                    self.program.names.hint(*sym)
                )),
            },
            Simple::Const(c) => Ok(super::interp_prims::constant(c)),
        }
    }

    fn simples(&self, ss: &[Simple]) -> Result<Vec<Reg>, InterpError> {
        // A plain loop: this is the interpreter's innermost code, and
        // iterator adapters are slow in unoptimised builds.
        let mut regs = Vec::with_capacity(ss.len());
        for s in ss {
            regs.push(self.simple(s)?);
        }
        Ok(regs)
    }

    fn value(&self, s: &Simple) -> Result<V, InterpError> {
        match self.simple(s)? {
            Reg::Value(v) => Ok(v),
            other => error(format!("expected a value, found {other:?}")),
        }
    }

    fn set(&mut self, v: Variable, r: Reg) {
        if let Some(slot) = self.regs.get_mut(v.index()) {
            *slot = Some(r);
        }
    }

    fn define_symbol(&mut self, s: Symbol, v: V) {
        if let Some(slot) = self.symbols.get_mut(s.index()) {
            *slot = Some(v);
        }
    }

    fn finish(&mut self, code: i64) -> Next<'p> {
        Next::Finished(Box::new(std::mem::take(&mut self.channels).finish(code)))
    }
}

// Bindings.
impl<'p> Machine<'p> {
    fn bind(&mut self, b: &'p Binding) -> Result<(), InterpError> {
        match b {
            Binding::Var { param, named } => {
                let r = match named {
                    Named::Simple(s) => self.simple(s)?,
                    Named::Prim(p) => match self.tagged_fast_path(p) {
                        Some(r) => r,
                        None => self.primitive(p)?,
                    },
                };
                self.set(param.var, r);
            }
            Binding::SetOfClosures { vars, set } => {
                let instance = self.allocate_set(set, vars)?;
                for (i, v) in vars.iter().enumerate() {
                    let closure = closure_of(&instance, i);
                    self.set(*v, Reg::Value(closure));
                }
            }
            Binding::Static(bindings) => self.bind_static(bindings)?,
        }
        Ok(())
    }

    fn primitive(&mut self, p: &Prim) -> Result<Reg, InterpError> {
        // Arguments go in a buffer reused by every primitive.
        let mut args = std::mem::take(&mut self.args);
        args.clear();
        for s in &p.args {
            args.push(self.simple(s)?);
        }
        let result = super::interp_prims::eval(p.op, &args);
        self.args = args;
        result
    }

    /// Arithmetic and comparisons on tagged integers, the commonest
    /// primitives by far, computed without copying their arguments into the
    /// buffer. `None` sends the primitive down the general path (which also
    /// reports any error).
    fn tagged_fast_path(&self, p: &Prim) -> Option<Reg> {
        let int = |s: &Simple| match s {
            Simple::Const(Const::Tagged(n)) => Some(*n),
            Simple::Var(v) => match self.regs.get(v.index()) {
                Some(Some(Reg::Value(Value::Int(n)))) => Some(*n),
                _ => None,
            },
            _ => None,
        };
        let [a, b] = p.args.as_slice() else {
            return None;
        };
        let (a, b) = (int(a)?, int(b)?);
        match p.op {
            PrimOp::IntArith(IntKind::Tagged, op) => Some(Reg::Value(Value::Int(match op {
                IntOp::Add => obs::int_add(a, b),
                IntOp::Sub => obs::int_sub(a, b),
                IntOp::Mul => obs::int_mul(a, b),
                IntOp::And => a & b,
                IntOp::Or => a | b,
                IntOp::Xor => a ^ b,
                IntOp::Div | IntOp::Mod => return None,
            }))),
            PrimOp::IntComp(IntKind::Tagged, cmp, Signedness::Signed) => {
                Some(Reg::Imm(match cmp {
                    Comparison::Eq => a == b,
                    Comparison::Ne => a != b,
                    Comparison::Lt => a < b,
                    Comparison::Gt => a > b,
                    Comparison::Le => a <= b,
                    Comparison::Ge => a >= b,
                } as i64))
            }
            _ => None,
        }
    }

    fn allocate_set(
        &self,
        set: &SetOfClosures,
        self_vars: &[Variable],
    ) -> Result<Rc<SetInstance>, InterpError> {
        let value_slots = set
            .value_slots
            .iter()
            .map(|(slot, s)| Ok((*slot, self.simple(s)?)))
            .collect::<Result<_, _>>()?;
        // The values of the code's free variables, except the set's own,
        // which are bound afresh on each call (binding them here would make
        // the set point to itself).
        let mut free = BTreeSet::new();
        for (_, code) in &set.functions {
            if let Some(vars) = self.code_free.get(code) {
                free.extend(vars.iter().copied());
            }
        }
        let self_vars: Vec<Option<Variable>> = self_vars
            .iter()
            .map(|v| if free.remove(v) { Some(*v) } else { None })
            .collect();
        let captured = free
            .into_iter()
            .map(|v| Ok((v, self.simple(&Simple::Var(v))?)))
            .collect::<Result<_, _>>()?;
        Ok(Rc::new(SetInstance {
            functions: set.functions.clone(),
            value_slots,
            captured,
            self_vars,
            closures: RefCell::new((0..set.functions.len()).map(|_| Weak::new()).collect()),
        }))
    }

    /// Static constants may refer to each other in any order within a
    /// group: allocate them all, then fill in the fields that name symbols.
    fn bind_static(&mut self, bindings: &[StaticBinding]) -> Result<(), InterpError> {
        for b in bindings {
            match b {
                StaticBinding::Const { symbol, value } => {
                    let v = match value {
                        StaticConst::Runtime(name) => match self.runtime_symbols.get(name) {
                            Some(v) => v.clone(),
                            None => return error(format!("the runtime defines no symbol {name}")),
                        },
                        other => super::interp_prims::static_const(other),
                    };
                    self.define_symbol(*symbol, v);
                }
                StaticBinding::SetOfClosures { symbols, set } => {
                    let instance = self.allocate_set(set, &[])?;
                    for (i, s) in symbols.iter().enumerate() {
                        self.define_symbol(*s, closure_of(&instance, i));
                    }
                }
            }
        }
        for b in bindings {
            if let StaticBinding::Const {
                symbol,
                value: StaticConst::Block { fields, .. },
            } = b
            {
                let Some(Some(Value::Block(block))) = self.symbols.get(symbol.index()) else {
                    continue;
                };
                let mut slots = block.fields.borrow_mut();
                for (slot, field) in slots.iter_mut().zip(fields) {
                    if let StaticField::Symbol(s) = field {
                        match self.symbols.get(s.index()) {
                            Some(Some(v)) => *slot = v.clone(),
                            _ => {
                                return error(format!(
                                    "symbol {} is not defined",
                                    self.program.names.hint(*s)
                                ))
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The closure value of function slot `index` of a set, the same one each
/// time while it lives.
pub(super) fn closure_of(set: &Rc<SetInstance>, index: usize) -> V {
    let mut closures = set.closures.borrow_mut();
    if let Some(existing) = closures.get(index).and_then(Weak::upgrade) {
        return Value::Closure(existing);
    }
    let fresh = Rc::new(Closure::Function {
        set: Rc::clone(set),
        index,
    });
    if let Some(slot) = closures.get_mut(index) {
        *slot = Rc::downgrade(&fresh);
    }
    Value::Closure(fresh)
}

// Jumps, returns and raises.
impl<'p> Machine<'p> {
    /// Send `args` to `target`. A jump to a handler binds its parameters and
    /// runs its body; a jump to the running code's return or exception
    /// continuation ends the activation and goes on to where its call said,
    /// which may in turn end further activations (a raise crossing frames).
    /// `raising` is true once an exception continuation has been passed.
    fn resume(
        &mut self,
        target: Target,
        args: Vec<Reg>,
        raising: bool,
    ) -> Result<Next<'p>, InterpError> {
        let (mut target, mut raising) = (target, raising);
        loop {
            match target {
                Target::Cont(k) => match self
                    .conts
                    .get(k.index())
                    .copied()
                    .unwrap_or(ContTarget::Unbound)
                {
                    ContTarget::Handler(h) => {
                        if h.params.len() != args.len() {
                            return error("continuation applied to the wrong number of arguments");
                        }
                        for (p, a) in h.params.iter().zip(args) {
                            self.set(p.var, a);
                        }
                        return Ok(Next::Continue(&h.body));
                    }
                    ContTarget::Return => {
                        let (return_to, _) = self.end_activation()?;
                        target = return_to;
                    }
                    ContTarget::Raise => {
                        let (_, exn_to) = self.end_activation()?;
                        target = exn_to;
                        raising = true;
                    }
                    ContTarget::ProgramReturn => return Ok(self.finish(0)),
                    ContTarget::ProgramExn => {
                        let Some(Reg::Value(exn)) = args.first() else {
                            return error("uncaught exception that is not a value");
                        };
                        let channels = std::mem::take(&mut self.channels);
                        let outcome = channels.finish_uncaught(exn, self.program.uncaught_printer);
                        return Ok(Next::Finished(Box::new(outcome)));
                    }
                    ContTarget::Unbound => {
                        return error("jump to a continuation that is not bound")
                    }
                },
                Target::Never => return error("a call declared never to return returned"),
                Target::Pending => {
                    let Some(Frame::OverApply {
                        rest,
                        return_to,
                        exn_to,
                    }) = self.frames.pop()
                    else {
                        return error("over-application frame missing");
                    };
                    if raising {
                        target = exn_to;
                    } else {
                        let Some(Reg::Value(f)) = args.into_iter().next() else {
                            return error("over-applied function returned no value");
                        };
                        return self.apply_generic(f, rest, return_to, exn_to);
                    }
                }
            }
        }
    }

    /// Pop the top activation, putting back what it overwrote; its call's
    /// return and exception targets.
    fn end_activation(&mut self) -> Result<(Target, Target), InterpError> {
        let Some(Frame::Call {
            code,
            saved,
            return_to,
            exn_to,
        }) = self.frames.pop()
        else {
            return error("return from code with no activation");
        };
        for (v, old) in saved.into_iter().rev() {
            if let Some(slot) = self.regs.get_mut(v.index()) {
                *slot = old;
            }
        }
        if let Some(n) = self.active.get_mut(code.index()) {
            *n = n.saturating_sub(1);
        }
        Ok((return_to, exn_to))
    }
}

// Calls.
impl<'p> Machine<'p> {
    fn apply(&mut self, a: &'p Apply) -> Result<Next<'p>, InterpError> {
        let args = self.simples(&a.args)?;
        if let CallKind::Runtime {
            name, result_kinds, ..
        } = &a.call_kind
        {
            let outcome = runtime_calls::call(
                name,
                args,
                result_kinds,
                &mut self.channels,
                &self.runtime_symbols,
                &mut self.runtime_state,
            )?;
            return match outcome {
                RuntimeResult::Return(results) => match a.return_to {
                    Return::Cont(k) => self.resume(Target::Cont(k), results, false),
                    Return::Never => error(format!("runtime function {name} returned")),
                },
                RuntimeResult::Raise(exn) => {
                    self.resume(Target::Cont(a.exn_cont), vec![Reg::Value(exn)], true)
                }
                // `exit` flushed the channels before calling the runtime.
                RuntimeResult::Exit(code) => Ok(Next::Finished(Box::new(
                    std::mem::take(&mut self.channels).abandon(code),
                ))),
            };
        }
        let Some(callee) = &a.callee else {
            return error("call with no callee");
        };
        let callee = self.value(callee)?;
        let (return_to, exn_to) = self.call_targets(a.return_to, a.exn_cont)?;
        match &a.call_kind {
            CallKind::Direct { code } => self.call_code(*code, callee, args, return_to, exn_to),
            CallKind::IndirectKnownArity => {
                let code = match &callee {
                    Value::Closure(c) => match &**c {
                        Closure::Function { set, index } => {
                            set.functions.get(*index).map(|(_, code)| *code)
                        }
                        Closure::Partial { .. } => None,
                    },
                    _ => None,
                };
                match code {
                    Some(code) => self.call_code(code, callee, args, return_to, exn_to),
                    None => error("known-arity call of something that is not a full closure"),
                }
            }
            CallKind::IndirectUnknownArity => {
                let args = args
                    .into_iter()
                    .map(|r| match r {
                        Reg::Value(v) => Ok(v),
                        other => error(format!("OCaml function applied to {other:?}")),
                    })
                    .collect::<Result<Vec<V>, _>>()?;
                self.apply_generic(callee, args, return_to, exn_to)
            }
            CallKind::Runtime { .. } => error("unreachable: runtime call"),
        }
    }

    /// Where the callee's activation returns and raises to. A call whose
    /// continuations are the caller's own is a tail call: the caller's
    /// activation ends now and the callee inherits its targets, so a loop of
    /// tail calls runs in constant space.
    fn call_targets(
        &mut self,
        ret: Return,
        exn: Continuation,
    ) -> Result<(Target, Target), InterpError> {
        let role = |m: &Self, k: Continuation| {
            m.conts
                .get(k.index())
                .copied()
                .unwrap_or(ContTarget::Unbound)
        };
        match ret {
            Return::Cont(k) => {
                if matches!(role(self, k), ContTarget::Return)
                    && matches!(role(self, exn), ContTarget::Raise)
                {
                    self.end_activation()
                } else {
                    Ok((Target::Cont(k), Target::Cont(exn)))
                }
            }
            Return::Never => Ok((Target::Never, Target::Cont(exn))),
        }
    }

    /// OCaml's generic application: exactly as many arguments as the code
    /// takes calls it; fewer make a partial application; more call it with
    /// the first ones and apply the result to the rest.
    fn apply_generic(
        &mut self,
        f: V,
        args: Vec<V>,
        return_to: Target,
        exn_to: Target,
    ) -> Result<Next<'p>, InterpError> {
        let Value::Closure(c) = &f else {
            return error(format!("application of {f:?}"));
        };
        match &**c {
            Closure::Partial {
                function,
                args: earlier,
            } => {
                let mut all = earlier.clone();
                all.extend(args);
                self.apply_generic(function.clone(), all, return_to, exn_to)
            }
            Closure::Function { set, index } => {
                let Some((_, code_id)) = set.functions.get(*index) else {
                    return error("bad function slot");
                };
                let code_id = *code_id;
                let arity = match self.code_of(code_id) {
                    Some(code) => code.params.len(),
                    None => return error("closure of unknown code"),
                };
                if args.len() < arity {
                    let partial = Value::Closure(Rc::new(Closure::Partial {
                        function: f.clone(),
                        args,
                    }));
                    self.resume(return_to, vec![Reg::Value(partial)], false)
                } else if args.len() == arity {
                    self.call_code(
                        code_id,
                        f.clone(),
                        args.into_iter().map(Reg::Value).collect(),
                        return_to,
                        exn_to,
                    )
                } else {
                    let mut now = args;
                    let rest = now.split_off(arity);
                    self.frames.push(Frame::OverApply {
                        rest,
                        return_to,
                        exn_to,
                    });
                    let now = now.into_iter().map(Reg::Value).collect();
                    self.call_code(code_id, f.clone(), now, Target::Pending, Target::Pending)
                }
            }
        }
    }
}

// Entering code.
impl<'p> Machine<'p> {
    /// Start an activation of `code_id` through `closure`.
    ///
    /// Each variable has one slot in `regs`. If the code already has an
    /// activation on the stack (recursion), that activation's values are
    /// saved in the new frame and put back when it ends. The same goes for
    /// the variables a closure captured before closure conversion: they are
    /// set to the captured values for the duration of the call.
    fn call_code(
        &mut self,
        code_id: CodeId,
        closure: V,
        args: Vec<Reg>,
        return_to: Target,
        exn_to: Target,
    ) -> Result<Next<'p>, InterpError> {
        let Some(code) = self.code_of(code_id) else {
            return error("call of unknown code");
        };
        if code.params.len() != args.len() {
            return error(format!(
                "code {} takes {} arguments, given {}",
                self.program.names.hint(code_id),
                code.params.len(),
                args.len()
            ));
        }
        if self.frames.len() >= self.options.max_depth {
            let exn = match self.runtime_symbols.get("caml_exn_Stack_overflow") {
                Some(v) => v.clone(),
                None => return error("no Stack_overflow exception"),
            };
            return self.resume(exn_to, vec![Reg::Value(exn)], true);
        }
        let mut saved = Vec::new();
        let active = self.active.get(code_id.index()).copied().unwrap_or(0);
        if active > 0 {
            if let Some(vars) = self.code_vars.get(code_id.index()) {
                for v in vars {
                    if let Some(old) = self.regs.get_mut(v.index()).and_then(Option::take) {
                        saved.push((*v, Some(old)));
                    }
                }
            }
        }
        if let Some(n) = self.active.get_mut(code_id.index()) {
            *n += 1;
        }
        if let Value::Closure(c) = &closure {
            if let Closure::Function { set, .. } = &**c {
                for (v, value) in &set.captured {
                    if let Some(slot) = self.regs.get_mut(v.index()) {
                        saved.push((*v, slot.replace(value.clone())));
                    }
                }
                for (i, v) in set.self_vars.iter().enumerate() {
                    if let Some(v) = v {
                        let value = Reg::Value(closure_of(set, i));
                        if let Some(slot) = self.regs.get_mut(v.index()) {
                            saved.push((*v, slot.replace(value)));
                        }
                    }
                }
            }
        }
        for (p, a) in code.params.iter().zip(args) {
            self.set(p.var, a);
        }
        self.set(code.my_closure, Reg::Value(closure));
        self.frames.push(Frame::Call {
            code: code_id,
            saved,
            return_to,
            exn_to,
        });
        Ok(Next::Continue(&code.body))
    }
}

impl SetInstance {
    pub fn slot_index(&self, slot: FunctionSlot) -> Option<usize> {
        self.functions.iter().position(|(s, _)| *s == slot)
    }

    pub fn value_slot(&self, slot: ValueSlot) -> Option<&Reg> {
        self.value_slots
            .iter()
            .find(|(s, _)| *s == slot)
            .map(|(_, r)| r)
    }
}
