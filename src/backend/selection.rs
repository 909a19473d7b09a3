//! Instruction selection: Cmm expressions to machine IR over virtual
//! registers, one function at a time.

use super::mach::*;
use super::runtime_calls::{external, ExternalCall};
use crate::cmm::{
    self, CatchKind, Chunk, ExitLabel, Expr, FunDecl, Handler, IntCmp, Label, MachType, Operation,
    TrapAction, Var,
};
use std::collections::{HashMap, HashSet};

/// What evaluating an expression produced.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Flow {
    /// A value, in this register.
    Reg(VReg),
    /// No value (a store, an assignment, `[]`).
    Unit,
    /// Control never comes back (an exit, a raise, a tail call).
    Never,
}

/// Where an expression's value goes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ctx {
    /// To the enclosing expression.
    Value,
    /// Out of the function: the expression is in tail position.
    Tail,
}

#[derive(Clone, Debug)]
enum Binding {
    /// An immutable variable: the register that holds it.
    Reg(VReg),
    /// A variable bound to `[]`.
    Unit,
    /// A mutable variable: its register, copied on every read.
    Mut(VReg),
}

/// What the selector knows about a `catch` label.
struct LabelInfo {
    kind: CatchKind,
    /// Created at the first exit (or trap push) that reaches it.
    block: Option<BlockId>,
    params: Vec<VReg>,
    /// The trap stack in force when the handler runs, known from the first
    /// exit that reaches it (or, for an exception handler, the push).
    traps: Option<Vec<Label>>,
    loop_depth: u32,
}

struct Selector {
    f: Function,
    /// The block being filled, if control can reach this point.
    current: Option<BlockId>,
    env: HashMap<Var, Binding>,
    labels: HashMap<Label, LabelInfo>,
    /// Pushed exception handlers, innermost last.
    traps: Vec<Label>,
    loop_depth: u32,
}

type R<T> = Result<T, String>;

/// Selects the instructions of a whole Cmm unit.
pub fn select_unit(program: &cmm::Program, entry: &str) -> R<Unit> {
    let functions: HashSet<&str> = program.functions().map(|f| f.name.as_str()).collect();
    let mut out = Vec::new();
    for fun in program.functions() {
        out.push(select_function(fun).map_err(|e| format!("in function {}: {e}", fun.name))?);
    }
    let data = program
        .data()
        .map(|d| {
            d.iter()
                .map(|item| match item {
                    cmm::DataItem::SymbolAddress(s) => {
                        cmm::DataItem::SymbolAddress(super::runtime_calls::data_symbol(s))
                    }
                    item => item.clone(),
                })
                .collect()
        })
        .collect();
    if !functions.contains(entry) {
        return Err(format!("the entry function {entry} is not defined"));
    }
    Ok(Unit {
        functions: out,
        data,
        entry: entry.to_string(),
    })
}

/// Selects the instructions of one function.
pub fn select_function(fun: &FunDecl) -> R<Function> {
    let mut s = Selector {
        f: Function::new(&fun.name),
        current: None,
        env: HashMap::new(),
        labels: HashMap::new(),
        traps: Vec::new(),
        loop_depth: 0,
    };
    let entry = s.new_block();
    s.f.entry = entry;
    s.current = Some(entry);
    s.receive_params(&fun.params)?;
    s.compile(&fun.body, Ctx::Tail)?;
    let mut f = s.f;
    remove_unreachable_blocks(&mut f);
    Ok(f)
}

impl crate::driver::ir::Ir for Unit {
    fn kind(&self) -> &'static str {
        "mach"
    }

    fn print(&self) -> String {
        self.to_string()
    }

    /// After register allocation, the allocation of every function is
    /// verified (see `regalloc::verify`).
    fn check(&self) -> Result<(), crate::driver::ir::IrError> {
        for f in &self.functions {
            if f.allocation.is_some() {
                super::regalloc::verify(f).map_err(|message| crate::driver::ir::IrError {
                    message,
                    fragment: f.to_string(),
                })?;
            }
        }
        Ok(())
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

fn select_pass(
    _: &mut crate::driver::pass::PassContext,
    ir: Box<dyn crate::driver::ir::Ir>,
) -> Result<crate::driver::pass::PassOutput, Vec<crate::diagnostics::Diagnostic>> {
    let unit: crate::cmm::stage::CmmUnit =
        crate::driver::ir::expect_ir(ir, "select").map_err(super::internal)?;
    let mach = select_unit(&unit.program, &unit.entry).map_err(super::internal)?;
    Ok(crate::driver::pass::PassOutput::new(mach))
}

/// Instruction selection, Cmm to machine IR (`flambeau dump mach`).
pub const SELECT: crate::driver::pass::Pass = crate::driver::pass::Pass {
    dump_as: Some("mach"),
    ..crate::driver::pass::Pass::new("select", "cmm", "mach", select_pass)
};

/// Where the `i`-th argument of a call goes, under the convention of
/// compiled functions (`c = false`) or System V (`c = true`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ArgLoc {
    Reg(PhysReg),
    /// The `k`-th word of the outgoing (or incoming) stack area.
    Stack(u32),
}

pub fn assign_args(classes: &[RegClass], c: bool) -> Vec<ArgLoc> {
    let int_regs: &[PhysReg] = if c { &C_INT_ARGS } else { &OCAML_INT_ARGS };
    let float_regs = if c { C_FLOAT_ARGS } else { OCAML_FLOAT_ARGS };
    let (mut ni, mut nf, mut ns) = (0, 0, 0);
    classes
        .iter()
        .map(|class| match class {
            RegClass::Int if ni < int_regs.len() => {
                ni += 1;
                ArgLoc::Reg(int_regs[ni - 1])
            }
            RegClass::Float if nf < float_regs => {
                nf += 1;
                ArgLoc::Reg(xmm(nf as u8 - 1))
            }
            _ => {
                ns += 1;
                ArgLoc::Stack(ns - 1)
            }
        })
        .collect()
}

fn fits_i32(n: i64) -> bool {
    i32::try_from(n).is_ok()
}

fn small_const(e: &Expr) -> Option<i32> {
    match e {
        Expr::ConstInt(n) => i32::try_from(*n).ok(),
        _ => None,
    }
}

fn kind_of_chunk(chunk: Chunk) -> RegKind {
    match chunk {
        Chunk::WordVal => RegKind::Val,
        Chunk::Double => RegKind::Float,
        _ => RegKind::Int,
    }
}

