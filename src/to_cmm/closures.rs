//! Sets of closures in Cmm: their slots get word offsets (by the greedy
//! assignment of `slot_offsets.rs`, over every set of the unit at once),
//! then each set becomes one block, allocated at run time with `alloc`, or
//! laid out as static data when it has no value slot left.

use std::collections::BTreeMap;

use super::occurrences::Analysis;
use super::prims::SlotOffsets;
use super::slot_offsets::{
    assign_offsets, Input, Layout, LayoutSlot, Offsets, SetOfClosures as SlotSet, ValueKind,
};
use crate::cmm::helpers::{black_block_header, infix_header};
use crate::cmm::DataItem;
use crate::cps::ids::{CodeId, FunctionSlot, ValueSlot};
use crate::cps::kinds::Kind;
use crate::cps::terms::{Code, SetOfClosures, Simple};

/// The offsets of every slot of the unit.
pub struct ClosureOffsets {
    offsets: Offsets<FunctionSlot, ValueSlot>,
    arities: BTreeMap<CodeId, u32>,
}

impl SlotOffsets for ClosureOffsets {
    fn function_slot(&self, slot: FunctionSlot) -> Option<usize> {
        self.offsets.function_slot_offset(slot)
    }

    fn value_slot(&self, slot: ValueSlot) -> Option<usize> {
        self.offsets.value_slot_offset(slot)
    }
}

/// One word of a closure block, before it becomes data or an argument of
/// `alloc`.
#[derive(Clone, Debug, PartialEq)]
pub enum Word<'a> {
    Int(i64),
    /// The address of a function.
    Code(String),
    /// The contents of a value slot.
    Value(&'a Simple),
}

/// The entry points of a function slot: its first word (the code itself
/// for one parameter, else the currying function for its arity) and, for
/// several parameters, the code for a full application.
pub fn entry_points(code_symbol: String, arity: u32) -> (String, Option<String>) {
    if arity <= 1 {
        (code_symbol, None)
    } else {
        (format!("caml_curry{arity}"), Some(code_symbol))
    }
}

impl ClosureOffsets {
    /// Chooses the offsets for all the sets `analysis` found. Value slots
    /// that no projection reads are dropped.
    pub fn compute(
        analysis: &Analysis,
        code: &BTreeMap<CodeId, Code>,
    ) -> Result<ClosureOffsets, String> {
        let arities: BTreeMap<CodeId, u32> = code
            .iter()
            .map(|(id, c)| (*id, c.params.len() as u32))
            .collect();
        let sets = analysis
            .sets
            .iter()
            .map(|set| SlotSet {
                function_slots: set
                    .functions
                    .iter()
                    .map(|(slot, code)| (*slot, arities.get(code).copied().unwrap_or(1)))
                    .collect(),
                value_slots: set
                    .value_slots
                    .iter()
                    .map(|(slot, value)| (*slot, value_kind(analysis, value)))
                    .collect(),
            })
            .collect();
        let mut input = Input::new(sets);
        input.used_value_slots = Some(analysis.used_value_slots.clone());
        let offsets = assign_offsets(&input).map_err(|e| e.message)?;
        Ok(ClosureOffsets { offsets, arities })
    }

    pub fn arity(&self, code: CodeId) -> u32 {
        self.arities.get(&code).copied().unwrap_or(1)
    }

    /// The block of one set of closures.
    pub fn layout(&self, set: &SetOfClosures) -> Result<Layout<FunctionSlot, ValueSlot>, String> {
        let slots = SlotSet {
            function_slots: set
                .functions
                .iter()
                .map(|(slot, code)| (*slot, self.arity(*code)))
                .collect(),
            value_slots: set
                .value_slots
                .iter()
                .filter_map(|(slot, _)| self.offsets.value_slots.get(slot).map(|o| (*slot, o.kind)))
                .collect(),
        };
        self.offsets.layout(&slots).map_err(|e| e.message)
    }
}

