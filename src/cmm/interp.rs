//! A reference interpreter for Cmm, over the simulated memory of
//! `memory.rs`. It is an abstract machine with an explicit stack of
//! frames, so a program's recursion depth is bounded by memory rather
//! than by the host's stack, and `exit`, `raise` and tail calls are
//! operations on that stack.

use std::collections::HashMap;
use std::fmt;

use super::memory::{Memory, CODE_BASE, CODE_STRIDE};
use super::runtime::{self, PrimResult, Runtime, RuntimeCtx};
use super::*;
use crate::observable::{Channels, Outcome, UncaughtPrinter};

/// A machine value: a word (integer, pointer, tagged value), a float in a
/// float register, or nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Word(i64),
    Float(f64),
    Unit,
}

/// The program is not well-formed Cmm, or broke the machine's rules (a
/// load outside memory, a call to a non-function). A correct compiler
/// never produces one; an OCaml-level error is an exception instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterpError {
    pub message: String,
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn error<T>(message: String) -> Result<T, InterpError> {
    Err(InterpError { message })
}

impl Value {
    fn word(self) -> Result<i64, InterpError> {
        match self {
            Value::Word(w) => Ok(w),
            v => error(format!("expected a word, got {v:?}")),
        }
    }

    fn float(self) -> Result<f64, InterpError> {
        match self {
            Value::Float(x) => Ok(x),
            v => error(format!("expected a float, got {v:?}")),
        }
    }
}

/// Resource limits and the choice of uncaught-exception printer.
#[derive(Clone, Debug)]
pub struct Config {
    /// Calls nested deeper than this raise `Stack_overflow`. ocamlopt's
    /// 8 MiB stack holds a few hundred thousand small frames.
    pub max_call_depth: usize,
    pub max_heap_bytes: usize,
    pub uncaught_printer: UncaughtPrinter,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_call_depth: 1_000_000,
            max_heap_bytes: 1 << 30,
            uncaught_printer: UncaughtPrinter::Runtime,
        }
    }
}

/// What a variable denotes: a value, or a mutable cell.
#[derive(Clone, Copy, Debug)]
enum Binding {
    Value(Value),
    Cell(usize),
}

type Env<'p> =
    imbl::GenericHashMap<&'p Var, Binding, BuildStampHasher, imbl::shared_ptr::DefaultSharedPtr>;

/// Variables hash to their stamp, a small integer: a multiplicative hash
/// spreads it well enough, much faster than the default SipHash.
#[derive(Clone, Copy, Default)]
struct BuildStampHasher;

struct StampHasher(u64);

impl std::hash::BuildHasher for BuildStampHasher {
    type Hasher = StampHasher;
    fn build_hasher(&self) -> StampHasher {
        StampHasher(0)
    }
}

impl std::hash::Hasher for StampHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64)
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// What to do with a value once it is computed: the machine's stack.
enum Frame<'p> {
    /// Bind the value and evaluate the body.
    Let {
        var: &'p Var,
        body: &'p Expr,
        env: Env<'p>,
    },
    /// Put the value in a new cell, bind it, and evaluate the body.
    LetMut {
        var: &'p Var,
        body: &'p Expr,
        env: Env<'p>,
    },
    /// The end of a mutable variable's scope: free the cells above.
    MutScope {
        cells_len: usize,
    },
    Assign {
        cell: usize,
    },
    Sequence {
        next: &'p Expr,
        env: Env<'p>,
    },
    If {
        then_: &'p Expr,
        else_: &'p Expr,
        env: Env<'p>,
    },
    Switch {
        index: &'p [usize],
        cases: &'p [Expr],
        env: Env<'p>,
    },
    /// Arguments are evaluated right to left; `next` more remain, and
    /// `values` holds the ones computed, last argument first.
    Args {
        target: ArgsFor<'p>,
        args: &'p [Expr],
        next: usize,
        values: Vec<Value>,
        env: Env<'p>,
    },
    /// A `catch` whose body is running: `exit` and `raise` look for it.
    Catch {
        kind: CatchKind,
        handlers: &'p [Handler],
        env: Env<'p>,
    },
    /// A function's activation: its return goes to the frame below.
    Call {
        cells_base: usize,
    },
}

#[derive(Clone, Copy)]
enum ArgsFor<'p> {
    Op(&'p Operation),
    Exit(ExitLabel, &'p [TrapAction]),
}

/// A pushed exception handler: the index of its `Catch` frame.
struct Trap {
    label: Label,
    frame: usize,
}

/// The machine's next step.
enum Control<'p> {
    Eval(&'p Expr, Env<'p>),
    Return(Value),
    Raise(i64),
    Exit(i64),
}

/// How a run ended.
enum Finish {
    Returned,
    Exited(i64),
    Uncaught(i64),
}

struct Machine<'p, 'r> {
    functions: HashMap<i64, &'p FunDecl>,
    symbols: HashMap<String, i64>,
    mem: Memory,
    channels: Channels,
    runtime: &'r Runtime,
    config: &'r Config,
    frames: Vec<Frame<'p>>,
    traps: Vec<Trap>,
    cells: Vec<Value>,
    depth: usize,
}

