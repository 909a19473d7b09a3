//! The standard library's signatures, read from `stdlib.mli`: OCaml `val`
//! and `external` declarations, grouped in `module M : sig ... end`. The
//! text is a valid OCaml interface, so it is easy to read, to extend, and to
//! check against OCaml itself. The front end's parser does not read it:
//! user programs have no `val`, no `sig`, and no labelled arrows, so the few
//! lines below, a tokenizer and a recursive descent over type expressions,
//! are the whole interface language.

use super::decls::{SType, Scheme};
use super::env::NameHasher;
use super::ty::TypeId;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

/// The text of the library's signatures.
pub const STDLIB_MLI: &str = include_str!("stdlib.mli");

/// A library value's identity: an index into [`Library::entries`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LibId(pub u32);

/// One value of the standard library.
#[derive(Clone, Debug)]
pub struct LibEntry {
    /// The module it belongs to (`Some("List")`), `None` for `Stdlib`'s own.
    pub module: Option<Rc<str>>,
    /// Its name in the module: `map`, `+`, `mod`.
    pub name: Rc<str>,
    /// The name lowering looks it up by: `List.map`, `+`, `print_int`.
    pub qualified: Rc<str>,
    pub scheme: Rc<Scheme>,
    /// For an `external`, the primitive OCaml compiles it to (`%addint`,
    /// `caml_sqrt_float`); `None` for a function written in the prelude.
    pub primitive: Option<Rc<str>>,
}

/// The standard library, indexed by qualified name.
#[derive(Clone, Debug, Default)]
pub struct Library {
    pub entries: Vec<LibEntry>,
    by_name: HashMap<Rc<str>, LibId, BuildHasherDefault<NameHasher>>,
    modules: Vec<Rc<str>>,
}

impl Library {
    /// The library as declared in `stdlib.mli`, read once per thread.
    pub fn standard() -> Result<Rc<Library>, String> {
        thread_local! {
            static STANDARD: Result<Rc<Library>, String> = parse_library(STDLIB_MLI).map(Rc::new);
        }
        STANDARD.with(|l| l.clone())
    }

    pub fn lookup(&self, qualified: &str) -> Option<LibId> {
        self.by_name.get(qualified).copied()
    }

    pub fn entry(&self, id: LibId) -> &LibEntry {
        &self.entries[id.0 as usize]
    }

    /// The names of the modules, for "Unbound module" and its hint.
    pub fn modules(&self) -> &[Rc<str>] {
        &self.modules
    }

    /// The unqualified names of one module (`None`: `Stdlib`), for hints.
    pub fn names_in<'a>(&'a self, module: Option<&'a str>) -> impl Iterator<Item = &'a str> + 'a {
        self.entries
            .iter()
            .filter(move |e| e.module.as_deref() == module)
            .map(|e| &*e.name)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A lowercase or uppercase identifier, or a keyword.
    Ident(String),
    /// `'a`
    TyVar(String),
    Str(String),
    /// One of `( ) , : = * ->`, or an operator name inside `( )`.
    Sym(String),
}

fn tokenize(text: &str) -> Result<Vec<Tok>, String> {
    let bytes = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'\'';
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if text[i..].starts_with("(*") {
            let end = text[i..].find("*)").ok_or("unterminated comment")?;
            i += end + 2;
        } else if c == b'"' {
            let end = text[i + 1..].find('"').ok_or("unterminated string")?;
            toks.push(Tok::Str(text[i + 1..i + 1 + end].to_string()));
            i += end + 2;
        } else if c == b'\'' {
            let start = i + 1;
            i = start;
            while i < bytes.len() && is_ident(bytes[i]) {
                i += 1;
            }
            toks.push(Tok::TyVar(text[start..i].to_string()));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && is_ident(bytes[i]) {
                i += 1;
            }
            toks.push(Tok::Ident(text[start..i].to_string()));
        } else if text[i..].starts_with("->") {
            toks.push(Tok::Sym("->".into()));
            i += 2;
        } else if c == b'(' && text[i + 1..].starts_with(' ') {
            // `( op )`: an operator name, read up to the closing parenthesis.
            let end = text[i..].find(')').ok_or("unclosed operator name")?;
            let op = text[i + 1..i + end].trim();
            if op.is_empty() {
                return Err("empty operator name".into());
            }
            toks.push(Tok::Ident(op.to_string()));
            i += end + 1;
        } else {
            toks.push(Tok::Sym((c as char).to_string()));
            i += 1;
        }
    }
    Ok(toks)
}

