//! The invariant checker: run between passes, it says what is wrong with a
//! term and where, before a later pass trips over it.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;

use imbl::HashMap as PMap;

use super::free_names::code_free_vars;
use super::ids::{CodeId, Continuation, Names, Symbol, Variable};
use super::kinds::Kind;
use super::primitives::{ArgKinds, Prim};
use super::print::Printer;
use super::terms::{
    Apply, ApplyCont, Binding, CallKind, Code, ContHandler, Expr, LetCont, Named, Program, Return,
    SetOfClosures, Simple, StaticBinding, StaticConst, StaticField, TrapAction,
};

/// One broken invariant: what is wrong, and the term it is wrong in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    pub message: String,
    /// The offending expression's first line, or the code's header, in the
    /// names the program printer uses.
    pub fragment: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n  in: {}", self.message, self.fragment)
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct CheckOptions {
    /// After closure conversion, code may not refer to variables it does not
    /// bind: everything comes through `my_closure`.
    pub closed_code: bool,
}

/// Check every invariant of the CPS language on a whole program.
pub fn check(p: &Program) -> Result<(), Vec<CheckError>> {
    check_with(p, CheckOptions::default())
}

pub fn check_with(p: &Program, options: CheckOptions) -> Result<(), Vec<CheckError>> {
    let mut c = Checker::new(p, options);
    c.program();
    if c.errors.is_empty() {
        return Ok(());
    }
    let mut printer = Printer::for_program(p);
    Err(c
        .errors
        .into_iter()
        .map(|(parts, place)| CheckError {
            message: parts.iter().map(|part| part.render(&mut printer)).collect(),
            fragment: match place {
                Place::Expr(e) => printer.fragment(e),
                Place::Code(code) => printer.code_header(code),
                Place::Program => "the program".to_string(),
            },
        })
        .collect())
}

/// A piece of an error message: text, or a name to print as the program
/// printer prints it.
#[derive(Clone, Debug)]
enum Part {
    Text(String),
    Var(Variable),
    Cont(Continuation),
    Code(CodeId),
    Symbol(Symbol),
}

impl Part {
    fn render(&self, printer: &mut Printer) -> String {
        match self {
            Part::Text(s) => s.clone(),
            Part::Var(v) => printer.var(*v),
            Part::Cont(k) => printer.cont(*k),
            Part::Code(c) => printer.code_id(*c),
            Part::Symbol(s) => printer.symbol(*s),
        }
    }
}

impl From<&str> for Part {
    fn from(s: &str) -> Part {
        Part::Text(s.to_string())
    }
}

impl From<String> for Part {
    fn from(s: String) -> Part {
        Part::Text(s)
    }
}

impl From<Variable> for Part {
    fn from(v: Variable) -> Part {
        Part::Var(v)
    }
}

impl From<Continuation> for Part {
    fn from(k: Continuation) -> Part {
        Part::Cont(k)
    }
}

impl From<CodeId> for Part {
    fn from(c: CodeId) -> Part {
        Part::Code(c)
    }
}

impl From<Symbol> for Part {
    fn from(s: Symbol) -> Part {
        Part::Symbol(s)
    }
}

/// `msg!["variable ", v, " is unbound"]`
macro_rules! msg {
    ($($part:expr),* $(,)?) => { vec![$(Part::from($part)),*] };
}

