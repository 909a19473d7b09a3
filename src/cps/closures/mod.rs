//! Closure conversion: from open CPS, where a function's code names the
//! variables of the functions around it, to closed CPS, where code refers
//! only to its parameters, `my_closure`, and symbols.
//!
//! Every set of closures gets one value slot for each variable its code
//! captures; the code starts by projecting them out of `my_closure`, and
//! finds the other functions of its set by projecting function slots. A set
//! that captures nothing is allocated statically, and its variables become
//! symbols that any code can name without capturing them. Calls to a known
//! function with as many arguments as it takes become direct calls; calls
//! with more become a direct call followed by an unknown application of its
//! result to the rest.

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::convert::OpenProgram;
use super::free_names::code_free_vars;
use super::ids::{CodeId, FunctionSlot, Names, Symbol, ValueSlot, Variable};
use super::kinds::Kind;
use super::primitives::{Prim, PrimOp};
use super::rename::{rename, Renaming};
use super::terms::{
    Apply, ApplyCont, Binding, CallKind, Code, ContHandler, Expr, Let, LetCont, Named, Param,
    Program, Return, SetOfClosures, Simple, StaticBinding, Switch,
};
use crate::diagnostics::{Diagnostic, Span};
use crate::driver::ir::{expect_ir, Ir};
use crate::driver::pass::{Pass, PassContext, PassOutput};

/// What is known inside one piece of code (or the program's body): the
/// simple that replaces each variable bound outside it, and the code of
/// the variables known to hold closures.
#[derive(Default)]
struct Env {
    subst: HashMap<Variable, Simple>,
    known: HashMap<Variable, CodeId>,
}

struct Closer {
    names: Names,
    /// Code not yet converted, and the variables each one is open on.
    open: BTreeMap<CodeId, Code>,
    free: BTreeMap<CodeId, BTreeSet<Variable>>,
    arity: HashMap<CodeId, usize>,
    kinds: HashMap<Variable, Kind>,
    closed: BTreeMap<CodeId, Code>,
    /// Static constants and statically allocated sets of closures, all
    /// defined at the start of the program.
    statics: Vec<StaticBinding>,
    /// Variables bound to statically allocated closures: their symbols,
    /// which stand for them everywhere.
    lifted: HashMap<Variable, Symbol>,
    known_symbols: HashMap<Symbol, CodeId>,
    errors: Vec<String>,
}

/// Convert a whole program.
pub fn close_program(p: Program) -> Result<Program, String> {
    let free = code_free_vars(&p.code);
    let mut kinds = HashMap::new();
    collect_kinds(&p.body, &mut kinds);
    for code in p.code.values() {
        for param in &code.params {
            kinds.insert(param.var, param.kind);
        }
        collect_kinds(&code.body, &mut kinds);
    }
    let arity = p.code.iter().map(|(id, c)| (*id, c.params.len())).collect();
    let mut closer = Closer {
        names: p.names,
        open: p.code,
        free,
        arity,
        kinds,
        closed: BTreeMap::new(),
        statics: Vec::new(),
        lifted: HashMap::new(),
        known_symbols: HashMap::new(),
        errors: Vec::new(),
    };
    let body = closer.expr(p.body, &mut Env::default());
    // Code that no set of closures allocates is never run; if it is closed
    // it may stay (a later pass may still call it directly).
    for (id, code) in std::mem::take(&mut closer.open) {
        if closer.free.get(&id).is_some_and(|f| !f.is_empty()) {
            closer.errors.push(format!(
                "code {} is open but no set of closures allocates it",
                closer.names.hint(id)
            ));
        }
        let body = closer.expr(code.body, &mut Env::default());
        closer.closed.insert(id, Code { body, ..code });
    }
    if let Some(first) = closer.errors.first() {
        return Err(format!("closure conversion: {first}"));
    }
    let body = if closer.statics.is_empty() {
        body
    } else {
        let statics = std::mem::take(&mut closer.statics);
        Expr::Let(Box::new(Let {
            binding: Binding::Static(statics),
            body,
        }))
    };
    Ok(Program {
        names: closer.names,
        code: closer.closed,
        return_cont: p.return_cont,
        exn_cont: p.exn_cont,
        body,
        uncaught_printer: p.uncaught_printer,
    })
}

