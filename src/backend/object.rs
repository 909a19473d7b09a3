//! The ELF relocatable object, written with the `object` crate.

use super::emit::{ObjectCode, RelocKind, RelocTarget, SectionId};
use object::write::{Object, Relocation, StandardSection, Symbol, SymbolId, SymbolSection};
use object::{
    elf, Architecture, BinaryFormat, Endianness, RelocationFlags, SectionKind, SymbolFlags,
    SymbolKind, SymbolScope,
};
use std::collections::HashMap;

/// The bytes of an ELF x86-64 relocatable object holding `code`.
pub fn write_object(code: &ObjectCode) -> Result<Vec<u8>, String> {
    let mut obj = Object::new(BinaryFormat::Elf, Architecture::X86_64, Endianness::Little);
    let text = obj.section_id(StandardSection::Text);
    let rodata = obj.section_id(StandardSection::ReadOnlyData);
    let data = obj.section_id(StandardSection::Data);
    obj.set_section_data(text, code.text.bytes.clone(), 16);
    obj.set_section_data(rodata, code.rodata.bytes.clone(), 16);
    obj.set_section_data(data, code.data.bytes.clone(), 8);
    // No executable stack: the linker warns (or worse) without this note.
    obj.add_section(Vec::new(), b".note.GNU-stack".to_vec(), SectionKind::Other);
    let section_of = |s: SectionId| match s {
        SectionId::Text => text,
        SectionId::Rodata => rodata,
        SectionId::Data => data,
    };
    let mut ids: HashMap<String, SymbolId> = HashMap::new();
    for s in &code.symbols {
        let id = obj.add_symbol(Symbol {
            name: s.name.as_bytes().to_vec(),
            value: s.offset,
            size: 0,
            kind: if s.function {
                SymbolKind::Text
            } else {
                SymbolKind::Data
            },
            scope: if s.global {
                SymbolScope::Linkage
            } else {
                SymbolScope::Compilation
            },
            weak: false,
            section: SymbolSection::Section(section_of(s.section)),
            flags: SymbolFlags::None,
        });
        ids.insert(s.name.clone(), id);
    }
    for (section, relocs) in [
        (text, &code.text.relocs),
        (rodata, &code.rodata.relocs),
        (data, &code.data.relocs),
    ] {
        for r in relocs {
            let (symbol, addend) = match &r.target {
                RelocTarget::Symbol(name) => {
                    let id = match ids.get(name) {
                        Some(id) => *id,
                        None => {
                            let id = obj.add_symbol(Symbol {
                                name: name.as_bytes().to_vec(),
                                value: 0,
                                size: 0,
                                kind: SymbolKind::Unknown,
                                scope: SymbolScope::Unknown,
                                weak: false,
                                section: SymbolSection::Undefined,
                                flags: SymbolFlags::None,
                            });
                            ids.insert(name.clone(), id);
                            id
                        }
                    };
                    (id, r.addend)
                }
                RelocTarget::Section(s, offset) => (
                    obj.section_symbol(section_of(*s)),
                    r.addend + *offset as i64,
                ),
            };
            let r_type = match r.kind {
                RelocKind::Call => elf::R_X86_64_PLT32,
                RelocKind::Pc32 => elf::R_X86_64_PC32,
                RelocKind::Abs64 => elf::R_X86_64_64,
            };
            obj.add_relocation(
                section,
                Relocation {
                    offset: r.offset,
                    symbol,
                    addend,
                    flags: RelocationFlags::Elf { r_type },
                },
            )
            .map_err(|e| format!("relocation: {e}"))?;
        }
    }
    obj.write().map_err(|e| format!("writing the object: {e}"))
}