/// Where an error is.
#[derive(Clone, Copy)]
enum Place<'p> {
    Expr(&'p Expr),
    Code(&'p Code),
    Program,
}

/// What a continuation in scope is, for the rules on how it may be used.
#[derive(Clone, Debug)]
struct ContInfo {
    params: Vec<Kind>,
    role: Role,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Bound by `let_cont`, reached by jumps.
    Normal,
    /// Bound by `let_cont exn`, reached only by raising.
    ExnHandler,
    /// The return continuation of the code (or program) being checked.
    Return,
    /// Its exception continuation: where a raise with no handler goes.
    Exn,
}

/// What is in scope at a point: persistent maps, so that each branch of
/// the term can extend its own copy cheaply.
#[derive(Clone, Default)]
struct Env {
    vars: PMap<Variable, Kind>,
    conts: PMap<Continuation, ContInfo>,
}

/// The stack of exception handlers at a point, innermost last. Its bottom
/// is the code's own exception continuation. `None` in code no jump reaches
/// (nothing to check there).
type Traps = Option<Vec<Continuation>>;

struct Checker<'p> {
    program: &'p Program,
    options: CheckOptions,
    errors: Vec<(Vec<Part>, Place<'p>)>,
    /// The kind of every variable bound anywhere (names are bound once).
    kinds: HashMap<Variable, Kind>,
    symbols: HashSet<Symbol>,
    code_free_vars: BTreeMap<CodeId, BTreeSet<Variable>>,
    /// Code some set of closures names (its free variables were checked
    /// there).
    allocated: HashSet<CodeId>,
    /// The trap stack each continuation is entered with, from its first use.
    entry_traps: HashMap<Continuation, Vec<Continuation>>,
}

impl<'p> Checker<'p> {
    fn new(program: &'p Program, options: CheckOptions) -> Checker<'p> {
        Checker {
            program,
            options,
            errors: Vec::new(),
            kinds: HashMap::new(),
            symbols: HashSet::new(),
            code_free_vars: code_free_vars(&program.code),
            allocated: HashSet::new(),
            entry_traps: HashMap::new(),
        }
    }

    fn error(&mut self, parts: Vec<Part>, place: Place<'p>) {
        self.errors.push((parts, place));
    }

    fn names(&self) -> &'p Names {
        &self.program.names
    }
}

// The whole program: names bound once, then the body, then each code.
impl<'p> Checker<'p> {
    fn program(&mut self) {
        let p = self.program;
        let mut seen_vars = HashSet::new();
        let mut seen_conts = HashSet::new();
        for k in [p.return_cont, p.exn_cont] {
            self.bind_cont_once(k, &mut seen_conts, Place::Program);
        }
        self.collect_binders(&p.body, &mut seen_vars, &mut seen_conts);
        for (id, code) in &p.code {
            if *id != code.id {
                self.error(
                    msg!["code is filed under ", *id, " but is ", code.id],
                    Place::Code(code),
                );
            }
            for param in code
                .params
                .iter()
                .map(|p| (p.var, p.kind))
                .chain([(code.my_closure, Kind::Value)])
            {
                self.bind_var_once(param.0, param.1, &mut seen_vars, Place::Code(code));
            }
            for k in [code.return_cont, code.exn_cont] {
                self.bind_cont_once(k, &mut seen_conts, Place::Code(code));
            }
            self.collect_binders(&code.body, &mut seen_vars, &mut seen_conts);
        }

        let env = self.initial_env(p.return_cont, vec![Kind::Value], p.exn_cont);
        self.expr(&p.body, env, Some(vec![p.exn_cont]));

        for code in p.code.values() {
            self.code(code);
        }
    }

    fn initial_env(
        &self,
        return_cont: Continuation,
        results: Vec<Kind>,
        exn_cont: Continuation,
    ) -> Env {
        let mut env = Env::default();
        env.conts.insert(
            return_cont,
            ContInfo {
                params: results,
                role: Role::Return,
            },
        );
        env.conts.insert(
            exn_cont,
            ContInfo {
                params: vec![Kind::Value],
                role: Role::Exn,
            },
        );
        env
    }

    fn code(&mut self, code: &'p Code) {
        let free = self
            .code_free_vars
            .get(&code.id)
            .cloned()
            .unwrap_or_default();
        if !free.is_empty() {
            if self.options.closed_code {
                let names: Vec<String> = free
                    .iter()
                    .map(|v| self.names().hint(*v).to_string())
                    .collect();
                self.error(
                    msg![format!(
                        "code is not closed: it refers to {}",
                        names.join(", ")
                    )],
                    Place::Code(code),
                );
            } else if !self.allocated.contains(&code.id) {
                self.error(
                    msg!["code has free variables but no set of closures captures them"],
                    Place::Code(code),
                );
            }
        }
        let mut env = self.initial_env(code.return_cont, code.result_kinds.clone(), code.exn_cont);
        for v in &free {
            if let Some(kind) = self.kinds.get(v) {
                env.vars.insert(*v, *kind);
            }
        }
        for param in &code.params {
            env.vars.insert(param.var, param.kind);
        }
        env.vars.insert(code.my_closure, Kind::Value);
        self.expr(&code.body, env, Some(vec![code.exn_cont]));
    }

    fn bind_var_once(
        &mut self,
        v: Variable,
        kind: Kind,
        seen: &mut HashSet<Variable>,
        place: Place<'p>,
    ) {
        if !seen.insert(v) {
            self.error(msg!["variable ", v, " is bound more than once"], place);
        }
        self.kinds.insert(v, kind);
    }

    fn bind_cont_once(
        &mut self,
        k: Continuation,
        seen: &mut HashSet<Continuation>,
        place: Place<'p>,
    ) {
        if !seen.insert(k) {
            self.error(msg!["continuation ", k, " is bound more than once"], place);
        }
    }

    /// Record every binder in `e`: each variable's kind, each symbol.
    fn collect_binders(
        &mut self,
        e: &'p Expr,
        vars: &mut HashSet<Variable>,
        conts: &mut HashSet<Continuation>,
    ) {
        let mut e = e;
        loop {
            let place = Place::Expr(e);
            match e {
                Expr::Let(l) => {
                    match &l.binding {
                        Binding::Var { param, .. } => {
                            self.bind_var_once(param.var, param.kind, vars, place)
                        }
                        Binding::SetOfClosures { vars: vs, .. } => {
                            for v in vs {
                                self.bind_var_once(*v, Kind::Value, vars, place);
                            }
                        }
                        Binding::Static(bindings) => {
                            for b in bindings {
                                let symbols = match b {
                                    StaticBinding::Const { symbol, .. } => {
                                        std::slice::from_ref(symbol)
                                    }
                                    StaticBinding::SetOfClosures { symbols, .. } => {
                                        symbols.as_slice()
                                    }
                                };
                                for s in symbols {
                                    if !self.symbols.insert(*s) {
                                        self.error(
                                            msg!["symbol ", *s, " is defined more than once"],
                                            place,
                                        );
                                    }
                                }
                            }
                        }
                    }
                    e = &l.body;
                }
                Expr::LetCont(lc) => match &**lc {
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body,
                    } => {
                        self.bind_cont_once(*cont, conts, place);
                        self.collect_handler_binders(handler, vars, conts, place);
                        e = body;
                    }
                    LetCont::Recursive { handlers, body } => {
                        for (k, h) in handlers {
                            self.bind_cont_once(*k, conts, place);
                            self.collect_handler_binders(h, vars, conts, place);
                        }
                        e = body;
                    }
                },
                Expr::Apply(_) | Expr::ApplyCont(_) | Expr::Switch(_) | Expr::Invalid { .. } => {
                    return
                }
            }
        }
    }

    fn collect_handler_binders(
        &mut self,
        h: &'p ContHandler,
        vars: &mut HashSet<Variable>,
        conts: &mut HashSet<Continuation>,
        place: Place<'p>,
    ) {
        for p in &h.params {
            self.bind_var_once(p.var, p.kind, vars, place);
        }
        self.collect_binders(&h.body, vars, conts);
    }
}