/// The kind of every variable bound in `e`.
fn collect_kinds(e: &Expr, kinds: &mut HashMap<Variable, Kind>) {
    let mut e = e;
    loop {
        match e {
            Expr::Let(l) => {
                match &l.binding {
                    Binding::Var { param, .. } => {
                        kinds.insert(param.var, param.kind);
                    }
                    Binding::SetOfClosures { vars, .. } => {
                        kinds.extend(vars.iter().map(|v| (*v, Kind::Value)));
                    }
                    Binding::Static(_) => {}
                }
                e = &l.body;
            }
            Expr::LetCont(lc) => {
                let (handlers, body): (Vec<&ContHandler>, &Expr) = match &**lc {
                    LetCont::NonRecursive { handler, body, .. } => (vec![handler], body),
                    LetCont::Recursive { handlers, body } => {
                        (handlers.iter().map(|(_, h)| h).collect(), body)
                    }
                };
                for h in handlers {
                    kinds.extend(h.params.iter().map(|p| (p.var, p.kind)));
                    collect_kinds(&h.body, kinds);
                }
                e = body;
            }
            Expr::Apply(_) | Expr::ApplyCont(_) | Expr::Switch(_) | Expr::Invalid { .. } => return,
        }
    }
}

// Rewriting expressions: every variable bound outside the code is replaced,
// and calls to known functions become direct.
impl Closer {
    fn simple(&self, s: Simple, env: &Env) -> Simple {
        match s {
            Simple::Var(v) => match self.lifted.get(&v) {
                Some(sym) => Simple::Symbol(*sym),
                None => env.subst.get(&v).copied().unwrap_or(s),
            },
            other => other,
        }
    }

    fn simples(&self, ss: Vec<Simple>, env: &Env) -> Vec<Simple> {
        ss.into_iter().map(|s| self.simple(s, env)).collect()
    }

    /// The code of the closure `s` holds, if known.
    fn known(&self, s: Simple, env: &Env) -> Option<CodeId> {
        match s {
            Simple::Var(v) => env.known.get(&v).copied(),
            Simple::Symbol(sym) => self.known_symbols.get(&sym).copied(),
            Simple::Const(_) => None,
        }
    }

