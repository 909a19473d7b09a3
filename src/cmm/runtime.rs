//! The runtime as the Cmm interpreter sees it: the static data the runtime
//! defines (predefined exceptions, custom-block operations) and a table of
//! primitives for `extcall`, each a Rust function over the machine's memory
//! and channels. What a primitive prints or how it compares comes from
//! `crate::observable`, the specification every interpreter shares.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::helpers::{
    black_block_header, block_header, CLOSURE_TAG, CUSTOM_TAG, DOUBLE_ARRAY_TAG, DOUBLE_TAG,
    INFIX_TAG, OBJECT_TAG, STRING_TAG,
};
use super::interp::{InterpError, Value};
use super::memory::Memory;
use super::DataItem;
use crate::observable::{self, Channels, CompareOp, Comparison, IntKind, Stream};

/// What a primitive does to the machine's control.
pub enum PrimResult {
    Value(Value),
    /// Raise this exception value.
    Raise(i64),
    /// Stop the program with this status (`exit`).
    Exit(i64),
}

/// What a primitive may touch.
pub struct RuntimeCtx<'a> {
    pub mem: &'a mut Memory,
    pub channels: &'a mut Channels,
    pub symbols: &'a HashMap<String, i64>,
}

pub type Primitive = fn(&mut RuntimeCtx, &[Value]) -> Result<PrimResult, InterpError>;

/// The table of primitives `extcall` may name.
pub struct Runtime {
    primitives: HashMap<String, Primitive>,
}

fn fail<T>(message: String) -> Result<T, InterpError> {
    Err(InterpError { message })
}

/// The symbol of a predefined exception's identity block.
pub fn exception_symbol(name: &str) -> String {
    format!("caml_exn_{name}")
}

/// The custom-block operations of the boxed integers, one per kind.
const CUSTOM_OPS: [(&str, IntKind); 3] = [
    ("caml_int32_ops", IntKind::Int32),
    ("caml_int64_ops", IntKind::Int64),
    ("caml_nativeint_ops", IntKind::Nativeint),
];

/// The runtime's static data: each predefined exception's identity, a
/// block with `Object_tag` holding its name and id (as ocamlopt's startup
/// code defines them), and a word for each custom-operations table, which
/// only its address identifies here.
pub fn runtime_data() -> Vec<DataItem> {
    let mut items = Vec::new();
    for (name, id) in observable::PREDEFINED_EXCEPTIONS {
        let name_symbol = format!("caml_exn_{name}__name");
        let wosize = name.len() / 8 + 1;
        items.push(DataItem::Int(black_block_header(STRING_TAG, wosize)));
        items.push(DataItem::DefineSymbol(name_symbol.clone()));
        items.push(DataItem::String(name.as_bytes().to_vec()));
        items.push(DataItem::Skip(wosize * 8 - 1 - name.len()));
        items.push(DataItem::Int8((wosize * 8 - 1 - name.len()) as i64));
        items.push(DataItem::Int(black_block_header(OBJECT_TAG, 2)));
        items.push(DataItem::DefineSymbol(exception_symbol(name)));
        items.push(DataItem::SymbolAddress(name_symbol));
        items.push(DataItem::Int(id.wrapping_shl(1) | 1));
    }
    for (symbol, _) in CUSTOM_OPS {
        items.push(DataItem::DefineSymbol(symbol.to_string()));
        items.push(DataItem::Int(0));
    }
    items
}

/// The symbols `runtime_data` defines, for the checker.
pub fn runtime_symbols() -> Vec<String> {
    runtime_data()
        .into_iter()
        .filter_map(|d| match d {
            DataItem::DefineSymbol(s) => Some(s),
            _ => None,
        })
        .collect()
}

