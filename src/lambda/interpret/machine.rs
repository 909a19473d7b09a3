//! The abstract machine that runs resolved Lambda code.
//!
//! It is a CEK machine (Felleisen and Friedman): the state is the code being
//! evaluated (C), the current activation's frame (E), and an explicit stack of
//! continuation frames (K) saying what to do with the value once it is
//! known. Because the continuation is a `Vec` on the heap rather than the
//! host's call stack, a non-tail recursion 100,000 deep costs only memory,
//! and a call in tail position pushes nothing at all: the callee's result
//! goes straight to the caller's continuation, so a ten-million-iteration
//! tail-recursive loop runs in constant space, as in ocamlopt.

use super::resolve::{Access, ClosureSetCode, Code, Constant};
use super::InterpError;
use crate::lambda::ir;
use crate::lambda::primitive::{CompareKind, PredefException, Primitive};
use crate::observable::{
    exception_slot, exception_value, Channels, CompareOp, IntKind, Value, PREDEFINED_EXCEPTIONS,
};
use std::collections::HashMap;
use std::rc::Rc;

/// A value of the Lambda interpreter.
pub type Val<'p> = Value<Closure<'p>>;

/// The interpreter's closure payload (the `C` of [`Value`]).
pub enum Closure<'p> {
    /// Function `index` of a set of closures built together.
    Function {
        set: Rc<SetInstance<'p>>,
        index: usize,
    },
    /// A function applied to fewer arguments than its arity. `func` is
    /// always a `Function`; `args` are the arguments received so far.
    Partial {
        func: Rc<Closure<'p>>,
        args: Vec<Val<'p>>,
    },
}

/// A set of closures at run time: the code and the captured values.
pub struct SetInstance<'p> {
    pub code: &'p ClosureSetCode,
    pub captured: Vec<Val<'p>>,
}

/// One function's activation: its frame of slots and the closure it runs in
/// (none for the program's top level).
struct Activation<'p> {
    frame: Vec<Val<'p>>,
    closure: Option<(Rc<Closure<'p>>, Rc<SetInstance<'p>>, usize)>,
}

