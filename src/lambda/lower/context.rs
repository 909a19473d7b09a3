//! The state of the lowering: where each typed name went in Lambda.

use crate::diagnostics::{Diagnostic, SourceFile, Span};
use crate::lambda::builder::{int, predef_exn};
use crate::lambda::ir::{Constant, Fresh, Lambda, Var};
use crate::lambda::matching::{RecordType, VariantType};
use crate::lambda::primitive::PredefException;
use crate::types::decls::{Decls, ExnId, RecordRepr, TypeKind};
use crate::types::stdlib::Library;
use crate::types::ty::TypeId;
use crate::types::typed::{VarId, VarInfo};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

/// The result of lowering one construct; an error is reported at a span.
pub type Res<T> = Result<T, Box<Diagnostic>>;

/// An `external`: the name of the primitive OCaml compiles it to, and its
/// declared arity (the number of arrows in its declared type, which is
/// how many arguments the primitive takes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct External {
    pub name: Arc<str>,
    pub arity: usize,
}

/// What a name of the standard library stands for once the prelude is
/// compiled: a variable bound by one of its top-level definitions, or a
/// primitive.
#[derive(Clone, Debug)]
pub enum Export {
    Var(Var),
    External(External),
}

/// The prelude's exports, by qualified name (`List.map`, `print_int`), and
/// its exceptions (`Exit`, `Fun.Finally_raised`).
#[derive(Clone, Debug, Default)]
pub struct Link {
    pub values: HashMap<String, Export>,
    pub exceptions: HashMap<String, Var>,
}

/// What a value name resolves to.
pub enum Resolved {
    Var(Var),
    External(External),
}

pub struct Lowerer<'a> {
    pub fresh: Fresh,
    pub file: &'a SourceFile,
    pub decls: &'a Decls,
    pub library: &'a Library,
    pub var_info: &'a [VarInfo],
    pub link: Link,
    /// The Lambda variable of each typed variable met so far.
    pub vars: HashMap<VarId, Var>,
    /// Variables that stand for primitives (the prelude's `external`s).
    pub externals: HashMap<VarId, External>,
    /// The identities of the exceptions the program declares.
    pub exceptions: HashMap<ExnId, Var>,
    /// Warnings of the match compiler, in the order met.
    pub warnings: Vec<Diagnostic>,
    variants: HashMap<TypeId, Rc<VariantType>>,
    records: HashMap<TypeId, Rc<RecordType>>,
}