/// Runs `entry`, a function of no arguments, and reports what the world saw.
pub fn run(
    program: &Program,
    entry: &str,
    runtime: &Runtime,
    config: &Config,
) -> Result<Outcome, InterpError> {
    let mut m = Machine::load(program, runtime, config)?;
    let Some(&addr) = m.symbols.get(entry) else {
        return error(format!("no entry point \"{entry}\""));
    };
    let start = m.call(addr, Vec::new())?;
    let finish = m.run_loop(start)?;
    Ok(match finish {
        Finish::Returned => m.channels.finish(0),
        Finish::Exited(code) => m.channels.finish(code),
        Finish::Uncaught(exn) => {
            let exn = runtime::to_observable(&m.mem, &m.symbols, exn)?;
            m.channels.finish_uncaught(&exn, config.uncaught_printer)
        }
    })
}

/// `run` with the standard runtime and default limits.
pub fn run_program(program: &Program, entry: &str) -> Result<Outcome, InterpError> {
    run(program, entry, &Runtime::standard(), &Config::default())
}

/// `n` rounded up to a multiple of `align`, a power of two.
fn align_up(n: i64, align: i64) -> i64 {
    (n + align - 1) & !(align - 1)
}

fn data_size(item: &DataItem) -> usize {
    match item {
        DataItem::DefineSymbol(_) | DataItem::GlobalSymbol(_) | DataItem::Align(_) => 0,
        DataItem::Int8(_) => 1,
        DataItem::Int16(_) => 2,
        DataItem::Int32(_) => 4,
        DataItem::Int(_) | DataItem::Double(_) | DataItem::SymbolAddress(_) => 8,
        DataItem::String(s) => s.len(),
        DataItem::Skip(n) => *n,
    }
}

impl<'p, 'r> Machine<'p, 'r> {
    /// Gives every function an address, and lays out the runtime's static
    /// data, then the program's.
    fn load(
        program: &'p Program,
        runtime: &'r Runtime,
        config: &'r Config,
    ) -> Result<Machine<'p, 'r>, InterpError> {
        let mut m = Machine {
            functions: HashMap::new(),
            symbols: HashMap::new(),
            mem: Memory::new(config.max_heap_bytes),
            channels: Channels::new(),
            runtime,
            config,
            frames: Vec::new(),
            traps: Vec::new(),
            cells: Vec::new(),
            depth: 0,
        };
        for (i, f) in program.functions().enumerate() {
            let addr = CODE_BASE + i as i64 * CODE_STRIDE;
            if addr >= memory::DATA_BASE {
                return error("too many functions".to_string());
            }
            m.functions.insert(addr, f);
            m.define(&f.name, addr)?;
        }
        let runtime_data = runtime::runtime_data();
        let mut blocks: Vec<&[DataItem]> = vec![&runtime_data];
        blocks.extend(program.data());
        let start = m.mem.end();
        let mut cursor = start;
        let mut placed: Vec<(i64, &DataItem)> = Vec::new();
        for items in blocks {
            cursor = align_up(cursor, helpers::WORD_SIZE);
            for item in items {
                match item {
                    DataItem::DefineSymbol(s) => m.define(s, cursor)?,
                    DataItem::Align(n) => cursor = align_up(cursor, (*n).max(1) as i64),
                    _ => {
                        placed.push((cursor, item));
                        cursor += data_size(item) as i64;
                    }
                }
            }
        }
        m.mem.reserve((cursor - start) as usize)?;
        for (addr, item) in placed {
            match item {
                DataItem::Int8(n) => m.mem.write(addr, &n.to_le_bytes()[..1])?,
                DataItem::Int16(n) => m.mem.write(addr, &n.to_le_bytes()[..2])?,
                DataItem::Int32(n) => m.mem.write(addr, &n.to_le_bytes()[..4])?,
                DataItem::Int(n) => m.mem.store_word(addr, *n)?,
                DataItem::Double(x) => m.mem.store_word(addr, x.to_bits() as i64)?,
                DataItem::SymbolAddress(s) => {
                    let target = m.symbol(s)?;
                    m.mem.store_word(addr, target)?
                }
                DataItem::String(s) => m.mem.write(addr, s)?,
                _ => {}
            }
        }
        Ok(m)
    }

    fn define(&mut self, name: &str, addr: i64) -> Result<(), InterpError> {
        if self.symbols.insert(name.to_string(), addr).is_some() {
            return error(format!("symbol \"{name}\" is defined twice"));
        }
        Ok(())
    }

    fn symbol(&self, name: &str) -> Result<i64, InterpError> {
        match self.symbols.get(name) {
            Some(&a) => Ok(a),
            None => error(format!("undefined symbol \"{name}\"")),
        }
    }
}

impl<'p, 'r> Machine<'p, 'r> {
    fn run_loop(&mut self, mut control: Control<'p>) -> Result<Finish, InterpError> {
        loop {
            control = match control {
                Control::Eval(e, env) => self.eval(e, env)?,
                Control::Return(v) => match self.frames.pop() {
                    Some(frame) => self.resume(frame, v)?,
                    None => return Ok(Finish::Returned),
                },
                Control::Raise(exn) => match self.raise(exn)? {
                    Some(control) => control,
                    None => return Ok(Finish::Uncaught(exn)),
                },
                Control::Exit(code) => return Ok(Finish::Exited(code)),
            }
        }
    }

    fn lookup(&self, env: &Env<'p>, v: &Var) -> Result<Value, InterpError> {
        match env.get(v) {
            Some(Binding::Value(x)) => Ok(*x),
            Some(Binding::Cell(c)) => match self.cells.get(*c) {
                Some(x) => Ok(*x),
                None => error(format!("mutable variable {v} outlived its cell")),
            },
            None => error(format!("unbound variable {v}")),
        }
    }

