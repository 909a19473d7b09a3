//! The machine IR: x86-64 instructions over virtual registers, in basic
//! blocks. Instruction selection produces it from Cmm; register allocation
//! maps every virtual register to a physical register or a stack slot; the
//! emitter turns it into bytes.
//!
//! The first `NUM_PHYS` virtual registers are the physical registers
//! themselves (*precoloured* registers): an instruction that needs a value
//! in a particular register (an argument, a result, a divisor's dividend)
//! names that register directly, and a move connects it to an ordinary
//! virtual register. Every other virtual register is a temporary that the
//! register allocator places.

use crate::cmm::{FloatCmp, IntCmp, MachType};

/// A virtual register: an index into `Function::regs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

impl VReg {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The precoloured register standing for physical register `r`.
    pub const fn phys(r: PhysReg) -> VReg {
        VReg(r.0 as u32)
    }

    pub fn as_phys(self) -> Option<PhysReg> {
        (self.index() < NUM_PHYS).then_some(PhysReg(self.0 as u8))
    }
}

/// The two register files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegClass {
    Int,
    Float,
}

/// A physical register, numbered as the runtime numbers them in frame
/// descriptors: the thirteen allocatable integer registers first, in
/// `ocamlopt`'s order, then `xmm0` to `xmm15`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PhysReg(pub u8);

pub const NUM_INT_REGS: usize = 13;
pub const NUM_FLOAT_REGS: usize = 16;
pub const NUM_PHYS: usize = NUM_INT_REGS + NUM_FLOAT_REGS;

const INT_NAMES: [&str; NUM_INT_REGS] = [
    "rax", "rbx", "rdi", "rsi", "rdx", "rcx", "r8", "r9", "r12", "r13", "r10", "r11", "rbp",
];

pub const RAX: PhysReg = PhysReg(0);
pub const RBX: PhysReg = PhysReg(1);
pub const RDI: PhysReg = PhysReg(2);
pub const RSI: PhysReg = PhysReg(3);
pub const RDX: PhysReg = PhysReg(4);
pub const RCX: PhysReg = PhysReg(5);
pub const R8: PhysReg = PhysReg(6);
pub const R9: PhysReg = PhysReg(7);
pub const R12: PhysReg = PhysReg(8);
pub const R13: PhysReg = PhysReg(9);
pub const R10: PhysReg = PhysReg(10);
pub const R11: PhysReg = PhysReg(11);
pub const RBP: PhysReg = PhysReg(12);

pub const fn xmm(n: u8) -> PhysReg {
    PhysReg(NUM_INT_REGS as u8 + n)
}

impl PhysReg {
    pub fn class(self) -> RegClass {
        if (self.0 as usize) < NUM_INT_REGS {
            RegClass::Int
        } else {
            RegClass::Float
        }
    }

    /// The register's number within its file (`xmm3` is 3).
    pub fn number_in_class(self) -> u8 {
        match self.class() {
            RegClass::Int => self.0,
            RegClass::Float => self.0 - NUM_INT_REGS as u8,
        }
    }

    pub fn name(self) -> String {
        match self.class() {
            RegClass::Int => INT_NAMES[self.0 as usize].to_string(),
            RegClass::Float => format!("xmm{}", self.number_in_class()),
        }
    }

    /// All the registers of a class, in allocation order.
    pub fn all(class: RegClass) -> impl Iterator<Item = PhysReg> {
        let range = match class {
            RegClass::Int => 0..NUM_INT_REGS,
            RegClass::Float => NUM_INT_REGS..NUM_PHYS,
        };
        range.map(|r| PhysReg(r as u8))
    }
}

/// Where compiled functions pass arguments and return results (the
/// convention of the runtime chapter), and where System V functions take
/// theirs.
pub const OCAML_INT_ARGS: [PhysReg; 10] = [RAX, RBX, RDI, RSI, RDX, RCX, R8, R9, R12, R13];
pub const OCAML_FLOAT_ARGS: usize = 16;
pub const C_INT_ARGS: [PhysReg; 6] = [RDI, RSI, RDX, RCX, R8, R9];
pub const C_FLOAT_ARGS: usize = 8;

