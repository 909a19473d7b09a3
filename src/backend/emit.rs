//! Emission: allocated machine IR to x86-64 machine code with `iced-x86`,
//! plus the read-only constants, the static data, the frame table and the
//! list of global roots, each with its relocations.

use super::mach::*;
use crate::cmm::{DataItem, FloatCmp, IntCmp};
use iced_x86::code_asm::*;
use iced_x86::{BlockEncoderOptions, Code, Instruction, Register};
use std::collections::{HashMap, HashSet};

/// Which section a relocation or a symbol is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SectionId {
    Text,
    Rodata,
    Data,
}

/// What a relocation computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelocKind {
    /// A call's 32-bit displacement to a function (`R_X86_64_PLT32`).
    Call,
    /// A 32-bit `rip`-relative displacement (`R_X86_64_PC32`).
    Pc32,
    /// A 64-bit absolute address (`R_X86_64_64`).
    Abs64,
}

/// The address a relocation refers to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RelocTarget {
    Symbol(String),
    /// An offset in one of this object's sections.
    Section(SectionId, u64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Reloc {
    pub offset: u64,
    pub kind: RelocKind,
    pub target: RelocTarget,
    pub addend: i64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Section {
    pub bytes: Vec<u8>,
    pub relocs: Vec<Reloc>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SymbolDef {
    pub name: String,
    pub section: SectionId,
    pub offset: u64,
    pub global: bool,
    pub function: bool,
}

/// A compilation unit in machine code: what an ELF object holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectCode {
    pub text: Section,
    pub rodata: Section,
    pub data: Section,
    pub symbols: Vec<SymbolDef>,
    /// The code, decoded and printed in Intel syntax with labels.
    pub listing: String,
}

type R<T> = Result<T, String>;

fn iced(e: IcedError) -> String {
    format!("x86 encoding: {e}")
}

/// The registers of the machine IR's numbering, in each width.
const GPR64: [AsmRegister64; NUM_INT_REGS] = [
    rax, rbx, rdi, rsi, rdx, rcx, r8, r9, r12, r13, r10, r11, rbp,
];
const GPR32: [AsmRegister32; NUM_INT_REGS] = [
    eax, ebx, edi, esi, edx, ecx, r8d, r9d, r12d, r13d, r10d, r11d, ebp,
];
const GPR16: [AsmRegister16; NUM_INT_REGS] =
    [ax, bx, di, si, dx, cx, r8w, r9w, r12w, r13w, r10w, r11w, bp];
const GPR8: [AsmRegister8; NUM_INT_REGS] = [
    al, bl, dil, sil, dl, cl, r8b, r9b, r12b, r13b, r10b, r11b, bpl,
];
const XMM: [AsmRegisterXmm; NUM_FLOAT_REGS] = [
    xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7, xmm8, xmm9, xmm10, xmm11, xmm12, xmm13, xmm14,
    xmm15,
];

/// A `rip`-relative or call reference to fix up after assembly.
struct PendingRef {
    /// The index of the referring instruction in the assembler.
    inst: usize,
    target: RelocTarget,
    kind: RelocKind,
    addend: i64,
}

/// A frame descriptor whose return address is known once assembled: the
/// address after instruction `call_inst`.
struct PendingDescriptor {
    call_inst: usize,
    frame_size: u32,
    alloc_bytes: u32,
    live: Vec<u16>,
}

/// Code emitted after a function's body, out of the fast path.
enum OutOfLine {
    /// The GC call of an allocation, and the way back.
    Gc {
        label: CodeLabel,
        back: CodeLabel,
        frame_size: u32,
        alloc_bytes: u32,
        live: Vec<u16>,
    },
    /// A failed bounds check.
    BoundError { label: CodeLabel },
}

struct Emitter<'u> {
    a: CodeAssembler,
    functions: HashMap<&'u str, CodeLabel>,
    /// Zero-byte placeholders that `rip`-relative operands point at, one
    /// per target, bound after all the code.
    placeholders: HashMap<RelocTarget, CodeLabel>,
    refs: Vec<PendingRef>,
    descriptors: Vec<PendingDescriptor>,
    rodata: Vec<u8>,
    floats: HashMap<u64, u64>,
    /// The 16-byte masks that negate and take the absolute value of a
    /// double, in `rodata`.
    sign_mask: Option<u64>,
    abs_mask: Option<u64>,
    /// Labels for the listing: instruction index and name.
    names: Vec<(usize, String)>,
    // The function being emitted.
    blocks: Vec<CodeLabel>,
    frame_size: u32,
    depth: u32,
    out_of_line: Vec<OutOfLine>,
}

impl<'u> Emitter<'u> {
    /// Binds `label` here: to a zero-byte instruction, so that several
    /// labels can mark one address.
    fn place(&mut self, label: &mut CodeLabel, name: Option<String>) -> R<()> {
        if let Some(n) = name {
            self.names.push((self.a.instructions().len(), n));
        }
        self.a.set_label(label).map_err(iced)?;
        self.a.zero_bytes().map_err(iced)
    }

    fn last_inst(&self) -> usize {
        self.a.instructions().len().saturating_sub(1)
    }

    fn loc(&self, f: &Function, r: VReg) -> R<Loc> {
        if let Some(p) = r.as_phys() {
            return Ok(Loc::Reg(p));
        }
        f.allocation
            .as_ref()
            .and_then(|a| a.locs.get(r.index()).copied().flatten())
            .ok_or_else(|| format!("{}: %{} has no location", f.name, r.0))
    }

    fn phys(&self, f: &Function, r: VReg) -> R<PhysReg> {
        match self.loc(f, r)? {
            Loc::Reg(p) => Ok(p),
            Loc::Stack(_) => Err(format!(
                "{}: %{} is spilled where a register is needed",
                f.name, r.0
            )),
        }
    }

    fn r64(&self, f: &Function, r: VReg) -> R<AsmRegister64> {
        let p = self.phys(f, r)?;
        GPR64
            .get(p.0 as usize)
            .copied()
            .ok_or_else(|| format!("{} is not an integer register", p.name()))
    }

    fn r32(&self, f: &Function, r: VReg) -> R<AsmRegister32> {
        let p = self.phys(f, r)?;
        GPR32
            .get(p.0 as usize)
            .copied()
            .ok_or_else(|| format!("{} is not an integer register", p.name()))
    }

    fn r16(&self, f: &Function, r: VReg) -> R<AsmRegister16> {
        let p = self.phys(f, r)?;
        GPR16
            .get(p.0 as usize)
            .copied()
            .ok_or_else(|| format!("{} is not an integer register", p.name()))
    }

    fn r8(&self, f: &Function, r: VReg) -> R<AsmRegister8> {
        let p = self.phys(f, r)?;
        GPR8.get(p.0 as usize)
            .copied()
            .ok_or_else(|| format!("{} is not an integer register", p.name()))
    }

    fn xmm(&self, f: &Function, r: VReg) -> R<AsmRegisterXmm> {
        let p = self.phys(f, r)?;
        match p.class() {
            RegClass::Float => Ok(XMM[p.number_in_class() as usize]),
            RegClass::Int => Err(format!("{} is not a float register", p.name())),
        }
    }

    /// The stack slot `slot` of the current frame.
    fn slot(&self, slot: u32) -> AsmMemoryOperand {
        rsp + (self.depth + 8 * slot) as i32
    }

    /// A placeholder label standing for `target`, for a `rip`-relative
    /// operand.
    fn placeholder(&mut self, target: RelocTarget) -> CodeLabel {
        if let Some(l) = self.placeholders.get(&target) {
            return *l;
        }
        let l = self.a.create_label();
        self.placeholders.insert(target, l);
        l
    }

    /// The `rip`-relative operand for symbol `name` (plus `disp`); code
    /// of this unit is reached directly, anything else through a
    /// relocation recorded once the instruction is added (`note_ref`).
    fn symbol_operand(&mut self, name: &str, disp: i32) -> (AsmMemoryOperand, Option<PendingRef>) {
        if let Some(l) = self.functions.get(name) {
            return (ptr(*l) + disp, None);
        }
        let target = RelocTarget::Symbol(name.to_string());
        let l = self.placeholder(target.clone());
        (
            ptr(l),
            Some(PendingRef {
                inst: 0,
                target,
                kind: RelocKind::Pc32,
                addend: disp as i64,
            }),
        )
    }

    /// Records that the instruction just added refers to `r`.
    fn note_ref(&mut self, r: Option<PendingRef>) {
        if let Some(mut r) = r {
            r.inst = self.last_inst();
            self.refs.push(r);
        }
    }

    fn mem(&mut self, f: &Function, addr: &Address) -> R<(AsmMemoryOperand, Option<PendingRef>)> {
        match addr {
            Address::Symbol { name, disp } => Ok(self.symbol_operand(name, *disp)),
            Address::Regs { base, index, disp } => {
                let m = match (base, index) {
                    (Some(b), Some((i, s))) => self.r64(f, *b)? + self.r64(f, *i)? * (*s as u32),
                    (Some(b), None) => self.r64(f, *b)? + 0,
                    (None, Some((i, s))) => self.r64(f, *i)? * (*s as u32),
                    (None, None) => return Err("an address without registers".into()),
                };
                Ok((m + *disp, None))
            }
        }
    }

    /// A call to `name`: a direct `call` to code of this unit, or an
    /// `E8` with a zero displacement and a relocation.
    fn call_symbol(&mut self, name: &str) -> R<()> {
        if let Some(l) = self.functions.get(name).copied() {
            return self.a.call(l).map_err(iced);
        }
        self.a.db(&[0xE8, 0, 0, 0, 0]).map_err(iced)?;
        self.refs.push(PendingRef {
            inst: self.last_inst(),
            target: RelocTarget::Symbol(name.to_string()),
            kind: RelocKind::Call,
            addend: 0,
        });
        Ok(())
    }

    fn jump_symbol(&mut self, name: &str) -> R<()> {
        if let Some(l) = self.functions.get(name).copied() {
            return self.a.jmp(l).map_err(iced);
        }
        self.a.db(&[0xE9, 0, 0, 0, 0]).map_err(iced)?;
        self.refs.push(PendingRef {
            inst: self.last_inst(),
            target: RelocTarget::Symbol(name.to_string()),
            kind: RelocKind::Call,
            addend: 0,
        });
        Ok(())
    }

    /// The offset in `rodata` of a 16-byte-aligned constant.
    fn rodata_const(&mut self, bytes: &[u8], align: usize) -> u64 {
        while self.rodata.len() % align != 0 {
            self.rodata.push(0);
        }
        let at = self.rodata.len() as u64;
        self.rodata.extend_from_slice(bytes);
        at
    }

    fn rodata_operand(&mut self, offset: u64) -> (AsmMemoryOperand, Option<PendingRef>) {
        let target = RelocTarget::Section(SectionId::Rodata, offset);
        let l = self.placeholder(target.clone());
        (
            ptr(l),
            Some(PendingRef {
                inst: 0,
                target,
                kind: RelocKind::Pc32,
                addend: 0,
            }),
        )
    }

    fn float_const(&mut self, x: f64) -> u64 {
        let bits = x.to_bits();
        if let Some(&o) = self.floats.get(&bits) {
            return o;
        }
        let o = self.rodata_const(&bits.to_le_bytes(), 8);
        self.floats.insert(bits, o);
        o
    }
}

fn jcc(a: &mut CodeAssembler, cmp: IntCmp, target: CodeLabel) -> R<()> {
    use IntCmp::*;
    match cmp {
        Eq => a.je(target),
        Ne => a.jne(target),
        Lt => a.jl(target),
        Le => a.jle(target),
        Gt => a.jg(target),
        Ge => a.jge(target),
        Ult => a.jb(target),
        Ule => a.jbe(target),
        Ugt => a.ja(target),
        Uge => a.jae(target),
    }
    .map_err(iced)
}

fn setcc(a: &mut CodeAssembler, cmp: IntCmp, r: AsmRegister8) -> R<()> {
    use IntCmp::*;
    match cmp {
        Eq => a.sete(r),
        Ne => a.setne(r),
        Lt => a.setl(r),
        Le => a.setle(r),
        Gt => a.setg(r),
        Ge => a.setge(r),
        Ult => a.setb(r),
        Ule => a.setbe(r),
        Ugt => a.seta(r),
        Uge => a.setae(r),
    }
    .map_err(iced)
}

/// How a float comparison reads the flags of `ucomisd`: whether the
/// operands are swapped, and the unsigned condition that holds. An
/// unordered result (a NaN) sets ZF, PF and CF, which makes `a` and `ae`
/// false and `b` and `be` true: exactly what the negated comparisons need.
fn float_condition(cmp: FloatCmp) -> (bool, IntCmp) {
    use FloatCmp::*;
    match cmp {
        Lt => (true, IntCmp::Ugt),
        Nlt => (true, IntCmp::Ule),
        Le => (true, IntCmp::Uge),
        Nle => (true, IntCmp::Ult),
        Gt => (false, IntCmp::Ugt),
        Ngt => (false, IntCmp::Ule),
        Ge => (false, IntCmp::Uge),
        Nge => (false, IntCmp::Ult),
        // Equality needs the parity flag too; handled by the caller.
        Eq => (false, IntCmp::Eq),
        Neq => (false, IntCmp::Ne),
    }
}

impl<'u> Emitter<'u> {
    fn emit_function(&mut self, f: &Function) -> R<()> {
        let Some(alloc) = &f.allocation else {
            return Err(format!("{}: emission before register allocation", f.name));
        };
        self.frame_size = alloc.frame_size;
        self.depth = 0;
        self.blocks = (0..f.blocks.len()).map(|_| self.a.create_label()).collect();
        self.out_of_line.clear();
        let Some((&name, &label)) = self.functions.get_key_value(f.name.as_str()) else {
            return Err(format!("{} has no label", f.name));
        };
        let mut start = label;
        self.place(&mut start, Some(format!("{}:", f.name)))?;
        // The label now knows its instruction, which `label_ip` needs.
        self.functions.insert(name, start);
        if self.frame_size > 8 {
            self.a
                .sub(rsp, (self.frame_size - 8) as i32)
                .map_err(iced)?;
        }
        let order = layout(f);
        for (pos, &b) in order.iter().enumerate() {
            let next = order.get(pos + 1).copied();
            let block = &f.blocks[b];
            let mut label = self.blocks[b];
            self.place(&mut label, Some(format!(".L{b}:")))?;
            self.depth = 16 * block.trap_depth;
            for (i, inst) in block.insts.iter().enumerate() {
                self.emit_inst(f, alloc, BlockId(b as u32), i, inst)?;
            }
            self.emit_term(f, &block.term, next.map(|n| BlockId(n as u32)))?;
        }
        for (k, ool) in std::mem::take(&mut self.out_of_line)
            .into_iter()
            .enumerate()
        {
            match ool {
                OutOfLine::Gc {
                    mut label,
                    back,
                    frame_size,
                    alloc_bytes,
                    live,
                } => {
                    self.place(&mut label, Some(format!(".Lgc{k}:")))?;
                    self.call_symbol("flambeau_call_gc")?;
                    self.descriptors.push(PendingDescriptor {
                        call_inst: self.last_inst(),
                        frame_size,
                        alloc_bytes,
                        live,
                    });
                    self.a.jmp(back).map_err(iced)?;
                }
                OutOfLine::BoundError { mut label } => {
                    self.place(&mut label, Some(format!(".Lbound{k}:")))?;
                    self.call_symbol("flambeau_array_bound_error")?;
                }
            }
        }
        Ok(())
    }

    /// The frame descriptor's live entries for the roots in `live`, with
    /// the current stack depth.
    fn live_entries(&self, live: &[Loc]) -> R<Vec<u16>> {
        live.iter()
            .map(|l| {
                let e = match l {
                    Loc::Stack(s) => (self.depth + 8 * s) as u64,
                    Loc::Reg(p) => 2 * p.0 as u64 + 1,
                };
                u16::try_from(e).map_err(|_| "a frame too large for its descriptor".to_string())
            })
            .collect()
    }

    fn roots_at<'a>(alloc: &'a Allocation, b: BlockId, i: usize) -> &'a [Loc] {
        alloc
            .gc_roots
            .iter()
            .find(|g| g.block == b && g.inst == i)
            .map_or(&[], |g| g.live.as_slice())
    }

    fn emit_move(&mut self, f: &Function, dst: VReg, src: VReg) -> R<()> {
        let (d, s) = (self.loc(f, dst)?, self.loc(f, src)?);
        let float = f.class(dst) == RegClass::Float;
        match (d, s, float) {
            (Loc::Reg(x), Loc::Reg(y), _) if x == y => Ok(()),
            (Loc::Reg(_), Loc::Reg(_), false) => {
                let (x, y) = (self.r64(f, dst)?, self.r64(f, src)?);
                self.a.mov(x, y).map_err(iced)
            }
            (Loc::Reg(_), Loc::Reg(_), true) => {
                let (x, y) = (self.xmm(f, dst)?, self.xmm(f, src)?);
                self.a.movapd(x, y).map_err(iced)
            }
            (Loc::Reg(_), Loc::Stack(n), false) => {
                let (x, m) = (self.r64(f, dst)?, self.slot(n));
                self.a.mov(x, qword_ptr(m)).map_err(iced)
            }
            (Loc::Reg(_), Loc::Stack(n), true) => {
                let (x, m) = (self.xmm(f, dst)?, self.slot(n));
                self.a.movsd_2(x, qword_ptr(m)).map_err(iced)
            }
            (Loc::Stack(n), Loc::Reg(_), false) => {
                let (m, y) = (self.slot(n), self.r64(f, src)?);
                self.a.mov(qword_ptr(m), y).map_err(iced)
            }
            (Loc::Stack(n), Loc::Reg(_), true) => {
                let (m, y) = (self.slot(n), self.xmm(f, src)?);
                self.a.movsd_2(qword_ptr(m), y).map_err(iced)
            }
            (Loc::Stack(x), Loc::Stack(y), _) if x == y => Ok(()),
            (Loc::Stack(_), Loc::Stack(_), _) => Err(format!(
                "{}: a move between two stack slots (%{} := %{})",
                f.name, dst.0, src.0
            )),
        }
    }
}