    /// One step on an expression: a value, or a frame pushed and a
    /// sub-expression to evaluate.
    fn eval(&mut self, e: &'p Expr, env: Env<'p>) -> Result<Control<'p>, InterpError> {
        Ok(match e {
            Expr::ConstInt(n) => Control::Return(Value::Word(*n)),
            Expr::ConstFloat(x) => Control::Return(Value::Float(*x)),
            Expr::ConstSymbol(s) => Control::Return(Value::Word(self.symbol(s)?)),
            Expr::Var(v) => Control::Return(self.lookup(&env, v)?),
            Expr::Unit => Control::Return(Value::Unit),
            Expr::Let(var, def, body) => {
                self.frames.push(Frame::Let {
                    var,
                    body,
                    env: env.clone(),
                });
                Control::Eval(def, env)
            }
            Expr::LetMut(var, _, def, body) => {
                self.frames.push(Frame::LetMut {
                    var,
                    body,
                    env: env.clone(),
                });
                Control::Eval(def, env)
            }
            Expr::Assign(v, value) => {
                let Some(Binding::Cell(cell)) = env.get(v) else {
                    return error(format!(
                        "assignment to {v}, which is not a mutable variable"
                    ));
                };
                self.frames.push(Frame::Assign { cell: *cell });
                Control::Eval(value, env)
            }
            Expr::Op(operation, args) => self.arguments(ArgsFor::Op(operation), args, env)?,
            Expr::Exit { label, args, traps } => {
                self.arguments(ArgsFor::Exit(*label, traps), args, env)?
            }
            Expr::Sequence(a, b) => {
                self.frames.push(Frame::Sequence {
                    next: b,
                    env: env.clone(),
                });
                Control::Eval(a, env)
            }
            Expr::If(c, a, b) => {
                self.frames.push(Frame::If {
                    then_: a,
                    else_: b,
                    env: env.clone(),
                });
                Control::Eval(c, env)
            }
            Expr::Switch {
                scrutinee,
                index,
                cases,
            } => {
                self.frames.push(Frame::Switch {
                    index,
                    cases,
                    env: env.clone(),
                });
                Control::Eval(scrutinee, env)
            }
            Expr::Catch {
                kind,
                handlers,
                body,
            } => {
                self.frames.push(Frame::Catch {
                    kind: *kind,
                    handlers,
                    env: env.clone(),
                });
                Control::Eval(body, env)
            }
        })
    }

    /// Starts evaluating the arguments of an operation or exit, last first.
    fn arguments(
        &mut self,
        target: ArgsFor<'p>,
        args: &'p [Expr],
        env: Env<'p>,
    ) -> Result<Control<'p>, InterpError> {
        match args.split_last() {
            None => self.complete(target, Vec::new()),
            Some((last, _)) => {
                let next = args.len() - 1;
                self.frames.push(Frame::Args {
                    target,
                    args,
                    next,
                    values: Vec::with_capacity(args.len()),
                    env: env.clone(),
                });
                Ok(Control::Eval(last, env))
            }
        }
    }

    fn complete(
        &mut self,
        target: ArgsFor<'p>,
        values: Vec<Value>,
    ) -> Result<Control<'p>, InterpError> {
        match target {
            ArgsFor::Op(operation) => self.perform(operation, values),
            ArgsFor::Exit(label, traps) => self.exit(label, traps, values),
        }
    }

    /// Gives a value to the frame that was waiting for it.
    fn resume(&mut self, frame: Frame<'p>, v: Value) -> Result<Control<'p>, InterpError> {
        Ok(match frame {
            Frame::Let { var, body, mut env } => {
                env.insert(var, Binding::Value(v));
                Control::Eval(body, env)
            }
            Frame::LetMut { var, body, mut env } => {
                let cell = self.cells.len();
                self.cells.push(v);
                self.frames.push(Frame::MutScope { cells_len: cell });
                env.insert(var, Binding::Cell(cell));
                Control::Eval(body, env)
            }
            Frame::MutScope { cells_len } => {
                self.cells.truncate(cells_len);
                Control::Return(v)
            }
            Frame::Assign { cell } => {
                match self.cells.get_mut(cell) {
                    Some(c) => *c = v,
                    None => return error("assignment to a dead cell".to_string()),
                }
                Control::Return(Value::Unit)
            }
            Frame::Sequence { next, env } => Control::Eval(next, env),
            Frame::If { then_, else_, env } => {
                Control::Eval(if v.word()? != 0 { then_ } else { else_ }, env)
            }
            Frame::Switch { index, cases, env } => {
                let n = v.word()?;
                let case = usize::try_from(n)
                    .ok()
                    .and_then(|i| index.get(i))
                    .and_then(|&c| cases.get(c));
                match case {
                    Some(case) => Control::Eval(case, env),
                    None => return error(format!("switch on {n}, which has no case")),
                }
            }
            Frame::Args {
                target,
                args,
                next,
                mut values,
                env,
            } => {
                values.push(v);
                if next == 0 {
                    values.reverse();
                    return self.complete(target, values);
                }
                let next = next - 1;
                let Some(arg) = args.get(next) else {
                    return error("argument list changed under the machine".to_string());
                };
                self.frames.push(Frame::Args {
                    target,
                    args,
                    next,
                    values,
                    env: env.clone(),
                });
                Control::Eval(arg, env)
            }
            Frame::Catch { .. } => Control::Return(v),
            Frame::Call { cells_base } => {
                self.cells.truncate(cells_base);
                self.depth -= 1;
                Control::Return(v)
            }
        })
    }
}

