//! The machine IR as text: one instruction per line, in blocks, with the
//! location of every register once it has one.

use super::mach::*;
use crate::cmm;
use std::fmt::{self, Write};

struct Printer<'f> {
    f: &'f Function,
}

impl Printer<'_> {
    fn reg(&self, r: VReg) -> String {
        if let Some(p) = r.as_phys() {
            return p.name();
        }
        let info = self.f.regs.get(r.index());
        let mut s = match info.and_then(|i| i.name.as_deref()) {
            Some(name) => format!("{name}%{}", r.0),
            None => format!("%{}", r.0),
        };
        if let Some(alloc) = &self.f.allocation {
            match alloc.locs.get(r.index()).copied().flatten() {
                Some(Loc::Reg(p)) => write!(s, "[{}]", p.name()).ok(),
                Some(Loc::Stack(n)) => write!(s, "[s{n}]").ok(),
                None => None,
            };
        }
        s
    }

    fn operand(&self, o: &Operand) -> String {
        match o {
            Operand::Reg(r) => self.reg(*r),
            Operand::Imm(n) => n.to_string(),
        }
    }

    fn address(&self, a: &Address) -> String {
        match a {
            Address::Symbol { name, disp } => match disp {
                0 => format!("[\"{name}\"]"),
                d => format!("[\"{name}\" {d:+}]"),
            },
            Address::Regs { base, index, disp } => {
                let mut parts = Vec::new();
                if let Some(b) = base {
                    parts.push(self.reg(*b));
                }
                if let Some((i, s)) = index {
                    parts.push(match s {
                        1 => self.reg(*i),
                        s => format!("{}*{s}", self.reg(*i)),
                    });
                }
                let mut s = format!("[{}", parts.join(" + "));
                if *disp != 0 || parts.is_empty() {
                    if parts.is_empty() {
                        write!(s, "{disp}").ok();
                    } else {
                        write!(
                            s,
                            " {} {}",
                            if *disp < 0 { '-' } else { '+' },
                            disp.unsigned_abs()
                        )
                        .ok();
                    }
                }
                s.push(']');
                s
            }
        }
    }

    fn regs(&self, rs: &[VReg]) -> String {
        let names: Vec<String> = rs.iter().map(|r| self.reg(*r)).collect();
        format!("({})", names.join(" "))
    }

    fn target(&self, t: &CallTarget) -> String {
        match t {
            CallTarget::Symbol(s) => format!("\"{s}\""),
            CallTarget::Reg(r) => self.reg(*r),
        }
    }

    fn inst(&self, i: &Inst) -> String {
        match i {
            Inst::Move { dst, src } => format!("{} := {}", self.reg(*dst), self.reg(*src)),
            Inst::Const { dst, value } => format!("{} := {value}", self.reg(*dst)),
            Inst::ConstFloat { dst, value } => {
                format!(
                    "{} := {}",
                    self.reg(*dst),
                    cmm::print::float_literal(*value)
                )
            }
            Inst::Symbol { dst, name } => format!("{} := \"{name}\"", self.reg(*dst)),
            Inst::Lea { dst, addr } => format!("{} := lea {}", self.reg(*dst), self.address(addr)),
            Inst::Load { dst, width, addr } => {
                format!(
                    "{} := load.{} {}",
                    self.reg(*dst),
                    width_name(*width),
                    self.address(addr)
                )
            }
            Inst::Store { width, addr, src } => format!(
                "store.{} {} := {}",
                width_name(*width),
                self.address(addr),
                self.operand(src)
            ),
            Inst::Binary { op, dst, src } => {
                let o = match op {
                    BinOp::Add => "+=",
                    BinOp::Sub => "-=",
                    BinOp::And => "&=",
                    BinOp::Or => "|=",
                    BinOp::Xor => "^=",
                    BinOp::Mul => "*=",
                };
                format!("{} {o} {}", self.reg(*dst), self.operand(src))
            }
            Inst::MulImm { dst, src, imm } => {
                format!("{} := {} * {imm}", self.reg(*dst), self.reg(*src))
            }
            Inst::Shift { op, dst, count } => {
                let o = match op {
                    ShiftOp::Shl => "<<=",
                    ShiftOp::Shr => ">>u=",
                    ShiftOp::Sar => ">>s=",
                };
                let c = match count {
                    Some(n) => n.to_string(),
                    None => "rcx".into(),
                };
                format!("{} {o} {c}", self.reg(*dst))
            }
            Inst::Cqo => "cqo".into(),
            Inst::Div { divisor } => format!("idiv {}", self.reg(*divisor)),
            Inst::SetCmp { dst, cmp, a, b } => format!(
                "{} := {} {cmp} {}",
                self.reg(*dst),
                self.reg(*a),
                self.operand(b)
            ),
            Inst::FloatBinary { op, dst, src } => {
                let o = match op {
                    FloatOp::Add => "+.=",
                    FloatOp::Sub => "-.=",
                    FloatOp::Mul => "*.=",
                    FloatOp::Div => "/.=",
                };
                format!("{} {o} {}", self.reg(*dst), self.reg(*src))
            }
            Inst::FloatNeg { dst } => format!("{0} := -. {0}", self.reg(*dst)),
            Inst::FloatAbs { dst } => format!("{0} := absf {0}", self.reg(*dst)),
            Inst::IntToFloat { dst, src } => {
                format!("{} := floatofint {}", self.reg(*dst), self.reg(*src))
            }
            Inst::FloatToInt { dst, src } => {
                format!("{} := intoffloat {}", self.reg(*dst), self.reg(*src))
            }
            Inst::OutgoingArea { bytes } => format!("reserve {bytes}"),
            Inst::StoreOutgoing { index, src } => {
                format!("outgoing[{index}] := {}", self.reg(*src))
            }
            Inst::LoadIncoming { dst, index } => {
                format!("{} := incoming[{index}]", self.reg(*dst))
            }
            Inst::Call {
                kind,
                target,
                args,
                results,
                ..
            } => {
                let k = match kind {
                    CallKind::Ocaml => "call",
                    CallKind::CCall => "c_call",
                    CallKind::Direct => "call_direct",
                };
                let mut s = format!("{k} {} {}", self.target(target), self.regs(args));
                if !results.is_empty() {
                    write!(s, " -> {}", self.regs(results)).ok();
                }
                s
            }
            Inst::Alloc { dst, bytes } => format!("{} := alloc {bytes}", self.reg(*dst)),
            Inst::PushTrap { handler, .. } => format!("push_trap L{}", handler.0),
            Inst::PopTrap => "pop_trap".into(),
            Inst::HandlerEntry => "handler_entry".into(),
            Inst::Checkbound { index, bound } => {
                format!(
                    "checkbound {} <u {}",
                    self.operand(index),
                    self.operand(bound)
                )
            }
        }
    }

    fn terminator(&self, t: &Terminator) -> String {
        match t {
            Terminator::Jump(b) => format!("goto L{}", b.0),
            Terminator::Branch {
                cmp,
                a,
                b,
                ifso,
                ifnot,
            } => format!(
                "if {} {cmp} {} goto L{} else L{}",
                self.reg(*a),
                self.operand(b),
                ifso.0,
                ifnot.0
            ),
            Terminator::BranchFloat {
                cmp,
                a,
                b,
                ifso,
                ifnot,
            } => format!(
                "if {} {cmp} {} goto L{} else L{}",
                self.reg(*a),
                self.reg(*b),
                ifso.0,
                ifnot.0
            ),
            Terminator::Return { results } => format!("return {}", self.regs(results)),
            Terminator::TailCall { target, args } => {
                format!("tailcall {} {}", self.target(target), self.regs(args))
            }
            Terminator::Raise => "raise rax".into(),
        }
    }

    fn live(&self, b: usize, i: usize) -> Option<String> {
        let alloc = self.f.allocation.as_ref()?;
        let roots = alloc
            .gc_roots
            .iter()
            .find(|g| g.block.index() == b && g.inst == i)?;
        let names: Vec<String> = roots
            .live
            .iter()
            .map(|l| match l {
                Loc::Reg(p) => p.name(),
                Loc::Stack(n) => format!("s{n}"),
            })
            .collect();
        Some(format!("{{{}}}", names.join(" ")))
    }
}

