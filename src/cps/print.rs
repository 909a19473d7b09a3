//! The printer: CPS terms in a readable pseudo-syntax, stable enough for
//! golden tests.
//!
//! Names are printed from their hints. The first name printed with a given
//! hint gets the hint itself, later ones `hint_1`, `hint_2`, ...: so the
//! output does not depend on how many names were created before (only on
//! the term), and two different names never print alike.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use super::ids::{
    CodeId, Continuation, FunctionSlot, Named as _, Names, Symbol, ValueSlot, Variable,
};
use super::kinds::{IntKind, Kind};
use super::primitives::{
    ArrayKind, BlockShape, Equality, FieldKind, Mutability, Prim, PrimOp, Signedness, StringKind,
};
use super::terms::{
    Apply, ApplyCont, Binding, CallKind, Code, Const, ContHandler, Expr, LetCont, Named, Param,
    Program, Return, SetOfClosures, Simple, StaticBinding, StaticConst, StaticField, TrapAction,
};

/// Which kind of name: each has its own display names.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Space {
    Var,
    Cont,
    Symbol,
    Code,
    FunctionSlot,
    ValueSlot,
}

pub struct Printer<'a> {
    names: &'a Names,
    display: HashMap<(Space, u32), String>,
    used: HashSet<(Space, String)>,
    out: String,
}

/// The whole program: its code, then the module body.
pub fn program(p: &Program) -> String {
    let mut pr = Printer::new(&p.names);
    pr.program(p);
    pr.out
}

/// One expression, with all its sub-expressions.
pub fn expr(names: &Names, e: &Expr) -> String {
    let mut pr = Printer::new(names);
    pr.expr(e, 0);
    pr.out
}

/// One piece of code.
pub fn code(names: &Names, c: &Code) -> String {
    let mut pr = Printer::new(names);
    pr.code(c);
    pr.out
}