struct SigParser {
    toks: Vec<Tok>,
    pos: usize,
    /// The type variables of the declaration being read.
    vars: HashMap<String, u32>,
}

/// The predefined type constructors the library's types may mention.
fn predefined_type(name: &str) -> Option<TypeId> {
    Some(match name {
        "int" => TypeId::INT,
        "char" => TypeId::CHAR,
        "string" => TypeId::STRING,
        "float" => TypeId::FLOAT,
        "bool" => TypeId::BOOL,
        "unit" => TypeId::UNIT,
        "exn" => TypeId::EXN,
        "array" => TypeId::ARRAY,
        "list" => TypeId::LIST,
        "option" => TypeId::OPTION,
        "int32" => TypeId::INT32,
        "int64" => TypeId::INT64,
        "nativeint" => TypeId::NATIVEINT,
        "ref" => TypeId::REF,
        _ => return None,
    })
}

impl SigParser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k)
    }

    fn next(&mut self) -> Result<Tok, String> {
        let t = self
            .toks
            .get(self.pos)
            .cloned()
            .ok_or("unexpected end of the signatures")?;
        self.pos += 1;
        Ok(t)
    }

    fn expect_sym(&mut self, s: &str) -> Result<(), String> {
        match self.next()? {
            Tok::Sym(x) if x == s => Ok(()),
            t => Err(format!("expected `{}`, found {:?}", s, t)),
        }
    }

    fn ident(&mut self) -> Result<String, String> {
        match self.next()? {
            Tok::Ident(x) => Ok(x),
            t => Err(format!("expected a name, found {:?}", t)),
        }
    }

    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(x)) if x == s)
    }

    /// `typexpr ::= [label:] tuple [-> typexpr]`
    fn arrow(&mut self) -> Result<SType, String> {
        let label = match (self.peek(), self.peek_at(1)) {
            (Some(Tok::Ident(l)), Some(Tok::Sym(c))) if c == ":" => {
                let l = Rc::from(l.as_str());
                self.pos += 2;
                Some(l)
            }
            _ => None,
        };
        let dom = self.tuple()?;
        if self.is_sym("->") {
            self.pos += 1;
            let cod = self.arrow()?;
            Ok(SType::Arrow(label, Box::new(dom), Box::new(cod)))
        } else if label.is_some() {
            Err("a label must be followed by an arrow".into())
        } else {
            Ok(dom)
        }
    }

    /// `tuple ::= app { * app }`
    fn tuple(&mut self) -> Result<SType, String> {
        let mut items = vec![self.app()?];
        while self.is_sym("*") {
            self.pos += 1;
            items.push(self.app()?);
        }
        Ok(if items.len() == 1 {
            items.remove(0)
        } else {
            SType::Tuple(items)
        })
    }

    /// `app ::= atom { constr }`, `atom ::= 'a | constr | ( typexpr {, typexpr} )`
    fn app(&mut self) -> Result<SType, String> {
        let mut args = match self.next()? {
            Tok::TyVar(v) => {
                let next = self.vars.len() as u32;
                vec![SType::Param(*self.vars.entry(v).or_insert(next))]
            }
            Tok::Ident(c) => vec![self.constr(&c, Vec::new())?],
            Tok::Sym(p) if p == "(" => {
                let mut items = vec![self.arrow()?];
                while self.is_sym(",") {
                    self.pos += 1;
                    items.push(self.arrow()?);
                }
                self.expect_sym(")")?;
                items
            }
            t => return Err(format!("unexpected {:?} in a type", t)),
        };
        while let Some(Tok::Ident(c)) = self.peek() {
            if matches!(c.as_str(), "val" | "external" | "module" | "end") {
                break;
            }
            let c = c.clone();
            self.pos += 1;
            args = vec![self.constr(&c, args)?];
        }
        match args.len() {
            1 => Ok(args.remove(0)),
            _ => Err("a parenthesised list of types must be applied to a type constructor".into()),
        }
    }

    fn constr(&self, name: &str, args: Vec<SType>) -> Result<SType, String> {
        let id = predefined_type(name).ok_or_else(|| format!("unknown type `{}`", name))?;
        let arity = usize::from(matches!(
            id,
            TypeId::ARRAY | TypeId::LIST | TypeId::OPTION | TypeId::REF
        ));
        if args.len() != arity {
            return Err(format!("type `{}` expects {} argument(s)", name, arity));
        }
        Ok(SType::Con(id, args))
    }
}