/// What to do with a value once computed.
enum Kont<'p> {
    /// Return from a call: restore the caller's activation.
    Return(Activation<'p>),
    /// Evaluating operands from last to first; `next` remain to evaluate.
    Operands {
        code: &'p Code,
        operands: &'p [Code],
        next: usize,
        values: Vec<Val<'p>>,
    },
    Let(u32, &'p Code),
    Seq(&'p Code),
    If(&'p Code, &'p Code),
    Switch(&'p Code),
    Catch {
        label: u32,
        params: &'p [u32],
        handler: &'p Code,
    },
    Try {
        slot: u32,
        handler: &'p Code,
    },
    WhileCond(&'p Code, &'p Code),
    WhileBody(&'p Code, &'p Code),
    ForEnd(&'p Code),
    ForStart(&'p Code, i64),
    ForBody {
        slot: u32,
        i: i64,
        end: i64,
        up: bool,
        body: &'p Code,
    },
    Assign(u32),
    Raise,
    /// Over-application: apply the result to these remaining arguments.
    ApplyRest(Vec<Val<'p>>),
}

/// What the machine does next.
pub(super) enum Mode<'p> {
    Eval(&'p Code),
    Return(Val<'p>),
    Raise(Val<'p>),
    /// `caml_sys_exit`: stop with this status.
    Exit(i64),
}

/// How the program ended.
pub(super) enum End<'p> {
    Normal,
    Uncaught(Val<'p>),
    Exit(i64),
}

pub struct Machine<'p> {
    act: Activation<'p>,
    kont: Vec<Kont<'p>>,
    /// Non-tail calls and exception handlers currently on the stack.
    depth: usize,
    max_depth: usize,
    pub(super) channels: Channels,
    predefined: Vec<Val<'p>>,
    next_exception_id: i64,
    constants: HashMap<*const Constant, Val<'p>>,
}

fn internal(message: impl Into<String>) -> InterpError {
    InterpError(message.into())
}

/// OCaml's truth: anything but the immediate `false` (0).
fn truthy<C>(v: &Value<C>) -> bool {
    !matches!(v, Value::Int(0))
}

impl<'p> Machine<'p> {
    pub(super) fn new(frame_size: usize, max_depth: usize) -> Machine<'p> {
        let predefined = PREDEFINED_EXCEPTIONS
            .iter()
            .map(|(name, id)| exception_slot(name, *id))
            .collect();
        Machine {
            act: Activation {
                frame: vec![Value::Int(0); frame_size],
                closure: None,
            },
            kont: Vec::new(),
            depth: 0,
            max_depth,
            channels: Channels::new(),
            predefined,
            next_exception_id: 0,
            constants: HashMap::new(),
        }
    }

    /// Run code to the end of the program.
    pub(super) fn run(&mut self, code: &'p Code) -> Result<End<'p>, InterpError> {
        let mut mode = Mode::Eval(code);
        loop {
            mode = match mode {
                Mode::Eval(code) => self.eval(code)?,
                Mode::Return(v) => match self.kont.pop() {
                    None => return Ok(End::Normal),
                    Some(k) => self.resume(k, v)?,
                },
                Mode::Raise(exn) => match self.unwind(&exn)? {
                    Some(mode) => mode,
                    None => return Ok(End::Uncaught(exn)),
                },
                Mode::Exit(code) => return Ok(End::Exit(code)),
            }
        }
    }

    // --- variables and constants ------------------------------------------

    fn slot(&mut self, slot: u32) -> Result<&mut Val<'p>, InterpError> {
        self.act
            .frame
            .get_mut(slot as usize)
            .ok_or_else(|| internal(format!("no slot {slot}")))
    }

    fn access(&self, a: Access) -> Result<Val<'p>, InterpError> {
        match a {
            Access::Local(i) => self
                .act
                .frame
                .get(i as usize)
                .cloned()
                .ok_or_else(|| internal("bad slot")),
            Access::Captured(i) => {
                let (_, set, _) = self
                    .act
                    .closure
                    .as_ref()
                    .ok_or_else(|| internal("capture outside a function"))?;
                set.captured
                    .get(i as usize)
                    .cloned()
                    .ok_or_else(|| internal("bad capture"))
            }
            Access::Sibling(i) => {
                let (clo, set, index) = self
                    .act
                    .closure
                    .as_ref()
                    .ok_or_else(|| internal("sibling outside a function"))?;
                // The function itself keeps its identity, so that `f == f`
                // holds inside `f`'s own body.
                if i as usize == *index {
                    Ok(Value::Closure(Rc::clone(clo)))
                } else {
                    Ok(Value::Closure(Rc::new(Closure::Function {
                        set: Rc::clone(set),
                        index: i as usize,
                    })))
                }
            }
        }
    }

    fn constant(&mut self, c: &'p Constant) -> Val<'p> {
        match &c.value {
            ir::Constant::Int(n) => Value::Int(*n),
            ir::Constant::Float(x) => Value::Float(*x),
            ir::Constant::Boxed(k, n) => Value::Boxed(*k, *n),
            structured => {
                let key = c as *const Constant;
                if let Some(v) = self.constants.get(&key) {
                    return v.clone();
                }
                let v = build_constant(structured);
                self.constants.insert(key, v.clone());
                v
            }
        }
    }

    /// Evaluate a variable, a constant or a direct primitive without a step
    /// of the machine (the common case for operands): `None` when the code
    /// needs the machine, `Some(Err(mode))` when a primitive raised or exited.
    fn direct(&mut self, code: &'p Code) -> Result<Option<Result<Val<'p>, Mode<'p>>>, InterpError> {
        Ok(Some(match code {
            Code::Access(a) => Ok(self.access(*a)?),
            Code::Const(c) => Ok(self.constant(c)),
            Code::DirectPrim(
                p
                @ (Primitive::IntArith(IntKind::Int, _) | Primitive::Compare(CompareKind::Int, _)),
                operands,
            ) if operands.len() == 2 => {
                // The hot path of loops: integer arithmetic and comparisons
                // on simple operands, without allocating an argument list.
                let (Some(a), Some(b)) = (operands.first(), operands.get(1)) else {
                    return Err(internal("arity"));
                };
                let b = match self.direct(b)? {
                    Some(Ok(v)) => v,
                    other => return Ok(other),
                };
                let a = match self.direct(a)? {
                    Some(Ok(v)) => v,
                    other => return Ok(other),
                };
                match (p, a, b) {
                    (Primitive::Compare(_, op), Value::Int(x), Value::Int(y)) => {
                        Ok(Value::bool(match op {
                            CompareOp::Eq => x == y,
                            CompareOp::Ne => x != y,
                            CompareOp::Lt => x < y,
                            CompareOp::Le => x <= y,
                            CompareOp::Gt => x > y,
                            CompareOp::Ge => x >= y,
                        }))
                    }
                    (Primitive::IntArith(_, op), Value::Int(x), Value::Int(y)) => {
                        match self.int_arith(IntKind::Int, *op, x, y)? {
                            Mode::Return(v) => Ok(v),
                            mode => Err(mode),
                        }
                    }
                    (p, a, b) => match self.primitive(p, vec![a, b])? {
                        Mode::Return(v) => Ok(v),
                        mode => Err(mode),
                    },
                }
            }
            Code::DirectPrim(p, operands) => {
                let mut values = Vec::with_capacity(operands.len());
                for op in operands.iter().rev() {
                    match self.direct(op)? {
                        Some(Ok(v)) => values.push(v),
                        Some(Err(mode)) => return Ok(Some(Err(mode))),
                        None => return Err(internal("a direct primitive has a complex operand")),
                    }
                }
                values.reverse();
                match self.primitive(p, values)? {
                    Mode::Return(v) => Ok(v),
                    mode => Err(mode),
                }
            }
            _ => return Ok(None),
        }))
    }

    fn make_set(&self, code: &'p ClosureSetCode) -> Result<Rc<SetInstance<'p>>, InterpError> {
        let captured = code
            .captures
            .iter()
            .map(|a| self.access(*a))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Rc::new(SetInstance { code, captured }))
    }

    // --- exceptions -------------------------------------------------------

    pub(super) fn predefined(&self, e: PredefException) -> Val<'p> {
        self.predefined
            .get(e.index())
            .cloned()
            .unwrap_or(Value::Int(0))
    }

    pub(super) fn raise_predef(&self, e: PredefException, args: Vec<Val<'p>>) -> Mode<'p> {
        Mode::Raise(exception_value(self.predefined(e), args))
    }

    pub(super) fn raise_with_string(&self, e: PredefException, message: &str) -> Mode<'p> {
        self.raise_predef(e, vec![Value::string(message.as_bytes())])
    }

    pub(super) fn new_exception(&mut self, name: &str) -> Val<'p> {
        let id = self.next_exception_id;
        self.next_exception_id += 1;
        exception_slot(name, id)
    }

    /// Pop continuation frames up to the innermost exception handler.
    fn unwind(&mut self, exn: &Val<'p>) -> Result<Option<Mode<'p>>, InterpError> {
        while let Some(k) = self.kont.pop() {
            match k {
                Kont::Return(act) => {
                    self.depth -= 1;
                    self.act = act;
                }
                Kont::Try { slot, handler } => {
                    self.depth -= 1;
                    *self.slot(slot)? = exn.clone();
                    return Ok(Some(Mode::Eval(handler)));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    fn static_raise(&mut self, label: u32, args: Vec<Val<'p>>) -> Result<Mode<'p>, InterpError> {
        while let Some(k) = self.kont.pop() {
            match k {
                Kont::Catch {
                    label: l,
                    params,
                    handler,
                } if l == label => {
                    for (slot, v) in params.iter().zip(args) {
                        *self.slot(*slot)? = v;
                    }
                    return Ok(Mode::Eval(handler));
                }
                Kont::Try { .. } => self.depth -= 1,
                Kont::Return(_) => {
                    return Err(internal(format!(
                        "exit {label} crosses a function boundary"
                    )))
                }
                _ => {}
            }
        }
        Err(internal(format!("exit {label} has no handler")))
    }

    // --- calls --------------------------------------------------------------

    fn apply(&mut self, func: Val<'p>, mut args: Vec<Val<'p>>) -> Result<Mode<'p>, InterpError> {
        let mut func = func;
        loop {
            let clo = match func {
                Value::Closure(c) => c,
                other => return Err(internal(format!("application of a non-function {other:?}"))),
            };
            match &*clo {
                Closure::Partial {
                    func: inner,
                    args: first,
                } => {
                    let mut all = first.clone();
                    all.append(&mut args);
                    args = all;
                    func = Value::Closure(Rc::clone(inner));
                }
                Closure::Function { set, index } => {
                    let arity = set.code.functions.get(*index).map_or(0, |f| f.arity);
                    if args.len() < arity {
                        return Ok(Mode::Return(Value::Closure(Rc::new(Closure::Partial {
                            func: clo,
                            args,
                        }))));
                    }
                    if args.len() > arity {
                        let rest = args.split_off(arity);
                        self.kont.push(Kont::ApplyRest(rest));
                    }
                    let (set, index) = (Rc::clone(set), *index);
                    return self.enter(clo, set, index, args);
                }
            }
        }
    }

    /// Is the current continuation the end of the current function (nothing
    /// but static handlers, which a callee cannot jump to, before the
    /// return)? Then a call here is a tail call.
    fn at_tail(&self) -> bool {
        for k in self.kont.iter().rev() {
            match k {
                Kont::Catch { .. } => continue,
                Kont::Return(_) => return true,
                _ => return false,
            }
        }
        true
    }

    fn enter(
        &mut self,
        clo: Rc<Closure<'p>>,
        set: Rc<SetInstance<'p>>,
        index: usize,
        args: Vec<Val<'p>>,
    ) -> Result<Mode<'p>, InterpError> {
        let code = set
            .code
            .functions
            .get(index)
            .ok_or_else(|| internal("bad function index"))?;
        let mut frame = args;
        frame.resize(code.frame_size.max(frame.len()), Value::Int(0));
        let callee = Activation {
            frame,
            closure: Some((clo, set, index)),
        };
        if self.at_tail() {
            while matches!(self.kont.last(), Some(Kont::Catch { .. })) {
                self.kont.pop();
            }
            self.act = callee;
        } else {
            if self.depth >= self.max_depth {
                return Ok(self.raise_predef(PredefException::StackOverflow, vec![]));
            }
            self.depth += 1;
            let caller = std::mem::replace(&mut self.act, callee);
            self.kont.push(Kont::Return(caller));
        }
        Ok(Mode::Eval(&code.body))
    }

    // --- evaluation -----------------------------------------------------------

    /// Evaluate `operands[..next]` from last to first, then finish `code`.
    fn operands(
        &mut self,
        code: &'p Code,
        operands: &'p [Code],
        mut next: usize,
        mut values: Vec<Val<'p>>,
    ) -> Result<Mode<'p>, InterpError> {
        while next > 0 {
            let op = &operands[next - 1];
            match self.direct(op)? {
                Some(Ok(v)) => {
                    values.push(v);
                    next -= 1;
                }
                Some(Err(mode)) => return Ok(mode),
                None => {
                    self.kont.push(Kont::Operands {
                        code,
                        operands,
                        next: next - 1,
                        values,
                    });
                    return Ok(Mode::Eval(op));
                }
            }
        }
        // `values` holds the operands last first: the function of an
        // application is the last one pushed.
        if let Code::Apply(_) = code {
            let func = values
                .pop()
                .ok_or_else(|| internal("apply without function"))?;
            values.reverse();
            return self.apply(func, values);
        }
        values.reverse();
        match code {
            Code::Prim(p, _) => self.primitive(p, values),
            Code::StaticRaise(label, _) => self.static_raise(*label, values),
            _ => Err(internal("operands of a form without operands")),
        }
    }

    /// Evaluate `code` whose value goes to a continuation pushed first.
    fn then(&mut self, k: Kont<'p>, code: &'p Code) -> Result<Mode<'p>, InterpError> {
        match self.direct(code)? {
            Some(Ok(v)) => self.resume(k, v),
            Some(Err(mode)) => Ok(mode),
            None => {
                self.kont.push(k);
                Ok(Mode::Eval(code))
            }
        }
    }

    fn eval(&mut self, code: &'p Code) -> Result<Mode<'p>, InterpError> {
        match code {
            Code::Access(_) | Code::Const(_) | Code::DirectPrim(..) => match self.direct(code)? {
                Some(Ok(v)) => Ok(Mode::Return(v)),
                Some(Err(mode)) => Ok(mode),
                None => Err(internal("direct")),
            },
            Code::Apply(ops) | Code::Prim(_, ops) | Code::StaticRaise(_, ops) => {
                self.operands(code, ops, ops.len(), Vec::with_capacity(ops.len()))
            }
            Code::Closure(set) => {
                let set = self.make_set(set)?;
                Ok(Mode::Return(Value::Closure(Rc::new(Closure::Function {
                    set,
                    index: 0,
                }))))
            }
            Code::Let(slot, def, body) => self.then(Kont::Let(*slot, body), def),
            Code::LetRec(slots, set, body) => {
                // Captures are read before the slots are written: the
                // functions refer to each other as siblings, not captures.
                let set = self.make_set(set)?;
                for (index, slot) in slots.iter().enumerate() {
                    let clo = Closure::Function {
                        set: Rc::clone(&set),
                        index,
                    };
                    *self.slot(*slot)? = Value::Closure(Rc::new(clo));
                }
                Ok(Mode::Eval(body))
            }
            Code::Switch(scrutinee, ..) | Code::StringSwitch(scrutinee, ..) => {
                self.then(Kont::Switch(code), scrutinee)
            }
            Code::StaticCatch(body, label, params, handler) => {
                self.kont.push(Kont::Catch {
                    label: *label,
                    params,
                    handler,
                });
                Ok(Mode::Eval(body))
            }
            Code::Try(body, slot, handler) => {
                if self.depth >= self.max_depth {
                    return Ok(self.raise_predef(PredefException::StackOverflow, vec![]));
                }
                self.depth += 1;
                self.kont.push(Kont::Try {
                    slot: *slot,
                    handler,
                });
                Ok(Mode::Eval(body))
            }
            Code::Raise(e) => self.then(Kont::Raise, e),
            Code::If(cond, then_, else_) => self.then(Kont::If(then_, else_), cond),
            Code::Seq(a, b) => self.then(Kont::Seq(b), a),
            Code::While(cond, body) => self.then(Kont::WhileCond(cond, body), cond),
            Code::For(_, _, end, _, _) => self.then(Kont::ForEnd(code), end),
            Code::Assign(slot, e) => self.then(Kont::Assign(*slot), e),
        }
    }

    fn resume(&mut self, k: Kont<'p>, v: Val<'p>) -> Result<Mode<'p>, InterpError> {
        match k {
            Kont::Return(act) => {
                self.depth -= 1;
                self.act = act;
                Ok(Mode::Return(v))
            }
            Kont::Operands {
                code,
                operands,
                next,
                mut values,
            } => {
                values.push(v);
                self.operands(code, operands, next, values)
            }
            Kont::Let(slot, body) => {
                *self.slot(slot)? = v;
                Ok(Mode::Eval(body))
            }
            Kont::Seq(next) => Ok(Mode::Eval(next)),
            Kont::If(then_, else_) => Ok(Mode::Eval(if truthy(&v) { then_ } else { else_ })),
            Kont::Switch(code) => self.switch(code, v),
            Kont::Catch { .. } => Ok(Mode::Return(v)),
            Kont::Try { .. } => {
                self.depth -= 1;
                Ok(Mode::Return(v))
            }
            Kont::WhileCond(cond, body) => {
                if truthy(&v) {
                    self.then(Kont::WhileBody(cond, body), body)
                } else {
                    Ok(Mode::Return(Value::Int(0)))
                }
            }
            Kont::WhileBody(cond, body) => self.then(Kont::WhileCond(cond, body), cond),
            Kont::ForEnd(code) => {
                let end = v
                    .as_int()
                    .ok_or_else(|| internal("for bound is not an int"))?;
                match code {
                    Code::For(_, start, ..) => self.then(Kont::ForStart(code, end), start),
                    _ => Err(internal("for")),
                }
            }
            Kont::ForStart(code, end) => {
                let start = v
                    .as_int()
                    .ok_or_else(|| internal("for bound is not an int"))?;
                let Code::For(slot, _, _, up, body) = code else {
                    return Err(internal("for"));
                };
                if (*up && start > end) || (!*up && start < end) {
                    return Ok(Mode::Return(Value::Int(0)));
                }
                *self.slot(*slot)? = Value::Int(start);
                self.then(
                    Kont::ForBody {
                        slot: *slot,
                        i: start,
                        end,
                        up: *up,
                        body,
                    },
                    body,
                )
            }
            Kont::ForBody {
                slot,
                i,
                end,
                up,
                body,
            } => {
                if i == end {
                    return Ok(Mode::Return(Value::Int(0)));
                }
                let i = if up { i + 1 } else { i - 1 };
                *self.slot(slot)? = Value::Int(i);
                self.then(
                    Kont::ForBody {
                        slot,
                        i,
                        end,
                        up,
                        body,
                    },
                    body,
                )
            }
            Kont::Assign(slot) => {
                *self.slot(slot)? = v;
                Ok(Mode::Return(Value::Int(0)))
            }
            Kont::Raise => Ok(Mode::Raise(v)),
            Kont::ApplyRest(args) => self.apply(v, args),
        }
    }

    fn switch(&mut self, code: &'p Code, v: Val<'p>) -> Result<Mode<'p>, InterpError> {
        let (arm, bodies, default) = match code {
            Code::Switch(_, table, bodies, default) => {
                let case = match &v {
                    Value::Int(n) => ir::SwitchCase::Int(*n),
                    other => ir::SwitchCase::Tag(other.tag().unwrap_or(0)),
                };
                (table.get(&case).copied(), bodies, default)
            }
            Code::StringSwitch(_, table, bodies, default) => {
                let s = v
                    .string_bytes()
                    .ok_or_else(|| internal("stringswitch on a non-string"))?;
                (table.get(&s).copied(), bodies, default)
            }
            _ => return Err(internal("switch")),
        };
        match (arm.and_then(|i| bodies.get(i)), default) {
            (Some(body), _) => Ok(Mode::Eval(body)),
            (None, Some(d)) => Ok(Mode::Eval(d)),
            (None, None) => Err(internal(format!("switch: no case for {v:?}"))),
        }
    }
}

fn build_constant<'p>(c: &ir::Constant) -> Val<'p> {
    match c {
        ir::Constant::Int(n) => Value::Int(*n),
        ir::Constant::Float(x) => Value::Float(*x),
        ir::Constant::Boxed(k, n) => Value::Boxed(*k, *n),
        ir::Constant::String(s) => Value::string(s),
        ir::Constant::Block { tag, fields } => {
            Value::block(*tag, fields.iter().map(build_constant).collect())
        }
    }
}