impl<'a> Printer<'a> {
    pub fn new(names: &'a Names) -> Printer<'a> {
        Printer {
            names,
            display: HashMap::new(),
            used: HashSet::new(),
            out: String::new(),
        }
    }

    /// A printer that has already named everything in `p` as [`program`]
    /// would, so that fragments it prints agree with the full listing.
    pub fn for_program(p: &'a Program) -> Printer<'a> {
        let mut pr = Printer::new(&p.names);
        pr.program(p);
        pr.out.clear();
        pr
    }

    /// An expression on one line, its sub-expressions elided (a `switch`
    /// shows its arms), in this printer's names: what error messages quote.
    pub fn fragment(&mut self, e: &Expr) -> String {
        let saved = std::mem::take(&mut self.out);
        match e {
            Expr::Let(l) => {
                self.let_binding(&l.binding, 0);
                self.out.push_str(" in ...");
            }
            Expr::LetCont(lc) => {
                let (rec, first) = match &**lc {
                    LetCont::NonRecursive { cont, handler, .. } => ("", (cont, handler)),
                    LetCont::Recursive { handlers, .. } => match handlers.first() {
                        Some((k, h)) => ("rec ", (k, h)),
                        None => {
                            self.out.push_str("let_cont rec in ...");
                            return std::mem::replace(&mut self.out, saved);
                        }
                    },
                };
                self.out.push_str("let_cont ");
                self.out.push_str(rec);
                self.handler_header(*first.0, first.1);
                self.out.push_str(" ... in ...");
            }
            _ => {
                self.expr(e, 0);
                // A switch takes several lines; a message wants one.
                let lines: Vec<&str> = self.out.lines().map(str::trim).collect();
                self.out = lines.join(" ");
            }
        }
        std::mem::replace(&mut self.out, saved)
    }

    /// The display name of a name, chosen on first sight.
    fn name(&mut self, space: Space, raw: u32, hint: &str) -> String {
        if let Some(s) = self.display.get(&(space, raw)) {
            return s.clone();
        }
        let base = if hint.is_empty() { "_" } else { hint };
        let mut candidate = base.to_string();
        let mut n = 0;
        while self.used.contains(&(space, candidate.clone())) {
            n += 1;
            candidate = format!("{base}_{n}");
        }
        self.used.insert((space, candidate.clone()));
        self.display.insert((space, raw), candidate.clone());
        candidate
    }

    pub fn var(&mut self, v: Variable) -> String {
        self.name(Space::Var, v.raw(), self.names.hint(v))
    }

    pub fn cont(&mut self, k: Continuation) -> String {
        self.name(Space::Cont, k.raw(), self.names.hint(k))
    }

    pub fn symbol(&mut self, s: Symbol) -> String {
        format!("${}", self.name(Space::Symbol, s.raw(), self.names.hint(s)))
    }

    pub fn code_id(&mut self, c: CodeId) -> String {
        self.name(Space::Code, c.raw(), self.names.hint(c))
    }

    fn function_slot(&mut self, f: FunctionSlot) -> String {
        format!(
            "@{}",
            self.name(Space::FunctionSlot, f.raw(), self.names.hint(f))
        )
    }

    fn value_slot(&mut self, v: ValueSlot) -> String {
        format!(
            ".{}",
            self.name(Space::ValueSlot, v.raw(), self.names.hint(v))
        )
    }

    fn simple(&mut self, s: &Simple) -> String {
        match s {
            Simple::Var(v) => self.var(*v),
            Simple::Symbol(sym) => self.symbol(*sym),
            Simple::Const(c) => constant(c),
        }
    }

    fn simples(&mut self, ss: &[Simple]) -> String {
        let parts: Vec<String> = ss.iter().map(|s| self.simple(s)).collect();
        parts.join(" ")
    }

    /// `x`, or `(x : float#)` when the kind is not `val`.
    fn param(&mut self, p: &Param) -> String {
        let v = self.var(p.var);
        if p.kind == Kind::Value {
            v
        } else {
            format!("({v} : {})", p.kind)
        }
    }

    fn params(&mut self, ps: &[Param]) -> String {
        if ps.is_empty() {
            return "()".to_string();
        }
        let parts: Vec<String> = ps.iter().map(|p| self.param(p)).collect();
        parts.join(" ")
    }

    fn indent(&mut self, n: usize) {
        for _ in 0..n {
            self.out.push(' ');
        }
    }
}

/// A constant as the printer shows it: tagged integers bare, naked numbers
/// with a `#` in front and OCaml's literal suffix.
pub fn constant(c: &Const) -> String {
    match c {
        Const::Tagged(n) => n.to_string(),
        Const::NakedImmediate(n) => format!("#{n}"),
        Const::NakedFloat(f) => format!("#{}", float_literal(f.get())),
        Const::NakedInt32(n) => format!("#{n}l"),
        Const::NakedInt64(n) => format!("#{n}L"),
        Const::NakedNativeint(n) => format!("#{n}n"),
    }
}

/// A float that reads back to the same bits (shortest round trip), with
/// OCaml's names for the special values.
pub fn float_literal(f: f64) -> String {
    if f.is_nan() {
        "nan".to_string()
    } else if f.is_infinite() {
        if f > 0.0 { "infinity" } else { "neg_infinity" }.to_string()
    } else {
        format!("{f:?}")
    }
}

/// A string literal with OCaml's escapes (`String.escaped`).
pub fn string_literal(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            b'\x08' => s.push_str("\\b"),
            b' '..=b'~' => s.push(b as char),
            _ => {
                let _ = write!(s, "\\{b:03}");
            }
        }
    }
    s.push('"');
    s
}