/// How a continuation is reached.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Via {
    /// `apply_cont`, with its trap action.
    Jump(Option<TrapAction>),
    SwitchArm,
    /// As the return continuation of a call.
    Return,
    /// As the exception continuation of a call.
    Raise,
}

// Expressions.
impl<'p> Checker<'p> {
    fn expr(&mut self, e: &'p Expr, env: Env, traps: Traps) {
        // Chains of `let`s and non-recursive handlers, which can be as long
        // as the program, are followed by this loop; only the bodies of
        // `let_cont`s recurse.
        let (mut e, mut env, mut traps) = (e, env, traps);
        loop {
            let place = Place::Expr(e);
            match e {
                Expr::Let(l) => {
                    self.binding(&l.binding, &mut env, place);
                    e = &l.body;
                }
                Expr::LetCont(lc) => match &**lc {
                    LetCont::NonRecursive {
                        cont,
                        handler,
                        body,
                    } => {
                        self.handler_shape(*cont, handler, false, place);
                        let mut body_env = env.clone();
                        body_env.conts.insert(*cont, cont_info(handler));
                        self.expr(body, body_env, traps.clone());
                        // The handler is entered with the trap stack its
                        // uses agreed on; unused, it is dead code.
                        traps = if traps.is_some() {
                            self.entry_traps.get(cont).cloned()
                        } else {
                            None
                        };
                        for p in &handler.params {
                            env.vars.insert(p.var, p.kind);
                        }
                        e = &handler.body;
                    }
                    LetCont::Recursive { handlers, body } => {
                        for (k, h) in handlers {
                            self.handler_shape(*k, h, true, place);
                            env.conts.insert(*k, cont_info(h));
                        }
                        self.expr(body, env.clone(), traps.clone());
                        // A handler reached only from another handler of the
                        // group learns its entry stack once that one is
                        // checked: go round until nothing new is learnt.
                        let mut pending: Vec<&'p (Continuation, ContHandler)> =
                            handlers.iter().collect();
                        while let Some(i) = pending
                            .iter()
                            .position(|(k, _)| self.entry_traps.contains_key(k))
                        {
                            let (k, h) = pending.remove(i);
                            let entry = if traps.is_some() {
                                self.entry_traps.get(k).cloned()
                            } else {
                                None
                            };
                            self.handler_body(h, &env, entry);
                        }
                        for (_, h) in pending {
                            self.handler_body(h, &env, None);
                        }
                        return;
                    }
                },
                Expr::Apply(a) => return self.apply(a, &env, &traps, place),
                Expr::ApplyCont(ac) => {
                    return self.apply_cont(ac, Via::Jump(ac.trap), &env, &traps, place)
                }
                Expr::Switch(s) => {
                    if let Some(kind) = self.simple_kind(&s.scrutinee, &env, place) {
                        if kind != Kind::NakedImmediate {
                            self.error(
                                msg![format!("switch on a {kind}, not a naked immediate")],
                                place,
                            );
                        }
                    }
                    if s.arms.is_empty() {
                        self.error(msg!["switch with no arms (that is Invalid)"], place);
                    }
                    for ac in s.arms.values() {
                        if ac.trap.is_some() {
                            self.error(msg!["switch arm with a trap action"], place);
                        }
                        self.apply_cont(ac, Via::SwitchArm, &env, &traps, place);
                    }
                    return;
                }
                Expr::Invalid { .. } => return,
            }
        }
    }