impl<'a> Lowerer<'a> {
    pub fn new(
        file: &'a SourceFile,
        decls: &'a Decls,
        library: &'a Library,
        var_info: &'a [VarInfo],
        link: Link,
        fresh: Fresh,
    ) -> Lowerer<'a> {
        Lowerer {
            fresh,
            file,
            decls,
            library,
            var_info,
            link,
            vars: HashMap::new(),
            externals: HashMap::new(),
            exceptions: HashMap::new(),
            warnings: Vec::new(),
            variants: HashMap::new(),
            records: HashMap::new(),
        }
    }

    /// The source name of a typed variable.
    pub fn var_name(&self, id: VarId) -> Rc<str> {
        self.var_info
            .get(id.0 as usize)
            .map(|i| i.name.clone())
            .unwrap_or_else(|| Rc::from("v"))
    }

    /// The Lambda variable for a typed variable, created at its first
    /// occurrence (its binding, or the first side of an or-pattern).
    pub fn bind_var(&mut self, id: VarId) -> Var {
        if let Some(v) = self.vars.get(&id) {
            return v.clone();
        }
        let v = self.fresh.var(&self.var_name(id));
        self.vars.insert(id, v.clone());
        v
    }

    /// A variable the source did not name.
    pub fn temp(&mut self, name: &str) -> Var {
        self.fresh.var(name)
    }

    /// An internal inconsistency, reported where it was found.
    pub fn internal(&self, span: Span, message: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic::error(
            span,
            format!("internal error in the lowering: {}", message.into()),
        ))
    }

    /// The identity of an exception: a predefined one is a constant of the
    /// runtime, `Exit` and `Fun.Finally_raised` come from the prelude, the
    /// program's own are variables bound by their declarations.
    pub fn exception_slot(&self, exn: ExnId, span: Span) -> Res<Lambda> {
        if let Some(v) = self.exceptions.get(&exn) {
            return Ok(Lambda::Var(v.clone()));
        }
        let decl = self
            .decls
            .exceptions
            .get(exn.0 as usize)
            .ok_or_else(|| self.internal(span, "unknown exception"))?;
        if decl.predefined {
            let e = PredefException::from_name(&decl.name).ok_or_else(|| {
                self.internal(span, format!("no predefined exception {}", decl.name))
            })?;
            return Ok(crate::lambda::builder::predef(e));
        }
        let exported = match exn {
            ExnId::EXIT => "Exit",
            ExnId::FINALLY_RAISED => "Fun.Finally_raised",
            _ => return Err(self.internal(span, format!("exception {} has no identity", decl.name))),
        };
        self.link
            .exceptions
            .get(exported)
            .map(|v| Lambda::Var(v.clone()))
            .ok_or_else(|| self.internal(span, format!("the prelude does not define {exported}")))
    }

    /// OCaml's location triple `(file, line, column)`, the argument of
    /// `Match_failure` and `Assert_failure`: the file name as given on the
    /// command line, the 1-based line and the 0-based column of the start.
    pub fn location(&self, span: Span) -> Lambda {
        let (line, col) = self.file.line_col(span.start);
        Lambda::Const(Constant::Block {
            tag: 0,
            fields: vec![
                Constant::String(self.file.name.as_bytes().to_vec()),
                Constant::Int(line as i64),
                Constant::Int(col as i64),
            ],
        })
    }

    pub fn match_failure(&self, span: Span) -> Lambda {
        predef_exn(PredefException::MatchFailure, vec![self.location(span)])
    }

    pub fn assert_failure(&self, span: Span) -> Lambda {
        predef_exn(PredefException::AssertFailure, vec![self.location(span)])
    }

    /// The constructors of a variant type, for the match compiler (which
    /// needs them to know when a `switch` is exhaustive).
    pub fn variant_type(&mut self, ty: TypeId) -> Rc<VariantType> {
        if let Some(t) = self.variants.get(&ty) {
            return t.clone();
        }
        let constructors = match self.decls.types.get(ty.0 as usize).map(|d| &d.kind) {
            Some(TypeKind::Variant(cs)) => cs
                .iter()
                .map(|c| (c.name.to_string(), c.args.len()))
                .collect(),
            _ => Vec::new(),
        };
        let t = Rc::new(VariantType { constructors });
        self.variants.insert(ty, t.clone());
        t
    }

    pub fn record_type(&mut self, ty: TypeId) -> Rc<RecordType> {
        if let Some(t) = self.records.get(&ty) {
            return t.clone();
        }
        let (labels, flat_float) = match self.decls.types.get(ty.0 as usize).map(|d| &d.kind) {
            Some(TypeKind::Record(fields, repr)) => (
                fields.iter().map(|f| f.name.to_string()).collect(),
                *repr == RecordRepr::Float,
            ),
            _ => (Vec::new(), false),
        };
        let t = Rc::new(RecordType { labels, flat_float });
        self.records.insert(ty, t.clone());
        t
    }
}

/// A Lambda term whose evaluation has no effect and whose value does not
/// depend on when it is evaluated: moving it across another evaluation
/// changes nothing.
pub fn is_simple(e: &Lambda) -> bool {
    matches!(e, Lambda::Var(_) | Lambda::Const(_) | Lambda::Function(_))
}

/// The unit value, `()`.
pub fn unit_value() -> Lambda {
    int(0)
}