fn width_of_chunk(chunk: Chunk) -> Width {
    match chunk {
        Chunk::ByteUnsigned => Width::U8,
        Chunk::ByteSigned => Width::S8,
        Chunk::SixteenUnsigned => Width::U16,
        Chunk::SixteenSigned => Width::S16,
        Chunk::ThirtytwoUnsigned => Width::U32,
        Chunk::ThirtytwoSigned => Width::S32,
        Chunk::WordInt | Chunk::WordVal => Width::Word,
        Chunk::Double => Width::Double,
    }
}

/// One term of an address being assembled from a Cmm sum.
enum Term {
    Reg(VReg),
    Scaled(VReg, u8),
}

impl Selector {
    // ----- blocks and instructions -----

    fn new_block(&mut self) -> BlockId {
        let traps = self.traps.clone();
        self.new_block_with(&traps, self.loop_depth)
    }

    /// A block that runs with trap stack `traps`.
    fn new_block_with(&mut self, traps: &[Label], loop_depth: u32) -> BlockId {
        let handler = traps
            .last()
            .and_then(|l| self.labels.get(l))
            .and_then(|i| i.block);
        let id = BlockId(self.f.blocks.len() as u32);
        self.f.blocks.push(Block {
            insts: Vec::new(),
            term: Terminator::Raise,
            trap_depth: traps.len() as u32,
            handler,
            loop_depth,
        });
        id
    }

    fn emit(&mut self, inst: Inst) {
        if let Some(b) = self.current {
            self.f.blocks[b.index()].insts.push(inst);
        }
    }

    fn terminate(&mut self, term: Terminator) {
        if let Some(b) = self.current.take() {
            self.f.blocks[b.index()].term = term;
        }
    }

    fn new_reg(&mut self, kind: RegKind) -> VReg {
        self.f.new_reg(kind, None)
    }

    fn mov(&mut self, dst: VReg, src: VReg) -> R<()> {
        if self.f.class(dst) != self.f.class(src) {
            return Err(format!(
                "a {:?} value flows into a {:?} register",
                self.f.kind(src),
                self.f.kind(dst)
            ));
        }
        if dst != src {
            self.emit(Inst::Move { dst, src });
        }
        Ok(())
    }

    /// A fresh register holding a copy of `src`.
    fn copy(&mut self, src: VReg) -> VReg {
        let dst = self.new_reg(self.f.kind(src));
        self.emit(Inst::Move { dst, src });
        dst
    }
}

impl Selector {
    // ----- expressions -----

    /// Compiles `e`; in tail position every path leaves the function.
    fn compile(&mut self, e: &Expr, ctx: Ctx) -> R<Flow> {
        match e {
            Expr::Let(v, def, body) => {
                let binding = match self.compile(def, Ctx::Value)? {
                    Flow::Never => return Ok(Flow::Never),
                    Flow::Reg(r) => {
                        let info = &mut self.f.regs[r.index()];
                        if info.name.is_none() && r.as_phys().is_none() {
                            info.name = Some(v.name.to_string());
                        }
                        Binding::Reg(r)
                    }
                    Flow::Unit => Binding::Unit,
                };
                self.scoped(v, binding, |s| s.compile(body, ctx))
            }
            Expr::LetMut(v, ty, def, body) => {
                let init = self.compile(def, Ctx::Value)?;
                let m = self.f.new_reg(RegKind::of(*ty), Some(&v.name));
                match init {
                    Flow::Never => return Ok(Flow::Never),
                    Flow::Reg(r) => self.mov(m, r)?,
                    Flow::Unit => self.emit(Inst::Const { dst: m, value: 1 }),
                }
                self.scoped(v, Binding::Mut(m), |s| s.compile(body, ctx))
            }
            Expr::Sequence(a, b) => match self.compile(a, Ctx::Value)? {
                Flow::Never => Ok(Flow::Never),
                _ => self.compile(b, ctx),
            },
            Expr::If(c, a, b) => self.if_then_else(c, a, b, ctx),
            Expr::Switch {
                scrutinee,
                index,
                cases,
            } => self.switch(scrutinee, index, cases, ctx),
            Expr::Catch {
                kind,
                handlers,
                body,
            } => self.catch(*kind, handlers, body, ctx),
            Expr::Exit { label, args, traps } => self.exit(*label, args, traps),
            Expr::Op(Operation::Apply(ty), args) if ctx == Ctx::Tail && self.traps.is_empty() => {
                self.tail_call(*ty, args)
            }
            _ => {
                let flow = self.value(e)?;
                self.finish(flow, ctx)
            }
        }
    }

    /// Runs `body` with `v` bound, then restores the outer binding.
    fn scoped(&mut self, v: &Var, b: Binding, body: impl FnOnce(&mut Self) -> R<Flow>) -> R<Flow> {
        let saved = self.env.insert(v.clone(), b);
        let result = body(self);
        match saved {
            Some(old) => self.env.insert(v.clone(), old),
            None => self.env.remove(v),
        };
        result
    }

    /// Delivers a value: to the enclosing expression, or out of the
    /// function.
    fn finish(&mut self, flow: Flow, ctx: Ctx) -> R<Flow> {
        match (ctx, flow) {
            (Ctx::Value, f) | (Ctx::Tail, f @ Flow::Never) => Ok(f),
            (Ctx::Tail, Flow::Reg(r)) => self.return_value(Some(r)),
            (Ctx::Tail, Flow::Unit) => self.return_value(None),
        }
    }

    fn return_value(&mut self, v: Option<VReg>) -> R<Flow> {
        if !self.traps.is_empty() {
            return Err("the function returns with an exception handler pushed".into());
        }
        let result = match v {
            Some(r) if self.f.class(r) == RegClass::Float => {
                let x0 = VReg::phys(xmm(0));
                self.mov(x0, r)?;
                x0
            }
            Some(r) => {
                let rax = VReg::phys(RAX);
                self.mov(rax, r)?;
                rax
            }
            None => {
                let rax = VReg::phys(RAX);
                self.emit(Inst::Const { dst: rax, value: 1 });
                rax
            }
        };
        self.terminate(Terminator::Return {
            results: vec![result],
        });
        Ok(Flow::Never)
    }