impl<'u> Emitter<'u> {
    fn emit_inst(
        &mut self,
        f: &Function,
        alloc: &Allocation,
        b: BlockId,
        i: usize,
        inst: &Inst,
    ) -> R<()> {
        match inst {
            Inst::Move { dst, src } => self.emit_move(f, *dst, *src)?,
            Inst::Const { dst, value } => {
                let v = *value;
                if v == 0 {
                    let r = self.r32(f, *dst)?;
                    self.a.xor(r, r).map_err(iced)?;
                } else if let Ok(u) = u32::try_from(v) {
                    let r = self.r32(f, *dst)?;
                    self.a.mov(r, u).map_err(iced)?;
                } else if let Ok(n) = i32::try_from(v) {
                    // The sign-extended 32-bit form, shorter than `movabs`.
                    let r = Register::from(self.r64(f, *dst)?);
                    let i = Instruction::with2(Code::Mov_rm64_imm32, r, n).map_err(iced)?;
                    self.a.add_instruction(i).map_err(iced)?;
                } else {
                    let r = self.r64(f, *dst)?;
                    self.a.mov(r, v).map_err(iced)?;
                }
            }
            Inst::ConstFloat { dst, value } => {
                let x = self.xmm(f, *dst)?;
                if value.to_bits() == 0 {
                    self.a.xorpd(x, x).map_err(iced)?;
                } else {
                    let o = self.float_const(*value);
                    let (m, r) = self.rodata_operand(o);
                    self.a.movsd_2(x, qword_ptr(m)).map_err(iced)?;
                    self.note_ref(r);
                }
            }
            Inst::Symbol { dst, name } => {
                let d = self.r64(f, *dst)?;
                let (m, r) = self.symbol_operand(name, 0);
                self.a.lea(d, m).map_err(iced)?;
                self.note_ref(r);
            }
            Inst::Lea { dst, addr } => {
                let d = self.r64(f, *dst)?;
                let (m, r) = self.mem(f, addr)?;
                self.a.lea(d, m).map_err(iced)?;
                self.note_ref(r);
            }
            Inst::Load { dst, width, addr } => {
                let (m, r) = self.mem(f, addr)?;
                match width {
                    Width::U8 => {
                        let d = self.r32(f, *dst)?;
                        self.a.movzx(d, byte_ptr(m))
                    }
                    Width::S8 => {
                        let d = self.r64(f, *dst)?;
                        self.a.movsx(d, byte_ptr(m))
                    }
                    Width::U16 => {
                        let d = self.r32(f, *dst)?;
                        self.a.movzx(d, word_ptr(m))
                    }
                    Width::S16 => {
                        let d = self.r64(f, *dst)?;
                        self.a.movsx(d, word_ptr(m))
                    }
                    Width::U32 => {
                        let d = self.r32(f, *dst)?;
                        self.a.mov(d, dword_ptr(m))
                    }
                    Width::S32 => {
                        let d = self.r64(f, *dst)?;
                        self.a.movsxd(d, dword_ptr(m))
                    }
                    Width::Word => {
                        let d = self.r64(f, *dst)?;
                        self.a.mov(d, qword_ptr(m))
                    }
                    Width::Double => {
                        let d = self.xmm(f, *dst)?;
                        self.a.movsd_2(d, qword_ptr(m))
                    }
                }
                .map_err(iced)?;
                self.note_ref(r);
            }
            Inst::Store { width, addr, src } => {
                let (m, r) = self.mem(f, addr)?;
                match (width, src) {
                    (Width::U8 | Width::S8, Operand::Imm(n)) => self.a.mov(byte_ptr(m), *n),
                    (Width::U8 | Width::S8, Operand::Reg(s)) => {
                        let s = self.r8(f, *s)?;
                        self.a.mov(byte_ptr(m), s)
                    }
                    (Width::U16 | Width::S16, Operand::Imm(n)) => self.a.mov(word_ptr(m), *n),
                    (Width::U16 | Width::S16, Operand::Reg(s)) => {
                        let s = self.r16(f, *s)?;
                        self.a.mov(word_ptr(m), s)
                    }
                    (Width::U32 | Width::S32, Operand::Imm(n)) => self.a.mov(dword_ptr(m), *n),
                    (Width::U32 | Width::S32, Operand::Reg(s)) => {
                        let s = self.r32(f, *s)?;
                        self.a.mov(dword_ptr(m), s)
                    }
                    (Width::Word, Operand::Imm(n)) => self.a.mov(qword_ptr(m), *n),
                    (Width::Word, Operand::Reg(s)) => {
                        let s = self.r64(f, *s)?;
                        self.a.mov(qword_ptr(m), s)
                    }
                    (Width::Double, Operand::Reg(s)) => {
                        let s = self.xmm(f, *s)?;
                        self.a.movsd_2(qword_ptr(m), s)
                    }
                    (Width::Double, Operand::Imm(_)) => {
                        return Err("a float store of an immediate".into())
                    }
                }
                .map_err(iced)?;
                self.note_ref(r);
            }
            Inst::Binary { op, dst, src } => {
                let d = self.r64(f, *dst)?;
                match src {
                    Operand::Imm(n) => match op {
                        BinOp::Add => self.a.add(d, *n),
                        BinOp::Sub => self.a.sub(d, *n),
                        BinOp::And => self.a.and(d, *n),
                        BinOp::Or => self.a.or(d, *n),
                        BinOp::Xor => self.a.xor(d, *n),
                        BinOp::Mul => self.a.imul_3(d, d, *n),
                    },
                    Operand::Reg(s) => {
                        let s = self.r64(f, *s)?;
                        match op {
                            BinOp::Add => self.a.add(d, s),
                            BinOp::Sub => self.a.sub(d, s),
                            BinOp::And => self.a.and(d, s),
                            BinOp::Or => self.a.or(d, s),
                            BinOp::Xor => self.a.xor(d, s),
                            BinOp::Mul => self.a.imul_2(d, s),
                        }
                    }
                }
                .map_err(iced)?;
            }
            Inst::MulImm { dst, src, imm } => {
                let (d, s) = (self.r64(f, *dst)?, self.r64(f, *src)?);
                self.a.imul_3(d, s, *imm).map_err(iced)?;
            }
            Inst::Shift { op, dst, count } => {
                let d = self.r64(f, *dst)?;
                match (op, count) {
                    (ShiftOp::Shl, Some(n)) => self.a.shl(d, *n as u32),
                    (ShiftOp::Shr, Some(n)) => self.a.shr(d, *n as u32),
                    (ShiftOp::Sar, Some(n)) => self.a.sar(d, *n as u32),
                    (ShiftOp::Shl, None) => self.a.shl(d, cl),
                    (ShiftOp::Shr, None) => self.a.shr(d, cl),
                    (ShiftOp::Sar, None) => self.a.sar(d, cl),
                }
                .map_err(iced)?;
            }
            Inst::Cqo => self.a.cqo().map_err(iced)?,
            Inst::Div { divisor } => {
                let d = self.r64(f, *divisor)?;
                self.a.idiv(d).map_err(iced)?;
            }
            Inst::SetCmp { dst, cmp, a, b } => {
                self.emit_cmp(f, *a, b)?;
                let (d8, d32) = (self.r8(f, *dst)?, self.r32(f, *dst)?);
                setcc(&mut self.a, *cmp, d8)?;
                self.a.movzx(d32, d8).map_err(iced)?;
            }
            Inst::FloatBinary { op, dst, src } => {
                let (d, s) = (self.xmm(f, *dst)?, self.xmm(f, *src)?);
                match op {
                    FloatOp::Add => self.a.addsd(d, s),
                    FloatOp::Sub => self.a.subsd(d, s),
                    FloatOp::Mul => self.a.mulsd(d, s),
                    FloatOp::Div => self.a.divsd(d, s),
                }
                .map_err(iced)?;
            }
            Inst::FloatNeg { dst } | Inst::FloatAbs { dst } => {
                let d = self.xmm(f, *dst)?;
                let neg = matches!(inst, Inst::FloatNeg { .. });
                let mask: u64 = if neg { 1 << 63 } else { !(1 << 63) };
                let cached = if neg { self.sign_mask } else { self.abs_mask };
                let o = match cached {
                    Some(o) => o,
                    None => {
                        let mut bytes = mask.to_le_bytes().to_vec();
                        bytes.extend_from_slice(&mask.to_le_bytes());
                        let o = self.rodata_const(&bytes, 16);
                        if neg {
                            self.sign_mask = Some(o);
                        } else {
                            self.abs_mask = Some(o);
                        }
                        o
                    }
                };
                let (m, r) = self.rodata_operand(o);
                if neg {
                    self.a.xorpd(d, xmmword_ptr(m)).map_err(iced)?;
                } else {
                    self.a.andpd(d, xmmword_ptr(m)).map_err(iced)?;
                }
                self.note_ref(r);
            }
            Inst::IntToFloat { dst, src } => {
                let (d, s) = (self.xmm(f, *dst)?, self.r64(f, *src)?);
                self.a.cvtsi2sd(d, s).map_err(iced)?;
            }
            Inst::FloatToInt { dst, src } => {
                let (d, s) = (self.r64(f, *dst)?, self.xmm(f, *src)?);
                self.a.cvttsd2si(d, s).map_err(iced)?;
            }
            Inst::OutgoingArea { bytes } => {
                self.a.sub(rsp, *bytes as i32).map_err(iced)?;
                self.depth += bytes;
            }
            Inst::StoreOutgoing { index, src } => {
                let m = rsp + (8 * index) as i32;
                if f.class(*src) == RegClass::Float {
                    let s = self.xmm(f, *src)?;
                    self.a.movsd_2(qword_ptr(m), s).map_err(iced)?;
                } else {
                    let s = self.r64(f, *src)?;
                    self.a.mov(qword_ptr(m), s).map_err(iced)?;
                }
            }
            Inst::LoadIncoming { dst, index } => {
                let m = rsp + (self.depth + self.frame_size + 8 * index) as i32;
                if f.class(*dst) == RegClass::Float {
                    let d = self.xmm(f, *dst)?;
                    self.a.movsd_2(d, qword_ptr(m)).map_err(iced)?;
                } else {
                    let d = self.r64(f, *dst)?;
                    self.a.mov(d, qword_ptr(m)).map_err(iced)?;
                }
            }
            Inst::Call {
                kind,
                target,
                stack_bytes,
                ..
            } => {
                match target {
                    CallTarget::Symbol(s) => self.call_symbol(s)?,
                    CallTarget::Reg(r) => {
                        let r = self.r64(f, *r)?;
                        self.a.call(r).map_err(iced)?;
                    }
                }
                if *kind != CallKind::Direct {
                    let live = self.live_entries(Self::roots_at(alloc, b, i))?;
                    self.descriptors.push(PendingDescriptor {
                        call_inst: self.last_inst(),
                        frame_size: self.frame_size + self.depth,
                        alloc_bytes: 0,
                        live,
                    });
                }
                if *stack_bytes > 0 {
                    self.a.add(rsp, *stack_bytes as i32).map_err(iced)?;
                    self.depth -= stack_bytes;
                }
            }
            Inst::Alloc { dst, bytes } => {
                let (limit, r) = self.symbol_operand("flambeau_young_limit", 0);
                self.a.sub(r15, *bytes as i32).map_err(iced)?;
                self.a.cmp(r15, qword_ptr(limit)).map_err(iced)?;
                self.note_ref(r);
                let gc = self.a.create_label();
                let mut back = self.a.create_label();
                self.a.jb(gc).map_err(iced)?;
                let k = self.out_of_line.len();
                self.place(&mut back, Some(format!(".Lback{k}:")))?;
                let d = self.r64(f, *dst)?;
                self.a.lea(d, r15 + 8).map_err(iced)?;
                let live = self.live_entries(Self::roots_at(alloc, b, i))?;
                self.out_of_line.push(OutOfLine::Gc {
                    label: gc,
                    back,
                    frame_size: self.frame_size + self.depth,
                    alloc_bytes: *bytes,
                    live,
                });
            }
            Inst::PushTrap { handler, scratch } => {
                let s = self.r64(f, *scratch)?;
                let h = self.blocks[handler.index()];
                self.a.lea(s, ptr(h)).map_err(iced)?;
                self.a.push(s).map_err(iced)?;
                self.a.push(r14).map_err(iced)?;
                self.a.mov(r14, rsp).map_err(iced)?;
                self.depth += 16;
            }
            Inst::PopTrap => {
                self.a.pop(r14).map_err(iced)?;
                self.a.add(rsp, 8).map_err(iced)?;
                self.depth -= 16;
            }
            Inst::HandlerEntry => {}
            Inst::Checkbound { index, bound } => {
                let label = self.a.create_label();
                match (index, bound) {
                    (Operand::Reg(ix), _) => {
                        self.emit_cmp(f, *ix, bound)?;
                        self.a.jae(label).map_err(iced)?;
                    }
                    (Operand::Imm(n), Operand::Reg(bd)) => {
                        self.emit_cmp(f, *bd, &Operand::Imm(*n))?;
                        self.a.jbe(label).map_err(iced)?;
                    }
                    (Operand::Imm(_), Operand::Imm(_)) => {
                        return Err("checkbound of two constants".into())
                    }
                }
                self.out_of_line.push(OutOfLine::BoundError { label });
            }
        }
        Ok(())
    }