    fn expr(&mut self, e: Expr, env: &mut Env) -> Expr {
        match e {
            Expr::Let(l) => {
                let Let { binding, body } = *l;
                match binding {
                    Binding::Var { param, named } => {
                        let named = match named {
                            Named::Simple(s) => {
                                let s = self.simple(s, env);
                                if let Some(code) = self.known(s, env) {
                                    env.known.insert(param.var, code);
                                }
                                Named::Simple(s)
                            }
                            Named::Prim(p) => {
                                Named::Prim(Prim::new(p.op, self.simples(p.args, env)))
                            }
                        };
                        let body = self.expr(body, env);
                        let_(Binding::Var { param, named }, body)
                    }
                    Binding::SetOfClosures { vars, set } => {
                        self.set_of_closures(vars, set, body, env)
                    }
                    Binding::Static(bindings) => {
                        for b in bindings {
                            self.static_binding(b);
                        }
                        self.expr(body, env)
                    }
                }
            }
            Expr::LetCont(lc) => Expr::LetCont(Box::new(match *lc {
                LetCont::NonRecursive {
                    cont,
                    handler,
                    body,
                } => {
                    let handler = self.handler(handler, env);
                    // Lifting closures out of a handler can leave it only
                    // passing its parameters on: its uses go to the target.
                    let params: Vec<Variable> = handler.params.iter().map(|p| p.var).collect();
                    match super::convert::forwards_to(&params, &handler.body) {
                        Some(target) if !handler.is_exn_handler && target != cont => {
                            let body = self.expr(body, env);
                            let mut renaming = Renaming::new();
                            renaming.add_cont(cont, target);
                            return rename(&body, &renaming);
                        }
                        _ => {}
                    }
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body: self.expr(body, env),
                    }
                }
                LetCont::Recursive { handlers, body } => LetCont::Recursive {
                    handlers: handlers
                        .into_iter()
                        .map(|(k, h)| (k, self.handler(h, env)))
                        .collect(),
                    body: self.expr(body, env),
                },
            })),
            Expr::Apply(a) => self.apply(*a, env),
            Expr::ApplyCont(ac) => Expr::ApplyCont(Box::new(self.apply_cont(*ac, env))),
            Expr::Switch(s) => {
                let Switch { scrutinee, arms } = *s;
                Expr::Switch(Box::new(Switch {
                    scrutinee: self.simple(scrutinee, env),
                    arms: arms
                        .into_iter()
                        .map(|(n, ac)| (n, self.apply_cont(ac, env)))
                        .collect(),
                }))
            }
            Expr::Invalid { message } => Expr::Invalid { message },
        }
    }

    fn handler(&mut self, h: ContHandler, env: &mut Env) -> ContHandler {
        let body = self.expr(h.body, env);
        ContHandler { body, ..h }
    }

    fn apply_cont(&self, ac: ApplyCont, env: &Env) -> ApplyCont {
        ApplyCont {
            args: self.simples(ac.args, env),
            ..ac
        }
    }

    /// A call. A closure whose code is known, given as many arguments as
    /// the code takes, is called directly; given more, it is called directly
    /// with as many as it takes and its result applied to the others. Given
    /// fewer, it stays a generic application, which builds the partial
    /// application.
    fn apply(&mut self, a: Apply, env: &Env) -> Expr {
        let callee = a.callee.map(|c| self.simple(c, env));
        let args = self.simples(a.args, env);
        let code = match (&a.call_kind, callee) {
            (CallKind::IndirectUnknownArity | CallKind::IndirectKnownArity, Some(c)) => {
                self.known(c, env)
            }
            _ => None,
        };
        let arity = code.and_then(|c| self.arity.get(&c).copied());
        match (code, arity) {
            (Some(code), Some(arity)) if args.len() == arity => Expr::Apply(Box::new(Apply {
                callee,
                args,
                call_kind: CallKind::Direct { code },
                ..a
            })),
            (Some(code), Some(arity)) if args.len() > arity && arity > 0 => {
                let mut now = args;
                let later = now.split_off(arity);
                let result = self.names.var("partial");
                let k_over = self.names.cont("k_over");
                let rest = Expr::Apply(Box::new(Apply {
                    callee: Some(Simple::Var(result)),
                    args: later,
                    call_kind: CallKind::IndirectUnknownArity,
                    return_to: a.return_to,
                    exn_cont: a.exn_cont,
                }));
                let first = Expr::Apply(Box::new(Apply {
                    callee,
                    args: now,
                    call_kind: CallKind::Direct { code },
                    return_to: Return::Cont(k_over),
                    exn_cont: a.exn_cont,
                }));
                Expr::LetCont(Box::new(LetCont::NonRecursive {
                    cont: k_over,
                    handler: ContHandler::new(vec![Param::value(result)], rest),
                    body: first,
                }))
            }
            _ => Expr::Apply(Box::new(Apply { callee, args, ..a })),
        }
    }
}

fn let_(binding: Binding, body: Expr) -> Expr {
    Expr::Let(Box::new(Let { binding, body }))
}