    /// Evaluates an expression that is not a control construct.
    fn value(&mut self, e: &Expr) -> R<Flow> {
        Ok(match e {
            Expr::ConstInt(n) => {
                let dst = self.new_reg(RegKind::Int);
                self.emit(Inst::Const { dst, value: *n });
                Flow::Reg(dst)
            }
            Expr::ConstFloat(x) => {
                let dst = self.new_reg(RegKind::Float);
                self.emit(Inst::ConstFloat { dst, value: *x });
                Flow::Reg(dst)
            }
            Expr::ConstSymbol(s) => {
                let dst = self.new_reg(RegKind::Int);
                self.emit(Inst::Symbol {
                    dst,
                    name: super::runtime_calls::data_symbol(s),
                });
                Flow::Reg(dst)
            }
            Expr::Var(v) => match self.env.get(v) {
                Some(Binding::Reg(r)) => Flow::Reg(*r),
                Some(Binding::Unit) => Flow::Unit,
                // A later assignment must not change a value already read.
                Some(Binding::Mut(m)) => {
                    let m = *m;
                    Flow::Reg(self.copy(m))
                }
                None => return Err(format!("unbound variable {v}")),
            },
            Expr::Unit => Flow::Unit,
            Expr::Assign(v, value) => {
                let Some(Binding::Mut(m)) = self.env.get(v).cloned() else {
                    return Err(format!("assignment to {v}, which is not mutable"));
                };
                match self.compile(value, Ctx::Value)? {
                    Flow::Never => Flow::Never,
                    Flow::Reg(r) => {
                        self.mov(m, r)?;
                        Flow::Unit
                    }
                    Flow::Unit => {
                        self.emit(Inst::Const { dst: m, value: 1 });
                        Flow::Unit
                    }
                }
            }
            Expr::Op(op, args) => self.operation(op, args)?,
            _ => self.compile(e, Ctx::Value)?,
        })
    }

    /// Evaluates `e` into a register (`[]` becomes the word 1, OCaml's
    /// unit); `None` if control does not come back.
    fn reg(&mut self, e: &Expr) -> R<Option<VReg>> {
        Ok(match self.compile(e, Ctx::Value)? {
            Flow::Reg(r) => Some(r),
            Flow::Unit => {
                let dst = self.new_reg(RegKind::Int);
                self.emit(Inst::Const { dst, value: 1 });
                Some(dst)
            }
            Flow::Never => None,
        })
    }

    /// Evaluates `e` as a register or a 32-bit immediate.
    fn operand(&mut self, e: &Expr) -> R<Option<Operand>> {
        match e {
            Expr::ConstInt(n) if fits_i32(*n) => Ok(Some(Operand::Imm(*n as i32))),
            Expr::Unit => Ok(Some(Operand::Imm(1))),
            _ => Ok(self.reg(e)?.map(Operand::Reg)),
        }
    }

    /// Evaluates arguments right to left, as OCaml does, and returns
    /// their registers in order.
    fn eval_all(&mut self, args: &[Expr]) -> R<Option<Vec<VReg>>> {
        let mut out = vec![VReg(0); args.len()];
        for (i, a) in args.iter().enumerate().rev() {
            match self.reg(a)? {
                Some(r) => out[i] = r,
                None => return Ok(None),
            }
        }
        Ok(Some(out))
    }
}

/// Shorthand for "stop here if control does not come back".
macro_rules! get {
    ($e:expr) => {
        match $e {
            Some(x) => x,
            None => return Ok(Flow::Never),
        }
    };
}

impl Selector {
    // ----- operations -----

