//! Static data: the words of the constants a program binds to symbols,
//! laid out as OCaml lays out the same values in the heap, with a black
//! header (the GC never marks or moves static data).

use crate::cmm::helpers::{
    black_block_header, CUSTOM_TAG, DOUBLE_ARRAY_TAG, DOUBLE_TAG, STRING_TAG,
};
use crate::cmm::DataItem;
use crate::cps::ids::Symbol;
use crate::cps::kinds::BoxedNumber;
use crate::cps::terms::{StaticConst, StaticField};

/// The symbol of the custom operations of a boxed integer, whose address
/// is the first field of every box: it is how `compare` and the printers of
/// the runtime know an `int64` from an `int32`.
pub fn custom_ops_symbol(n: BoxedNumber) -> &'static str {
    match n {
        BoxedNumber::Int32 => "caml_int32_ops",
        BoxedNumber::Int64 => "caml_int64_ops",
        BoxedNumber::Nativeint | BoxedNumber::Float => "caml_nativeint_ops",
    }
}

/// A linker-friendly name: OCaml's `camlModule__hint_N` shape, with every
/// character a C identifier could not hold replaced by `_`.
pub fn linkage_name(module: &str, hint: &str, index: usize) -> String {
    let clean: String = hint
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("caml{module}__{clean}_{index}")
}

/// The block words of an OCaml string: its bytes, then padding so that the
/// last byte of the last word says how many bytes of padding precede it.
pub fn string_words(bytes: &[u8]) -> (usize, Vec<DataItem>) {
    let wosize = bytes.len() / 8 + 1;
    let pad = wosize * 8 - 1 - bytes.len();
    let mut items = vec![DataItem::String(bytes.to_vec())];
    if pad > 0 {
        items.push(DataItem::Skip(pad));
    }
    items.push(DataItem::Int8(pad as i64));
    (wosize, items)
}

/// The data of one static constant named `symbol`. `name_of` gives the
/// linkage name of the symbols its fields refer to. A constant of the
/// runtime has no data here: its symbol is the runtime's.
pub fn static_const(
    symbol: &str,
    value: &StaticConst,
    name_of: &dyn Fn(Symbol) -> String,
) -> Vec<DataItem> {
    let block = |tag: u8, wosize: usize, words: Vec<DataItem>| {
        let mut items = vec![
            DataItem::Int(black_block_header(tag, wosize)),
            DataItem::DefineSymbol(symbol.to_string()),
        ];
        items.extend(words);
        items
    };
    match value {
        StaticConst::Block { tag, fields, .. } => {
            let words = fields
                .iter()
                .map(|f| match f {
                    StaticField::Symbol(s) => DataItem::SymbolAddress(name_of(*s)),
                    StaticField::Tagged(n) => DataItem::Int(n.wrapping_shl(1).wrapping_add(1)),
                })
                .collect();
            block(*tag, fields.len(), words)
        }
        StaticConst::BoxedFloat(x) => block(DOUBLE_TAG, 1, vec![DataItem::Double(x.get())]),
        StaticConst::BoxedInt32(n) => boxed_int(symbol, BoxedNumber::Int32, *n as i64),
        StaticConst::BoxedInt64(n) => boxed_int(symbol, BoxedNumber::Int64, *n),
        StaticConst::BoxedNativeint(n) => boxed_int(symbol, BoxedNumber::Nativeint, *n),
        StaticConst::String(bytes) => {
            let (wosize, words) = string_words(bytes);
            block(STRING_TAG, wosize, words)
        }
        StaticConst::FloatBlock { fields, .. } => block(
            DOUBLE_ARRAY_TAG,
            fields.len(),
            fields.iter().map(|x| DataItem::Double(x.get())).collect(),
        ),
        StaticConst::Runtime(_) => Vec::new(),
    }
}

/// A boxed integer: a custom block of two words, the operations and the
/// number (an `int32` sign-extended to the whole word).
fn boxed_int(symbol: &str, n: BoxedNumber, value: i64) -> Vec<DataItem> {
    vec![
        DataItem::Int(black_block_header(CUSTOM_TAG, 2)),
        DataItem::DefineSymbol(symbol.to_string()),
        DataItem::SymbolAddress(custom_ops_symbol(n).to_string()),
        DataItem::Int(value),
    ]
}
