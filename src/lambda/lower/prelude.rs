//! Compiling the prelude, and linking a program with the part of it that
//! the program uses.
//!
//! The prelude (`src/lambda/prelude.ml`) is a valid OCaml file, so that it
//! can be checked against the real standard library; it therefore uses
//! three things Flambeau's front end does not accept from programs:
//! `module M = struct ... end`, `external` declarations, and labelled
//! parameters. A small token-level rewrite removes them before the
//! ordinary parser and type checker see the file:
//!
//! - `module M = struct` and its `end` are blanked out, and their offsets
//!   remembered: the items in between are typed as M's, in a scope that is
//!   closed again at the `end` (and their exports are named `M.x`);
//! - `external f : t = "prim"` becomes `let f : t = fun _ -> assert false`,
//!   a definition of the right type; its offset remembers the primitive,
//!   and the lowering replaces every use of `f` by the primitive;
//! - `~label` in a parameter becomes a plain parameter: the type checker
//!   has already put a program's labelled arguments in parameter order.
//!
//! The result is lowered once per process into a list of top-level
//! definitions; each program is then linked with those it reaches.

use super::apply::type_arity;
use super::context::{Export, External, Link, Lowerer};
use super::toplevel::TopDef;
use crate::diagnostics::{Diagnostic, SourceFile, Span};
use crate::lambda::ir::Fresh;
use crate::syntax::ast;
use crate::syntax::token::Token;
use crate::types::env::{Env, Globals};
use crate::types::infer::Checker;
use crate::types::stdlib::Library;
use crate::types::typed::{self, Item, VarId};
use crate::types::zonk::Zonker;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::{Arc, OnceLock};

/// The name the prelude's diagnostics (which would be our bugs) show.
const PRELUDE_FILE: &str = "prelude.ml";

/// The prelude rewritten for the front end.
pub struct Rewritten {
    pub text: String,
    /// Byte offset of each `let` that was an `external` → its primitive.
    pub externals: HashMap<u32, Arc<str>>,
    /// Each module's name and the byte range of its body.
    pub modules: Vec<(String, u32, u32)>,
}

/// Rewrite the prelude's modules, externals and labelled parameters (see
/// the module documentation).
pub fn rewrite(original: &str) -> Result<Rewritten, String> {
    let file = SourceFile::new(PRELUDE_FILE, original);
    let (tokens, errors) = crate::syntax::lex(&file);
    if !errors.is_empty() {
        return Err(file.render(&errors));
    }
    let mut out = String::with_capacity(original.len());
    let mut copied = 0;
    let mut externals = HashMap::new();
    let mut modules = Vec::new();
    // `begin` (None) and `module ... struct` (Some) blocks, closed by `end`.
    let mut blocks: Vec<Option<(String, u32)>> = Vec::new();
    let mut external_at: Option<u32> = None;
    let token = |i: usize| tokens.get(i).map(|(t, _)| t);
    let mut i = 0;
    while let Some((tok, span)) = tokens.get(i) {
        let (start, end) = (span.start as usize, span.end as usize);
        out.push_str(original.get(copied..start).unwrap_or(""));
        copied = start;
        let here = out.len() as u32;
        match tok {
            Token::UnsupportedKeyword(k) if k == "module" => match (token(i + 1), token(i + 2), tokens.get(i + 3)) {
                (Some(Token::Uident(name)), Some(Token::Equal), Some((Token::UnsupportedKeyword(s), s_span)))
                    if s == "struct" =>
                {
                    blocks.push(Some((name.clone(), here)));
                    copied = s_span.end as usize;
                    i += 4;
                    continue;
                }
                _ => return Err(format!("{PRELUDE_FILE}: `module` must be `module M = struct` (offset {start})")),
            },
            Token::Begin => blocks.push(None),
            Token::End => match blocks.pop() {
                Some(Some((name, body_start))) => {
                    modules.push((name, body_start, here));
                    copied = end;
                }
                Some(None) => {}
                None => return Err(format!("{PRELUDE_FILE}: unmatched `end` (offset {start})")),
            },
            Token::UnsupportedKeyword(k) if k == "external" => {
                external_at = Some(here);
                out.push_str("let");
                copied = end;
            }
            Token::String(bytes) if i > 0 && token(i - 1) == Some(&Token::Equal) => {
                if let Some(at) = external_at.take() {
                    let name = String::from_utf8_lossy(bytes);
                    externals.insert(at, Arc::from(&*name));
                    out.push_str("fun _ -> assert false");
                    copied = end;
                }
            }
            Token::Tilde if matches!(token(i + 1), Some(Token::Lident(_) | Token::LParen)) => {
                copied = end;
            }
            _ => {}
        }
        i += 1;
    }
    out.push_str(original.get(copied..).unwrap_or(""));
    if !blocks.is_empty() {
        return Err(format!("{PRELUDE_FILE}: a `module` or `begin` is not closed"));
    }
    Ok(Rewritten {
        text: out,
        externals,
        modules,
    })
}

