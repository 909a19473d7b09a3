//! Word offsets for the slots of sets of closures: one offset per function
//! slot and per value slot, valid in every set the slot belongs to, chosen
//! greedily as Flambda 2's `slot_offsets.ml` does.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::cmm::helpers::{block_header, infix_header, CLOSURE_TAG};

/// What can name a slot: any small, copyable, ordered identifier. The CPS
/// language's own function-slot and value-slot types qualify as they are.
pub trait SlotId: Copy + Ord + fmt::Debug {}
impl<T: Copy + Ord + fmt::Debug> SlotId for T {}

/// How a value slot is stored: unboxed (a naked number or a tagged
/// immediate, which the GC must not or need not scan) or scanned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ValueKind {
    Unboxed,
    Scanned,
}

/// A set of closures as the assignment sees it: its function slots with
/// the arity of their code, and its value slots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetOfClosures<F, V> {
    pub function_slots: Vec<(F, u32)>,
    pub value_slots: Vec<(V, ValueKind)>,
}

/// The problem: the sets of a compilation unit, offsets fixed in advance
/// by other units (exported offsets, after the header word for function
/// slots), and the value slots that some projection reads.
#[derive(Clone, Debug)]
pub struct Input<F, V> {
    pub sets: Vec<SetOfClosures<F, V>>,
    pub imported_function_slots: BTreeMap<F, usize>,
    pub imported_value_slots: BTreeMap<V, usize>,
    /// Value slots never read are removed; `None` keeps them all.
    pub used_value_slots: Option<BTreeSet<V>>,
}

impl<F, V> Input<F, V> {
    pub fn new(sets: Vec<SetOfClosures<F, V>>) -> Input<F, V> {
        Input {
            sets,
            imported_function_slots: BTreeMap::new(),
            imported_value_slots: BTreeMap::new(),
            used_value_slots: None,
        }
    }
}

/// A function slot is its code pointer and the closure info word; when
/// the arity is above one, a third word holds the code for a full
/// application, and the first the generic (currying) entry.
pub fn function_slot_size(arity: u32) -> usize {
    if arity <= 1 {
        2
    } else {
        3
    }
}

/// OCaml's closure info word: the arity in the top 8 bits, then (as in
/// flambda-backend) a bit set on the last function slot of the block,
/// then the distance in words from this slot to `startenv`, then a 1 so
/// that the GC may read the word as an integer.
pub fn closure_info(arity: i64, startenv_distance: usize, is_last: bool) -> i64 {
    arity.wrapping_shl(56) | ((is_last as i64) << 55) | ((startenv_distance as i64) << 1) | 1
}

/// An impossible layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotOffsetError {
    pub message: String,
}

impl fmt::Display for SlotOffsetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn fail<T>(message: String) -> Result<T, SlotOffsetError> {
    Err(SlotOffsetError { message })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FunctionSlotOffset {
    pub offset: usize,
    pub arity: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueSlotOffset {
    pub offset: usize,
    pub kind: ValueKind,
}

/// The solution: an offset for every slot kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offsets<F: Ord, V: Ord> {
    pub function_slots: BTreeMap<F, FunctionSlotOffset>,
    pub value_slots: BTreeMap<V, ValueSlotOffset>,
    pub removed_value_slots: BTreeSet<V>,
}

/// A slot of the problem, function or value, while offsets are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum SlotName<F, V> {
    Function(F),
    Value(V),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Function { arity: u32 },
    Value(ValueKind),
}

struct Slot<F, V> {
    name: SlotName<F, V>,
    kind: Kind,
    /// The sets it belongs to.
    sets: Vec<usize>,
    /// Among its sets, the fewest slots of its own sort (function or value).
    lowest_num_slots_in_sets: usize,
    /// The order of first appearance, to break ties deterministically.
    first_seen: usize,
    /// The first word it uses, counting the infix (or closure) header of a
    /// function slot: a function slot at offset `o` starts at `o - 1`.
    start: Option<i64>,
}

impl<F, V> Slot<F, V> {
    /// Words used, header included.
    fn words(&self) -> i64 {
        match self.kind {
            Kind::Function { arity } => function_slot_size(arity) as i64 + 1,
            Kind::Value(_) => 1,
        }
    }