/// How the code of a set finds the set's closures.
enum Siblings {
    /// Allocated statically: each function is a symbol.
    Static,
    /// Allocated at run time: through `my_closure`, and the value slots
    /// captured.
    Dynamic(Vec<FunctionSlot>, BTreeMap<Variable, ValueSlot>),
}

// Sets of closures.
impl Closer {
    /// `let f, g = closures { ... } in body`: decide which variables the
    /// set captures, close its code, and go on with the body.
    fn set_of_closures(
        &mut self,
        vars: Vec<Variable>,
        set: SetOfClosures,
        body: Expr,
        env: &mut Env,
    ) -> Expr {
        let mut captured = BTreeSet::new();
        for (_, code) in &set.functions {
            for v in self.free.get(code).into_iter().flatten() {
                if !vars.contains(v) && matches!(self.simple(Simple::Var(*v), env), Simple::Var(_))
                {
                    captured.insert(*v);
                }
            }
        }
        let codes: Vec<CodeId> = set.functions.iter().map(|(_, c)| *c).collect();
        if captured.is_empty() && set.value_slots.is_empty() {
            let symbols: Vec<Symbol> = set
                .functions
                .iter()
                .map(|(slot, code)| {
                    let hint = self.names.hint(*slot).to_string();
                    let symbol = self.names.symbol(&hint);
                    self.known_symbols.insert(symbol, *code);
                    symbol
                })
                .collect();
            for (v, s) in vars.iter().zip(&symbols) {
                self.lifted.insert(*v, *s);
            }
            // Listed before the sets its code allocates, for the reader.
            self.statics
                .push(StaticBinding::SetOfClosures { symbols, set });
            let siblings = Siblings::Static;
            for (i, code) in codes.iter().enumerate() {
                self.close_code(*code, i, &vars, &codes, &siblings, env);
            }
            return self.expr(body, env);
        }
        let slots: BTreeMap<Variable, ValueSlot> = captured
            .iter()
            .map(|v| {
                let hint = self.names.hint(*v).to_string();
                (*v, self.names.value_slot(&hint))
            })
            .collect();
        let mut value_slots: Vec<(ValueSlot, Simple)> = set
            .value_slots
            .into_iter()
            .map(|(slot, s)| (slot, self.simple(s, env)))
            .collect();
        value_slots.extend(
            slots
                .iter()
                .map(|(v, slot)| (*slot, self.simple(Simple::Var(*v), env))),
        );
        let function_slots = set.functions.iter().map(|(slot, _)| *slot).collect();
        let siblings = Siblings::Dynamic(function_slots, slots);
        for (i, code) in codes.iter().enumerate() {
            self.close_code(*code, i, &vars, &codes, &siblings, env);
        }
        for (v, code) in vars.iter().zip(&codes) {
            env.known.insert(*v, *code);
        }
        let body = self.expr(body, env);
        let_(
            Binding::SetOfClosures {
                vars,
                set: SetOfClosures {
                    functions: set.functions,
                    value_slots,
                },
            },
            body,
        )
    }