impl Printer<'_> {
    fn program(&mut self, p: &Program) {
        for c in p.code.values() {
            self.code(c);
            self.out.push('\n');
        }
        let k = self.cont(p.return_cont);
        let e = self.cont(p.exn_cont);
        let _ = writeln!(self.out, "main -> {k} * {e} =");
        self.expr(&p.body, 2);
    }

    fn code(&mut self, c: &Code) {
        let header = self.code_header(c);
        self.out.push_str(&header);
        self.out.push_str(" =\n");
        self.expr(&c.body, 2);
    }

    /// `code f[my_closure] params -> k * k_exn`, and the result kinds
    /// unless they are the usual single `val`.
    pub fn code_header(&mut self, c: &Code) -> String {
        let id = self.code_id(c.id);
        let me = self.var(c.my_closure);
        let params = self.params(&c.params);
        let k = self.cont(c.return_cont);
        let e = self.cont(c.exn_cont);
        let mut s = format!("code {id}[{me}] {params} -> {k} * {e}");
        if c.result_kinds != [Kind::Value] {
            let kinds: Vec<String> = c.result_kinds.iter().map(|k| k.to_string()).collect();
            let _ = write!(s, " : ({})", kinds.join(", "));
        }
        s
    }

    /// Print `e` at indentation `ind`, ending with a newline. Chains of
    /// `let` and `let_cont` bodies are followed by a loop, not recursion,
    /// since they can be as long as the program.
    pub fn expr(&mut self, e: &Expr, ind: usize) {
        let mut e = e;
        loop {
            match e {
                Expr::Let(l) => {
                    self.let_binding(&l.binding, ind);
                    self.out.push_str(" in\n");
                    e = &l.body;
                }
                Expr::LetCont(lc) => {
                    let (inline, body) = match &**lc {
                        LetCont::NonRecursive {
                            cont,
                            handler,
                            body,
                        } => {
                            self.indent(ind);
                            self.out.push_str("let_cont ");
                            (self.handler(*cont, handler, ind), body)
                        }
                        LetCont::Recursive { handlers, body } => {
                            let mut inline = false;
                            for (i, (k, h)) in handlers.iter().enumerate() {
                                self.indent(ind);
                                self.out
                                    .push_str(if i == 0 { "let_cont rec " } else { "and " });
                                inline = self.handler(*k, h, ind);
                            }
                            (inline, body)
                        }
                    };
                    if inline {
                        // `let_cont k x = apply_cont ... in` on one line.
                        self.out.pop();
                        self.out.push_str(" in\n");
                    } else {
                        self.indent(ind);
                        self.out.push_str("in\n");
                    }
                    e = body;
                }
                Expr::Apply(a) => return self.apply(a, ind),
                Expr::ApplyCont(ac) => {
                    self.indent(ind);
                    let s = self.apply_cont(ac);
                    self.out.push_str(&s);
                    self.out.push('\n');
                    return;
                }
                Expr::Switch(s) => {
                    self.indent(ind);
                    let scrutinee = self.simple(&s.scrutinee);
                    let _ = writeln!(self.out, "switch {scrutinee}");
                    for (n, ac) in &s.arms {
                        self.indent(ind);
                        let jump = self.apply_cont(ac);
                        let _ = writeln!(self.out, "| {n} -> {jump}");
                    }
                    return;
                }
                Expr::Invalid { message } => {
                    self.indent(ind);
                    let _ = writeln!(self.out, "invalid {}", string_literal(message.as_bytes()));
                    return;
                }
            }
        }
    }

    fn handler_header(&mut self, k: Continuation, h: &ContHandler) {
        if h.is_exn_handler {
            self.out.push_str("exn ");
        }
        if h.is_cold {
            self.out.push_str("cold ");
        }
        let name = self.cont(k);
        let params = self.params(&h.params);
        let _ = write!(self.out, "{name} {params} =");
    }

    /// `k params =` and the handler's body: on the same line when it is a
    /// single jump (the result says so), indented below otherwise.
    fn handler(&mut self, k: Continuation, h: &ContHandler, ind: usize) -> bool {
        self.handler_header(k, h);
        match &h.body {
            Expr::ApplyCont(ac) => {
                let s = self.apply_cont(ac);
                let _ = writeln!(self.out, " {s}");
                true
            }
            body => {
                self.out.push('\n');
                self.expr(body, ind + 2);
                false
            }
        }
    }

    fn apply_cont(&mut self, ac: &ApplyCont) -> String {
        let k = self.cont(ac.cont);
        let args = if ac.args.is_empty() {
            "()".to_string()
        } else {
            self.simples(&ac.args)
        };
        let trap = match ac.trap {
            None => String::new(),
            Some(TrapAction::Push { exn_handler }) => format!(" [push {}]", self.cont(exn_handler)),
            Some(TrapAction::Pop { exn_handler }) => format!(" [pop {}]", self.cont(exn_handler)),
        };
        format!("apply_cont {k} {args}{trap}")
    }

    fn apply(&mut self, a: &Apply, ind: usize) {
        self.indent(ind);
        let kind = match &a.call_kind {
            CallKind::Direct { code } => format!("[direct {}]", self.code_id(*code)),
            CallKind::IndirectKnownArity => format!("[arity {}]", a.args.len()),
            CallKind::IndirectUnknownArity => String::new(),
            CallKind::Runtime {
                name,
                arg_kinds,
                result_kinds,
            } => {
                let all_values = arg_kinds
                    .iter()
                    .chain(result_kinds)
                    .all(|k| *k == Kind::Value);
                if all_values && result_kinds.len() == 1 {
                    format!("[runtime] {name}")
                } else {
                    let ks = |ks: &[Kind]| {
                        ks.iter()
                            .map(|k| k.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    format!(
                        "[runtime ({}) -> ({})] {name}",
                        ks(arg_kinds),
                        ks(result_kinds)
                    )
                }
            }
        };
        let callee = match &a.callee {
            Some(c) => format!(" {}", self.simple(c)),
            None => String::new(),
        };
        let args = if a.args.is_empty() {
            "()".to_string()
        } else {
            self.simples(&a.args)
        };
        let ret = match a.return_to {
            Return::Cont(k) => self.cont(k),
            Return::Never => "never".to_string(),
        };
        let exn = self.cont(a.exn_cont);
        let _ = writeln!(self.out, "apply{kind}{callee} {args} -> {ret} * {exn}");
    }
}

impl Printer<'_> {
    /// `let ... = ...` without the `in`.
    fn let_binding(&mut self, b: &Binding, ind: usize) {
        self.indent(ind);
        match b {
            Binding::Var { param, named } => {
                let v = self.var(param.var);
                let rhs = match named {
                    Named::Simple(s) => self.simple(s),
                    Named::Prim(p) => self.prim(p),
                };
                if param.kind == Kind::Value {
                    let _ = write!(self.out, "let {v} = {rhs}");
                } else {
                    let _ = write!(self.out, "let {v} : {} = {rhs}", param.kind);
                }
            }
            Binding::SetOfClosures { vars, set } => {
                let vs: Vec<String> = vars.iter().map(|v| self.var(*v)).collect();
                let set = self.set_of_closures(set);
                let _ = write!(self.out, "let {} = {set}", vs.join(", "));
            }
            Binding::Static(bindings) => {
                for (i, sb) in bindings.iter().enumerate() {
                    if i > 0 {
                        self.out.push('\n');
                        self.indent(ind);
                    }
                    self.out
                        .push_str(if i == 0 { "let symbol " } else { "and " });
                    match sb {
                        StaticBinding::Const { symbol, value } => {
                            let s = self.symbol(*symbol);
                            let v = self.static_const(value);
                            let _ = write!(self.out, "{s} = {v}");
                        }
                        StaticBinding::SetOfClosures { symbols, set } => {
                            let ss: Vec<String> = symbols.iter().map(|s| self.symbol(*s)).collect();
                            let set = self.set_of_closures(set);
                            let _ = write!(self.out, "{} = {set}", ss.join(", "));
                        }
                    }
                }
            }
        }
    }

    /// `closures { @f: code_f, @g: code_g } with { .x = x }`
    fn set_of_closures(&mut self, set: &SetOfClosures) -> String {
        let fs: Vec<String> = set
            .functions
            .iter()
            .map(|(slot, code)| format!("{}: {}", self.function_slot(*slot), self.code_id(*code)))
            .collect();
        let mut s = format!("closures {{ {} }}", fs.join(", "));
        if !set.value_slots.is_empty() {
            let vs: Vec<String> = set
                .value_slots
                .iter()
                .map(|(slot, v)| format!("{} = {}", self.value_slot(*slot), self.simple(v)))
                .collect();
            let _ = write!(s, " with {{ {} }}", vs.join(", "));
        }
        s
    }

    fn static_const(&mut self, c: &StaticConst) -> String {
        let mutable = |m: &Mutability| {
            if *m == Mutability::Mutable {
                "mutable "
            } else {
                ""
            }
        };
        match c {
            StaticConst::Block {
                tag,
                mutability,
                fields,
            } => {
                let fs: Vec<String> = fields
                    .iter()
                    .map(|f| match f {
                        StaticField::Symbol(s) => self.symbol(*s),
                        StaticField::Tagged(n) => n.to_string(),
                    })
                    .collect();
                format!("{}block {tag} ({})", mutable(mutability), fs.join(", "))
            }
            StaticConst::BoxedFloat(f) => format!("boxed_float {}", float_literal(f.get())),
            StaticConst::BoxedInt32(n) => format!("boxed_int32 {n}l"),
            StaticConst::BoxedInt64(n) => format!("boxed_int64 {n}L"),
            StaticConst::BoxedNativeint(n) => format!("boxed_nativeint {n}n"),
            StaticConst::String(bytes) => string_literal(bytes),
            StaticConst::Runtime(name) => format!("runtime {name}"),
            StaticConst::FloatBlock { mutability, fields } => {
                let fs: Vec<String> = fields.iter().map(|f| float_literal(f.get())).collect();
                format!("{}float_block ({})", mutable(mutability), fs.join(", "))
            }
        }
    }

    fn prim(&mut self, p: &Prim) -> String {
        let args = self.simples(&p.args);
        let (name, attrs) = match p.op {
            // Arithmetic and comparisons read best infix.
            PrimOp::IntArith(k, op) => {
                return self.infix(p, &format!("{}{}", op.symbol(), k.suffix()))
            }
            PrimOp::IntShift(k, op) => {
                return self.infix(p, &format!("{}{}", op.symbol(), k.suffix()))
            }
            PrimOp::IntComp(k, cmp, signed) => {
                let u = if signed == Signedness::Unsigned {
                    "u"
                } else {
                    ""
                };
                return self.infix(p, &format!("{}{u}{}", cmp.symbol(), k.suffix()));
            }
            PrimOp::FloatArith(op) => return self.infix(p, op.symbol()),
            PrimOp::FloatComp(cmp) => return self.infix(p, &format!("{}.", cmp.symbol())),
            PrimOp::PhysEqual(Equality::Eq) => return self.infix(p, "=="),
            PrimOp::PhysEqual(Equality::Ne) => return self.infix(p, "!="),
            PrimOp::MakeBlock {
                tag,
                shape: BlockShape::Values,
                mutability,
            } => ("block", attrs(&[tag.to_string()], None, mutability)),
            PrimOp::MakeBlock {
                shape: BlockShape::NakedFloats,
                mutability,
                ..
            } => ("float_block", attrs(&[], None, mutability)),
            PrimOp::BlockLoad {
                field,
                kind,
                mutability,
            } => (
                load_name(kind, "load"),
                attrs(&[field.to_string()], immediate(kind), mutability),
            ),
            PrimOp::BlockSet { field, kind } => (
                load_name(kind, "store"),
                attrs(&[field.to_string()], immediate(kind), Mutability::Immutable),
            ),
            PrimOp::IsInt => ("is_int", String::new()),
            PrimOp::GetTag => ("get_tag", String::new()),
            PrimOp::MakeArray { kind, mutability } => {
                ("array", attrs(&[array_kind(kind)], None, mutability))
            }
            PrimOp::ArrayLength => ("array_length", String::new()),
            PrimOp::IsFlatFloatArray => ("is_flat_float_array", String::new()),
            PrimOp::ArrayLoad { kind, mutability } => {
                ("array_load", attrs(&[array_kind(kind)], None, mutability))
            }
            PrimOp::ArraySet { kind } => (
                "array_store",
                attrs(&[array_kind(kind)], None, Mutability::Immutable),
            ),
            PrimOp::StringLength(StringKind::String) => ("string_length", String::new()),
            PrimOp::StringLength(StringKind::Bytes) => ("bytes_length", String::new()),
            PrimOp::StringLoad(StringKind::String) => ("string_load", String::new()),
            PrimOp::StringLoad(StringKind::Bytes) => ("bytes_load", String::new()),
            PrimOp::BytesSet => ("bytes_store", String::new()),
            PrimOp::TagImmediate => ("tag", String::new()),
            PrimOp::UntagImmediate => ("untag", String::new()),
            PrimOp::BoxNumber(n) => return format!("%box_{} {args}", n.name()),
            PrimOp::UnboxNumber(n) => return format!("%unbox_{} {args}", n.name()),
            PrimOp::IntNeg(k) => ("neg", int_kind_attr(k)),
            PrimOp::IntCompare(k, signed) => {
                let mut a = Vec::new();
                if k != IntKind::Tagged {
                    a.push(k.to_string());
                }
                if signed == Signedness::Unsigned {
                    a.push("unsigned".to_string());
                }
                ("compare", bracket(&a))
            }
            PrimOp::FloatNeg => ("fneg", String::new()),
            PrimOp::FloatAbs => ("fabs", String::new()),
            PrimOp::FloatCompare => ("fcompare", String::new()),
            PrimOp::NumConv { src, dst } => ("conv", format!("[{src} -> {dst}]")),
            PrimOp::BooleanNot => ("not", String::new()),
            PrimOp::ProjectFunctionSlot { from, to } => {
                let s = format!(
                    "[{} -> {}]",
                    self.function_slot(from),
                    self.function_slot(to)
                );
                ("project_function_slot", s)
            }
            PrimOp::ProjectValueSlot {
                function_slot,
                value_slot,
                kind,
            } => {
                let f = self.function_slot(function_slot);
                let v = self.value_slot(value_slot);
                let k = if kind == Kind::Value {
                    String::new()
                } else {
                    format!(" : {kind}")
                };
                ("project_value_slot", format!("[{f}{v}{k}]"))
            }
        };
        if args.is_empty() {
            format!("%{name}{attrs}")
        } else {
            format!("%{name}{attrs} {args}")
        }
    }

    fn infix(&mut self, p: &Prim, op: &str) -> String {
        match p.args.as_slice() {
            [a, b] => format!("{} {op} {}", self.simple(a), self.simple(b)),
            // Ill-formed (the checker says so); print what is there.
            args => format!("({op}) {}", self.simples(args)),
        }
    }
}

fn load_name(kind: FieldKind, base: &'static str) -> &'static str {
    match (kind, base) {
        (FieldKind::NakedFloat, "load") => "load_float",
        (FieldKind::NakedFloat, _) => "store_float",
        _ => base,
    }
}

fn immediate(kind: FieldKind) -> Option<&'static str> {
    (kind == FieldKind::Immediate).then_some("imm")
}

fn array_kind(kind: ArrayKind) -> String {
    match kind {
        ArrayKind::Immediates => "int",
        ArrayKind::Values => "val",
        ArrayKind::NakedFloats => "float#",
    }
    .to_string()
}

fn int_kind_attr(k: IntKind) -> String {
    if k == IntKind::Tagged {
        String::new()
    } else {
        format!("[{k}]")
    }
}

fn attrs(first: &[String], extra: Option<&str>, mutability: Mutability) -> String {
    let mut a: Vec<String> = first.to_vec();
    a.extend(extra.map(str::to_string));
    if mutability == Mutability::Mutable {
        a.push("mut".to_string());
    }
    bracket(&a)
}

fn bracket(a: &[String]) -> String {
    if a.is_empty() {
        String::new()
    } else {
        format!("[{}]", a.join(", "))
    }
}