    /// The offset other code uses: past the header for function slots.
    fn offset(&self) -> Option<i64> {
        match self.kind {
            Kind::Function { .. } => self.start.map(|s| s + 1),
            Kind::Value(_) => self.start,
        }
    }
}

/// A set being filled: the words taken, and where each sort of slot
/// begins and ends, to keep function slots first, then unboxed value
/// slots, then scanned ones.
struct SetState {
    /// First word used by a slot -> (first word after it, slot index).
    taken: BTreeMap<i64, (i64, usize)>,
    end_of_function_slots: i64,
    end_of_unboxed_slots: i64,
    start_of_value_slots: i64,
    start_of_scanned_slots: i64,
}

struct Greedy<'i, F: Ord, V: Ord> {
    input: &'i Input<F, V>,
    slots: Vec<Slot<F, V>>,
    index: BTreeMap<SlotName<F, V>, usize>,
    sets: Vec<SetState>,
    removed: BTreeSet<V>,
}

impl SetState {
    fn new() -> SetState {
        SetState {
            taken: BTreeMap::new(),
            end_of_function_slots: 0,
            end_of_unboxed_slots: 0,
            start_of_value_slots: i64::MAX,
            start_of_scanned_slots: i64::MAX,
        }
    }
}

impl<F: SlotId, V: SlotId> SlotName<F, V> {
    fn describe(self, offset: Option<i64>) -> String {
        let name = match self {
            SlotName::Function(f) => format!("function slot {f:?}"),
            SlotName::Value(v) => format!("value slot {v:?}"),
        };
        match offset {
            Some(o) => format!("{name} at offset {o}"),
            None => name,
        }
    }
}

impl<'i, F: SlotId, V: SlotId> Greedy<'i, F, V> {
    /// Gathers the slots and, for each, the sets it belongs to.
    fn collect(input: &'i Input<F, V>) -> Result<Greedy<'i, F, V>, SlotOffsetError> {
        let mut g = Greedy {
            input,
            slots: Vec::new(),
            index: BTreeMap::new(),
            sets: Vec::new(),
            removed: BTreeSet::new(),
        };
        for (s, set) in input.sets.iter().enumerate() {
            if set.function_slots.is_empty() {
                return fail(format!("set of closures #{s} has no function slot"));
            }
            g.sets.push(SetState::new());
            let mut kept = Vec::new();
            for &(v, kind) in &set.value_slots {
                if g.is_used(v) {
                    kept.push((v, kind));
                } else {
                    g.removed.insert(v);
                }
            }
            for &(f, arity) in &set.function_slots {
                g.add_to_set(
                    s,
                    SlotName::Function(f),
                    Kind::Function { arity },
                    set.function_slots.len(),
                )?;
            }
            for &(v, kind) in &kept {
                g.add_to_set(s, SlotName::Value(v), Kind::Value(kind), kept.len())?;
            }
        }
        Ok(g)
    }

    /// Slots fixed elsewhere are kept: another unit may read them.
    fn is_used(&self, v: V) -> bool {
        self.input.imported_value_slots.contains_key(&v)
            || self
                .input
                .used_value_slots
                .as_ref()
                .is_none_or(|used| used.contains(&v))
    }

    fn add_to_set(
        &mut self,
        set: usize,
        name: SlotName<F, V>,
        kind: Kind,
        slots_in_set: usize,
    ) -> Result<(), SlotOffsetError> {
        let i = match self.index.get(&name) {
            Some(&i) => i,
            None => {
                let first_seen = self.slots.len();
                self.slots.push(Slot {
                    name,
                    kind,
                    sets: Vec::new(),
                    lowest_num_slots_in_sets: usize::MAX,
                    first_seen,
                    start: None,
                });
                self.index.insert(name, first_seen);
                first_seen
            }
        };
        let slot = &mut self.slots[i];
        if slot.kind != kind {
            return fail(format!(
                "{} is {:?} in one set of closures and {:?} in another",
                name.describe(None),
                slot.kind,
                kind
            ));
        }
        if slot.sets.contains(&set) {
            return fail(format!(
                "{} appears twice in set of closures #{set}",
                name.describe(None)
            ));
        }
        slot.sets.push(set);
        slot.lowest_num_slots_in_sets = slot.lowest_num_slots_in_sets.min(slots_in_set);
        Ok(())
    }
}

impl<'i, F: SlotId, V: SlotId> Greedy<'i, F, V> {
    fn describe(&self, i: usize) -> String {
        let slot = &self.slots[i];
        let fixed = match slot.name {
            SlotName::Function(f) => self.input.imported_function_slots.contains_key(&f),
            SlotName::Value(v) => self.input.imported_value_slots.contains_key(&v),
        };
        let what = slot.name.describe(slot.offset());
        if fixed {
            format!("{what} (fixed by another compilation unit)")
        } else {
            what
        }
    }