    fn operation(&mut self, op: &Operation, args: &[Expr]) -> R<Flow> {
        use Operation::*;
        let arity = |n: usize| -> R<()> {
            if args.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{op:?} expects {n} arguments, given {}",
                    args.len()
                ))
            }
        };
        match op {
            Apply(ty) => self.apply(*ty, args),
            ExtCall {
                name,
                result,
                alloc,
            } => self.extcall(name, *result, *alloc, args),
            Load { chunk, .. } => {
                arity(1)?;
                let addr = get!(self.address(&args[0])?);
                let dst = self.new_reg(kind_of_chunk(*chunk));
                self.emit(Inst::Load {
                    dst,
                    width: width_of_chunk(*chunk),
                    addr,
                });
                Ok(Flow::Reg(dst))
            }
            Store { chunk, .. } => {
                arity(2)?;
                let src = if *chunk == Chunk::Double {
                    Operand::Reg(get!(self.reg(&args[1])?))
                } else {
                    get!(self.operand(&args[1])?)
                };
                let addr = get!(self.address(&args[0])?);
                self.emit(Inst::Store {
                    width: width_of_chunk(*chunk),
                    addr,
                    src,
                });
                Ok(Flow::Unit)
            }
            Alloc => self.alloc(args),
            AddI | AddA | AddV => {
                arity(2)?;
                let kind = match op {
                    AddV => RegKind::Val,
                    AddA => RegKind::Addr,
                    _ => RegKind::Int,
                };
                self.lea(kind, &Expr::Op(op.clone(), args.to_vec()))
            }
            SubI => {
                arity(2)?;
                match small_const(&args[1]) {
                    // `address` folds a constant subtrahend into the
                    // displacement.
                    Some(_) => self.lea(RegKind::Int, &Expr::Op(SubI, args.to_vec())),
                    None => self.binary(BinOp::Sub, &args[0], &args[1]),
                }
            }
            MulI => {
                arity(2)?;
                self.multiply(&args[0], &args[1])
            }
            And => self.binary_checked(BinOp::And, args),
            Or => self.binary_checked(BinOp::Or, args),
            Xor => self.binary_checked(BinOp::Xor, args),
            Lsl => self.shift(ShiftOp::Shl, args),
            Lsr => self.shift(ShiftOp::Shr, args),
            Asr => self.shift(ShiftOp::Sar, args),
            DivI | ModI => {
                arity(2)?;
                let divisor = get!(self.reg(&args[1])?);
                let dividend = get!(self.reg(&args[0])?);
                let (rax, rdx) = (VReg::phys(RAX), VReg::phys(RDX));
                self.mov(rax, dividend)?;
                self.emit(Inst::Cqo);
                self.emit(Inst::Div { divisor });
                let dst = self.new_reg(RegKind::Int);
                self.mov(dst, if *op == DivI { rax } else { rdx })?;
                Ok(Flow::Reg(dst))
            }
            CmpI(cmp) => {
                arity(2)?;
                let (cmp, a, b) = Self::orient(*cmp, &args[0], &args[1]);
                let b = get!(self.operand(b)?);
                let a = get!(self.reg(a)?);
                let dst = self.new_reg(RegKind::Int);
                self.emit(Inst::SetCmp { dst, cmp, a, b });
                Ok(Flow::Reg(dst))
            }
            CmpF(_) => self.condition_value(&Expr::Op(op.clone(), args.to_vec())),
            AddF | SubF | MulF | DivF => {
                arity(2)?;
                let fop = match op {
                    AddF => FloatOp::Add,
                    SubF => FloatOp::Sub,
                    MulF => FloatOp::Mul,
                    _ => FloatOp::Div,
                };
                let src = get!(self.reg(&args[1])?);
                let a = get!(self.reg(&args[0])?);
                let dst = self.new_reg(RegKind::Float);
                self.mov(dst, a)?;
                self.emit(Inst::FloatBinary { op: fop, dst, src });
                Ok(Flow::Reg(dst))
            }
            NegF | AbsF => {
                arity(1)?;
                let a = get!(self.reg(&args[0])?);
                let dst = self.new_reg(RegKind::Float);
                self.mov(dst, a)?;
                self.emit(if *op == NegF {
                    Inst::FloatNeg { dst }
                } else {
                    Inst::FloatAbs { dst }
                });
                Ok(Flow::Reg(dst))
            }
            FloatOfInt | IntOfFloat => {
                arity(1)?;
                let src = get!(self.reg(&args[0])?);
                if *op == FloatOfInt {
                    let dst = self.new_reg(RegKind::Float);
                    self.emit(Inst::IntToFloat { dst, src });
                    Ok(Flow::Reg(dst))
                } else {
                    let dst = self.new_reg(RegKind::Int);
                    self.emit(Inst::FloatToInt { dst, src });
                    Ok(Flow::Reg(dst))
                }
            }
            Raise(_) => {
                arity(1)?;
                let exn = get!(self.reg(&args[0])?);
                self.mov(VReg::phys(RAX), exn)?;
                self.terminate(Terminator::Raise);
                Ok(Flow::Never)
            }
            Checkbound => {
                arity(2)?;
                let index = get!(self.operand(&args[1])?);
                let bound = get!(self.operand(&args[0])?);
                // `cmp` needs a register on one side.
                let index = match (&index, &bound) {
                    (Operand::Imm(n), Operand::Imm(_)) => {
                        let r = self.new_reg(RegKind::Int);
                        self.emit(Inst::Const {
                            dst: r,
                            value: *n as i64,
                        });
                        Operand::Reg(r)
                    }
                    _ => index,
                };
                self.emit(Inst::Checkbound { index, bound });
                Ok(Flow::Unit)
            }
        }
    }

    /// A comparison with a constant on the left is turned around, so that
    /// the constant can be an immediate.
    fn orient<'e>(cmp: IntCmp, a: &'e Expr, b: &'e Expr) -> (IntCmp, &'e Expr, &'e Expr) {
        if small_const(a).is_some() && small_const(b).is_none() {
            (cmp.swap(), b, a)
        } else {
            (cmp, a, b)
        }
    }

    fn binary_checked(&mut self, op: BinOp, args: &[Expr]) -> R<Flow> {
        match args {
            [a, b] => self.binary(op, a, b),
            _ => Err(format!("{op:?} expects 2 arguments, given {}", args.len())),
        }
    }

    /// `dst := a op b` in two-address form: `dst := a; dst op= b`.
    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> R<Flow> {
        let commutes = matches!(
            op,
            BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Mul | BinOp::Add
        );
        let (a, b) = if commutes && small_const(a).is_some() && small_const(b).is_none() {
            (b, a)
        } else {
            (a, b)
        };
        let src = get!(self.operand(b)?);
        let a = get!(self.reg(a)?);
        let dst = self.new_reg(RegKind::Int);
        self.mov(dst, a)?;
        self.emit(Inst::Binary { op, dst, src });
        Ok(Flow::Reg(dst))
    }

    /// Multiplication by a power of two is a shift; by another constant,
    /// the three-operand `imul`.
    fn multiply(&mut self, a: &Expr, b: &Expr) -> R<Flow> {
        let (a, b) = if small_const(a).is_some() && small_const(b).is_none() {
            (b, a)
        } else {
            (a, b)
        };
        match small_const(b) {
            Some(n) if n > 0 && (n as u32).is_power_of_two() => {
                let src = get!(self.reg(a)?);
                let dst = self.new_reg(RegKind::Int);
                self.mov(dst, src)?;
                self.emit(Inst::Shift {
                    op: ShiftOp::Shl,
                    dst,
                    count: Some(n.trailing_zeros() as u8),
                });
                Ok(Flow::Reg(dst))
            }
            Some(imm) => {
                let src = get!(self.reg(a)?);
                let dst = self.new_reg(RegKind::Int);
                self.emit(Inst::MulImm { dst, src, imm });
                Ok(Flow::Reg(dst))
            }
            None => self.binary(BinOp::Mul, a, b),
        }
    }

    /// Shifts by a constant take an immediate; by a variable, `cl`.
    fn shift(&mut self, op: ShiftOp, args: &[Expr]) -> R<Flow> {
        let [a, b] = args else {
            return Err(format!("{op:?} expects 2 arguments, given {}", args.len()));
        };
        if let Expr::ConstInt(n) = b {
            let src = get!(self.reg(a)?);
            let dst = self.new_reg(RegKind::Int);
            self.mov(dst, src)?;
            self.emit(Inst::Shift {
                op,
                dst,
                count: Some((*n & 63) as u8),
            });
            return Ok(Flow::Reg(dst));
        }
        let count = get!(self.reg(b)?);
        let src = get!(self.reg(a)?);
        let dst = self.new_reg(RegKind::Int);
        self.mov(dst, src)?;
        self.mov(VReg::phys(RCX), count)?;
        self.emit(Inst::Shift {
            op,
            dst,
            count: None,
        });
        Ok(Flow::Reg(dst))
    }

    /// The value 0 or 1 of a condition that has no `setcc` form.
    fn condition_value(&mut self, e: &Expr) -> R<Flow> {
        let (ifso, ifnot) = (self.new_block(), self.new_block());
        if !self.cond(e, ifso, ifnot)? {
            return Ok(Flow::Never);
        }
        let dst = self.new_reg(RegKind::Int);
        let join = self.new_block();
        for (b, value) in [(ifso, 1), (ifnot, 0)] {
            self.current = Some(b);
            self.emit(Inst::Const { dst, value });
            self.terminate(Terminator::Jump(join));
        }
        self.current = Some(join);
        Ok(Flow::Reg(dst))
    }
}