    /// Close the code of the `me`-th function of a set whose variables are
    /// `vars`, allocated where `outer` holds. The code's free variables
    /// become projections from `my_closure` bound at its start.
    fn close_code(
        &mut self,
        id: CodeId,
        me: usize,
        vars: &[Variable],
        codes: &[CodeId],
        siblings: &Siblings,
        outer: &Env,
    ) {
        let Some(code) = self.open.remove(&id) else {
            self.errors.push(format!(
                "code {} is allocated by two sets of closures",
                self.names.hint(id)
            ));
            return;
        };
        let mut env = Env::default();
        env.known.insert(code.my_closure, id);
        let mut projections = Vec::new();
        let free: Vec<Variable> = self.free.get(&id).into_iter().flatten().copied().collect();
        for v in free {
            match (vars.iter().position(|x| *x == v), siblings) {
                // A static function, or a captured variable bound to one, is
                // its symbol, everywhere.
                (_, _) if self.lifted.contains_key(&v) => {}
                (Some(_), Siblings::Static) => {}
                (Some(j), Siblings::Dynamic(slots, _)) => {
                    let code_j = codes.get(j).copied();
                    if j == me {
                        env.subst.insert(v, Simple::Var(code.my_closure));
                    } else if let (Some(from), Some(to)) = (slots.get(me), slots.get(j)) {
                        let p = self.names.fresh_var(v);
                        let op = PrimOp::ProjectFunctionSlot {
                            from: *from,
                            to: *to,
                        };
                        projections.push(project(p, Kind::Value, op, code.my_closure));
                        env.subst.insert(v, Simple::Var(p));
                        if let Some(c) = code_j {
                            env.known.insert(p, c);
                        }
                    }
                }
                (None, Siblings::Dynamic(slots, value_slots)) => {
                    let (Some(function_slot), Some(value_slot)) =
                        (slots.get(me), value_slots.get(&v))
                    else {
                        self.errors.push(format!(
                            "variable {} is free in {} but not captured",
                            self.names.hint(v),
                            self.names.hint(id)
                        ));
                        continue;
                    };
                    let kind = self.kinds.get(&v).copied().unwrap_or(Kind::Value);
                    let p = self.names.fresh_var(v);
                    let op = PrimOp::ProjectValueSlot {
                        function_slot: *function_slot,
                        value_slot: *value_slot,
                        kind,
                    };
                    projections.push(project(p, kind, op, code.my_closure));
                    env.subst.insert(v, Simple::Var(p));
                    // A captured closure whose code is known outside is known
                    // inside too.
                    let outside = match outer.subst.get(&v) {
                        Some(Simple::Var(x)) => *x,
                        _ => v,
                    };
                    if let Some(c) = outer.known.get(&outside) {
                        env.known.insert(p, *c);
                    }
                }
                (None, Siblings::Static) => {
                    self.errors.push(format!(
                        "static closure {} captures {}",
                        self.names.hint(id),
                        self.names.hint(v)
                    ));
                }
            }
        }
        let body = self.expr(code.body, &mut env);
        let body = projections
            .into_iter()
            .rev()
            .fold(body, |body, b| let_(b, body));
        self.closed.insert(id, Code { body, ..code });
    }

    /// A static binding: constants stay as they are; a static set of
    /// closures has its code closed (it can capture nothing).
    fn static_binding(&mut self, b: StaticBinding) {
        if let StaticBinding::SetOfClosures { symbols, set } = &b {
            for (s, (_, code)) in symbols.iter().zip(&set.functions) {
                self.known_symbols.insert(*s, *code);
            }
            let siblings = Siblings::Static;
            for (i, (_, code)) in set.functions.iter().enumerate() {
                self.close_code(*code, i, &[], &[], &siblings, &Env::default());
            }
        }
        self.statics.push(b);
    }
}

/// `let p : kind = op my_closure`.
fn project(p: Variable, kind: Kind, op: PrimOp, my_closure: Variable) -> Binding {
    Binding::Var {
        param: Param::new(p, kind),
        named: Named::Prim(Prim::new(op, vec![Simple::Var(my_closure)])),
    }
}

fn closure_pass(_: &mut PassContext, ir: Box<dyn Ir>) -> Result<PassOutput, Vec<Diagnostic>> {
    let internal = |m: String| vec![Diagnostic::error(Span::default(), m)];
    let OpenProgram(program) = expect_ir(ir, "closure-convert").map_err(internal)?;
    let program = close_program(program).map_err(internal)?;
    Ok(PassOutput::new(program))
}

/// `open-cps -> cps`; `flambeau dump closures` shows its output, and
/// `flambeau interp cps` runs it.
pub const CLOSURE_CONVERSION: Pass = Pass {
    dump_as: Some("closures"),
    ..Pass::new("closure-convert", "open-cps", "cps", closure_pass)
};