impl RuntimeCtx<'_> {
    pub fn symbol(&self, name: &str) -> Result<i64, InterpError> {
        match self.symbols.get(name) {
            Some(&a) => Ok(a),
            None => fail(format!("undefined symbol \"{name}\"")),
        }
    }

    /// The exception `exn_symbol` applied to a fresh string: a block of tag
    /// 0 holding the identity and the argument.
    pub fn exception_with_string(
        &mut self,
        exn_symbol: &str,
        message: &[u8],
    ) -> Result<i64, InterpError> {
        let slot = self.symbol(exn_symbol)?;
        let s = self.mem.alloc_string(message)?;
        let exn = self.mem.alloc_block(block_header(0, 2), 2)?;
        self.mem.store_word(exn, slot)?;
        self.mem.store_word(exn + 8, s)?;
        Ok(exn)
    }

    pub fn alloc_string(&mut self, s: &[u8]) -> Result<Value, InterpError> {
        Ok(Value::Word(self.mem.alloc_string(s)?))
    }
}

/// The value at `v` in the observable model, for the rules that
/// `observable` states over that model (compare, exception texts). Blocks
/// already met map to the same host value, so sharing, physical equality
/// and cycles survive the conversion; closures are not entered.
pub fn to_observable(
    mem: &Memory,
    symbols: &HashMap<String, i64>,
    v: i64,
) -> Result<observable::Value<()>, InterpError> {
    let mut seen: HashMap<i64, observable::Value<()>> = HashMap::new();
    let root = convert_shallow(mem, symbols, v, &mut seen)?;
    // Fill the fields of structured blocks with an explicit work list, so
    // that long lists do not grow the host stack.
    let mut work: Vec<i64> = if let observable::Value::Block(_) = root {
        vec![v]
    } else {
        Vec::new()
    };
    let mut filled: std::collections::HashSet<i64> = std::collections::HashSet::new();
    while let Some(addr) = work.pop() {
        if !filled.insert(addr) {
            continue;
        }
        let Some(observable::Value::Block(block)) = seen.get(&addr).cloned() else {
            continue;
        };
        let n = mem.wosize(addr)?;
        let mut fields = Vec::with_capacity(n);
        for i in 0..n {
            let f = mem.load_word(addr + 8 * i as i64)?;
            let value = convert_shallow(mem, symbols, f, &mut seen)?;
            if let observable::Value::Block(_) = value {
                work.push(f);
            }
            fields.push(value);
        }
        *block.fields.borrow_mut() = fields;
    }
    Ok(root)
}

/// Converts one value; a structured block comes back with no fields yet.
fn convert_shallow(
    mem: &Memory,
    symbols: &HashMap<String, i64>,
    v: i64,
    seen: &mut HashMap<i64, observable::Value<()>>,
) -> Result<observable::Value<()>, InterpError> {
    use observable::Value as V;
    if v & 1 == 1 {
        return Ok(V::Int(v >> 1));
    }
    if let Some(known) = seen.get(&v) {
        return Ok(known.clone());
    }
    if !mem.is_block(v) {
        return fail(format!("{v:#x} is neither an integer nor a block"));
    }
    let value = match mem.tag(v)? {
        STRING_TAG => V::string(&mem.string_bytes(v)?),
        DOUBLE_TAG => V::Float(f64::from_bits(mem.load_word(v)? as u64)),
        DOUBLE_ARRAY_TAG => {
            let n = mem.wosize(v)?;
            let xs: Result<Vec<f64>, InterpError> = (0..n)
                .map(|i| Ok(f64::from_bits(mem.load_word(v + 8 * i as i64)? as u64)))
                .collect();
            V::FloatArray(Rc::new(RefCell::new(xs?)))
        }
        CLOSURE_TAG | INFIX_TAG => V::Closure(Rc::new(())),
        CUSTOM_TAG => {
            let ops = mem.load_word(v)?;
            let data = mem.load_word(v + 8)?;
            // The first field points at the operations table of the kind.
            let kind = CUSTOM_OPS
                .iter()
                .find(|(symbol, _)| symbols.get(*symbol) == Some(&ops));
            match kind {
                Some((_, kind)) => V::Boxed(*kind, kind.normalize(data)),
                None => return fail(format!("custom block at {v:#x} with unknown operations")),
            }
        }
        tag => V::block(tag, Vec::new()),
    };
    seen.insert(v, value.clone());
    Ok(value)
}