    fn handler_body(&mut self, h: &'p ContHandler, env: &Env, traps: Traps) {
        let mut env = env.clone();
        for p in &h.params {
            env.vars.insert(p.var, p.kind);
        }
        self.expr(&h.body, env, traps);
    }

    fn handler_shape(
        &mut self,
        k: Continuation,
        h: &ContHandler,
        recursive: bool,
        place: Place<'p>,
    ) {
        if h.is_exn_handler {
            if recursive {
                self.error(msg!["exception handler ", k, " is recursive"], place);
            }
            let kinds: Vec<Kind> = h.params.iter().map(|p| p.kind).collect();
            if kinds != [Kind::Value] {
                self.error(
                    msg![
                        "exception handler ",
                        k,
                        " must take exactly one value, the exception"
                    ],
                    place,
                );
            }
        }
    }
}

fn cont_info(h: &ContHandler) -> ContInfo {
    ContInfo {
        params: h.params.iter().map(|p| p.kind).collect(),
        role: if h.is_exn_handler {
            Role::ExnHandler
        } else {
            Role::Normal
        },
    }
}

// Jumps and calls.
impl<'p> Checker<'p> {
    fn apply_cont(&mut self, ac: &ApplyCont, via: Via, env: &Env, traps: &Traps, place: Place<'p>) {
        let kinds = self.simple_kinds(&ac.args, env, place);
        // The trap action happens before the jump.
        let mut arrival = traps.clone();
        match ac.trap {
            None => {}
            Some(TrapAction::Push { exn_handler }) => {
                if self.role(exn_handler, env) != Some(Role::ExnHandler) {
                    self.error(
                        msg![
                            "push of ",
                            exn_handler,
                            ", which is not an exception handler in scope"
                        ],
                        place,
                    );
                }
                if let Some(stack) = &mut arrival {
                    stack.push(exn_handler);
                }
            }
            Some(TrapAction::Pop { exn_handler }) => {
                if !matches!(
                    self.role(exn_handler, env),
                    Some(Role::ExnHandler | Role::Exn)
                ) {
                    self.error(
                        msg![
                            "pop of ",
                            exn_handler,
                            ", which is not an exception continuation in scope"
                        ],
                        place,
                    );
                }
                if let Some(stack) = &mut arrival {
                    match stack.last() {
                        Some(top) if *top == exn_handler => {
                            stack.pop();
                        }
                        Some(top) => {
                            let top = *top;
                            self.error(
                                msg![
                                    "pop of ",
                                    exn_handler,
                                    " but the innermost handler is ",
                                    top
                                ],
                                place,
                            );
                            arrival = None;
                        }
                        None => {
                            self.error(
                                msg!["pop of ", exn_handler, " with no handler installed"],
                                place,
                            );
                            arrival = None;
                        }
                    }
                }
            }
        }
        self.reach(ac.cont, kinds, via, env, arrival, place);
    }