fn two(values: &[Value]) -> Result<(Value, Value), InterpError> {
    match values {
        [a, b] => Ok((*a, *b)),
        _ => error(format!("expected two operands, got {}", values.len())),
    }
}

fn one(values: &[Value]) -> Result<Value, InterpError> {
    match values {
        [a] => Ok(*a),
        _ => error(format!("expected one operand, got {}", values.len())),
    }
}

/// `cvttsd2si`: truncation, and `min_int` for NaN and out-of-range values.
fn truncate_float(x: f64) -> i64 {
    if (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&x) {
        x.trunc() as i64
    } else {
        i64::MIN
    }
}

impl<'p, 'r> Machine<'p, 'r> {
    fn perform(
        &mut self,
        operation: &'p Operation,
        values: Vec<Value>,
    ) -> Result<Control<'p>, InterpError> {
        use Operation::*;
        let word = |v: Value| v.word();
        let int2 = |values: &[Value]| -> Result<(i64, i64), InterpError> {
            let (a, b) = two(values)?;
            Ok((a.word()?, b.word()?))
        };
        let float2 = |values: &[Value]| -> Result<(f64, f64), InterpError> {
            let (a, b) = two(values)?;
            Ok((a.float()?, b.float()?))
        };
        let w = |n: i64| Ok(Control::Return(Value::Word(n)));
        let f = |x: f64| Ok(Control::Return(Value::Float(x)));
        match operation {
            Apply(_) => {
                let Some((callee, args)) = values.split_first() else {
                    return error("app without a function".to_string());
                };
                self.call(word(*callee)?, args.to_vec())
            }
            ExtCall { name, .. } => {
                let Some(primitive) = self.runtime.get(name) else {
                    return error(format!("unknown runtime function \"{name}\""));
                };
                let mut ctx = RuntimeCtx {
                    mem: &mut self.mem,
                    channels: &mut self.channels,
                    symbols: &self.symbols,
                };
                Ok(match primitive(&mut ctx, &values)? {
                    PrimResult::Value(v) => Control::Return(v),
                    PrimResult::Raise(exn) => Control::Raise(exn),
                    PrimResult::Exit(code) => Control::Exit(code),
                })
            }
            Load { chunk, .. } => Ok(Control::Return(
                self.mem.load(*chunk, word(one(&values)?)?)?,
            )),
            Store { chunk, .. } => {
                let (addr, v) = two(&values)?;
                self.mem.store(*chunk, addr.word()?, v)?;
                Ok(Control::Return(Value::Unit))
            }
            Alloc => {
                let Some((header, fields)) = values.split_first() else {
                    return error("alloc without a header".to_string());
                };
                let block = self.mem.alloc_block(header.word()?, fields.len())?;
                for (i, field) in fields.iter().enumerate() {
                    let chunk = if matches!(field, Value::Float(_)) {
                        Chunk::Double
                    } else {
                        Chunk::WordVal
                    };
                    self.mem.store(chunk, block + 8 * i as i64, *field)?;
                }
                w(block)
            }
            AddI | AddV | AddA => int2(&values).and_then(|(a, b)| w(a.wrapping_add(b))),
            SubI => int2(&values).and_then(|(a, b)| w(a.wrapping_sub(b))),
            MulI => int2(&values).and_then(|(a, b)| w(a.wrapping_mul(b))),
            DivI | ModI => {
                let (a, b) = int2(&values)?;
                // Cmm leaves these undefined (x86 traps); the translation
                // must have tested for them.
                if b == 0 || (a == i64::MIN && b == -1) {
                    return error(format!("({operation} {a} {b}) is undefined"));
                }
                w(if *operation == DivI { a / b } else { a % b })
            }
            And => int2(&values).and_then(|(a, b)| w(a & b)),
            Or => int2(&values).and_then(|(a, b)| w(a | b)),
            Xor => int2(&values).and_then(|(a, b)| w(a ^ b)),
            // x86 masks shift counts to six bits.
            Lsl => int2(&values).and_then(|(a, b)| w(a.wrapping_shl((b & 63) as u32))),
            Lsr => int2(&values).and_then(|(a, b)| w(((a as u64) >> (b & 63)) as i64)),
            Asr => int2(&values).and_then(|(a, b)| w(a >> (b & 63))),
            CmpI(c) => int2(&values).and_then(|(a, b)| w(c.eval(a, b) as i64)),
            NegF => f(-one(&values)?.float()?),
            AbsF => f(one(&values)?.float()?.abs()),
            AddF => float2(&values).and_then(|(a, b)| f(a + b)),
            SubF => float2(&values).and_then(|(a, b)| f(a - b)),
            MulF => float2(&values).and_then(|(a, b)| f(a * b)),
            DivF => float2(&values).and_then(|(a, b)| f(a / b)),
            FloatOfInt => f(one(&values)?.word()? as f64),
            IntOfFloat => w(truncate_float(one(&values)?.float()?)),
            CmpF(c) => float2(&values).and_then(|(a, b)| w(c.eval(a, b) as i64)),
            Raise(_) => Ok(Control::Raise(one(&values)?.word()?)),
            Checkbound => {
                let (bound, index) = int2(&values)?;
                if (index as u64) < (bound as u64) {
                    Ok(Control::Return(Value::Unit))
                } else {
                    let mut ctx = RuntimeCtx {
                        mem: &mut self.mem,
                        channels: &mut self.channels,
                        symbols: &self.symbols,
                    };
                    Ok(Control::Raise(ctx.exception_with_string(
                        "caml_exn_Invalid_argument",
                        b"index out of bounds",
                    )?))
                }
            }
        }
    }

    /// Calls the function at `addr`. A call whose caller has nothing left
    /// to do (only catches no trap refers to, and variable scopes, lie
    /// above its activation) is a tail call: it replaces the activation
    /// instead of stacking a new one, as native code does.
    fn call(&mut self, addr: i64, args: Vec<Value>) -> Result<Control<'p>, InterpError> {
        let Some(&f) = self.functions.get(&addr) else {
            return error(format!("call to {addr:#x}, which is not a function"));
        };
        if f.params.len() != args.len() {
            return error(format!(
                "{} takes {} arguments, given {}",
                f.name,
                f.params.len(),
                args.len()
            ));
        }
        let mut env = Env::default();
        for ((v, _), a) in f.params.iter().zip(args) {
            env.insert(v, Binding::Value(a));
        }
        let floor = self.traps.last().map_or(0, |t| t.frame + 1);
        let mut i = self.frames.len();
        while i > floor
            && matches!(
                self.frames.get(i - 1),
                Some(Frame::Catch { .. } | Frame::MutScope { .. })
            )
        {
            i -= 1;
        }
        match i.checked_sub(1).and_then(|c| self.frames.get(c)) {
            Some(&Frame::Call { cells_base }) => {
                self.frames.truncate(i);
                self.cells.truncate(cells_base);
            }
            _ => {
                if self.depth >= self.config.max_call_depth {
                    return Ok(Control::Raise(self.symbol("caml_exn_Stack_overflow")?));
                }
                self.depth += 1;
                self.frames.push(Frame::Call {
                    cells_base: self.cells.len(),
                });
            }
        }
        Ok(Control::Eval(&f.body, env))
    }
}