impl Selector {
    // ----- addressing modes -----

    /// A sum computed by one `lea`.
    fn lea(&mut self, kind: RegKind, e: &Expr) -> R<Flow> {
        let addr = get!(self.address(e)?);
        let dst = self.new_reg(kind);
        self.emit(Inst::Lea { dst, addr });
        Ok(Flow::Reg(dst))
    }

    /// The address `e` computes, as an x86 addressing mode: its terms are
    /// evaluated right to left, as plain evaluation would.
    fn address(&mut self, e: &Expr) -> R<Option<Address>> {
        let mut terms = Vec::new();
        let mut disp: i64 = 0;
        let mut symbol = None;
        if !self.sum_terms(e, &mut terms, &mut disp, &mut symbol)? {
            return Ok(None);
        }
        Ok(Some(self.make_address(terms, disp, symbol)))
    }

    /// Splits a sum into registers, scaled registers, a constant and a
    /// symbol; false if control does not come back.
    fn sum_terms(
        &mut self,
        e: &Expr,
        terms: &mut Vec<Term>,
        disp: &mut i64,
        symbol: &mut Option<String>,
    ) -> R<bool> {
        use Operation::*;
        match e {
            Expr::ConstInt(n) => *disp = disp.wrapping_add(*n),
            Expr::ConstSymbol(s) if symbol.is_none() => {
                *symbol = Some(super::runtime_calls::data_symbol(s))
            }
            Expr::Op(AddI | AddA | AddV, args) if args.len() == 2 => {
                return Ok(self.sum_terms(&args[1], terms, disp, symbol)?
                    && self.sum_terms(&args[0], terms, disp, symbol)?);
            }
            Expr::Op(SubI, args) if args.len() == 2 && matches!(args[1], Expr::ConstInt(_)) => {
                if let Expr::ConstInt(n) = args[1] {
                    *disp = disp.wrapping_sub(n);
                }
                return self.sum_terms(&args[0], terms, disp, symbol);
            }
            Expr::Op(Lsl, args) if args.len() == 2 && matches!(args[1], Expr::ConstInt(1..=3)) => {
                let Expr::ConstInt(k) = args[1] else {
                    return Ok(true);
                };
                let Some(r) = self.reg(&args[0])? else {
                    return Ok(false);
                };
                terms.push(Term::Scaled(r, 1 << k));
            }
            Expr::Op(MulI, args)
                if args.len() == 2 && matches!(args[1], Expr::ConstInt(2 | 4 | 8)) =>
            {
                let Expr::ConstInt(k) = args[1] else {
                    return Ok(true);
                };
                let Some(r) = self.reg(&args[0])? else {
                    return Ok(false);
                };
                terms.push(Term::Scaled(r, k as u8));
            }
            _ => {
                let Some(r) = self.reg(e)? else {
                    return Ok(false);
                };
                terms.push(Term::Reg(r));
            }
        }
        Ok(true)
    }

    /// Fits the terms into `[base + index * scale + disp]`, adding with
    /// extra `lea`s what does not fit.
    fn make_address(
        &mut self,
        mut terms: Vec<Term>,
        mut disp: i64,
        symbol: Option<String>,
    ) -> Address {
        if !fits_i32(disp) {
            let r = self.new_reg(RegKind::Int);
            self.emit(Inst::Const {
                dst: r,
                value: disp,
            });
            terms.push(Term::Reg(r));
            disp = 0;
        }
        if let Some(name) = symbol {
            if terms.is_empty() {
                return Address::Symbol {
                    name,
                    disp: disp as i32,
                };
            }
            let r = self.new_reg(RegKind::Int);
            self.emit(Inst::Symbol { dst: r, name });
            terms.push(Term::Reg(r));
        }
        let mut base = None;
        let mut index = None;
        let mut rest = Vec::new();
        for t in terms {
            match t {
                Term::Scaled(r, s) if index.is_none() => index = Some((r, s)),
                Term::Reg(r) if base.is_none() => base = Some(r),
                Term::Reg(r) if index.is_none() => index = Some((r, 1)),
                t => rest.push(t),
            }
        }
        // Terms beyond two are added into the base first.
        for t in rest {
            let sum = self.new_reg(RegKind::Int);
            let (r, s) = match t {
                Term::Reg(r) => (r, 1),
                Term::Scaled(r, s) => (r, s),
            };
            self.emit(Inst::Lea {
                dst: sum,
                addr: Address::Regs {
                    base,
                    index: Some((r, s)),
                    disp: 0,
                },
            });
            base = Some(sum);
        }
        // `[r*2]` has no short encoding; `[r + r]` does.
        if let (None, Some((r, 2))) = (base, index) {
            base = Some(r);
            index = Some((r, 1));
        }
        Address::Regs {
            base,
            index,
            disp: disp as i32,
        }
    }

    // ----- allocation -----

    /// Inline allocation: the fields (right to left), then the header,
    /// then one `Alloc` and the stores that fill the block.
    fn alloc(&mut self, args: &[Expr]) -> R<Flow> {
        if args.is_empty() {
            return Err("alloc without a header".into());
        }
        let mut ops = vec![Operand::Imm(0); args.len()];
        for (i, a) in args.iter().enumerate().rev() {
            ops[i] = match a {
                Expr::ConstFloat(_) => Operand::Reg(get!(self.reg(a)?)),
                _ => get!(self.operand(a)?),
            };
        }
        let bytes = 8 * args.len();
        if bytes > 65528 {
            return Err(format!(
                "an inline allocation of {bytes} bytes is too large for the GC entry"
            ));
        }
        let dst = self.new_reg(RegKind::Val);
        self.emit(Inst::Alloc {
            dst,
            bytes: bytes as u32,
        });
        for (i, src) in ops.into_iter().enumerate() {
            let width = match &src {
                Operand::Reg(r) if self.f.class(*r) == RegClass::Float => Width::Double,
                _ => Width::Word,
            };
            self.emit(Inst::Store {
                width,
                addr: Address::base_disp(dst, 8 * i as i32 - 8),
                src,
            });
        }
        Ok(Flow::Reg(dst))
    }
}

impl Selector {
    // ----- calls -----