    /// `cmp a, b`, or `test a, a` against zero.
    fn emit_cmp(&mut self, f: &Function, a: VReg, b: &Operand) -> R<()> {
        let ra = self.r64(f, a)?;
        match b {
            Operand::Imm(0) => self.a.test(ra, ra),
            Operand::Imm(n) => self.a.cmp(ra, *n),
            Operand::Reg(r) => {
                let rb = self.r64(f, *r)?;
                self.a.cmp(ra, rb)
            }
        }
        .map_err(iced)
    }

    fn emit_term(&mut self, f: &Function, t: &Terminator, next: Option<BlockId>) -> R<()> {
        match t {
            Terminator::Jump(b) => {
                if Some(*b) != next {
                    self.a.jmp(self.blocks[b.index()]).map_err(iced)?;
                }
            }
            Terminator::Branch {
                cmp,
                a,
                b,
                ifso,
                ifnot,
            } => {
                self.emit_cmp(f, *a, b)?;
                self.branch(*cmp, *ifso, *ifnot, next)?;
            }
            Terminator::BranchFloat {
                cmp,
                a,
                b,
                ifso,
                ifnot,
            } => {
                let (xa, xb) = (self.xmm(f, *a)?, self.xmm(f, *b)?);
                let (swap, cond) = float_condition(*cmp);
                if swap {
                    self.a.ucomisd(xb, xa).map_err(iced)?;
                } else {
                    self.a.ucomisd(xa, xb).map_err(iced)?;
                }
                let (so, not) = (self.blocks[ifso.index()], self.blocks[ifnot.index()]);
                match cmp {
                    // Equal: ZF set and not unordered (PF clear).
                    FloatCmp::Eq => {
                        self.a.jp(not).map_err(iced)?;
                        self.branch(IntCmp::Eq, *ifso, *ifnot, next)?;
                    }
                    FloatCmp::Neq => {
                        self.a.jp(so).map_err(iced)?;
                        self.branch(IntCmp::Ne, *ifso, *ifnot, next)?;
                    }
                    _ => self.branch(cond, *ifso, *ifnot, next)?,
                }
            }
            Terminator::Return { .. } => {
                if self.frame_size > 8 {
                    self.a
                        .add(rsp, (self.frame_size - 8) as i32)
                        .map_err(iced)?;
                }
                self.a.ret().map_err(iced)?;
            }
            // A function that calls itself in tail position jumps back to
            // its first block, keeping its frame: a loop.
            Terminator::TailCall {
                target: CallTarget::Symbol(s),
                ..
            } if *s == f.name => {
                self.a.jmp(self.blocks[f.entry.index()]).map_err(iced)?;
            }
            Terminator::TailCall { target, .. } => {
                if self.frame_size > 8 {
                    self.a
                        .add(rsp, (self.frame_size - 8) as i32)
                        .map_err(iced)?;
                }
                match target {
                    CallTarget::Symbol(s) => self.jump_symbol(s)?,
                    CallTarget::Reg(r) => {
                        let r = self.r64(f, *r)?;
                        self.a.jmp(r).map_err(iced)?;
                    }
                }
            }
            Terminator::Raise => {
                self.a.mov(rsp, r14).map_err(iced)?;
                self.a.pop(r14).map_err(iced)?;
                self.a.ret().map_err(iced)?;
            }
        }
        Ok(())
    }