impl<'p, 'r> Machine<'p, 'r> {
    /// The index of the frame of the catch that binds `label`, in the
    /// current activation.
    fn find_catch(&self, label: Label) -> Result<usize, InterpError> {
        for (i, frame) in self.frames.iter().enumerate().rev() {
            match frame {
                Frame::Catch { handlers, .. } if handlers.iter().any(|h| h.label == label) => {
                    return Ok(i)
                }
                Frame::Call { .. } => break,
                _ => {}
            }
        }
        error(format!("label {label} is not bound by an enclosing catch"))
    }

    /// Pops the top frame on the way to a jump's target.
    fn unwind_one(&mut self) -> Result<(), InterpError> {
        let index = self.frames.len().wrapping_sub(1);
        match self.frames.pop() {
            Some(Frame::MutScope { cells_len }) => self.cells.truncate(cells_len),
            Some(Frame::Call { cells_base }) => {
                self.cells.truncate(cells_base);
                self.depth -= 1;
            }
            Some(Frame::Catch { .. }) if self.traps.last().is_some_and(|t| t.frame == index) => {
                return error("a jump leaves the catch of a pushed exception handler".to_string());
            }
            Some(_) => {}
            None => return error("unwound past the first frame".to_string()),
        }
        Ok(())
    }

    fn exit(
        &mut self,
        label: ExitLabel,
        traps: &'p [TrapAction],
        values: Vec<Value>,
    ) -> Result<Control<'p>, InterpError> {
        for action in traps {
            match *action {
                TrapAction::Push(h) => {
                    let frame = self.find_catch(h)?;
                    self.traps.push(Trap { label: h, frame });
                }
                TrapAction::Pop(h) => match self.traps.pop() {
                    Some(t) if t.label == h => {}
                    Some(t) => {
                        return error(format!("pop({h}) but the innermost trap is {}", t.label))
                    }
                    None => return error(format!("pop({h}) with no trap pushed")),
                },
            }
        }
        let target = match label {
            ExitLabel::Return => {
                while !matches!(self.frames.last(), Some(Frame::Call { .. })) {
                    self.unwind_one()?;
                }
                return Ok(Control::Return(one(&values)?));
            }
            ExitLabel::Label(l) => l,
        };
        let at = self.find_catch(target)?;
        while self.frames.len() > at + 1 {
            self.unwind_one()?;
        }
        let Some(Frame::Catch {
            kind,
            handlers,
            env,
        }) = self.frames.last()
        else {
            return error(format!("label {target} lost"));
        };
        let (kind, handlers, mut env) = (*kind, *handlers, env.clone());
        if kind == CatchKind::ExnHandler {
            return error(format!("exit to exception handler {target}"));
        }
        // A recursive catch stays: its handlers may jump to each other.
        if kind != CatchKind::Recursive {
            self.unwind_one()?;
        }
        let Some(handler) = handlers.iter().find(|h| h.label == target) else {
            return error(format!("label {target} lost"));
        };
        if handler.params.len() != values.len() {
            return error(format!(
                "exit {target} with {} arguments for {}",
                values.len(),
                handler.params.len()
            ));
        }
        for ((v, _), x) in handler.params.iter().zip(values) {
            env.insert(v, Binding::Value(x));
        }
        Ok(Control::Eval(&handler.body, env))
    }

    /// Transfers control to the innermost pushed handler, popping it;
    /// `None` if there is none.
    fn raise(&mut self, exn: i64) -> Result<Option<Control<'p>>, InterpError> {
        let Some(trap) = self.traps.pop() else {
            return Ok(None);
        };
        while self.frames.len() > trap.frame + 1 {
            self.unwind_one()?;
        }
        let Some(Frame::Catch { handlers, env, .. }) = self.frames.pop() else {
            return error(format!("the catch of trap {} is gone", trap.label));
        };
        let Some(handler) = handlers.iter().find(|h| h.label == trap.label) else {
            return error(format!("the catch of trap {} is gone", trap.label));
        };
        let mut env = env;
        if let Some((v, _)) = handler.params.first() {
            env.insert(v, Binding::Value(Value::Word(exn)));
        }
        Ok(Some(Control::Eval(&handler.body, env)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmm::check::check_program;
    use crate::cmm::helpers::*;

    fn sym(s: &str) -> Expr {
        Expr::ConstSymbol(s.to_string())
    }

    fn ext(name: &str, args: Vec<Expr>) -> Expr {
        op(
            Operation::ExtCall {
                name: name.to_string(),
                result: MachType::Val,
                alloc: true,
            },
            args,
        )
    }

    fn call(f: &str, args: Vec<Expr>) -> Expr {
        let mut all = vec![sym(f)];
        all.extend(args);
        op(Operation::Apply(MachType::Val), all)
    }

    fn func(name: &str, params: &[&Var], body: Expr) -> Phrase {
        Phrase::Function(FunDecl {
            name: name.to_string(),
            params: params
                .iter()
                .map(|v| ((*v).clone(), MachType::Val))
                .collect(),
            body,
        })
    }

    fn catch(
        kind: CatchKind,
        label: Label,
        params: Vec<(Var, MachType)>,
        body: Expr,
        handler: Expr,
    ) -> Expr {
        Expr::Catch {
            kind,
            handlers: vec![Handler {
                label,
                params,
                body: handler,
            }],
            body: Box::new(body),
        }
    }

    fn exit(label: Label, args: Vec<Expr>, traps: Vec<TrapAction>) -> Expr {
        Expr::Exit {
            label: ExitLabel::Label(label),
            args,
            traps,
        }
    }

    /// Checks the program, runs `main`, and gives stdout, stderr, status.
    fn run_checked(phrases: Vec<Phrase>, config: &Config) -> (String, String, i32) {
        let program = Program { phrases };
        let externals = runtime::runtime_symbols();
        let externals: Vec<&str> = externals.iter().map(String::as_str).collect();
        if let Err(errors) = check_program(&program, &externals) {
            panic!("ill-formed test program: {errors:?}\n{program}");
        }
        let out =
            run(&program, "main", &Runtime::standard(), config).expect("no interpreter error");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
            out.exit_code,
        )
    }

    fn run_main(body: Expr, mut others: Vec<Phrase>) -> (String, String, i32) {
        others.push(func("main", &[], body));
        run_checked(others, &Config::default())
    }

    #[test]
    fn prints_an_integer() {
        assert_eq!(
            run_main(ext("caml_print_int", vec![int_const(42)]), vec![]),
            ("42".into(), "".into(), 0)
        );
    }

    /// `sum n = if n = 0 then 0 else n + sum (n - 1)`, tagged, not a tail call.
    fn sum_function(fresh: &mut Fresh) -> Phrase {
        let n = fresh.var("n");
        let body = if_then_else(
            test_bool(cmp_int_caml(IntCmp::Eq, var(&n), int_const(0))),
            int_const(0),
            add_int_caml(
                var(&n),
                call("sum", vec![sub_int_caml(var(&n), int_const(1))]),
            ),
        );
        func("sum", &[&n], body)
    }

    #[test]
    fn the_chapter_example() {
        let mut fresh = Fresh::new();
        let main = ext("caml_print_int", vec![call("sum", vec![int_const(100_000)])]);
        let program = Program { phrases: vec![sum_function(&mut fresh), func("main", &[], main)] };
        assert_eq!(
            program.to_string(),
            r#"(function sum (n/1: val)
 (if (== n/1 1) 1 (+ (+ n/1 (app "sum" (+ n/1 -2) val)) -1)))

(function main ()
 (extcall "caml_print_int" (app "sum" 200001 val) val))

"#
        );
        let out = run_program(&program, "main").expect("runs");
        assert_eq!((out.stdout, out.exit_code), (b"5000050000".to_vec(), 0));
    }

    #[test]
    fn deep_recursion_does_not_exhaust_the_host_stack() {
        let mut fresh = Fresh::new();
        let main = ext(
            "caml_print_int",
            vec![call("sum", vec![int_const(100_000)])],
        );
        assert_eq!(
            run_main(main, vec![sum_function(&mut fresh)]).0,
            "5000050000"
        );
    }

    #[test]
    fn too_deep_recursion_raises_stack_overflow() {
        let mut fresh = Fresh::new();
        let main = ext(
            "caml_print_int",
            vec![call("sum", vec![int_const(100_000)])],
        );
        let config = Config {
            max_call_depth: 1000,
            ..Config::default()
        };
        let phrases = vec![sum_function(&mut fresh), func("main", &[], main)];
        assert_eq!(
            run_checked(phrases, &config),
            (
                "".into(),
                "Fatal error: exception Stack_overflow\n".into(),
                2
            )
        );
    }

    #[test]
    fn tail_calls_run_in_constant_depth() {
        let mut fresh = Fresh::new();
        let (n, acc) = (fresh.var("n"), fresh.var("acc"));
        // loop n acc = if n = 0 then acc else loop (n - 1) (acc + n)
        let body = if_then_else(
            test_bool(cmp_int_caml(IntCmp::Eq, var(&n), int_const(0))),
            var(&acc),
            call(
                "loop",
                vec![
                    sub_int_caml(var(&n), int_const(1)),
                    add_int_caml(var(&acc), var(&n)),
                ],
            ),
        );
        let main = ext(
            "caml_print_int",
            vec![call("loop", vec![int_const(100_000), int_const(0)])],
        );
        let config = Config {
            max_call_depth: 10,
            ..Config::default()
        };
        let phrases = vec![func("loop", &[&n, &acc], body), func("main", &[], main)];
        assert_eq!(run_checked(phrases, &config).0, "5000050000");
    }

    #[test]
    fn loops_with_mutable_variables_and_recursive_catch() {
        let mut fresh = Fresh::new();
        let (r, i) = (fresh.var("r"), fresh.var("i"));
        let (head, done) = (fresh.label(), fresh.label());
        // let_mut r = 0, i = 1 in while i <= 100 do r := r + i; i := i + 1 done; print r
        let step = seq(
            Expr::Assign(r.clone(), Box::new(add_int_caml(var(&r), var(&i)))),
            seq(
                Expr::Assign(i.clone(), Box::new(add_int_caml(var(&i), int_const(1)))),
                exit(head, vec![], vec![]),
            ),
        );
        let looped = if_then_else(
            op(Operation::CmpI(IntCmp::Gt), vec![var(&i), int_const(100)]),
            exit(done, vec![], vec![]),
            step,
        );
        let lp = catch(
            CatchKind::Recursive,
            head,
            vec![],
            exit(head, vec![], vec![]),
            looped,
        );
        let body = catch(CatchKind::Normal, done, vec![], lp, Expr::Unit);
        let main = Expr::LetMut(
            r.clone(),
            MachType::Val,
            Box::new(int_const(0)),
            Box::new(Expr::LetMut(
                i.clone(),
                MachType::Val,
                Box::new(int_const(1)),
                Box::new(seq(body, ext("caml_print_int", vec![var(&r)]))),
            )),
        );
        assert_eq!(run_main(main, vec![]).0, "5050");
    }

    /// `try body with e -> handler`, as Flambda 2 builds it: the handler
    /// is pushed on the way into the body, which pops it on the way out.
    fn try_with(
        fresh: &mut Fresh,
        body: impl FnOnce(Label, Label) -> Expr,
        handler: impl FnOnce(&Var) -> Expr,
    ) -> Expr {
        let (h, k, join) = (fresh.label(), fresh.label(), fresh.label());
        let (e, r) = (fresh.var("exn"), fresh.var("r"));
        let protected = catch(
            CatchKind::Normal,
            k,
            vec![],
            exit(k, vec![], vec![TrapAction::Push(h)]),
            body(h, join),
        );
        let with_handler = catch(
            CatchKind::ExnHandler,
            h,
            vec![(e.clone(), MachType::Val)],
            protected,
            handler(&e),
        );
        catch(
            CatchKind::Normal,
            join,
            vec![(r.clone(), MachType::Val)],
            with_handler,
            var(&r),
        )
    }

    #[test]
    fn raise_reaches_the_pushed_handler_across_calls() {
        let mut fresh = Fresh::new();
        let thrower = func("thrower", &[], raise_symbol("caml_exn_Not_found"));
        let main = try_with(
            &mut fresh,
            |h, join| {
                exit(
                    join,
                    vec![call("thrower", vec![])],
                    vec![TrapAction::Pop(h)],
                )
            },
            |e| {
                let is_not_found = op(
                    Operation::CmpI(IntCmp::Eq),
                    vec![var(e), sym("caml_exn_Not_found")],
                );
                if_then_else(
                    is_not_found,
                    ext("caml_print_int", vec![int_const(7)]),
                    int_const(0),
                )
            },
        );
        assert_eq!(run_main(main, vec![thrower]), ("7".into(), "".into(), 0));
    }

    #[test]
    fn a_body_that_does_not_raise_pops_its_handler() {
        let mut fresh = Fresh::new();
        let main = try_with(
            &mut fresh,
            |h, join| {
                exit(
                    join,
                    vec![ext("caml_print_int", vec![int_const(1)])],
                    vec![TrapAction::Pop(h)],
                )
            },
            |_| ext("caml_print_int", vec![int_const(2)]),
        );
        // After the pop, this raise is not caught by the handler.
        let main = seq(main, raise_symbol("caml_exn_Not_found"));
        assert_eq!(
            run_main(main, vec![]),
            ("1".into(), "Fatal error: exception Not_found\n".into(), 2)
        );
    }

    #[test]
    fn uncaught_exception_with_an_argument() {
        let s = Phrase::Data(vec![
            DataItem::Int(black_block_header(STRING_TAG, 1)),
            DataItem::DefineSymbol("msg".into()),
            DataItem::String(b"boom".to_vec()),
            DataItem::Skip(3),
            DataItem::Int8(3),
        ]);
        let exn = op(
            Operation::Alloc,
            vec![
                Expr::ConstInt(block_header(0, 2)),
                sym("caml_exn_Failure"),
                sym("msg"),
            ],
        );
        let main = seq(
            ext("caml_print_string", vec![sym("msg")]),
            op(Operation::Raise(RaiseKind::Regular), vec![exn]),
        );
        assert_eq!(
            run_main(main, vec![s]),
            (
                "boom".into(),
                "Fatal error: exception Failure(\"boom\")\n".into(),
                2
            )
        );
    }

    #[test]
    fn checkbound_raises_invalid_argument() {
        let main = seq(
            op(
                Operation::Checkbound,
                vec![Expr::ConstInt(3), Expr::ConstInt(2)],
            ),
            op(
                Operation::Checkbound,
                vec![Expr::ConstInt(3), Expr::ConstInt(3)],
            ),
        );
        let (_, err, code) = run_main(main, vec![]);
        assert_eq!(
            (err.as_str(), code),
            (
                "Fatal error: exception Invalid_argument(\"index out of bounds\")\n",
                2
            )
        );
    }

    #[test]
    fn memory_chunks_extend_as_they_should() {
        let mut fresh = Fresh::new();
        let b = fresh.var("b");
        let store = |chunk, v: i64| {
            op(
                Operation::Store { chunk, init: false },
                vec![var(&b), Expr::ConstInt(v)],
            )
        };
        let load = |chunk| {
            tag_int(op(
                Operation::Load {
                    chunk,
                    mutable: true,
                },
                vec![var(&b)],
            ))
        };
        let print = |e: Expr| {
            seq(
                ext("caml_print_int", vec![e]),
                ext("caml_print_char", vec![int_const(32)]),
            )
        };
        let body = [
            store(Chunk::WordInt, -1),
            print(load(Chunk::ByteUnsigned)),
            print(load(Chunk::ByteSigned)),
            print(load(Chunk::SixteenUnsigned)),
            print(load(Chunk::SixteenSigned)),
            print(load(Chunk::ThirtytwoUnsigned)),
            print(load(Chunk::ThirtytwoSigned)),
            store(Chunk::ByteUnsigned, 0x180),
            print(load(Chunk::WordInt)),
        ]
        .into_iter()
        .rev()
        .reduce(|rest, e| seq(e, rest))
        .unwrap_or(Expr::Unit);
        let main = let_in(
            b.clone(),
            op(
                Operation::Alloc,
                vec![Expr::ConstInt(block_header(0, 1)), Expr::ConstInt(0)],
            ),
            body,
        );
        assert_eq!(
            run_main(main, vec![]).0,
            "255 -1 65535 -1 4294967295 -1 -128 "
        );
    }

    #[test]
    fn floats_print_as_ocaml_prints_them() {
        let data = Phrase::Data(vec![
            DataItem::Int(black_block_header(DOUBLE_TAG, 1)),
            DataItem::DefineSymbol("third".into()),
            DataItem::Double(1.0 / 3.0),
        ]);
        let print = |e| {
            op(
                Operation::ExtCall {
                    name: "caml_print_float".into(),
                    result: MachType::Val,
                    alloc: true,
                },
                vec![e],
            )
        };
        let main = seq(
            print(unbox_float(sym("third"))),
            seq(
                ext("caml_print_char", vec![int_const(32)]),
                print(op(
                    Operation::AddF,
                    vec![Expr::ConstFloat(1.0), Expr::ConstFloat(2.0)],
                )),
            ),
        );
        assert_eq!(run_main(main, vec![data]).0, "0.333333333333 3.");
    }

    #[test]
    fn switch_selects_by_index() {
        let cases = vec![int_const(10), int_const(20), int_const(30)];
        let sw = |n| Expr::Switch {
            scrutinee: Box::new(Expr::ConstInt(n)),
            index: vec![0, 2, 1, 2],
            cases: cases.clone(),
        };
        let main = seq(
            ext("caml_print_int", vec![sw(1)]),
            ext("caml_print_int", vec![sw(2)]),
        );
        assert_eq!(run_main(main, vec![]).0, "3020");
    }

    #[test]
    fn structural_compare_and_its_refusal_of_functions() {
        let pair = |a, b| {
            op(
                Operation::Alloc,
                vec![
                    Expr::ConstInt(block_header(0, 2)),
                    int_const(a),
                    int_const(b),
                ],
            )
        };
        let cmp = |a, b| ext("caml_compare", vec![a, b]);
        let closure = op(
            Operation::Alloc,
            vec![
                Expr::ConstInt(block_header(CLOSURE_TAG, 2)),
                sym("main"),
                Expr::ConstInt(3),
            ],
        );
        let main = seq(
            ext("caml_print_int", vec![cmp(pair(1, 2), pair(1, 3))]),
            seq(
                ext(
                    "caml_print_int",
                    vec![ext("caml_equal", vec![pair(4, 5), pair(4, 5)])],
                ),
                ext("caml_equal", vec![closure.clone(), closure]),
            ),
        );
        assert_eq!(
            run_main(main, vec![]),
            (
                "-11".into(),
                "Fatal error: exception Invalid_argument(\"compare: functional value\")\n".into(),
                2
            )
        );
    }

    #[test]
    fn exit_flushes_and_sets_the_status() {
        let main = seq(
            ext("caml_print_int", vec![int_const(5)]),
            seq(
                ext("caml_sys_exit", vec![int_const(3)]),
                ext("caml_print_int", vec![int_const(6)]),
            ),
        );
        assert_eq!(run_main(main, vec![]), ("5".into(), "".into(), 3));
    }

    #[test]
    fn undefined_operations_are_interpreter_errors() {
        let main = func(
            "main",
            &[],
            op(Operation::DivI, vec![Expr::ConstInt(1), Expr::ConstInt(0)]),
        );
        let program = Program {
            phrases: vec![main],
        };
        let err = run_program(&program, "main").expect_err("division by zero is undefined in Cmm");
        assert_eq!(err.message, "(/ 1 0) is undefined");
    }
}