/// Unboxed slots hold naked numbers, which the GC must never scan.
fn value_kind(analysis: &Analysis, value: &Simple) -> ValueKind {
    let kind = match value {
        Simple::Var(v) => analysis.kind(*v),
        Simple::Symbol(_) => Kind::Value,
        Simple::Const(c) => c.kind(),
    };
    if kind == Kind::Value {
        ValueKind::Scanned
    } else {
        ValueKind::Unboxed
    }
}

/// The words of the block of `set`, laid out as `layout` says, after the
/// header. `code_symbol` names the code of a function slot.
pub fn words<'a>(
    layout: &Layout<FunctionSlot, ValueSlot>,
    set: &'a SetOfClosures,
    code_symbol: &dyn Fn(CodeId) -> String,
) -> Result<Vec<(usize, Word<'a>)>, String> {
    let mut words = Vec::new();
    for (offset, slot) in &layout.slots {
        let offset = *offset;
        match slot {
            LayoutSlot::Function { slot, arity, last } => {
                let Some((_, code)) = set.functions.iter().find(|(f, _)| f == slot) else {
                    return Err(format!("function slot {slot:?} is not in its set"));
                };
                let (first, full) = entry_points(code_symbol(*code), *arity);
                words.push((offset, Word::Code(first)));
                words.push((
                    offset + 1,
                    Word::Int(layout.closure_info(offset, *arity, *last)),
                ));
                if let Some(full) = full {
                    words.push((offset + 2, Word::Code(full)));
                }
            }
            LayoutSlot::DummyFunction { last } => {
                words.push((offset, Word::Int(1)));
                words.push((offset + 1, Word::Int(layout.closure_info(offset, 0, *last))));
            }
            LayoutSlot::InfixHeader => words.push((offset, Word::Int(infix_header(offset + 1)))),
            LayoutSlot::Value { slot, .. } => {
                let Some((_, value)) = set.value_slots.iter().find(|(v, _)| v == slot) else {
                    return Err(format!("value slot {slot:?} is not in its set"));
                };
                words.push((offset, Word::Value(value)));
            }
            LayoutSlot::Padding => words.push((offset, Word::Int(1))),
        }
    }
    Ok(words)
}

/// Whether the block needs nothing computed at run time: no value slot is
/// left (Flambda 2 drops those no projection reads).
pub fn is_closed(layout: &Layout<FunctionSlot, ValueSlot>) -> bool {
    !layout
        .slots
        .iter()
        .any(|(_, s)| matches!(s, LayoutSlot::Value { .. }))
}

/// A set of closures as static data: a black header, then the words, with
/// a symbol at each function slot (the closure of that function). `value`
/// gives the data of a value slot, which must be known statically.
pub fn static_data(
    layout: &Layout<FunctionSlot, ValueSlot>,
    set: &SetOfClosures,
    code_symbol: &dyn Fn(CodeId) -> String,
    slot_symbol: &dyn Fn(FunctionSlot) -> String,
    value: &dyn Fn(&Simple) -> Result<DataItem, String>,
) -> Result<Vec<DataItem>, String> {
    let mut items = vec![DataItem::Int(black_block_header(
        crate::cmm::helpers::CLOSURE_TAG,
        layout.size,
    ))];
    let starts: BTreeMap<usize, FunctionSlot> = layout
        .slots
        .iter()
        .filter_map(|(o, s)| match s {
            LayoutSlot::Function { slot, .. } => Some((*o, *slot)),
            _ => None,
        })
        .collect();
    for (offset, word) in words(layout, set, code_symbol)? {
        if let Some(slot) = starts.get(&offset) {
            items.push(DataItem::DefineSymbol(slot_symbol(*slot)));
        }
        items.push(match word {
            Word::Int(n) => DataItem::Int(n),
            Word::Code(s) => DataItem::SymbolAddress(s),
            Word::Value(v) => value(v)?,
        });
    }
    Ok(items)
}