const UNIT: PrimResult = PrimResult::Value(Value::Word(1));

fn arg_word(args: &[Value], i: usize) -> Result<i64, InterpError> {
    match args.get(i) {
        Some(Value::Word(w)) => Ok(*w),
        other => fail(format!(
            "runtime function: argument {i} should be a word, is {other:?}"
        )),
    }
}

fn arg_float(args: &[Value], i: usize) -> Result<f64, InterpError> {
    match args.get(i) {
        Some(Value::Float(x)) => Ok(*x),
        other => fail(format!(
            "runtime function: argument {i} should be a float, is {other:?}"
        )),
    }
}

/// The OCaml integer in a tagged argument.
fn arg_int(args: &[Value], i: usize) -> Result<i64, InterpError> {
    Ok(arg_word(args, i)? >> 1)
}

fn arg_string(ctx: &RuntimeCtx, args: &[Value], i: usize) -> Result<Vec<u8>, InterpError> {
    ctx.mem.string_bytes(arg_word(args, i)?)
}

fn output(
    ctx: &mut RuntimeCtx,
    stream: Stream,
    bytes: &[u8],
    flush: bool,
) -> Result<PrimResult, InterpError> {
    ctx.channels.output(stream, bytes);
    if flush {
        ctx.channels.flush(stream);
    }
    Ok(UNIT)
}

fn print_int(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let s = observable::format_int(arg_int(args, 0)?);
    output(ctx, Stream::Stdout, s.as_bytes(), false)
}

fn print_string(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let s = arg_string(ctx, args, 0)?;
    output(ctx, Stream::Stdout, &s, false)
}

fn print_endline(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let mut s = arg_string(ctx, args, 0)?;
    s.push(b'\n');
    output(ctx, Stream::Stdout, &s, true)
}

fn print_newline(ctx: &mut RuntimeCtx, _: &[Value]) -> Result<PrimResult, InterpError> {
    output(ctx, Stream::Stdout, b"\n", true)
}

fn print_char(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let c = arg_int(args, 0)? as u8;
    output(ctx, Stream::Stdout, &[c], false)
}

fn print_float(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let s = observable::string_of_float(arg_float(args, 0)?);
    output(ctx, Stream::Stdout, s.as_bytes(), false)
}

fn prerr_string(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let s = arg_string(ctx, args, 0)?;
    output(ctx, Stream::Stderr, &s, false)
}

fn prerr_endline(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let mut s = arg_string(ctx, args, 0)?;
    s.push(b'\n');
    output(ctx, Stream::Stderr, &s, true)
}

fn format_int(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let s = observable::format_int(arg_int(args, 0)?);
    Ok(PrimResult::Value(ctx.alloc_string(s.as_bytes())?))
}

fn format_float(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let s = observable::string_of_float(arg_float(args, 0)?);
    Ok(PrimResult::Value(ctx.alloc_string(s.as_bytes())?))
}

/// `caml_alloc(wosize, tag)`, untagged arguments: fields hold `()`.
fn alloc(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let (wosize, tag) = (arg_word(args, 0)?, arg_word(args, 1)?);
    let (Ok(wosize), Ok(tag)) = (usize::try_from(wosize), u8::try_from(tag)) else {
        return fail(format!("caml_alloc({wosize}, {tag})"));
    };
    let block = ctx.mem.alloc_block(block_header(tag, wosize), wosize)?;
    for i in 0..wosize {
        ctx.mem.store_word(block + 8 * i as i64, 1)?;
    }
    Ok(PrimResult::Value(Value::Word(block)))
}

/// `caml_alloc_string(len)`, untagged argument: a string of `len` zeros.
fn alloc_string(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    let Ok(len) = usize::try_from(arg_word(args, 0)?) else {
        return Ok(PrimResult::Raise(ctx.exception_with_string(
            "caml_exn_Invalid_argument",
            b"String.create",
        )?));
    };
    Ok(PrimResult::Value(ctx.alloc_string(&vec![0; len])?))
}