    /// Continuation `k` is reached, with arguments of `kinds` and the trap
    /// stack `arrival`: check it may be reached that way.
    fn reach(
        &mut self,
        k: Continuation,
        kinds: Option<Vec<Kind>>,
        via: Via,
        env: &Env,
        arrival: Traps,
        place: Place<'p>,
    ) {
        let Some(info) = env.conts.get(&k).cloned() else {
            self.error(msg!["continuation ", k, " is not in scope"], place);
            return;
        };
        if let Some(kinds) = kinds {
            if kinds.len() != info.params.len() {
                self.error(
                    msg![
                        k,
                        format!(
                            " takes {} arguments but is given {}",
                            info.params.len(),
                            kinds.len()
                        )
                    ],
                    place,
                );
            } else if kinds != info.params {
                self.error(
                    msg![
                        k,
                        format!(
                            " takes {} but is given {}",
                            kind_list(&info.params),
                            kind_list(&kinds)
                        )
                    ],
                    place,
                );
            }
        }
        let raise = via == Via::Jump(Some(TrapAction::Pop { exn_handler: k }));
        let misuse = match (info.role, via) {
            (Role::Normal, Via::Raise) => Some(msg![
                k,
                " is the exception continuation of a call but not an exception handler"
            ]),
            (Role::Normal, _) if raise => {
                Some(msg!["raise to ", k, ", which is not an exception handler"])
            }
            (Role::ExnHandler | Role::Exn, Via::Raise) => None,
            (Role::ExnHandler | Role::Exn, _) if raise => None,
            (Role::ExnHandler | Role::Exn, _) => Some(msg![
                "exception continuation ",
                k,
                " is reached other than by raising to it"
            ]),
            (Role::Return, Via::Raise) => Some(msg![
                "return continuation ",
                k,
                " is used as an exception continuation"
            ]),
            (Role::Normal | Role::Return, _) => None,
        };
        if let Some(message) = misuse {
            // A misuse says nothing about the stack the handler expects.
            return self.error(message, place);
        }
        let Some(stack) = arrival else { return };
        match info.role {
            Role::Normal | Role::ExnHandler => {
                let entry = if via == Via::Raise {
                    // The callee's raise pops the handler.
                    stack
                        .split_last()
                        .map(|(_, below)| below.to_vec())
                        .unwrap_or_default()
                } else {
                    stack
                };
                match self.entry_traps.get(&k) {
                    None => {
                        self.entry_traps.insert(k, entry);
                    }
                    Some(first) if *first != entry => {
                        self.error(
                            msg![k, " is reached with different exception handlers installed on different paths"],
                            place,
                        );
                    }
                    Some(_) => {}
                }
            }
            Role::Return => {
                if stack.len() != 1 {
                    self.error(
                        msg!["return to ", k, " with exception handlers still installed"],
                        place,
                    );
                }
            }
            Role::Exn => {
                if via != Via::Raise && !stack.is_empty() {
                    self.error(
                        msg!["raise to ", k, " past installed exception handlers"],
                        place,
                    );
                }
            }
        }
    }

    fn role(&self, k: Continuation, env: &Env) -> Option<Role> {
        env.conts.get(&k).map(|info| info.role)
    }

