//! Constants: immediates stay in the term; everything else becomes a
//! statically allocated symbol, defined once at the start of the program.

use super::Converter;
use crate::cps::ids::Symbol;
use crate::cps::primitives::Mutability;
use crate::cps::terms::{Const, FloatBits, Simple, StaticBinding, StaticConst, StaticField};
use crate::lambda::ir::Constant;
use crate::lambda::primitive::PredefException;
use crate::observable::IntKind;

impl Converter<'_> {
    pub(super) fn constant(&mut self, c: &Constant) -> Simple {
        match c {
            Constant::Int(n) => Simple::tagged(*n),
            Constant::Float(x) => Simple::Symbol(
                self.static_const("float", StaticConst::BoxedFloat(FloatBits::new(*x))),
            ),
            Constant::String(bytes) => self.string_symbol(bytes),
            Constant::Boxed(kind, n) => {
                let value = match kind {
                    IntKind::Int => return Simple::tagged(*n),
                    IntKind::Int32 => StaticConst::BoxedInt32(*n as i32),
                    IntKind::Int64 => StaticConst::BoxedInt64(*n),
                    IntKind::Nativeint => StaticConst::BoxedNativeint(*n),
                };
                Simple::Symbol(self.static_const(kind.module_name().to_lowercase().as_str(), value))
            }
            Constant::Block { tag, fields } => {
                let fields = fields
                    .iter()
                    .map(|f| match self.constant(f) {
                        Simple::Symbol(s) => StaticField::Symbol(s),
                        Simple::Const(Const::Tagged(n)) => StaticField::Tagged(n),
                        // Constants are tagged immediates or symbols.
                        _ => StaticField::Tagged(0),
                    })
                    .collect();
                let value = StaticConst::Block {
                    tag: *tag,
                    mutability: Mutability::Immutable,
                    fields,
                };
                Simple::Symbol(self.static_const("const_block", value))
            }
        }
    }

    fn static_const(&mut self, hint: &str, value: StaticConst) -> Symbol {
        let symbol = self.names.symbol(hint);
        self.statics.push(StaticBinding::Const { symbol, value });
        symbol
    }

    /// A string constant, named after its text where that makes a name.
    pub(super) fn string_symbol(&mut self, bytes: &[u8]) -> Simple {
        let mut hint: String = bytes
            .iter()
            .take(24)
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    *b as char
                } else {
                    '_'
                }
            })
            .collect();
        hint = hint.trim_matches('_').to_string();
        if hint.is_empty() || hint.starts_with(|c: char| c.is_ascii_digit()) {
            hint = format!("s{hint}");
        }
        Simple::Symbol(self.static_const(&hint, StaticConst::String(bytes.to_vec())))
    }

    /// The symbol of a value the runtime defines (a predefined exception),
    /// one per program.
    pub(super) fn runtime_symbol(&mut self, hint: &str, linker_name: &str) -> Symbol {
        if let Some(s) = self.runtime_symbols.get(linker_name) {
            return *s;
        }
        let s = self.static_const(hint, StaticConst::Runtime(linker_name.to_string()));
        self.runtime_symbols.insert(linker_name.to_string(), s);
        s
    }

    pub(super) fn predef_symbol(&mut self, e: PredefException) -> Symbol {
        self.runtime_symbol(e.name(), &format!("caml_exn_{}", e.name()))
    }
}