    /// The jumps after a comparison: one if a target is the next block.
    fn branch(
        &mut self,
        cmp: IntCmp,
        ifso: BlockId,
        ifnot: BlockId,
        next: Option<BlockId>,
    ) -> R<()> {
        let (so, not) = (self.blocks[ifso.index()], self.blocks[ifnot.index()]);
        if Some(ifnot) == next {
            jcc(&mut self.a, cmp, so)
        } else if Some(ifso) == next {
            jcc(&mut self.a, cmp.negate(), not)
        } else {
            jcc(&mut self.a, cmp, so)?;
            self.a.jmp(not).map_err(iced)
        }
    }
}

/// Emits a whole allocated unit: its code, constants, data, frame table
/// and global roots.
pub fn emit_unit(unit: &Unit) -> R<ObjectCode> {
    let mut a = CodeAssembler::new(64).map_err(iced)?;
    let mut functions = HashMap::new();
    for f in &unit.functions {
        if functions
            .insert(f.name.as_str(), a.create_label())
            .is_some()
        {
            return Err(format!("function {} is defined twice", f.name));
        }
    }
    let mut e = Emitter {
        a,
        functions,
        placeholders: HashMap::new(),
        refs: Vec::new(),
        descriptors: Vec::new(),
        rodata: Vec::new(),
        floats: HashMap::new(),
        sign_mask: None,
        abs_mask: None,
        names: Vec::new(),
        blocks: Vec::new(),
        frame_size: 0,
        depth: 0,
        out_of_line: Vec::new(),
    };
    for f in &unit.functions {
        e.emit_function(f)
            .map_err(|m| format!("in function {}: {m}", f.name))?;
    }
    // The placeholders: zero bytes after all the code.
    let mut placeholders: Vec<(RelocTarget, CodeLabel)> = e.placeholders.drain().collect();
    placeholders.sort_by_key(|(t, _)| format!("{t:?}"));
    for (_, mut l) in placeholders {
        e.place(&mut l, None)?;
    }
    e.a.zero_bytes().map_err(iced)?;
    let result =
        e.a.assemble_options(
            0,
            BlockEncoderOptions::RETURN_NEW_INSTRUCTION_OFFSETS
                | BlockEncoderOptions::RETURN_CONSTANT_OFFSETS,
        )
        .map_err(iced)?;
    let inner = &result.inner;
    let offset_of = |i: usize| -> R<u64> {
        match inner.new_instruction_offsets.get(i) {
            Some(&o) if o != u32::MAX => Ok(o as u64),
            _ => Err(format!("instruction {i} has no offset")),
        }
    };
    let mut text = Section {
        bytes: inner.code_buffer.clone(),
        relocs: Vec::new(),
    };
    for r in &e.refs {
        let start = offset_of(r.inst)?;
        let (offset, addend) = match r.kind {
            RelocKind::Call => (start + 1, r.addend - 4),
            _ => {
                let c = inner
                    .constant_offsets
                    .get(r.inst)
                    .ok_or("no constant offsets")?;
                if c.displacement_size() != 4 {
                    return Err("a rip-relative operand without a 32-bit displacement".into());
                }
                let at = start + c.displacement_offset() as u64;
                let end = offset_of(r.inst + 1)?;
                (at, r.addend + at as i64 - end as i64)
            }
        };
        text.relocs.push(Reloc {
            offset,
            kind: r.kind,
            target: r.target.clone(),
            addend,
        });
    }
    let mut symbols = Vec::new();
    for f in &unit.functions {
        let l = e.functions[f.name.as_str()];
        let at = result.label_ip(&l).map_err(iced)?;
        symbols.push(SymbolDef {
            name: f.name.clone(),
            section: SectionId::Text,
            offset: at,
            global: false,
            function: true,
        });
        if f.name == unit.entry {
            symbols.push(SymbolDef {
                name: "flambeau_entry".into(),
                section: SectionId::Text,
                offset: at,
                global: true,
                function: true,
            });
        }
    }
    for (name, at) in [
        ("flambeau_code_begin", 0),
        ("flambeau_code_end", inner.code_buffer.len() as u64),
    ] {
        symbols.push(SymbolDef {
            name: name.into(),
            section: SectionId::Text,
            offset: at,
            global: true,
            function: false,
        });
    }
    let mut descriptors = Vec::new();
    for d in &e.descriptors {
        descriptors.push((offset_of(d.call_inst + 1)?, d));
    }
    let mut data = Section::default();
    lay_out_data(&unit.data, &mut data, &mut symbols)?;
    frame_table(&descriptors, &mut data, &mut symbols)?;
    global_roots(&unit.data, &mut data, &mut symbols);
    let mut names: HashMap<u64, Vec<String>> = HashMap::new();
    for (i, n) in &e.names {
        names.entry(offset_of(*i)?).or_default().push(n.clone());
    }
    let listing = super::listing::listing(&text, &names, &e.rodata)?;
    Ok(ObjectCode {
        text,
        rodata: Section {
            bytes: e.rodata,
            relocs: Vec::new(),
        },
        data,
        symbols,
        listing,
    })
}