    fn apply(&mut self, a: &'p Apply, env: &Env, traps: &Traps, place: Place<'p>) {
        let arg_kinds = self.simple_kinds(&a.args, env, place);
        match (&a.callee, &a.call_kind) {
            (None, CallKind::Runtime { .. }) => {}
            (Some(callee), CallKind::Runtime { .. }) => {
                let _ = self.simple_kind(callee, env, place);
                self.error(msg!["runtime call with a closure as callee"], place);
            }
            (None, _) => self.error(msg!["call with no callee"], place),
            (Some(callee), _) => {
                if let Some(kind) = self.simple_kind(callee, env, place) {
                    if kind != Kind::Value {
                        self.error(msg![format!("callee of kind {kind}")], place);
                    }
                }
            }
        }
        let (params, results): (Option<Vec<Kind>>, Vec<Kind>) = match &a.call_kind {
            CallKind::Direct { code } => match self.program.code.get(code) {
                Some(c) => (
                    Some(c.params.iter().map(|p| p.kind).collect()),
                    c.result_kinds.clone(),
                ),
                None => {
                    self.error(msg!["direct call to unknown code ", *code], place);
                    (None, vec![Kind::Value])
                }
            },
            CallKind::IndirectKnownArity | CallKind::IndirectUnknownArity => {
                if a.args.is_empty() {
                    self.error(msg!["OCaml function called with no arguments"], place);
                }
                (Some(vec![Kind::Value; a.args.len()]), vec![Kind::Value])
            }
            CallKind::Runtime {
                arg_kinds,
                result_kinds,
                ..
            } => (Some(arg_kinds.clone()), result_kinds.clone()),
        };
        if let (Some(params), Some(args)) = (params, arg_kinds) {
            if params.len() != args.len() {
                self.error(
                    msg![format!(
                        "call with {} arguments to a function of {}",
                        args.len(),
                        params.len()
                    )],
                    place,
                );
            } else if params != args {
                self.error(
                    msg![format!(
                        "call passes {} to a function taking {}",
                        kind_list(&args),
                        kind_list(&params)
                    )],
                    place,
                );
            }
        }
        // The exception continuation must be the innermost handler.
        if let Some(stack) = traps {
            if let Some(top) = stack.last() {
                if *top != a.exn_cont {
                    let top = *top;
                    self.error(
                        msg![
                            "call raises to ",
                            a.exn_cont,
                            " but the innermost handler is ",
                            top
                        ],
                        place,
                    );
                }
            }
        }
        self.reach(
            a.exn_cont,
            Some(vec![Kind::Value]),
            Via::Raise,
            env,
            traps.clone(),
            place,
        );
        if let Return::Cont(k) = a.return_to {
            self.reach(k, Some(results), Via::Return, env, traps.clone(), place);
        }
    }
}

fn kind_list(kinds: &[Kind]) -> String {
    let ks: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
    format!("({})", ks.join(", "))
}