fn width_name(w: Width) -> &'static str {
    match w {
        Width::U8 => "u8",
        Width::S8 => "s8",
        Width::U16 => "u16",
        Width::S16 => "s16",
        Width::U32 => "u32",
        Width::S32 => "s32",
        Width::Word => "w",
        Width::Double => "f64",
    }
}

impl fmt::Display for Function {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = Printer { f: self };
        write!(out, "function {}", self.name)?;
        if let Some(a) = &self.allocation {
            write!(out, " (frame {}, {} slots)", a.frame_size, a.num_slots)?;
        }
        writeln!(out)?;
        for (bi, b) in self.blocks.iter().enumerate() {
            let mut notes = Vec::new();
            if b.trap_depth > 0 {
                notes.push(format!("traps {}", b.trap_depth));
            }
            if let Some(h) = b.handler {
                notes.push(format!("handler L{}", h.0));
            }
            if b.loop_depth > 0 {
                notes.push(format!("loop {}", b.loop_depth));
            }
            if notes.is_empty() {
                writeln!(out, "L{bi}:")?;
            } else {
                writeln!(out, "L{bi}: ({})", notes.join(", "))?;
            }
            for (ii, inst) in b.insts.iter().enumerate() {
                match p.live(bi, ii) {
                    Some(live) => writeln!(out, "  {}  live {live}", p.inst(inst))?,
                    None => writeln!(out, "  {}", p.inst(inst))?,
                }
            }
            writeln!(out, "  {}", p.terminator(&b.term))?;
        }
        Ok(())
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        for f in &self.functions {
            writeln!(out, "{f}")?;
        }
        let data = cmm::Program {
            phrases: self.data.iter().cloned().map(cmm::Phrase::Data).collect(),
        };
        write!(out, "{data}")?;
        writeln!(out, "entry {}", self.entry)
    }
}