fn align(s: &mut Section, n: usize) {
    while s.bytes.len() % n.max(1) != 0 {
        s.bytes.push(0);
    }
}

/// Cmm's data items, laid out as the Cmm interpreter lays them out.
fn lay_out_data(
    phrases: &[Vec<DataItem>],
    data: &mut Section,
    symbols: &mut Vec<SymbolDef>,
) -> R<()> {
    let mut defined = HashSet::new();
    for items in phrases {
        align(data, 8);
        for item in items {
            match item {
                DataItem::DefineSymbol(s) => {
                    if !defined.insert(s.clone()) {
                        return Err(format!("symbol {s} is defined twice"));
                    }
                    symbols.push(SymbolDef {
                        name: s.clone(),
                        section: SectionId::Data,
                        offset: data.bytes.len() as u64,
                        global: false,
                        function: false,
                    });
                }
                // Every symbol of the program stays local to its object:
                // a program is one unit, and local names cannot clash with
                // the runtime's.
                DataItem::GlobalSymbol(_) => {}
                DataItem::Int8(n) => data.bytes.push(*n as u8),
                DataItem::Int16(n) => data.bytes.extend_from_slice(&(*n as u16).to_le_bytes()),
                DataItem::Int32(n) => data.bytes.extend_from_slice(&(*n as u32).to_le_bytes()),
                DataItem::Int(n) => data.bytes.extend_from_slice(&n.to_le_bytes()),
                DataItem::Double(x) => data.bytes.extend_from_slice(&x.to_bits().to_le_bytes()),
                DataItem::SymbolAddress(s) => {
                    data.relocs.push(Reloc {
                        offset: data.bytes.len() as u64,
                        kind: RelocKind::Abs64,
                        target: RelocTarget::Symbol(s.clone()),
                        addend: 0,
                    });
                    data.bytes.extend_from_slice(&[0; 8]);
                }
                DataItem::String(bytes) => data.bytes.extend_from_slice(bytes),
                DataItem::Skip(n) => data.bytes.resize(data.bytes.len() + n, 0),
                DataItem::Align(n) => align(data, *n),
            }
        }
    }
    Ok(())
}