impl SigParser {
    /// `val name : t` or `external name : t = "primitive"`.
    fn value(&mut self, external: bool, module: &Option<Rc<str>>) -> Result<LibEntry, String> {
        let name: Rc<str> = self.ident()?.into();
        self.expect_sym(":")?;
        self.vars.clear();
        let body = self.arrow()?;
        let primitive = if external {
            self.expect_sym("=")?;
            match self.next()? {
                Tok::Str(p) => Some(Rc::from(p.as_str())),
                t => return Err(format!("expected a primitive name, found {:?}", t)),
            }
        } else {
            None
        };
        let qualified = match module {
            Some(m) => format!("{}.{}", m, name).into(),
            None => name.clone(),
        };
        let scheme = Rc::new(Scheme {
            params: self.vars.len() as u32,
            body,
        });
        Ok(LibEntry {
            module: module.clone(),
            name,
            qualified,
            scheme,
            primitive,
        })
    }

    /// Items up to `end` (in a module) or the end of the text.
    fn items(&mut self, module: Option<Rc<str>>, out: &mut Vec<LibEntry>) -> Result<(), String> {
        while let Some(tok) = self.peek().cloned() {
            match tok {
                Tok::Ident(k) if k == "val" || k == "external" => {
                    self.pos += 1;
                    let entry = self.value(k == "external", &module)?;
                    out.push(entry);
                }
                Tok::Ident(k) if k == "module" && module.is_none() => {
                    self.pos += 1;
                    let name = self.ident()?;
                    self.expect_sym(":")?;
                    if self.ident()? != "sig" {
                        return Err("expected `sig`".into());
                    }
                    self.items(Some(name.into()), out)?;
                }
                Tok::Ident(k) if k == "end" && module.is_some() => {
                    self.pos += 1;
                    return Ok(());
                }
                t => return Err(format!("unexpected {:?} in the signatures", t)),
            }
        }
        match module {
            None => Ok(()),
            Some(m) => Err(format!("module {} has no `end`", m)),
        }
    }
}

/// Read a library description in the format of `stdlib.mli`.
pub fn parse_library(text: &str) -> Result<Library, String> {
    let mut parser = SigParser {
        toks: tokenize(text)?,
        pos: 0,
        vars: HashMap::new(),
    };
    let mut entries = Vec::new();
    parser.items(None, &mut entries)?;
    let mut by_name = HashMap::default();
    for (i, e) in entries.iter().enumerate() {
        if by_name
            .insert(e.qualified.clone(), LibId(i as u32))
            .is_some()
        {
            return Err(format!("`{}` is declared twice", e.qualified));
        }
    }
    let mut modules: Vec<Rc<str>> = entries.iter().filter_map(|e| e.module.clone()).collect();
    modules.sort();
    modules.dedup();
    Ok(Library {
        entries,
        by_name,
        modules,
    })
}