/// The typed prelude: its items, each with the module it belongs to.
pub struct TypedPrelude {
    pub file: SourceFile,
    pub items: Vec<(Item, Option<String>)>,
    pub decls: crate::types::decls::Decls,
    pub library: Rc<Library>,
    pub vars: Vec<typed::VarInfo>,
}

/// Type the rewritten prelude item by item, as `types::toplevel` types a
/// program, but with a scope per module: the names a module defines are
/// visible inside it, and outside only through their qualified names (which
/// the type checker finds in the library's signatures).
pub fn type_prelude(rewritten: &Rewritten) -> Result<TypedPrelude, String> {
    let file = SourceFile::new(PRELUDE_FILE, rewritten.text.clone());
    let program = crate::syntax::parse(&file).map_err(|d| file.render(&d))?;
    let library = Library::standard()?;
    let mut checker = Checker::new(library.clone(), "Stdlib".to_string());
    checker.globals = Globals::initial(&checker.decls, &library);
    let mut env = Env::default();
    let mut outside: Option<Globals> = None;
    let mut current: Option<String> = None;
    let mut items = Vec::with_capacity(program.items.len());
    let fail = |d: Box<Diagnostic>| file.render(&[*d]);
    for item in &program.items {
        let module = rewritten
            .modules
            .iter()
            .find(|(_, s, e)| (*s..*e).contains(&item.span.start))
            .map(|(m, _, _)| m.clone());
        if module != current {
            if let Some(g) = outside.take() {
                checker.globals = g;
            }
            if module.is_some() {
                outside = Some(checker.globals.clone());
            }
            checker.module_name = module.clone().unwrap_or_else(|| "Stdlib".to_string());
            current = module.clone();
        }
        checker.type_vars.clear();
        let typed = match &item.kind {
            ast::ItemKind::Let(rec_flag, bindings) => {
                let r = checker.let_bindings(&env, *rec_flag, bindings, true).map_err(fail)?;
                Item::Let {
                    rec_flag: *rec_flag,
                    bindings: r.bindings,
                    span: item.span,
                }
            }
            ast::ItemKind::Expr(e) => {
                let t = checker.new_var();
                Item::Expr(checker.expr(&env, e, t).map_err(fail)?)
            }
            ast::ItemKind::Type(decls) => {
                let (ids, errors) = checker.declare_types(decls);
                if !errors.is_empty() {
                    return Err(file.render(&errors));
                }
                Item::Type(ids)
            }
            ast::ItemKind::Exception(d) => {
                let exn = checker.declare_exception(&mut env, d, false).map_err(fail)?;
                Item::Exception(exn, item.span)
            }
        };
        items.push((typed, module));
    }
    let mut zonker = Zonker::new(&mut checker.store);
    let items = items.into_iter().map(|(i, m)| (zonker.item(i), m)).collect();
    Ok(TypedPrelude {
        file,
        items,
        decls: checker.decls,
        library,
        vars: checker.vars,
    })
}

/// One definition of the compiled prelude.
#[derive(Clone, Debug)]
pub struct PreludeDef {
    pub def: TopDef,
    /// The module it belongs to (`None` at the top level).
    pub module: Option<String>,
    bound: Vec<u32>,
    uses: HashSet<u32>,
}

/// The prelude, lowered.
#[derive(Debug)]
pub struct CompiledPrelude {
    pub defs: Vec<PreludeDef>,
    pub link: Link,
    /// The supply the prelude's variables came from: programs continue it.
    pub fresh: Fresh,
}

/// The definitions a program needs.
pub struct Linked {
    pub defs: Vec<TopDef>,
    /// The program links `Fun`, whose initialisation registers a printer
    /// for `Finally_raised` with `Printexc` (see `observable`).
    pub links_printexc: bool,
}