/// `flambeau_frametable`: the number of descriptors, then each one.
fn frame_table(
    descriptors: &[(u64, &PendingDescriptor)],
    data: &mut Section,
    symbols: &mut Vec<SymbolDef>,
) -> R<()> {
    align(data, 8);
    symbols.push(SymbolDef {
        name: "flambeau_frametable".into(),
        section: SectionId::Data,
        offset: data.bytes.len() as u64,
        global: true,
        function: false,
    });
    data.bytes
        .extend_from_slice(&(descriptors.len() as u64).to_le_bytes());
    for (ret, d) in descriptors {
        data.relocs.push(Reloc {
            offset: data.bytes.len() as u64,
            kind: RelocKind::Abs64,
            target: RelocTarget::Section(SectionId::Text, *ret),
            addend: 0,
        });
        data.bytes.extend_from_slice(&[0; 8]);
        let frame = u16::try_from(d.frame_size).map_err(|_| "frame too large")?;
        let bytes = u16::try_from(d.alloc_bytes).map_err(|_| "allocation too large")?;
        let n = u16::try_from(d.live.len()).map_err(|_| "too many live values")?;
        for w in [frame, bytes, n].iter().chain(&d.live) {
            data.bytes.extend_from_slice(&w.to_le_bytes());
        }
        align(data, 8);
    }
    Ok(())
}