    /// The callee and arguments of an `app`, evaluated right to left: the
    /// arguments last to first, then the code pointer.
    fn call_operands(&mut self, args: &[Expr]) -> R<Option<(CallTarget, Vec<VReg>)>> {
        let Some((callee, args)) = args.split_first() else {
            return Err("app without a function".into());
        };
        let Some(values) = self.eval_all(args)? else {
            return Ok(None);
        };
        let target = match callee {
            Expr::ConstSymbol(s) => CallTarget::Symbol(s.clone()),
            _ => match self.reg(callee)? {
                Some(r) => CallTarget::Reg(r),
                None => return Ok(None),
            },
        };
        Ok(Some((target, values)))
    }

    fn classes(&self, values: &[VReg]) -> Vec<RegClass> {
        values.iter().map(|v| self.f.class(*v)).collect()
    }

    /// A call to compiled code.
    fn apply(&mut self, ty: MachType, args: &[Expr]) -> R<Flow> {
        let (target, values) = get!(self.call_operands(args)?);
        self.call(ty, target, values)
    }

    fn call(&mut self, ty: MachType, target: CallTarget, values: Vec<VReg>) -> R<Flow> {
        let locs = assign_args(&self.classes(&values), false);
        let stack_words = locs
            .iter()
            .filter(|l| matches!(l, ArgLoc::Stack(_)))
            .count() as u32;
        let stack_bytes = (stack_words * 8).next_multiple_of(16);
        if stack_bytes > 0 {
            self.emit(Inst::OutgoingArea { bytes: stack_bytes });
        }
        for (v, loc) in values.iter().zip(&locs) {
            if let ArgLoc::Stack(index) = loc {
                self.emit(Inst::StoreOutgoing {
                    index: *index,
                    src: *v,
                });
            }
        }
        let regs = self.move_args(&values, &locs)?;
        let result = self.result_reg(ty);
        self.emit(Inst::Call {
            kind: CallKind::Ocaml,
            target,
            args: regs,
            results: result.iter().map(|(p, _)| *p).collect(),
            stack_bytes,
        });
        self.take_result(result)
    }

    /// Moves the register arguments into place; returns the registers.
    fn move_args(&mut self, values: &[VReg], locs: &[ArgLoc]) -> R<Vec<VReg>> {
        let mut regs = Vec::new();
        for (v, loc) in values.iter().zip(locs) {
            if let ArgLoc::Reg(p) = loc {
                self.mov(VReg::phys(*p), *v)?;
                regs.push(VReg::phys(*p));
            }
        }
        Ok(regs)
    }

    /// A call in tail position with no trap pushed is a jump, when every
    /// argument fits in a register (stack arguments would overwrite the
    /// caller's outgoing area, which the caller pops); otherwise an
    /// ordinary call followed by a return.
    fn tail_call(&mut self, ty: MachType, args: &[Expr]) -> R<Flow> {
        let (target, values) = get!(self.call_operands(args)?);
        let locs = assign_args(&self.classes(&values), false);
        if locs.iter().any(|l| matches!(l, ArgLoc::Stack(_))) {
            let flow = self.call(ty, target, values)?;
            return self.finish(flow, Ctx::Tail);
        }
        let regs = self.move_args(&values, &locs)?;
        self.terminate(Terminator::TailCall { target, args: regs });
        Ok(Flow::Never)
    }

    /// The precoloured register a result of type `ty` comes back in, and
    /// the fresh register it is copied to.
    fn result_reg(&mut self, ty: MachType) -> Option<(VReg, VReg)> {
        match ty {
            MachType::Void => None,
            MachType::Float => Some((VReg::phys(xmm(0)), self.new_reg(RegKind::Float))),
            _ => Some((VReg::phys(RAX), self.new_reg(RegKind::of(ty)))),
        }
    }

    fn take_result(&mut self, result: Option<(VReg, VReg)>) -> R<Flow> {
        match result {
            None => Ok(Flow::Unit),
            Some((p, dst)) => {
                self.mov(dst, p)?;
                Ok(Flow::Reg(dst))
            }
        }
    }
}

impl Selector {
    /// A call into the runtime or the C library, System V style: directly
    /// for functions that neither allocate nor raise, through
    /// `flambeau_c_call` for the others.
    fn extcall(&mut self, name: &str, ty: MachType, alloc: bool, args: &[Expr]) -> R<Flow> {
        let ExternalCall { symbol, kind } = external(name, alloc);
        let values = get!(self.eval_all(args)?);
        let locs = assign_args(&self.classes(&values), true);
        if locs.iter().any(|l| matches!(l, ArgLoc::Stack(_))) {
            return Err(format!("extcall {name}: too many arguments for registers"));
        }
        let mut regs = self.move_args(&values, &locs)?;
        let target = if kind == CallKind::CCall {
            let rax = VReg::phys(RAX);
            self.emit(Inst::Symbol {
                dst: rax,
                name: symbol,
            });
            regs.push(rax);
            CallTarget::Symbol("flambeau_c_call".into())
        } else {
            CallTarget::Symbol(symbol)
        };
        let result = self.result_reg(ty);
        self.emit(Inst::Call {
            kind,
            target,
            args: regs,
            results: result.iter().map(|(p, _)| *p).collect(),
            stack_bytes: 0,
        });
        self.take_result(result)
    }

    // ----- control -----

    /// Ends the current block with a branch to `ifso` or `ifnot` on `e`;
    /// false if control does not reach the branch.
    fn cond(&mut self, e: &Expr, ifso: BlockId, ifnot: BlockId) -> R<bool> {
        match e {
            Expr::Op(Operation::CmpI(cmp), args) if args.len() == 2 => {
                let (cmp, a, b) = Self::orient(*cmp, &args[0], &args[1]);
                let Some(b) = self.operand(b)? else {
                    return Ok(false);
                };
                let Some(a) = self.reg(a)? else {
                    return Ok(false);
                };
                self.terminate(Terminator::Branch {
                    cmp,
                    a,
                    b,
                    ifso,
                    ifnot,
                });
            }
            Expr::Op(Operation::CmpF(cmp), args) if args.len() == 2 => {
                let Some(b) = self.reg(&args[1])? else {
                    return Ok(false);
                };
                let Some(a) = self.reg(&args[0])? else {
                    return Ok(false);
                };
                self.terminate(Terminator::BranchFloat {
                    cmp: *cmp,
                    a,
                    b,
                    ifso,
                    ifnot,
                });
            }
            Expr::ConstInt(n) => {
                self.terminate(Terminator::Jump(if *n != 0 { ifso } else { ifnot }))
            }
            // `a && b` arrives as `if a then b else 0`: branch on each.
            Expr::If(c, x, y) => {
                let (bx, by) = (self.new_block(), self.new_block());
                if !self.cond(c, bx, by)? {
                    return Ok(false);
                }
                self.current = Some(bx);
                let rx = self.cond(x, ifso, ifnot)?;
                self.current = Some(by);
                let ry = self.cond(y, ifso, ifnot)?;
                return Ok(rx || ry);
            }
            _ => {
                let Some(r) = self.reg(e)? else {
                    return Ok(false);
                };
                self.terminate(Terminator::Branch {
                    cmp: IntCmp::Ne,
                    a: r,
                    b: Operand::Imm(0),
                    ifso,
                    ifnot,
                });
            }
        }
        Ok(true)
    }