fn compared(
    ctx: &mut RuntimeCtx,
    args: &[Value],
    total: bool,
) -> Result<Result<Comparison, i64>, InterpError> {
    let a = to_observable(ctx.mem, ctx.symbols, arg_word(args, 0)?)?;
    let b = to_observable(ctx.mem, ctx.symbols, arg_word(args, 1)?)?;
    match observable::compare_values(&a, &b, total) {
        Ok(c) => Ok(Ok(c)),
        Err(_) => Ok(Err(ctx.exception_with_string(
            "caml_exn_Invalid_argument",
            observable::CompareError::MESSAGE.as_bytes(),
        )?)),
    }
}

/// `compare`: a tagged -1, 0 or 1.
fn compare(ctx: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    Ok(match compared(ctx, args, true)? {
        Ok(c) => {
            let n = match c {
                Comparison::Less => -1,
                Comparison::Equal | Comparison::Unordered => 0,
                Comparison::Greater => 1,
            };
            PrimResult::Value(Value::Word(n * 2 + 1))
        }
        Err(exn) => PrimResult::Raise(exn),
    })
}

fn compare_with(
    ctx: &mut RuntimeCtx,
    args: &[Value],
    op: CompareOp,
) -> Result<PrimResult, InterpError> {
    Ok(match compared(ctx, args, false)? {
        Ok(c) => PrimResult::Value(Value::Word(op.holds(c) as i64 * 2 + 1)),
        Err(exn) => PrimResult::Raise(exn),
    })
}

fn exit(_: &mut RuntimeCtx, args: &[Value]) -> Result<PrimResult, InterpError> {
    Ok(PrimResult::Exit(arg_int(args, 0)?))
}

impl Runtime {
    /// An empty table.
    pub fn new() -> Runtime {
        Runtime {
            primitives: HashMap::new(),
        }
    }

    /// The primitives every Cmm program may call. Arguments are OCaml
    /// values (tagged) unless said otherwise.
    pub fn standard() -> Runtime {
        let mut r = Runtime::new();
        let table: [(&str, Primitive); 20] = [
            ("caml_print_int", print_int),
            ("caml_print_string", print_string),
            ("caml_print_endline", print_endline),
            ("caml_print_newline", print_newline),
            ("caml_print_char", print_char),
            // An unboxed float.
            ("caml_print_float", print_float),
            ("caml_prerr_string", prerr_string),
            ("caml_prerr_endline", prerr_endline),
            ("caml_format_int", format_int),
            // An unboxed float.
            ("caml_format_float", format_float),
            // Untagged size and tag.
            ("caml_alloc", alloc),
            // Untagged length.
            ("caml_alloc_string", alloc_string),
            ("caml_compare", compare),
            ("caml_equal", |c, a| compare_with(c, a, CompareOp::Eq)),
            ("caml_notequal", |c, a| compare_with(c, a, CompareOp::Ne)),
            ("caml_lessthan", |c, a| compare_with(c, a, CompareOp::Lt)),
            ("caml_lessequal", |c, a| compare_with(c, a, CompareOp::Le)),
            ("caml_greaterthan", |c, a| compare_with(c, a, CompareOp::Gt)),
            ("caml_greaterequal", |c, a| {
                compare_with(c, a, CompareOp::Ge)
            }),
            ("caml_sys_exit", exit),
        ];
        for (name, p) in table {
            r.register(name, p);
        }
        r
    }

    /// Adds (or replaces) a primitive.
    pub fn register(&mut self, name: &str, primitive: Primitive) {
        self.primitives.insert(name.to_string(), primitive);
    }

    pub fn get(&self, name: &str) -> Option<Primitive> {
        self.primitives.get(name).copied()
    }
}

impl Default for Runtime {
    fn default() -> Runtime {
        Runtime::standard()
    }
}