    /// Gives slot `i` the words from `start` in every set it belongs to.
    fn place(&mut self, i: usize, start: i64) -> Result<(), SlotOffsetError> {
        self.slots[i].start = Some(start);
        let end = start + self.slots[i].words();
        let kind = self.slots[i].kind;
        for k in 0..self.slots[i].sets.len() {
            let s = self.slots[i].sets[k];
            let set = &mut self.sets[s];
            if let Some((_, &(other_end, j))) = set.taken.range(..end).next_back() {
                if other_end > start {
                    let message = format!(
                        "cannot lay out set of closures #{s}: {} overlaps {}",
                        self.describe(i),
                        self.describe(j)
                    );
                    return fail(message);
                }
            }
            set.taken.insert(start, (end, i));
            match kind {
                Kind::Function { .. } => {
                    set.end_of_function_slots = set.end_of_function_slots.max(end);
                    set.end_of_unboxed_slots = set.end_of_unboxed_slots.max(end);
                }
                Kind::Value(ValueKind::Unboxed) => {
                    set.start_of_value_slots = set.start_of_value_slots.min(start);
                    set.end_of_unboxed_slots = set.end_of_unboxed_slots.max(end);
                }
                Kind::Value(ValueKind::Scanned) => {
                    set.start_of_value_slots = set.start_of_value_slots.min(start);
                    set.start_of_scanned_slots = set.start_of_scanned_slots.min(start);
                }
            }
            if set.start_of_value_slots < set.end_of_function_slots {
                return fail(format!(
                    "cannot lay out set of closures #{s}: a value slot would precede {}",
                    self.describe(i)
                ));
            }
            if set.start_of_scanned_slots < set.end_of_unboxed_slots {
                return fail(format!(
                    "cannot lay out set of closures #{s}: a scanned value slot would precede {}",
                    self.describe(i)
                ));
            }
        }
        Ok(())
    }

    /// The first word from `from` on where slot `i` fits in set `s`,
    /// after the slots of the sorts that must precede it.
    fn first_free(&self, i: usize, s: usize, from: i64) -> i64 {
        let slot = &self.slots[i];
        let set = &self.sets[s];
        let need = slot.words();
        let mut cur = match slot.kind {
            Kind::Function { .. } => from,
            Kind::Value(ValueKind::Unboxed) => from.max(set.end_of_function_slots),
            Kind::Value(ValueKind::Scanned) => from.max(set.end_of_unboxed_slots),
        };
        // Step out of a slot that covers `cur`.
        if let Some((_, &(end, _))) = set.taken.range(..=cur).next_back() {
            cur = cur.max(end);
        }
        for (&start, &(end, _)) in set.taken.range(cur..) {
            if start - cur >= need {
                return cur;
            }
            cur = cur.max(end);
        }
        cur
    }

    /// The lowest start free in all of slot `i`'s sets: each set may push
    /// it further, so go round them until it stops moving.
    fn first_available(&self, i: usize) -> i64 {
        let mut start = -1;
        loop {
            let next = self.slots[i]
                .sets
                .iter()
                .fold(start, |at, &s| self.first_free(i, s, at));
            if next == start {
                return start;
            }
            start = next;
        }
    }

    /// Slots shared by several sets first, those in the smallest sets
    /// first among them, then those in the most sets, then the biggest;
    /// unshared slots last, in order of appearance.
    fn priority(
        &self,
        i: usize,
    ) -> (
        bool,
        usize,
        std::cmp::Reverse<usize>,
        std::cmp::Reverse<i64>,
        usize,
    ) {
        let slot = &self.slots[i];
        if slot.sets.len() > 1 {
            let (n, shared, size) = (slot.lowest_num_slots_in_sets, slot.sets.len(), slot.words());
            (
                false,
                n,
                std::cmp::Reverse(shared),
                std::cmp::Reverse(size),
                slot.first_seen,
            )
        } else {
            (
                true,
                0,
                std::cmp::Reverse(0),
                std::cmp::Reverse(0),
                slot.first_seen,
            )
        }
    }