    fn if_then_else(&mut self, c: &Expr, a: &Expr, b: &Expr, ctx: Ctx) -> R<Flow> {
        let (ifso, ifnot) = (self.new_block(), self.new_block());
        if !self.cond(c, ifso, ifnot)? {
            return Ok(Flow::Never);
        }
        let mut arms = Vec::new();
        for (block, arm) in [(ifso, a), (ifnot, b)] {
            let traps = self.traps.clone();
            self.current = Some(block);
            let flow = self.compile(arm, ctx)?;
            arms.push((self.current, flow));
            self.traps = traps;
        }
        self.join(arms)
    }

    /// Joins the arms of a conditional: each moves its value into one
    /// result register and jumps to a new block.
    fn join(&mut self, arms: Vec<(Option<BlockId>, Flow)>) -> R<Flow> {
        let live: Vec<(BlockId, Flow)> = arms
            .into_iter()
            .filter_map(|(b, f)| match (b, f) {
                (Some(b), Flow::Reg(_) | Flow::Unit) => Some((b, f)),
                _ => None,
            })
            .collect();
        if live.is_empty() {
            self.current = None;
            return Ok(Flow::Never);
        }
        let result = live.iter().find_map(|(_, f)| match f {
            Flow::Reg(r) => Some(self.f.kind(*r)),
            _ => None,
        });
        let result = result.map(|kind| self.new_reg(kind));
        let join = self.new_block();
        for (b, flow) in live {
            self.current = Some(b);
            match (result, flow) {
                (Some(dst), Flow::Reg(r)) => self.mov(dst, r)?,
                (Some(dst), Flow::Unit) => self.emit(Inst::Const { dst, value: 1 }),
                _ => {}
            }
            self.terminate(Terminator::Jump(join));
        }
        self.current = Some(join);
        Ok(result.map_or(Flow::Unit, Flow::Reg))
    }

    /// A switch becomes a binary search over the ranges of values that
    /// share a case.
    fn switch(&mut self, scrutinee: &Expr, index: &[usize], cases: &[Expr], ctx: Ctx) -> R<Flow> {
        let r = get!(self.reg(scrutinee)?);
        let blocks: Vec<BlockId> = cases.iter().map(|_| self.new_block()).collect();
        let mut ranges: Vec<(i64, usize)> = Vec::new();
        for (v, &c) in index.iter().enumerate() {
            if c >= cases.len() {
                return Err(format!("switch index {c} has no case"));
            }
            if ranges.last().map(|l| l.1) != Some(c) {
                ranges.push((v as i64, c));
            }
        }
        if ranges.is_empty() {
            return Err("switch without cases".into());
        }
        self.switch_tree(r, &ranges, &blocks);
        let mut arms = Vec::new();
        let traps = self.traps.clone();
        for (c, case) in cases.iter().enumerate() {
            if !ranges.iter().any(|&(_, k)| k == c) {
                continue;
            }
            self.current = Some(blocks[c]);
            let flow = self.compile(case, ctx)?;
            arms.push((self.current, flow));
            self.traps = traps.clone();
        }
        self.join(arms)
    }

    fn switch_tree(&mut self, r: VReg, ranges: &[(i64, usize)], blocks: &[BlockId]) {
        match ranges {
            [] => {}
            [(_, case)] => self.terminate(Terminator::Jump(blocks[*case])),
            _ => {
                let mid = ranges.len() / 2;
                let (lo, hi) = (self.new_block(), self.new_block());
                let pivot = ranges[mid].0;
                self.terminate(Terminator::Branch {
                    cmp: IntCmp::Lt,
                    a: r,
                    b: Operand::Imm(pivot as i32),
                    ifso: lo,
                    ifnot: hi,
                });
                self.current = Some(lo);
                self.switch_tree(r, &ranges[..mid], blocks);
                self.current = Some(hi);
                self.switch_tree(r, &ranges[mid..], blocks);
            }
        }
    }
}

impl Selector {
    /// `catch`: the body, then each handler that some exit (or trap push)
    /// reaches, with the trap stack that reaches it.
    fn catch(&mut self, kind: CatchKind, handlers: &[Handler], body: &Expr, ctx: Ctx) -> R<Flow> {
        let depth = self.loop_depth + u32::from(kind == CatchKind::Recursive);
        for h in handlers {
            let params = h
                .params
                .iter()
                .map(|(v, ty)| self.f.new_reg(RegKind::of(*ty), Some(&v.name)))
                .collect();
            self.labels.insert(
                h.label,
                LabelInfo {
                    kind,
                    block: None,
                    params,
                    traps: None,
                    loop_depth: depth,
                },
            );
        }
        let outer_traps = self.traps.clone();
        let mut arms = Vec::new();
        let flow = self.compile(body, ctx)?;
        arms.push((self.current, flow));
        let mut done = vec![false; handlers.len()];
        loop {
            let mut progress = false;
            for (i, h) in handlers.iter().enumerate() {
                let Some(info) = self.labels.get(&h.label) else {
                    continue;
                };
                let (Some(block), Some(traps)) = (info.block, info.traps.clone()) else {
                    continue;
                };
                if done[i] {
                    continue;
                }
                done[i] = true;
                progress = true;
                let params = info.params.clone();
                let saved_depth = self.loop_depth;
                self.loop_depth = info.loop_depth;
                self.traps = traps;
                self.current = Some(block);
                let saved: Vec<_> = h
                    .params
                    .iter()
                    .zip(&params)
                    .map(|((v, _), r)| (v.clone(), self.env.insert(v.clone(), Binding::Reg(*r))))
                    .collect();
                let flow = self.compile(&h.body, ctx)?;
                arms.push((self.current, flow));
                for (v, old) in saved.into_iter().rev() {
                    match old {
                        Some(b) => self.env.insert(v, b),
                        None => self.env.remove(&v),
                    };
                }
                self.loop_depth = saved_depth;
            }
            if !progress {
                break;
            }
        }
        for h in handlers {
            self.labels.remove(&h.label);
        }
        self.traps = outer_traps;
        self.join(arms)
    }