/// What a virtual register holds, which decides its register file and
/// whether the collector must see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegKind {
    /// An OCaml value: a root when live across a collection.
    Val,
    /// A machine integer, or a pointer outside the heap.
    Int,
    /// A derived pointer into a heap block: never live across a collection.
    Addr,
    Float,
}

impl RegKind {
    pub fn of(ty: MachType) -> RegKind {
        match ty {
            MachType::Val => RegKind::Val,
            MachType::Addr => RegKind::Addr,
            MachType::Float => RegKind::Float,
            MachType::Int | MachType::Void => RegKind::Int,
        }
    }

    pub fn class(self) -> RegClass {
        match self {
            RegKind::Float => RegClass::Float,
            _ => RegClass::Int,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct RegInfo {
    pub kind: RegKind,
    /// The Cmm variable it holds, if any, for the reader of dumps.
    pub name: Option<String>,
    /// Created by spilling: a very short live range that must never be
    /// spilled again.
    pub spill_temp: bool,
}

/// A basic block's index in `Function::blocks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

impl BlockId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A memory address: `[base + index * scale + disp]`, or a symbol's
/// address plus a displacement, reached `rip`-relative.
#[derive(Clone, Debug, PartialEq)]
pub enum Address {
    Regs {
        base: Option<VReg>,
        index: Option<(VReg, u8)>,
        disp: i32,
    },
    Symbol {
        name: String,
        disp: i32,
    },
}

impl Address {
    pub fn base_disp(base: VReg, disp: i32) -> Address {
        Address::Regs {
            base: Some(base),
            index: None,
            disp,
        }
    }

    fn regs_mut(&mut self) -> Vec<&mut VReg> {
        match self {
            Address::Regs { base, index, .. } => {
                let mut v: Vec<&mut VReg> = Vec::new();
                if let Some(b) = base {
                    v.push(b);
                }
                if let Some((i, _)) = index {
                    v.push(i);
                }
                v
            }
            Address::Symbol { .. } => Vec::new(),
        }
    }
}

/// An instruction's second operand: a register or a 32-bit immediate.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    Reg(VReg),
    Imm(i32),
}

/// How many bytes a load or store moves, and how a load extends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Width {
    U8,
    S8,
    U16,
    S16,
    U32,
    S32,
    Word,
    Double,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    And,
    Or,
    Xor,
    Mul,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShiftOp {
    Shl,
    Shr,
    Sar,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// Whom a call calls, and so which convention and bookkeeping it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallKind {
    /// A compiled function: our convention, every register destroyed, a
    /// collection may happen (a frame descriptor at the return address).
    Ocaml,
    /// A runtime function through `flambeau_c_call` (address in `rax`):
    /// System V arguments, every register destroyed, a collection or an
    /// exception may happen.
    CCall,
    /// A System V function that neither allocates nor raises, called
    /// directly: only System V's caller-saved registers are destroyed.
    Direct,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CallTarget {
    Symbol(String),
    Reg(VReg),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    Move {
        dst: VReg,
        src: VReg,
    },
    Const {
        dst: VReg,
        value: i64,
    },
    ConstFloat {
        dst: VReg,
        value: f64,
    },
    /// `lea dst, [rip + name]`.
    Symbol {
        dst: VReg,
        name: String,
    },
    Lea {
        dst: VReg,
        addr: Address,
    },
    Load {
        dst: VReg,
        width: Width,
        addr: Address,
    },
    Store {
        width: Width,
        addr: Address,
        src: Operand,
    },
    /// `dst := dst op src` (x86's two-address form).
    Binary {
        op: BinOp,
        dst: VReg,
        src: Operand,
    },
    /// `imul dst, src, imm`.
    MulImm {
        dst: VReg,
        src: VReg,
        imm: i32,
    },
    /// `dst := dst shift count`; a variable count is in `rcx`.
    Shift {
        op: ShiftOp,
        dst: VReg,
        count: Option<u8>,
    },
    /// `cqo`: sign-extend `rax` into `rdx`.
    Cqo,
    /// `idiv divisor`: `rdx:rax` divided, quotient in `rax`, remainder in
    /// `rdx`.
    Div {
        divisor: VReg,
    },
    /// `dst := (a cmp b)`, 0 or 1.
    SetCmp {
        dst: VReg,
        cmp: IntCmp,
        a: VReg,
        b: Operand,
    },
    FloatBinary {
        op: FloatOp,
        dst: VReg,
        src: VReg,
    },
    FloatNeg {
        dst: VReg,
    },
    FloatAbs {
        dst: VReg,
    },
    IntToFloat {
        dst: VReg,
        src: VReg,
    },
    FloatToInt {
        dst: VReg,
        src: VReg,
    },
    /// Reserve `bytes` below the stack pointer for a call's stack
    /// arguments; the call gives them back.
    OutgoingArea {
        bytes: u32,
    },
    /// Stack argument `index` of the next call.
    StoreOutgoing {
        index: u32,
        src: VReg,
    },
    /// Incoming stack argument `index`.
    LoadIncoming {
        dst: VReg,
        index: u32,
    },
    Call {
        kind: CallKind,
        target: CallTarget,
        /// Precoloured registers holding the arguments.
        args: Vec<VReg>,
        /// Precoloured registers holding the results.
        results: Vec<VReg>,
        /// The size of the outgoing area this call pops after returning.
        stack_bytes: u32,
    },
    /// Allocate `bytes` on the minor heap, inline, and set `dst` to
    /// `r15 + 8` (the first field of a block whose header is at `r15`).
    Alloc {
        dst: VReg,
        bytes: u32,
    },
    /// Push an exception trap frame whose handler is `handler`.
    PushTrap {
        handler: BlockId,
        scratch: VReg,
    },
    PopTrap,
    /// The first instruction of an exception handler: the exception
    /// arrives in `rax`, and every other register is undefined.
    HandlerEntry,
    /// Raise `Invalid_argument "index out of bounds"` unless `index <
    /// bound`, unsigned.
    Checkbound {
        index: Operand,
        bound: Operand,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    Jump(BlockId),
    /// Compare and branch.
    Branch {
        cmp: IntCmp,
        a: VReg,
        b: Operand,
        ifso: BlockId,
        ifnot: BlockId,
    },
    BranchFloat {
        cmp: FloatCmp,
        a: VReg,
        b: VReg,
        ifso: BlockId,
        ifnot: BlockId,
    },
    /// Return; the precoloured result registers are live.
    Return {
        results: Vec<VReg>,
    },
    /// Leave the frame and jump to another function.
    TailCall {
        target: CallTarget,
        args: Vec<VReg>,
    },
    /// Raise the exception in `rax`.
    Raise,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub insts: Vec<Inst>,
    pub term: Terminator,
    /// The number of trap frames pushed since the function's entry when
    /// the block starts.
    pub trap_depth: u32,
    /// The handler that a raise in this block reaches, if it is in this
    /// function.
    pub handler: Option<BlockId>,
    /// How many loops the block is nested in (spill costs weigh by it).
    pub loop_depth: u32,
}

/// Where register allocation put a virtual register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Reg(PhysReg),
    /// A spill slot, numbered before stack layout turns numbers into
    /// offsets.
    Stack(u32),
}

/// What the register allocator and the stack layout found.
#[derive(Clone, Debug, PartialEq)]
pub struct Allocation {
    /// The location of every virtual register (`None` for those no
    /// instruction mentions).
    pub locs: Vec<Option<Loc>>,
    pub num_slots: u32,
    /// The frame size `F` of the runtime chapter: return address and
    /// slots, a multiple of 16; 8 for a leaf function without slots.
    pub frame_size: u32,
    /// The live roots at each collection point, by block and instruction
    /// index (an index equal to the block's length is its terminator).
    pub gc_roots: Vec<GcRoots>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GcRoots {
    pub block: BlockId,
    pub inst: usize,
    /// Live values: registers (only at an allocation) and stack slots.
    pub live: Vec<Loc>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub regs: Vec<RegInfo>,
    pub blocks: Vec<Block>,
    pub entry: BlockId,
    /// Set by register allocation.
    pub allocation: Option<Allocation>,
}

impl Function {
    pub fn new(name: &str) -> Function {
        let mut regs = Vec::with_capacity(NUM_PHYS + 16);
        for r in 0..NUM_PHYS {
            let p = PhysReg(r as u8);
            regs.push(RegInfo {
                kind: match p.class() {
                    RegClass::Int => RegKind::Int,
                    RegClass::Float => RegKind::Float,
                },
                name: None,
                spill_temp: false,
            });
        }
        Function {
            name: name.to_string(),
            regs,
            blocks: Vec::new(),
            entry: BlockId(0),
            allocation: None,
        }
    }

    pub fn new_reg(&mut self, kind: RegKind, name: Option<&str>) -> VReg {
        let r = VReg(self.regs.len() as u32);
        self.regs.push(RegInfo {
            kind,
            name: name.map(str::to_string),
            spill_temp: false,
        });
        r
    }

    pub fn class(&self, r: VReg) -> RegClass {
        match r.as_phys() {
            Some(p) => p.class(),
            None => self.kind(r).class(),
        }
    }

    pub fn kind(&self, r: VReg) -> RegKind {
        self.regs.get(r.index()).map_or(RegKind::Int, |i| i.kind)
    }

    pub fn block(&self, b: BlockId) -> &Block {
        &self.blocks[b.index()]
    }

    pub fn successors(&self, b: BlockId) -> Vec<BlockId> {
        self.blocks[b.index()].term.successors()
    }
}

/// A compilation unit in machine IR.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    pub functions: Vec<Function>,
    /// Static data, as Cmm's data phrases (each starts word-aligned).
    pub data: Vec<Vec<crate::cmm::DataItem>>,
    /// The function `flambeau_entry` names.
    pub entry: String,
}

/// How an instruction touches a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Use,
    Def,
    /// Read, then written: the destination of a two-address instruction.
    UseDef,
}

impl Access {
    pub fn is_use(self) -> bool {
        matches!(self, Access::Use | Access::UseDef)
    }

    pub fn is_def(self) -> bool {
        matches!(self, Access::Def | Access::UseDef)
    }
}

fn phys(r: PhysReg) -> VReg {
    VReg::phys(r)
}

/// The registers System V lets a function destroy: what a direct call to
/// the runtime or the C library costs.
const C_CALLER_SAVED: [PhysReg; 9] = [RAX, RDI, RSI, RDX, RCX, R8, R9, R10, R11];

impl Inst {
    /// Every register the instruction reads or writes, with how, in a
    /// fixed order (the order `visit_mut` visits them).
    pub fn operands(&self) -> Vec<(VReg, Access)> {
        let mut out = Vec::new();
        let mut clone = self.clone();
        clone.visit_mut(&mut |r, a| out.push((*r, a)));
        out
    }

    /// Visits every register operand, letting the caller rename it.
    pub fn visit_mut(&mut self, f: &mut dyn FnMut(&mut VReg, Access)) {
        use Access::*;
        let addr = |a: &mut Address, f: &mut dyn FnMut(&mut VReg, Access)| {
            for r in a.regs_mut() {
                f(r, Use)
            }
        };
        match self {
            Inst::Move { dst, src } => {
                f(src, Use);
                f(dst, Def);
            }
            Inst::Const { dst, .. }
            | Inst::ConstFloat { dst, .. }
            | Inst::Symbol { dst, .. }
            | Inst::LoadIncoming { dst, .. }
            | Inst::Alloc { dst, .. } => f(dst, Def),
            Inst::Lea { dst, addr: a } | Inst::Load { dst, addr: a, .. } => {
                addr(a, f);
                f(dst, Def);
            }
            Inst::Store { addr: a, src, .. } => {
                addr(a, f);
                if let Operand::Reg(r) = src {
                    f(r, Use);
                }
            }
            Inst::Binary { dst, src, .. } => {
                if let Operand::Reg(r) = src {
                    f(r, Use);
                }
                f(dst, UseDef);
            }
            Inst::MulImm { dst, src, .. } => {
                f(src, Use);
                f(dst, Def);
            }
            Inst::Shift { dst, count, .. } => {
                if count.is_none() {
                    f(&mut phys(RCX), Use);
                }
                f(dst, UseDef);
            }
            Inst::Cqo => {
                f(&mut phys(RAX), Use);
                f(&mut phys(RDX), Def);
            }
            Inst::Div { divisor } => {
                f(divisor, Use);
                f(&mut phys(RAX), UseDef);
                f(&mut phys(RDX), UseDef);
            }
            Inst::SetCmp { dst, a, b, .. } => {
                f(a, Use);
                if let Operand::Reg(r) = b {
                    f(r, Use);
                }
                f(dst, Def);
            }
            Inst::FloatBinary { dst, src, .. } => {
                f(src, Use);
                f(dst, UseDef);
            }
            Inst::FloatNeg { dst } | Inst::FloatAbs { dst } => f(dst, UseDef),
            Inst::IntToFloat { dst, src } | Inst::FloatToInt { dst, src } => {
                f(src, Use);
                f(dst, Def);
            }
            Inst::OutgoingArea { .. } | Inst::PopTrap => {}
            Inst::StoreOutgoing { src, .. } => f(src, Use),
            Inst::Call {
                target,
                args,
                results,
                ..
            } => {
                if let CallTarget::Reg(r) = target {
                    f(r, Use);
                }
                for a in args {
                    f(a, Use);
                }
                for r in results {
                    f(r, Def);
                }
            }
            Inst::PushTrap { scratch, .. } => f(scratch, Def),
            Inst::HandlerEntry => f(&mut phys(RAX), Def),
            Inst::Checkbound { index, bound } => {
                for o in [index, bound] {
                    if let Operand::Reg(r) = o {
                        f(r, Use);
                    }
                }
            }
        }
    }

    /// Physical registers whose contents the instruction destroys without
    /// defining them.
    pub fn clobbers(&self) -> Vec<PhysReg> {
        match self {
            Inst::Call { kind, .. } => match kind {
                CallKind::Ocaml | CallKind::CCall => {
                    (0..NUM_PHYS).map(|r| PhysReg(r as u8)).collect()
                }
                CallKind::Direct => C_CALLER_SAVED
                    .iter()
                    .copied()
                    .chain(PhysReg::all(RegClass::Float))
                    .collect(),
            },
            Inst::HandlerEntry => (1..NUM_PHYS).map(|r| PhysReg(r as u8)).collect(),
            _ => Vec::new(),
        }
    }

    /// A collection may happen here: the frame descriptor of the return
    /// address lists the live roots.
    pub fn is_gc_point(&self) -> bool {
        matches!(
            self,
            Inst::Alloc { .. }
                | Inst::Call {
                    kind: CallKind::Ocaml | CallKind::CCall,
                    ..
                }
        )
    }

    /// A register-to-register move, which coalescing may remove.
    pub fn as_move(&self) -> Option<(VReg, VReg)> {
        match self {
            Inst::Move { dst, src } => Some((*dst, *src)),
            _ => None,
        }
    }
}

impl Terminator {
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Terminator::Jump(b) => vec![*b],
            Terminator::Branch { ifso, ifnot, .. }
            | Terminator::BranchFloat { ifso, ifnot, .. } => {
                vec![*ifso, *ifnot]
            }
            Terminator::Return { .. } | Terminator::TailCall { .. } | Terminator::Raise => vec![],
        }
    }