    fn run(mut self) -> Result<Offsets<F, V>, SlotOffsetError> {
        for i in 0..self.slots.len() {
            let fixed = match self.slots[i].name {
                SlotName::Function(f) => self
                    .input
                    .imported_function_slots
                    .get(&f)
                    .map(|&o| o as i64 - 1),
                SlotName::Value(v) => self.input.imported_value_slots.get(&v).map(|&o| o as i64),
            };
            if let Some(start) = fixed {
                self.place(i, start)?;
            }
        }
        let phases = [
            |k: Kind| matches!(k, Kind::Function { .. }),
            |k: Kind| k == Kind::Value(ValueKind::Unboxed),
            |k: Kind| k == Kind::Value(ValueKind::Scanned),
        ];
        for in_phase in phases {
            let mut todo: Vec<usize> = (0..self.slots.len())
                .filter(|&i| in_phase(self.slots[i].kind) && self.slots[i].start.is_none())
                .collect();
            todo.sort_by_key(|&i| self.priority(i));
            for i in todo {
                let start = self.first_available(i);
                self.place(i, start)?;
            }
        }
        let mut offsets = Offsets {
            function_slots: BTreeMap::new(),
            value_slots: BTreeMap::new(),
            removed_value_slots: self.removed,
        };
        for slot in &self.slots {
            let offset = slot.offset().unwrap_or(0).max(0) as usize;
            match (slot.name, slot.kind) {
                (SlotName::Function(f), Kind::Function { arity }) => {
                    offsets
                        .function_slots
                        .insert(f, FunctionSlotOffset { offset, arity });
                }
                (SlotName::Value(v), Kind::Value(kind)) => {
                    offsets
                        .value_slots
                        .insert(v, ValueSlotOffset { offset, kind });
                }
                _ => {}
            }
        }
        Ok(offsets)
    }
}

/// Chooses an offset for every slot of every set of `input`.
pub fn assign_offsets<F: SlotId, V: SlotId>(
    input: &Input<F, V>,
) -> Result<Offsets<F, V>, SlotOffsetError> {
    Greedy::collect(input)?.run()
}

/// What occupies a word (or a few) of a closure block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutSlot<F, V> {
    Function {
        slot: F,
        arity: u32,
        last: bool,
    },
    /// Stands at offset 0 when none of the set's function slots landed
    /// there: the GC reads the closure info of the block's first slot.
    DummyFunction {
        last: bool,
    },
    InfixHeader,
    Value {
        slot: V,
        kind: ValueKind,
    },
    /// An unused word; it holds the immediate 1, harmless to the GC.
    Padding,
}

/// A set of closures' block, word by word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout<F, V> {
    /// The first scanned value slot, or the end of the block.
    pub startenv: usize,
    /// Words after the header.
    pub size: usize,
    pub slots: Vec<(usize, LayoutSlot<F, V>)>,
}

impl<F: SlotId, V: SlotId> Offsets<F, V> {
    pub fn function_slot_offset(&self, f: F) -> Option<usize> {
        self.function_slots.get(&f).map(|s| s.offset)
    }

    pub fn value_slot_offset(&self, v: V) -> Option<usize> {
        self.value_slots.get(&v).map(|s| s.offset)
    }