    /// The block of a handler, created on first use. An exception
    /// handler's block starts by taking the exception from `rax`.
    fn label_block(&mut self, label: Label) -> R<BlockId> {
        let Some(info) = self.labels.get(&label) else {
            return Err(format!("exit to unknown label {label}"));
        };
        if let Some(b) = info.block {
            return Ok(b);
        }
        let traps = info.traps.clone().unwrap_or_default();
        let (kind, params, depth) = (info.kind, info.params.clone(), info.loop_depth);
        let b = self.new_block_with(&traps, depth);
        if let Some(info) = self.labels.get_mut(&label) {
            info.block = Some(b);
        }
        if kind == CatchKind::ExnHandler {
            let [exn] = params.as_slice() else {
                return Err(format!("exception handler {label} needs one parameter"));
            };
            self.f.blocks[b.index()].insts.push(Inst::HandlerEntry);
            self.f.blocks[b.index()].insts.push(Inst::Move {
                dst: *exn,
                src: VReg::phys(RAX),
            });
        }
        Ok(b)
    }

    fn exit(&mut self, label: ExitLabel, args: &[Expr], traps: &[TrapAction]) -> R<Flow> {
        let values = get!(self.eval_all(args)?);
        match label {
            ExitLabel::Return => {
                self.trap_actions(traps)?;
                match values.as_slice() {
                    [] => self.return_value(None),
                    [v] => self.return_value(Some(*v)),
                    _ => Err("exit *return* with several values".into()),
                }
            }
            ExitLabel::Label(l) => {
                let Some(info) = self.labels.get(&l) else {
                    return Err(format!("exit to unknown label {l}"));
                };
                if info.kind == CatchKind::ExnHandler {
                    return Err(format!("exit to exception handler {l}"));
                }
                let params = info.params.clone();
                if params.len() != values.len() {
                    return Err(format!(
                        "exit {l} with {} arguments to a handler of {}",
                        values.len(),
                        params.len()
                    ));
                }
                // The moves are sequential: a value that is itself one of
                // the parameters is copied first, so that assigning an
                // earlier parameter does not overwrite it.
                let values: Vec<VReg> = values
                    .into_iter()
                    .map(|v| if params.contains(&v) { self.copy(v) } else { v })
                    .collect();
                for (p, v) in params.iter().zip(&values) {
                    self.mov(*p, *v)?;
                }
                self.trap_actions(traps)?;
                if let Some(info) = self.labels.get_mut(&l) {
                    if info.traps.is_none() {
                        info.traps = Some(self.traps.clone());
                    }
                }
                let b = self.label_block(l)?;
                self.terminate(Terminator::Jump(b));
                Ok(Flow::Never)
            }
        }
    }

    fn trap_actions(&mut self, actions: &[TrapAction]) -> R<()> {
        for a in actions {
            match a {
                TrapAction::Push(h) => {
                    let Some(info) = self.labels.get_mut(h) else {
                        return Err(format!("push of unknown handler {h}"));
                    };
                    if info.kind != CatchKind::ExnHandler {
                        return Err(format!("push of {h}, which is not an exception handler"));
                    }
                    if info.traps.is_none() {
                        info.traps = Some(self.traps.clone());
                    }
                    let handler = self.label_block(*h)?;
                    let scratch = self.new_reg(RegKind::Int);
                    self.emit(Inst::PushTrap { handler, scratch });
                    self.traps.push(*h);
                }
                TrapAction::Pop(h) => {
                    if self.traps.last() != Some(h) {
                        return Err(format!("pop of {h}, which is not the innermost trap"));
                    }
                    self.emit(Inst::PopTrap);
                    self.traps.pop();
                }
            }
        }
        Ok(())
    }

    /// The function's parameters arrive in registers or on the stack.
    fn receive_params(&mut self, params: &[(Var, MachType)]) -> R<()> {
        let classes: Vec<RegClass> = params
            .iter()
            .map(|(_, ty)| RegKind::of(*ty).class())
            .collect();
        let locs = assign_args(&classes, false);
        for ((v, ty), loc) in params.iter().zip(locs) {
            let r = self.f.new_reg(RegKind::of(*ty), Some(&v.name));
            match loc {
                ArgLoc::Reg(p) => self.mov(r, VReg::phys(p))?,
                ArgLoc::Stack(index) => self.emit(Inst::LoadIncoming { dst: r, index }),
            }
            self.env.insert(v.clone(), Binding::Reg(r));
        }
        Ok(())
    }
}

/// Drops the blocks no path from the entry reaches (the arms of a
/// conditional whose test never returns, handlers no one pushes) and
/// renumbers the others in order.
pub fn remove_unreachable_blocks(f: &mut Function) {
    let n = f.blocks.len();
    let mut reached = vec![false; n];
    let mut stack = vec![f.entry];
    while let Some(b) = stack.pop() {
        if std::mem::replace(&mut reached[b.index()], true) {
            continue;
        }
        let block = &f.blocks[b.index()];
        stack.extend(block.term.successors());
        for inst in &block.insts {
            if let Inst::PushTrap { handler, .. } = inst {
                stack.push(*handler);
            }
        }
    }
    let mut renumber = vec![None; n];
    let mut next = 0;
    for (i, r) in reached.iter().enumerate() {
        if *r {
            renumber[i] = Some(BlockId(next));
            next += 1;
        }
    }
    let map = |b: BlockId| renumber[b.index()].unwrap_or(b);
    let blocks = std::mem::take(&mut f.blocks);
    for (i, mut block) in blocks.into_iter().enumerate() {
        if !reached[i] {
            continue;
        }
        for s in block.term.successors_mut() {
            *s = map(*s);
        }
        for inst in &mut block.insts {
            if let Inst::PushTrap { handler, .. } = inst {
                *handler = map(*handler);
            }
        }
        block.handler = block.handler.map(map);
        f.blocks.push(block);
    }
    f.entry = map(f.entry);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::examples;

    #[test]
    fn factorial_selects() {
        let f = select_function(&examples::fact()).unwrap();
        println!("{}", examples::fact());
        println!("{f}");
    }
}