    pub fn successors_mut(&mut self) -> Vec<&mut BlockId> {
        match self {
            Terminator::Jump(b) => vec![b],
            Terminator::Branch { ifso, ifnot, .. }
            | Terminator::BranchFloat { ifso, ifnot, .. } => {
                vec![ifso, ifnot]
            }
            Terminator::Return { .. } | Terminator::TailCall { .. } | Terminator::Raise => vec![],
        }
    }

    pub fn operands(&self) -> Vec<VReg> {
        let mut out = Vec::new();
        let mut clone = self.clone();
        clone.visit_mut(&mut |r| out.push(*r));
        out
    }

    /// Visits every register the terminator reads (it writes none).
    pub fn visit_mut(&mut self, f: &mut dyn FnMut(&mut VReg)) {
        match self {
            Terminator::Jump(_) => {}
            Terminator::Branch { a, b, .. } => {
                f(a);
                if let Operand::Reg(r) = b {
                    f(r);
                }
            }
            Terminator::BranchFloat { a, b, .. } => {
                f(a);
                f(b);
            }
            Terminator::Return { results } => results.iter_mut().for_each(f),
            Terminator::TailCall { target, args } => {
                if let CallTarget::Reg(r) = target {
                    f(r);
                }
                args.iter_mut().for_each(f);
            }
            Terminator::Raise => f(&mut phys(RAX)),
        }
    }
}