    /// The block of `set`: its slots at their offsets, infix headers
    /// before every function slot but the one at offset 0, and padding.
    pub fn layout(&self, set: &SetOfClosures<F, V>) -> Result<Layout<F, V>, SlotOffsetError> {
        let mut entries: Vec<(usize, usize, LayoutSlot<F, V>)> = Vec::new();
        for &(f, _) in &set.function_slots {
            let Some(s) = self.function_slots.get(&f) else {
                return fail(format!("function slot {f:?} has no offset"));
            };
            entries.push((
                s.offset,
                function_slot_size(s.arity),
                LayoutSlot::Function {
                    slot: f,
                    arity: s.arity,
                    last: false,
                },
            ));
        }
        for &(v, _) in &set.value_slots {
            if self.removed_value_slots.contains(&v) {
                continue;
            }
            let Some(s) = self.value_slots.get(&v) else {
                return fail(format!("value slot {v:?} has no offset"));
            };
            entries.push((
                s.offset,
                1,
                LayoutSlot::Value {
                    slot: v,
                    kind: s.kind,
                },
            ));
        }
        entries.sort_by_key(|e| e.0);
        if !matches!(entries.first(), Some((0, _, LayoutSlot::Function { .. }))) {
            entries.insert(0, (0, 2, LayoutSlot::DummyFunction { last: false }));
        }
        // The last function slot is the one with the highest offset.
        for (_, _, slot) in entries.iter_mut().rev() {
            if let LayoutSlot::Function { last, .. } | LayoutSlot::DummyFunction { last } = slot {
                *last = true;
                break;
            }
        }
        let mut slots = Vec::new();
        let mut cursor = 0;
        let mut startenv = None;
        let mut seen_value = false;
        for (offset, size, slot) in entries {
            let is_function = matches!(
                slot,
                LayoutSlot::Function { .. } | LayoutSlot::DummyFunction { .. }
            );
            let first_word = if is_function && offset > 0 {
                offset - 1
            } else {
                offset
            };
            if first_word < cursor {
                return fail(format!("slots overlap at offset {offset}"));
            }
            if is_function && seen_value {
                return fail(format!(
                    "a function slot at offset {offset} follows a value slot"
                ));
            }
            slots.extend((cursor..first_word).map(|o| (o, LayoutSlot::Padding)));
            if is_function && offset > 0 {
                slots.push((offset - 1, LayoutSlot::InfixHeader));
            }
            if let LayoutSlot::Value { kind, .. } = slot {
                seen_value = true;
                if kind == ValueKind::Scanned && startenv.is_none() {
                    startenv = Some(offset);
                }
                if kind == ValueKind::Unboxed && startenv.is_some() {
                    return fail(format!(
                        "an unboxed value slot at offset {offset} follows a scanned one"
                    ));
                }
            }
            slots.push((offset, slot));
            cursor = offset + size;
        }
        Ok(Layout {
            startenv: startenv.unwrap_or(cursor),
            size: cursor,
            slots,
        })
    }
}

impl<F: SlotId, V: SlotId> Layout<F, V> {
    /// The closure info word of a function slot at `offset`.
    pub fn closure_info(&self, offset: usize, arity: u32, last: bool) -> i64 {
        closure_info(arity as i64, self.startenv - offset, last)
    }

    /// The block as static data: black header, the symbol, then each word.
    /// `code` gives, for a function slot, the symbol of its first word and,
    /// for arity above one, of its third (the full application); `value`
    /// gives the contents of a value slot.
    pub fn data_items(
        &self,
        symbol: &str,
        code: impl Fn(F, u32) -> (String, Option<String>),
        value: impl Fn(V) -> crate::cmm::DataItem,
    ) -> Vec<crate::cmm::DataItem> {
        use crate::cmm::DataItem;
        let mut items = vec![
            DataItem::Int(crate::cmm::helpers::black_block_header(
                CLOSURE_TAG,
                self.size,
            )),
            DataItem::DefineSymbol(symbol.to_string()),
        ];
        for (offset, slot) in &self.slots {
            match slot {
                LayoutSlot::Function { slot, arity, last } => {
                    let (first, full) = code(*slot, *arity);
                    items.push(DataItem::SymbolAddress(first));
                    items.push(DataItem::Int(self.closure_info(*offset, *arity, *last)));
                    if let Some(full) = full {
                        items.push(DataItem::SymbolAddress(full));
                    }
                }
                LayoutSlot::DummyFunction { last } => {
                    items.push(DataItem::Int(1));
                    items.push(DataItem::Int(self.closure_info(*offset, 0, *last)));
                }
                LayoutSlot::InfixHeader => items.push(DataItem::Int(infix_header(offset + 1))),
                LayoutSlot::Value { slot, .. } => items.push(value(*slot)),
                LayoutSlot::Padding => items.push(DataItem::Int(1)),
            }
        }
        items
    }

