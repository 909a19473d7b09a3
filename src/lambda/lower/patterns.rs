//! Everything that binds: patterns, `match`, `try`, `let`, and functions.
//! Typed patterns become the match compiler's patterns; the match compiler
//! makes the decision tree and the warnings.

use super::context::{Lowerer, Res};
use crate::diagnostics::Span;
use crate::lambda::builder::{let_, letrec, seq, try_with};
use crate::lambda::ir::{Function, Lambda, Var};
use crate::lambda::matching::{
    check_match, compile_match, Clause, Const, Constructor, ConstructorTag, MatchKind, OnFailure,
    Pattern, PatternKind,
};
use crate::observable::IntKind;
use crate::syntax::ast::{self, RecFlag};
use crate::types::decls::{Tag, TypeKind};
use crate::types::typed::{self, Binding, Case, ConstructorRef, Expr, ExprKind};
use std::rc::Rc;

impl Lowerer<'_> {
    /// A typed pattern as the match compiler sees it. Its variables get
    /// their Lambda variables here, before the guard and the action that
    /// use them are lowered.
    pub fn pattern(&mut self, p: &typed::Pattern) -> Res<Pattern> {
        use typed::PatternKind as P;
        let kind = match &p.kind {
            P::Any => PatternKind::Any,
            P::Var(id) => PatternKind::Var(self.bind_var(*id)),
            P::Alias(q, id) => {
                let q = self.pattern(q)?;
                PatternKind::Alias(Box::new(q), self.bind_var(*id))
            }
            P::Const(c) => PatternKind::Const(match c {
                ast::Constant::Int(n) => Const::Int(*n),
                ast::Constant::Char(c) => Const::Char(*c),
                ast::Constant::String(s) => Const::String(s.clone()),
                ast::Constant::Float(x) => Const::Float(*x),
                ast::Constant::Int32(n) => Const::Boxed(IntKind::Int32, i64::from(*n)),
                ast::Constant::Int64(n) => Const::Boxed(IntKind::Int64, *n),
                ast::Constant::Nativeint(n) => Const::Boxed(IntKind::Nativeint, *n),
            }),
            P::Range(lo, hi) => return Ok(Pattern::char_range(*lo, *hi, p.span)),
            P::Tuple(ps) => PatternKind::Tuple(self.patterns(ps)?),
            P::Construct(c, args) => {
                let c = self.constructor(c, p.span)?;
                PatternKind::Construct(c, self.patterns(args)?)
            }
            P::Record(fields) => {
                let Some((first, _)) = fields.first() else {
                    return Err(self.internal(p.span, "record pattern without fields"));
                };
                let record = self.record_type(first.ty);
                let mut ps = vec![Pattern::any(); first.count as usize];
                for (f, q) in fields {
                    let q = self.pattern(q)?;
                    match ps.get_mut(f.index as usize) {
                        Some(slot) => *slot = q,
                        None => return Err(self.internal(p.span, "field index out of range")),
                    }
                }
                PatternKind::Record(record, ps)
            }
            P::Array(_) => {
                return Err(Box::new(crate::diagnostics::Diagnostic::error(
                    p.span,
                    "array patterns are not supported by Flambeau",
                )))
            }
            P::Or(a, b) => {
                let a = self.pattern(a)?;
                let b = self.pattern(b)?;
                PatternKind::Or(Box::new(a), Box::new(b))
            }
        };
        Ok(Pattern::new(kind, p.span))
    }

    fn patterns(&mut self, ps: &[typed::Pattern]) -> Res<Vec<Pattern>> {
        ps.iter().map(|p| self.pattern(p)).collect()
    }

    fn constructor(&mut self, c: &ConstructorRef, span: Span) -> Res<Rc<Constructor>> {
        Ok(Rc::new(match c {
            ConstructorRef::Variant {
                ty,
                name,
                tag,
                arity,
                ..
            } => Constructor {
                name: name.to_string(),
                arity: *arity as usize,
                tag: match tag {
                    Tag::Constant(n) => ConstructorTag::Constant(i64::from(*n)),
                    Tag::Block(t) => ConstructorTag::Block(
                        u8::try_from(*t).map_err(|_| self.internal(span, "tag out of range"))?,
                    ),
                },
                ty: Some(self.variant_type(*ty)),
            },
            ConstructorRef::Exception { exn, name, arity } => Constructor {
                name: name.to_string(),
                arity: *arity as usize,
                tag: ConstructorTag::Exception {
                    slot: self.exception_slot(*exn, span)?,
                },
                ty: None,
            },
        }))
    }

    /// Does the pattern match every value without binding anything, so
    /// that no code is needed for it (`_`, `()`)?
    pub fn is_trivial(&self, p: &typed::Pattern) -> bool {
        match &p.kind {
            typed::PatternKind::Any => true,
            typed::PatternKind::Construct(ConstructorRef::Variant { ty, .. }, args) if args.is_empty() => {
                matches!(self.decls.types.get(ty.0 as usize).map(|d| &d.kind),
                    Some(TypeKind::Variant(cs)) if cs.len() == 1)
            }
            _ => false,
        }
    }

    /// Compile clauses over `scrutinees`, reporting the match compiler's
    /// warnings at `span`.
    fn compile(
        &mut self,
        scrutinees: &[Var],
        clauses: Vec<Clause>,
        on_failure: OnFailure,
        kind: MatchKind,
        span: Span,
    ) -> Res<Lambda> {
        self.warnings.extend(check_match(&clauses, span, kind));
        compile_match(scrutinees, clauses, on_failure, &mut self.fresh)
            .map_err(|e| self.internal(span, e.to_string()))
    }

    /// The clauses of a `match`, `function` or `try`; with `split`, each
    /// pattern is a tuple whose items go to separate scrutinees.
    fn clauses(&mut self, cases: &[Case], split: Option<usize>) -> Res<Vec<Clause>> {
        let mut clauses = Vec::with_capacity(cases.len());
        for c in cases {
            let patterns = match (split, &c.pat.kind) {
                (Some(_), typed::PatternKind::Tuple(ps)) => self.patterns(ps)?,
                (Some(n), _) => vec![Pattern::any(); n],
                (None, _) => vec![self.pattern(&c.pat)?],
            };
            let guard = match &c.guard {
                Some(g) => Some(self.expr(g)?),
                None => None,
            };
            let action = self.expr(&c.body)?;
            clauses.push(Clause {
                patterns,
                guard,
                action,
            });
        }
        Ok(clauses)
    }

    /// `match e with cases`. When `e` is a tuple written in place, ocamlopt
    /// evaluates its items left to right (unlike a tuple anywhere else), and
    /// when every case is a tuple pattern (or `_`) it never builds the
    /// tuple: the items are matched as separate scrutinees.
    pub fn match_expr(&mut self, scrutinee: &Expr, cases: &[Case], span: Span) -> Res<Lambda> {
        let failure = OnFailure::Raise(self.match_failure(span));
        if let ExprKind::Tuple(items) = &scrutinee.kind {
            let n = items.len();
            let mut vars = Vec::with_capacity(n);
            let mut lets = Vec::new();
            for item in items {
                match self.expr(item)? {
                    Lambda::Var(v) => vars.push(v),
                    def => {
                        let v = self.temp("match");
                        vars.push(v.clone());
                        lets.push((v, def));
                    }
                }
            }
            let splittable = cases.iter().all(|c| match &c.pat.kind {
                typed::PatternKind::Tuple(ps) => ps.len() == n,
                typed::PatternKind::Any => true,
                _ => false,
            });
            let mut out = if splittable {
                let clauses = self.clauses(cases, Some(n))?;
                self.compile(&vars, clauses, failure, MatchKind::Total, span)?
            } else {
                let t = self.temp("match");
                let tuple = crate::lambda::builder::make_block(0, vars.iter().map(|v| Lambda::Var(v.clone())).collect());
                let clauses = self.clauses(cases, None)?;
                let code = self.compile(std::slice::from_ref(&t), clauses, failure, MatchKind::Total, span)?;
                let_(&t, tuple, code)
            };
            for (v, def) in lets.into_iter().rev() {
                out = let_(&v, def, out);
            }
            return Ok(out);
        }
        let def = self.expr(scrutinee)?;
        let (v, def) = match def {
            Lambda::Var(v) => (v, None),
            def => (self.temp("match"), Some(def)),
        };
        let clauses = self.clauses(cases, None)?;
        let code = self.compile(std::slice::from_ref(&v), clauses, failure, MatchKind::Total, span)?;
        Ok(match def {
            Some(def) => let_(&v, def, code),
            None => code,
        })
    }

    /// `try body with cases`: an exception no case matches is raised again.
    pub fn try_with(&mut self, body: &Expr, cases: &[Case], span: Span) -> Res<Lambda> {
        let body = self.expr(body)?;
        let exn = self.temp("exn");
        let clauses = self.clauses(cases, None)?;
        let handler = self.compile(
            std::slice::from_ref(&exn),
            clauses,
            OnFailure::Reraise(exn.clone()),
            MatchKind::Handler,
            span,
        )?;
        Ok(try_with(body, &exn, handler))
    }

    /// `let p = def in body`, with `body` already lowered and the pattern
    /// already translated (so its variables are those `body` uses). A
    /// refutable pattern that fails raises `Match_failure` at `span`.
    pub fn bind_pattern(&mut self, pat: Pattern, def: Lambda, body: Lambda, span: Span) -> Res<Lambda> {
        match pat.kind {
            PatternKind::Var(v) => Ok(let_(&v, def, body)),
            PatternKind::Any => Ok(seq(vec![def, body])),
            _ => {
                let (v, wrap) = match def {
                    Lambda::Var(v) => (v, None),
                    def => (self.temp("let"), Some(def)),
                };
                let clause = Clause {
                    patterns: vec![pat],
                    guard: None,
                    action: body,
                };
                let failure = OnFailure::Raise(self.match_failure(span));
                let code = self.compile(std::slice::from_ref(&v), vec![clause], failure, MatchKind::Total, span)?;
                Ok(match wrap {
                    Some(def) => let_(&v, def, code),
                    None => code,
                })
            }
        }
    }

    /// A binding's pattern, `_` for those that need no code.
    pub fn binding_pattern(&mut self, p: &typed::Pattern) -> Res<Pattern> {
        if self.is_trivial(p) {
            Ok(Pattern::any())
        } else {
            self.pattern(p)
        }
    }

    /// `let [rec] bindings in body`. The definitions of a non-recursive
    /// `let ... and ...` are evaluated in order; OCaml reports a failed
    /// local `let` pattern at the whole `let` expression.
    pub fn let_in(&mut self, rec_flag: RecFlag, bindings: &[Binding], body: &Expr, span: Span) -> Res<Lambda> {
        match rec_flag {
            RecFlag::NonRecursive => {
                let mut steps = Vec::with_capacity(bindings.len());
                for b in bindings {
                    let def = self.expr(&b.expr)?;
                    let pat = self.binding_pattern(&b.pat)?;
                    steps.push((pat, def));
                }
                let mut out = self.expr(body)?;
                for (pat, def) in steps.into_iter().rev() {
                    out = self.bind_pattern(pat, def, out, span)?;
                }
                Ok(out)
            }
            RecFlag::Recursive => {
                let functions = self.rec_bindings(bindings)?;
                let body = self.expr(body)?;
                Ok(letrec(functions, body))
            }
        }
    }

    /// The functions of a `let rec`: only functions may be defined
    /// recursively in Flambeau (OCaml also allows some data).
    pub fn rec_bindings(&mut self, bindings: &[Binding]) -> Res<Vec<(Var, Function)>> {
        let mut vars = Vec::with_capacity(bindings.len());
        for b in bindings {
            match &b.pat.kind {
                typed::PatternKind::Var(id) => vars.push(self.bind_var(*id)),
                _ => {
                    return Err(Box::new(crate::diagnostics::Diagnostic::error(
                        b.pat.span,
                        "Only variables are allowed as left-hand side of `let rec'",
                    )))
                }
            }
        }
        let mut out = Vec::with_capacity(bindings.len());
        for (b, v) in bindings.iter().zip(vars) {
            if !matches!(b.expr.kind, ExprKind::Fun(..) | ExprKind::Function(_)) {
                return Err(Box::new(crate::diagnostics::Diagnostic::error(
                    b.expr.span,
                    "Flambeau only allows functions as right-hand side of `let rec'",
                )));
            }
            out.push((v, self.function(&b.expr)?));
        }
        Ok(out)
    }

    /// A function expression. Directly nested functions are merged into one
    /// function of several parameters, as `Translcore.transl_function` does
    /// (`fun x -> fun y -> e` has arity 2): curried application gives the
    /// same result, and a full application is one call. A parameter that is
    /// not a variable is matched at the start of the body of its layer
    /// (`Match_failure` at that `fun`).
    pub fn function(&mut self, e: &Expr) -> Res<Function> {
        let mut params = Vec::new();
        let mut layers: Vec<(Vec<Var>, Vec<Pattern>, Span)> = Vec::new();
        let mut cur = e;
        let body = loop {
            match &cur.kind {
                ExprKind::Fun(pats, body) => {
                    let mut vars = Vec::new();
                    let mut to_match = Vec::new();
                    for p in pats {
                        let v = match &p.kind {
                            typed::PatternKind::Var(id) => self.bind_var(*id),
                            _ if self.is_trivial(p) => self.temp("param"),
                            _ => {
                                let v = self.temp("param");
                                vars.push(v.clone());
                                to_match.push(self.pattern(p)?);
                                v
                            }
                        };
                        params.push(v);
                    }
                    layers.push((vars, to_match, cur.span));
                    cur = body;
                    if !matches!(cur.kind, ExprKind::Fun(..) | ExprKind::Function(_)) {
                        break self.expr(cur)?;
                    }
                }
                ExprKind::Function(cases) => {
                    let v = self.temp("param");
                    params.push(v.clone());
                    let clauses = self.clauses(cases, None)?;
                    let failure = OnFailure::Raise(self.match_failure(cur.span));
                    break self.compile(&[v], clauses, failure, MatchKind::Total, cur.span)?;
                }
                _ => return Err(self.internal(cur.span, "a function expected")),
            }
        };
        let mut body = body;
        for (vars, pats, span) in layers.into_iter().rev() {
            if !vars.is_empty() {
                let clause = Clause {
                    patterns: pats,
                    guard: None,
                    action: body,
                };
                let failure = OnFailure::Raise(self.match_failure(span));
                body = self.compile(&vars, vec![clause], failure, MatchKind::Total, span)?;
            }
        }
        Ok(Function { params, body })
    }
}