/// `flambeau_globals`: every static block that may hold a pointer into
/// the heap. Cmm does not say which blocks a program fills in at run time,
/// so every structured static block is listed (those with tags from
/// `No_scan_tag` up hold no pointers, and a symbol after an `Infix` header
/// is inside another block).
fn global_roots(phrases: &[Vec<DataItem>], data: &mut Section, symbols: &mut Vec<SymbolDef>) {
    align(data, 8);
    symbols.push(SymbolDef {
        name: "flambeau_globals".into(),
        section: SectionId::Data,
        offset: data.bytes.len() as u64,
        global: true,
        function: false,
    });
    for items in phrases {
        for pair in items.windows(2) {
            if let [DataItem::Int(header), DataItem::DefineSymbol(s)] = pair {
                let tag = (header & 0xff) as u8;
                let wosize = (*header as u64) >> 10;
                if tag < 251 && tag != 249 && wosize > 0 {
                    data.relocs.push(Reloc {
                        offset: data.bytes.len() as u64,
                        kind: RelocKind::Abs64,
                        target: RelocTarget::Symbol(s.clone()),
                        addend: 0,
                    });
                    data.bytes.extend_from_slice(&[0; 8]);
                }
            }
        }
    }
    data.bytes.extend_from_slice(&[0; 8]);
}