    /// The header word of the block (white, for a heap allocation).
    pub fn header(&self) -> i64 {
        block_header(CLOSURE_TAG, self.size)
    }
}

impl<F: SlotId, V: SlotId> fmt::Display for Layout<F, V> {
    /// One line per word, offsets relative to the closure pointer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:>3}  header: Closure_tag, {} words", -1, self.size)?;
        for (offset, slot) in &self.slots {
            let env = if *offset == self.startenv {
                "   <- startenv"
            } else {
                ""
            };
            match slot {
                LayoutSlot::Function { slot, arity, last } => {
                    let last_text = if *last { ", last" } else { "" };
                    let info = format!(
                        "arity {arity}, startenv at +{}{last_text}",
                        self.startenv - offset
                    );
                    if *arity <= 1 {
                        writeln!(f, "{offset:>3}  {slot:?}: code pointer")?;
                    } else {
                        writeln!(f, "{offset:>3}  {slot:?}: generic entry (curry)")?;
                    }
                    writeln!(f, "{:>3}  {slot:?}: closure info ({info})", offset + 1)?;
                    if *arity > 1 {
                        writeln!(f, "{:>3}  {slot:?}: full application", offset + 2)?;
                    }
                }
                LayoutSlot::DummyFunction { .. } => {
                    writeln!(f, "{offset:>3}  dummy function slot")?;
                    writeln!(f, "{:>3}  dummy function slot: closure info", offset + 1)?;
                }
                LayoutSlot::InfixHeader => {
                    writeln!(f, "{offset:>3}  infix header: offset {}", offset + 1)?
                }
                LayoutSlot::Value { slot, kind } => {
                    let kind = if *kind == ValueKind::Unboxed {
                        "unboxed"
                    } else {
                        "scanned"
                    };
                    writeln!(f, "{offset:>3}  {slot:?}: {kind} value{env}")?
                }
                LayoutSlot::Padding => writeln!(f, "{offset:>3}  padding{env}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmm::DataItem;
    use proptest::prelude::*;

    /// Slot names that print as themselves.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    struct S(&'static str);

    impl fmt::Debug for S {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.0)
        }
    }

    fn set(
        functions: &[(&'static str, u32)],
        values: &[(&'static str, ValueKind)],
    ) -> SetOfClosures<S, S> {
        SetOfClosures {
            function_slots: functions.iter().map(|&(f, a)| (S(f), a)).collect(),
            value_slots: values.iter().map(|&(v, k)| (S(v), k)).collect(),
        }
    }

    fn offsets_of(offsets: &Offsets<S, S>) -> Vec<(&'static str, usize)> {
        let fs = offsets.function_slots.iter().map(|(f, s)| (f.0, s.offset));
        let vs = offsets.value_slots.iter().map(|(v, s)| (v.0, s.offset));
        fs.chain(vs).collect()
    }

    use ValueKind::{Scanned, Unboxed};

    #[test]
    fn one_set_function_slots_first_then_unboxed_then_scanned() {
        let s = set(
            &[("f", 1), ("g", 2)],
            &[("x", Scanned), ("n", Unboxed), ("y", Scanned)],
        );
        let input = Input::new(vec![s.clone()]);
        let offsets = assign_offsets(&input).expect("satisfiable");
        assert_eq!(
            offsets_of(&offsets),
            vec![("f", 0), ("g", 3), ("n", 6), ("x", 7), ("y", 8)]
        );
        let layout = offsets.layout(&s).expect("layout");
        assert_eq!(
            layout.to_string(),
            " -1  header: Closure_tag, 9 words
  0  f: code pointer
  1  f: closure info (arity 1, startenv at +7)
  2  infix header: offset 3
  3  g: generic entry (curry)
  4  g: closure info (arity 2, startenv at +4, last)
  5  g: full application
  6  n: unboxed value
  7  x: scanned value   <- startenv
  8  y: scanned value
"
        );
    }

    #[test]
    fn shared_slots_are_placed_first_and_keep_one_offset() {
        // g is in both sets: it is placed first, at 0 in both; then f and
        // h each take the next free place of their own set.
        let a = set(&[("f", 1), ("g", 1)], &[("x", Scanned)]);
        let b = set(&[("g", 1), ("h", 3)], &[("x", Scanned), ("y", Scanned)]);
        let offsets = assign_offsets(&Input::new(vec![a.clone(), b.clone()])).expect("satisfiable");
        assert_eq!(
            offsets_of(&offsets),
            vec![("f", 3), ("g", 0), ("h", 3), ("x", 6), ("y", 7)]
        );
        // In the smaller set, x's offset leaves a gap, padded.
        let layout = offsets.layout(&a).expect("layout");
        let padding: Vec<usize> = layout
            .slots
            .iter()
            .filter(|(_, s)| *s == LayoutSlot::Padding)
            .map(|(o, _)| *o)
            .collect();
        assert_eq!((layout.startenv, layout.size, padding), (6, 7, vec![5]));
    }

    #[test]
    fn imported_offsets_are_honoured() {
        let s = set(&[("k", 1), ("f", 2)], &[("x", Scanned)]);
        let mut input = Input::new(vec![s.clone()]);
        input.imported_function_slots.insert(S("f"), 3);
        let offsets = assign_offsets(&input).expect("satisfiable");
        assert_eq!(offsets_of(&offsets), vec![("f", 3), ("k", 0), ("x", 6)]);
        // A set whose only function slot sits elsewhere gets a dummy one at 0.
        let alone = set(&[("f", 2)], &[]);
        let layout = offsets.layout(&alone).expect("layout");
        assert_eq!(
            layout.slots[0],
            (0, LayoutSlot::DummyFunction { last: false })
        );
        assert_eq!(layout.slots[1], (2, LayoutSlot::InfixHeader));
    }

    #[test]
    fn two_imported_slots_at_the_same_offset_cannot_share_a_set() {
        // The seed's example: f and g, each alone in its set in another
        // unit, both at offset 0, then inlined into h's set.
        let sets = vec![
            set(&[("f", 1)], &[]),
            set(&[("g", 1)], &[]),
            set(&[("f", 1), ("g", 1), ("h", 1)], &[]),
        ];
        let mut input = Input::new(sets);
        input.imported_function_slots.insert(S("f"), 0);
        input.imported_function_slots.insert(S("g"), 0);
        let err = assign_offsets(&input).expect_err("unsatisfiable");
        assert_eq!(
            err.message,
            "cannot lay out set of closures #2: function slot g at offset 0 (fixed by another compilation unit) \
             overlaps function slot f at offset 0 (fixed by another compilation unit)"
        );
    }

    #[test]
    fn unused_value_slots_are_removed() {
        let s = set(
            &[("f", 1)],
            &[("x", Scanned), ("unused", Scanned), ("y", Scanned)],
        );
        let mut input = Input::new(vec![s.clone()]);
        input.used_value_slots = Some([S("x"), S("y")].into_iter().collect());
        let offsets = assign_offsets(&input).expect("satisfiable");
        assert_eq!(offsets_of(&offsets), vec![("f", 0), ("x", 2), ("y", 3)]);
        assert!(offsets.removed_value_slots.contains(&S("unused")));
        assert_eq!(offsets.layout(&s).expect("layout").size, 4);
    }

    #[test]
    fn closure_info_matches_ocamlopt() {
        // From `ocamlopt -dcmm` (4.13) for `let rec ev n = ... and od n = ...`:
        // (data int 6135 "camlT__3": addr "camlT__ev_296" int 72057594037927947
        //   int 3321 addr "camlT__od_297" int 72057594037927941)
        let s = set(&[("ev", 1), ("od", 1)], &[]);
        let offsets = assign_offsets(&Input::new(vec![s.clone()])).expect("satisfiable");
        let layout = offsets.layout(&s).expect("layout");
        let data = layout.data_items(
            "camlT__3",
            |f, _| (format!("camlT__{f:?}"), None),
            |_| DataItem::Int(1),
        );
        let last_bit = 1i64 << 55;
        assert_eq!(
            data,
            vec![
                DataItem::Int(6135),
                DataItem::DefineSymbol("camlT__3".into()),
                DataItem::SymbolAddress("camlT__ev".into()),
                DataItem::Int(72057594037927947),
                DataItem::Int(3321),
                DataItem::SymbolAddress("camlT__od".into()),
                // OCaml 4.13 has no last-slot bit; flambda-backend sets it.
                DataItem::Int(72057594037927941 | last_bit),
            ]
        );
        assert_eq!(closure_info(2, 3, false), 144115188075855879);
    }

    #[test]
    fn inconsistent_inputs_are_errors() {
        let sets = vec![set(&[("f", 1)], &[]), set(&[("f", 2)], &[])];
        let err = assign_offsets(&Input::new(sets)).expect_err("f has two arities");
        assert_eq!(err.message, "function slot f is Function { arity: 1 } in one set of closures and Function { arity: 2 } in another");
        let err = assign_offsets(&Input::new(vec![set(&[], &[("x", Scanned)])]))
            .expect_err("no function slot");
        assert_eq!(err.message, "set of closures #0 has no function slot");
    }

    /// Random units: up to five sets drawn from eight function slots (of
    /// arity 1 to 3) and eight value slots (half unboxed), some imported.
    type Sets = Vec<(Vec<u8>, Vec<u8>)>;

    fn unit() -> impl Strategy<Value = (Sets, Vec<(u8, u8)>)> {
        let one_set = (
            proptest::collection::btree_set(0u8..8, 1..5),
            proptest::collection::btree_set(0u8..8, 0..5),
        )
            .prop_map(|(f, v)| (f.into_iter().collect(), v.into_iter().collect()));
        (
            proptest::collection::vec(one_set, 1..6),
            proptest::collection::vec((0u8..8, 0u8..12), 0..3),
        )
    }

    fn build(sets: &[(Vec<u8>, Vec<u8>)]) -> Vec<SetOfClosures<u8, u8>> {
        sets.iter()
            .map(|(fs, vs)| SetOfClosures {
                function_slots: fs.iter().map(|&f| (f, (f % 3) as u32 + 1)).collect(),
                value_slots: vs
                    .iter()
                    .map(|&v| (v, if v % 2 == 0 { Unboxed } else { Scanned }))
                    .collect(),
            })
            .collect()
    }

    /// Every word of the layout is used once, and the slots come in the
    /// order function, unboxed, scanned.
    fn check_layout(layout: &Layout<u8, u8>) -> Result<(), TestCaseError> {
        let mut words = BTreeSet::new();
        let mut rank = 0;
        for (offset, slot) in &layout.slots {
            let (size, r) = match slot {
                LayoutSlot::Function { arity, .. } => (function_slot_size(*arity), 0),
                LayoutSlot::DummyFunction { .. } => (2, 0),
                LayoutSlot::InfixHeader | LayoutSlot::Padding => (1, rank),
                LayoutSlot::Value { kind: Unboxed, .. } => (1, 1),
                LayoutSlot::Value { kind: Scanned, .. } => (1, 2),
            };
            prop_assert!(r >= rank, "slot out of order at {}", offset);
            rank = r;
            for w in *offset..offset + size {
                prop_assert!(words.insert(w), "word {} used twice", w);
            }
        }
        let starts_with_function = matches!(
            layout.slots.first(),
            Some((
                0,
                LayoutSlot::Function { .. } | LayoutSlot::DummyFunction { .. }
            ))
        );
        prop_assert!(starts_with_function, "no function slot at offset 0");
        prop_assert_eq!(words.len(), layout.size);
        Ok(())
    }

    proptest! {
        #[test]
        fn layouts_never_overlap_and_keep_function_slots_first((sets, imports) in unit()) {
            let sets = build(&sets);
            // Without imports the greedy assignment always succeeds.
            let offsets = assign_offsets(&Input::new(sets.clone()));
            prop_assert!(offsets.is_ok(), "{:?}", offsets);
            for s in &sets {
                check_layout(&offsets.as_ref().expect("checked").layout(s).expect("layout"))?;
            }
            // With imports it may fail, but only with an error.
            let mut input = Input::new(sets.clone());
            for (f, o) in imports {
                input.imported_function_slots.insert(f, o as usize);
            }
            if let Ok(offsets) = assign_offsets(&input) {
                for (f, o) in &input.imported_function_slots {
                    if offsets.function_slots.contains_key(f) {
                        prop_assert_eq!(offsets.function_slot_offset(*f), Some(*o));
                    }
                }
                for s in &sets {
                    if let Ok(layout) = offsets.layout(s) {
                        check_layout(&layout)?;
                    }
                }
            }
        }
    }
}
