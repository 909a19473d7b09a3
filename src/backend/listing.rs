//! The assembly listing: the emitted bytes decoded again and printed in
//! Intel syntax, with the labels of functions and blocks, and the symbols
//! that relocations will fill in.

use super::emit::{RelocTarget, Section, SectionId};
use iced_x86::{
    Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter, NumberBase, OpKind,
    SymbolResolver, SymbolResult,
};
use std::collections::HashMap;

struct Symbols {
    /// Relocated operands: the offset of the patched bytes, and the name.
    relocs: HashMap<u64, String>,
    /// Labels by address, for branch targets.
    labels: HashMap<u64, String>,
}

impl SymbolResolver for Symbols {
    fn symbol(
        &mut self,
        instruction: &Instruction,
        _operand: u32,
        instruction_operand: Option<u32>,
        address: u64,
        _address_size: u32,
    ) -> Option<SymbolResult<'_>> {
        // Only branch targets and `rip`-relative operands are addresses;
        // other displacements and immediates are numbers.
        let kind = instruction.op_kind(instruction_operand?);
        let is_address = match kind {
            OpKind::NearBranch64 => true,
            OpKind::Memory => instruction.is_ip_rel_memory_operand(),
            _ => false,
        };
        if !is_address {
            return None;
        }
        let (start, end) = (instruction.ip(), instruction.next_ip());
        if let Some(name) = (start..end).find_map(|o| self.relocs.get(&o)) {
            return Some(SymbolResult::with_string(address, name.clone()));
        }
        self.labels
            .get(&address)
            .map(|n| SymbolResult::with_string(address, n.clone()))
    }
}

fn target_name(t: &RelocTarget, rodata: &[u8]) -> String {
    match t {
        RelocTarget::Symbol(s) => s.clone(),
        RelocTarget::Section(SectionId::Rodata, o) => {
            let o = *o as usize;
            match rodata.get(o..o + 8) {
                Some(b) if o % 16 != 0 || rodata.len() < o + 16 => {
                    let mut w = [0u8; 8];
                    w.copy_from_slice(b);
                    format!(
                        "float({})",
                        crate::cmm::print::float_literal(f64::from_bits(u64::from_le_bytes(w)))
                    )
                }
                _ => format!(".Lrodata+{o}"),
            }
        }
        RelocTarget::Section(s, o) => format!("{s:?}+{o}"),
    }
}

/// Decodes `text` and prints it, one instruction a line, each line
/// starting with its offset; `names` gives the labels at each offset.
pub fn listing(
    text: &Section,
    names: &HashMap<u64, Vec<String>>,
    rodata: &[u8],
) -> Result<String, String> {
    let relocs = text
        .relocs
        .iter()
        .map(|r| (r.offset, target_name(&r.target, rodata)))
        .collect();
    let labels = names
        .iter()
        .filter_map(|(o, ns)| {
            // A function's name, if one starts here; else the last label.
            ns.iter()
                .find(|n| !n.starts_with('.'))
                .or(ns.last())
                .map(|n| (*o, n.trim_end_matches(':').to_string()))
        })
        .collect();
    let mut formatter =
        IntelFormatter::with_options(Some(Box::new(Symbols { relocs, labels })), None);
    formatter
        .options_mut()
        .set_space_after_operand_separator(true);
    formatter.options_mut().set_rip_relative_addresses(false);
    formatter.options_mut().set_number_base(NumberBase::Decimal);
    formatter.options_mut().set_signed_immediate_operands(true);
    let mut decoder = Decoder::with_ip(64, &text.bytes, 0, DecoderOptions::NONE);
    let mut out = String::new();
    let mut line = String::new();
    let mut instruction = Instruction::default();
    while decoder.can_decode() {
        decoder.decode_out(&mut instruction);
        if instruction.is_invalid() {
            return Err(format!("undecodable bytes at {:#x}", instruction.ip()));
        }
        if let Some(ns) = names.get(&instruction.ip()) {
            for n in ns {
                if !n.starts_with('.') {
                    out.push('\n');
                }
                out.push_str(n);
                out.push('\n');
            }
        }
        line.clear();
        formatter.format(&instruction, &mut line);
        out.push_str(&format!("  {:6x}  {line}\n", instruction.ip()));
    }
    Ok(out)
}