/// The order of the blocks in memory: a reverse postorder from the entry,
/// which puts each block after one of its predecessors, and the `then`
/// arm of a branch right after the test (so it falls through); then the
/// exception handlers, which only a raise reaches, out of the way.
fn layout(f: &Function) -> Vec<usize> {
    let n = f.blocks.len();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let roots = std::iter::once(f.entry.index()).chain(0..n);
    for root in roots {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut postorder = Vec::new();
        let mut stack = vec![(root, 0usize)];
        while let Some((b, i)) = stack.pop() {
            // Successors in reverse, so that the first is placed first.
            let succs: Vec<usize> = f.blocks[b]
                .term
                .successors()
                .iter()
                .rev()
                .map(|s| s.index())
                .collect();
            if let Some(&s) = succs.get(i) {
                stack.push((b, i + 1));
                if !seen[s] {
                    seen[s] = true;
                    stack.push((s, 0));
                }
            } else {
                postorder.push(b);
            }
        }
        order.extend(postorder.into_iter().rev());
    }
    order
}

impl crate::driver::ir::Ir for ObjectCode {
    fn kind(&self) -> &'static str {
        "object"
    }

    /// The assembly listing (`flambeau dump asm`, `build --emit asm`).
    fn print(&self) -> String {
        self.listing.clone()
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any> {
        self
    }
}

fn emit_pass(
    _: &mut crate::driver::pass::PassContext,
    ir: Box<dyn crate::driver::ir::Ir>,
) -> Result<crate::driver::pass::PassOutput, Vec<crate::diagnostics::Diagnostic>> {
    let unit: Unit = crate::driver::ir::expect_ir(ir, "emit").map_err(super::internal)?;
    let code = emit_unit(&unit).map_err(super::internal)?;
    Ok(crate::driver::pass::PassOutput::new(code))
}

/// Emission: machine code, data and frame table (`flambeau dump asm`).
pub const EMIT: crate::driver::pass::Pass = crate::driver::pass::Pass {
    dump_as: Some("asm"),
    ..crate::driver::pass::Pass::new("emit", "mach", "object", emit_pass)
};