// Bindings and simples.
impl<'p> Checker<'p> {
    fn binding(&mut self, b: &'p Binding, env: &mut Env, place: Place<'p>) {
        match b {
            Binding::Var { param, named } => {
                let kind = match named {
                    Named::Simple(s) => self.simple_kind(s, env, place),
                    Named::Prim(p) => self.prim(p, env, place),
                };
                if let Some(kind) = kind {
                    if kind != param.kind {
                        self.error(
                            msg![
                                "variable ",
                                param.var,
                                format!(" is declared {} but bound to a {kind}", param.kind)
                            ],
                            place,
                        );
                    }
                }
                env.vars.insert(param.var, param.kind);
            }
            Binding::SetOfClosures { vars, set } => {
                if vars.len() != set.functions.len() {
                    self.error(
                        msg![format!(
                            "{} variables bound to a set of {} closures",
                            vars.len(),
                            set.functions.len()
                        )],
                        place,
                    );
                }
                for (_, s) in &set.value_slots {
                    let _ = self.simple_kind(s, env, place);
                }
                self.set_of_closures(set, place);
                for v in vars {
                    env.vars.insert(*v, Kind::Value);
                }
                // The code may use the closures' own variables (recursion)
                // and anything in scope here.
                for (_, code) in &set.functions {
                    let free = self.code_free_vars.get(code).cloned().unwrap_or_default();
                    for v in free.iter().filter(|v| !env.vars.contains_key(*v)) {
                        self.error(
                            msg![
                                "closure of ",
                                *code,
                                " captures ",
                                *v,
                                ", which is not in scope here"
                            ],
                            place,
                        );
                    }
                }
            }
            Binding::Static(bindings) => {
                for sb in bindings {
                    match sb {
                        StaticBinding::Const {
                            value: StaticConst::Block { fields, .. },
                            ..
                        } => {
                            for f in fields {
                                if let StaticField::Symbol(s) = f {
                                    self.symbol(*s, place);
                                }
                            }
                        }
                        StaticBinding::Const { .. } => {}
                        StaticBinding::SetOfClosures { symbols, set } => {
                            if symbols.len() != set.functions.len() {
                                self.error(
                                    msg!["static set of closures with the wrong number of symbols"],
                                    place,
                                );
                            }
                            for (_, s) in &set.value_slots {
                                match s {
                                    Simple::Var(v) => {
                                        self.error(
                                            msg!["static closure captures variable ", *v],
                                            place,
                                        );
                                    }
                                    Simple::Symbol(sym) => self.symbol(*sym, place),
                                    Simple::Const(_) => {}
                                }
                            }
                            self.set_of_closures(set, place);
                            for (_, code) in &set.functions {
                                if self
                                    .code_free_vars
                                    .get(code)
                                    .is_some_and(|free| !free.is_empty())
                                {
                                    self.error(
                                        msg!["static closure of ", *code, " has free variables"],
                                        place,
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Checks common to static and dynamic sets of closures.
    fn set_of_closures(&mut self, set: &SetOfClosures, place: Place<'p>) {
        let mut slots = HashSet::new();
        for (slot, code) in &set.functions {
            if !slots.insert(*slot) {
                self.error(
                    msg![format!(
                        "function slot @{} appears twice",
                        self.names().hint(*slot)
                    )],
                    place,
                );
            }
            if self.program.code.contains_key(code) {
                self.allocated.insert(*code);
            } else {
                self.error(msg!["closure of unknown code ", *code], place);
            }
        }
        let mut value_slots = HashSet::new();
        for (slot, _) in &set.value_slots {
            if !value_slots.insert(*slot) {
                self.error(
                    msg![format!(
                        "value slot .{} appears twice",
                        self.names().hint(*slot)
                    )],
                    place,
                );
            }
        }
    }

    /// The kind of a primitive's result, after checking its arguments.
    fn prim(&mut self, p: &Prim, env: &Env, place: Place<'p>) -> Option<Kind> {
        let kinds = self.simple_kinds(&p.args, env, place)?;
        let expected = match p.op.arg_kinds() {
            ArgKinds::Fixed(ks) => ks,
            ArgKinds::Variadic(k) => vec![k; kinds.len()],
        };
        if expected.len() != kinds.len() {
            self.error(
                msg![format!(
                    "primitive takes {} arguments but is given {}",
                    expected.len(),
                    kinds.len()
                )],
                place,
            );
        } else if expected != kinds {
            self.error(
                msg![format!(
                    "primitive takes {} but is given {}",
                    kind_list(&expected),
                    kind_list(&kinds)
                )],
                place,
            );
        }
        Some(p.op.result_kind())
    }

    fn simple_kind(&mut self, s: &Simple, env: &Env, place: Place<'p>) -> Option<Kind> {
        match s {
            Simple::Var(v) => match env.vars.get(v) {
                Some(k) => Some(*k),
                None => {
                    self.error(msg!["variable ", *v, " is not in scope"], place);
                    None
                }
            },
            Simple::Symbol(sym) => {
                self.symbol(*sym, place);
                Some(Kind::Value)
            }
            Simple::Const(c) => Some(c.kind()),
        }
    }

    /// The kinds of all, or `None` if any is out of scope (already reported).
    fn simple_kinds(&mut self, ss: &[Simple], env: &Env, place: Place<'p>) -> Option<Vec<Kind>> {
        let kinds: Vec<Option<Kind>> = ss.iter().map(|s| self.simple_kind(s, env, place)).collect();
        kinds.into_iter().collect()
    }

    fn symbol(&mut self, s: Symbol, place: Place<'p>) {
        if !self.symbols.contains(&s) {
            self.error(msg!["symbol ", s, " is not defined"], place);
        }
    }
}