impl CompiledPrelude {
    /// The definitions reachable from a program that mentions the
    /// variables `used`, in prelude order. A definition refers only to
    /// earlier ones (or to itself, in a `let rec`), so one backward sweep
    /// finds them all.
    pub fn needed(&self, used: &HashSet<u32>) -> Linked {
        let mut needed = used.clone();
        let mut keep = vec![false; self.defs.len()];
        for (i, d) in self.defs.iter().enumerate().rev() {
            if d.bound.is_empty() || d.bound.iter().any(|v| needed.contains(v)) {
                keep[i] = true;
                needed.extend(d.uses.iter().copied());
            }
        }
        let mut links_printexc = false;
        let defs = self
            .defs
            .iter()
            .zip(keep)
            .filter(|(_, k)| *k)
            .map(|(d, _)| {
                links_printexc |= d.module.as_deref() == Some("Fun");
                d.def.clone()
            })
            .collect();
        Linked { defs, links_printexc }
    }
}

/// The variables a typed pattern binds.
fn pattern_vars(p: &typed::Pattern, out: &mut Vec<VarId>) {
    use typed::PatternKind as P;
    match &p.kind {
        P::Var(id) => out.push(*id),
        P::Alias(q, id) => {
            pattern_vars(q, out);
            out.push(*id);
        }
        P::Tuple(ps) | P::Construct(_, ps) | P::Array(ps) => ps.iter().for_each(|q| pattern_vars(q, out)),
        P::Record(fs) => fs.iter().for_each(|(_, q)| pattern_vars(q, out)),
        P::Or(a, _) => pattern_vars(a, out),
        P::Any | P::Const(_) | P::Range(..) => {}
    }
}

/// Lower the typed prelude into definitions and exports.
pub fn lower_prelude(rewritten: &Rewritten, typed: &TypedPrelude) -> Result<CompiledPrelude, String> {
    let mut l = Lowerer::new(
        &typed.file,
        &typed.decls,
        &typed.library,
        &typed.vars,
        Link::default(),
        Fresh::new(),
    );
    let fail = |d: Box<Diagnostic>| typed.file.render(&[*d]);
    let mut defs = Vec::new();
    for (item, module) in &typed.items {
        let qualify = |name: &str| match module {
            Some(m) => format!("{m}.{name}"),
            None => name.to_string(),
        };
        if let Item::Let { bindings, span, .. } = item {
            if let Some(prim) = rewritten.externals.get(&span.start) {
                for b in bindings {
                    if let typed::PatternKind::Var(id) = b.pat.kind {
                        let e = External {
                            name: prim.clone(),
                            arity: type_arity(&b.pat.ty),
                        };
                        l.externals.insert(id, e.clone());
                        l.link.values.insert(qualify(&l.var_name(id)), Export::External(e));
                    }
                }
                continue;
            }
        }
        let mut out = Vec::new();
        l.item(item, &mut out).map_err(fail)?;
        match item {
            Item::Let { bindings, .. } => {
                let mut ids = Vec::new();
                bindings.iter().for_each(|b| pattern_vars(&b.pat, &mut ids));
                for id in ids {
                    let v = l.bind_var(id);
                    l.link.values.insert(qualify(&l.var_name(id)), Export::Var(v));
                }
            }
            Item::Exception(exn, _) => {
                if let Some(v) = l.exceptions.get(exn) {
                    let name = qualify(&typed.decls.exn(*exn).name);
                    l.link.exceptions.insert(name, v.clone());
                }
            }
            Item::Expr(_) | Item::Type(_) => {}
        }
        for def in out {
            let bound = def.bound().iter().map(|v| v.id).collect();
            let mut uses = HashSet::new();
            def.used_vars(&mut uses);
            defs.push(PreludeDef {
                def,
                module: module.clone(),
                bound,
                uses,
            });
        }
    }
    Ok(CompiledPrelude {
        defs,
        link: l.link,
        fresh: l.fresh,
    })
}

/// Rewrite, type and lower a prelude text.
pub fn compile(text: &str) -> Result<CompiledPrelude, String> {
    let rewritten = rewrite(text)?;
    let typed = type_prelude(&rewritten)?;
    lower_prelude(&rewritten, &typed)
}

/// The standard prelude, compiled once per process.
pub fn compiled() -> Result<&'static CompiledPrelude, Diagnostic> {
    static PRELUDE: OnceLock<Result<CompiledPrelude, String>> = OnceLock::new();
    PRELUDE
        .get_or_init(|| compile(crate::lambda::prelude::PRELUDE))
        .as_ref()
        .map_err(|e| Diagnostic::error(Span::default(), format!("the prelude does not compile:\n{e}")))
}
