//! The Cmm invariant checker: scoping of variables and labels, arities,
//! machine types (word or float), symbols, and the balance of traps.

use std::collections::{HashMap, HashSet};

use super::*;

/// One broken invariant, with the function it was found in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    pub function: Option<String>,
    pub message: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.function {
            Some(name) => write!(f, "in function {name}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// What an expression gives back, as far as the checker cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    /// Control never reaches the end (an `exit` or a `raise`).
    Bottom,
    Void,
    Word,
    Float,
}

impl Ty {
    fn of(ty: MachType) -> Ty {
        match ty {
            MachType::Void => Ty::Void,
            MachType::Float => Ty::Float,
            MachType::Val | MachType::Addr | MachType::Int => Ty::Word,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Ty::Bottom => "nothing",
            Ty::Void => "unit",
            Ty::Word => "a word",
            Ty::Float => "a float",
        }
    }
}

/// A trap stack, innermost handler last; `None` where it cannot be known
/// (in handlers that no `exit` reaches).
type Traps = Option<Vec<Label>>;

struct LabelInfo {
    kind: CatchKind,
    arity: usize,
    /// How many `catch`es enclose the one that binds the label.
    depth: usize,
    /// The trap stack at the `catch`.
    catch_traps: Traps,
}

#[derive(Clone)]
struct VarInfo {
    mutable: bool,
    ty: Ty,
}

type Env = imbl::HashMap<Var, VarInfo>;

/// Where an expression's value goes: `traps` is the trap stack while it
/// runs, `result` the one its value must be delivered with. They differ
/// only in the tail of a handler entered with a `push` (a `try` body),
/// whose value must leave through an `exit` that pops.
#[derive(Clone)]
struct Ctx {
    traps: Traps,
    result: Traps,
}

impl Ctx {
    /// The context of an operand: its value is used on the spot.
    fn operand(&self) -> Ctx {
        Ctx {
            traps: self.traps.clone(),
            result: self.traps.clone(),
        }
    }
}

struct Checker<'a> {
    function: &'a str,
    errors: Vec<CheckError>,
    arities: &'a HashMap<&'a str, usize>,
    symbols: &'a HashSet<&'a str>,
    labels: HashMap<Label, LabelInfo>,
    bound_labels: HashSet<Label>,
    /// The trap stack each handler is entered with, learnt from the first
    /// `exit` that reaches it (or, for exception handlers, from the catch).
    entry_traps: HashMap<Label, Vec<Label>>,
    depth: usize,
}

fn show_traps(traps: &[Label]) -> String {
    let labels: Vec<String> = traps.iter().map(|l| l.to_string()).collect();
    format!("[{}]", labels.join(" "))
}

impl<'a> Checker<'a> {
    fn error(&mut self, message: String) {
        self.errors.push(CheckError {
            function: Some(self.function.to_string()),
            message,
        });
    }

    fn expect(&mut self, got: Ty, want: Ty, what: &dyn Fn() -> String) {
        if got != want && got != Ty::Bottom {
            let message = format!("{} should be {} but is {}", what(), want.name(), got.name());
            self.error(message);
        }
    }

    fn join(&mut self, a: Ty, b: Ty, what: &str) -> Ty {
        match (a, b) {
            (Ty::Bottom, t) | (t, Ty::Bottom) => t,
            (Ty::Word, Ty::Float) | (Ty::Float, Ty::Word) => {
                self.error(format!("the branches of {what} give a word and a float"));
                Ty::Word
            }
            (Ty::Void, _) | (_, Ty::Void) => Ty::Void,
            (t, _) => t,
        }
    }

    /// An expression that delivers its value itself: the trap stack must
    /// be the one its value is expected with.
    fn deliver(&mut self, ctx: &Ctx) {
        if let (Some(now), Some(want)) = (&ctx.traps, &ctx.result) {
            if now != want {
                let message = format!(
                    "a value is delivered with trap stack {} where {} is expected (a pushed handler is not popped)",
                    show_traps(now),
                    show_traps(want)
                );
                self.error(message);
            }
        }
    }

    fn operand(&mut self, e: &Expr, env: &Env, ctx: &Ctx) -> Ty {
        self.expr(e, env, &ctx.operand())
    }

    fn expr(&mut self, e: &Expr, env: &Env, ctx: &Ctx) -> Ty {
        // Lets and sequences nest deeply in long functions: walk their
        // bodies in a loop rather than by recursion.
        let mut e = e;
        let mut env = env.clone();
        loop {
            match e {
                Expr::Let(v, def, body) => {
                    let ty = self.operand(def, &env, ctx);
                    env.insert(v.clone(), VarInfo { mutable: false, ty });
                    e = body;
                }
                Expr::LetMut(v, mty, def, body) => {
                    let ty = self.operand(def, &env, ctx);
                    self.expect(ty, Ty::of(*mty), &|| format!("the initial value of {v}"));
                    env.insert(
                        v.clone(),
                        VarInfo {
                            mutable: true,
                            ty: Ty::of(*mty),
                        },
                    );
                    e = body;
                }
                Expr::Sequence(a, b) => {
                    self.operand(a, &env, ctx);
                    e = b;
                }
                _ => return self.expr_not_chain(e, &env, ctx),
            }
        }
    }
}

impl<'a> Checker<'a> {
    fn expr_not_chain(&mut self, e: &Expr, env: &Env, ctx: &Ctx) -> Ty {
        match e {
            Expr::ConstInt(_) | Expr::Unit | Expr::ConstFloat(_) => {
                self.deliver(ctx);
                match e {
                    Expr::ConstFloat(_) => Ty::Float,
                    Expr::Unit => Ty::Void,
                    _ => Ty::Word,
                }
            }
            Expr::ConstSymbol(s) => {
                if !self.symbols.contains(s.as_str()) {
                    self.error(format!("undefined symbol \"{s}\""));
                }
                self.deliver(ctx);
                Ty::Word
            }
            Expr::Var(v) => {
                self.deliver(ctx);
                match env.get(v) {
                    Some(info) => info.ty,
                    None => {
                        self.error(format!("unbound variable {v}"));
                        Ty::Word
                    }
                }
            }
            Expr::Assign(v, value) => {
                let ty = self.operand(value, env, ctx);
                match env.get(v) {
                    Some(VarInfo {
                        mutable: true,
                        ty: want,
                    }) => {
                        let want = *want;
                        self.expect(ty, want, &|| format!("the value assigned to {v}"));
                    }
                    Some(_) => self.error(format!("assignment to immutable variable {v}")),
                    None => self.error(format!("assignment to unbound variable {v}")),
                }
                self.deliver(ctx);
                Ty::Void
            }
            Expr::Op(operation, args) => {
                let tys: Vec<Ty> = args.iter().map(|a| self.operand(a, env, ctx)).collect();
                let ty = self.operation(operation, args, &tys);
                if ty != Ty::Bottom {
                    self.deliver(ctx);
                }
                ty
            }
            Expr::If(cond, a, b) => {
                let c = self.operand(cond, env, ctx);
                self.expect(c, Ty::Word, &|| "the condition of an if".to_string());
                let ta = self.expr(a, env, ctx);
                let tb = self.expr(b, env, ctx);
                self.join(ta, tb, "an if")
            }
            Expr::Switch {
                scrutinee,
                index,
                cases,
            } => {
                let s = self.operand(scrutinee, env, ctx);
                self.expect(s, Ty::Word, &|| "the scrutinee of a switch".to_string());
                if let Some(bad) = index.iter().find(|&&i| i >= cases.len()) {
                    self.error(format!(
                        "switch index refers to case {bad} of {}",
                        cases.len()
                    ));
                }
                let mut ty = Ty::Bottom;
                for case in cases {
                    let t = self.expr(case, env, ctx);
                    ty = self.join(ty, t, "a switch");
                }
                ty
            }
            Expr::Catch {
                kind,
                handlers,
                body,
            } => self.catch(*kind, handlers, body, env, ctx),
            Expr::Exit { label, args, traps } => {
                for a in args {
                    self.operand(a, env, ctx);
                }
                self.exit(*label, args.len(), traps, ctx);
                Ty::Bottom
            }
            Expr::Let(..) | Expr::LetMut(..) | Expr::Sequence(..) => self.expr(e, env, ctx),
        }
    }
}

impl<'a> Checker<'a> {
    /// Checks an operation's operands; gives its result.
    fn operation(&mut self, operation: &Operation, args: &[Expr], tys: &[Ty]) -> Ty {
        use Operation::*;
        let (want, result): (Vec<Ty>, Ty) = match operation {
            Apply(ty) => {
                if tys.is_empty() {
                    self.error("app without a function".to_string());
                    return Ty::of(*ty);
                }
                if let Some(Expr::ConstSymbol(f)) = args.first() {
                    if let Some(&arity) = self.arities.get(f.as_str()) {
                        if arity != args.len() - 1 {
                            let message = format!(
                                "\"{f}\" takes {arity} arguments but is applied to {}",
                                args.len() - 1
                            );
                            self.error(message);
                        }
                    }
                }
                self.no_void_operand(operation, tys);
                let mut want = vec![Ty::Word];
                want.extend(tys[1..].iter().copied());
                (want, Ty::of(*ty))
            }
            ExtCall { result, .. } => {
                self.no_void_operand(operation, tys);
                (tys.to_vec(), Ty::of(*result))
            }
            Alloc => {
                self.no_void_operand(operation, tys);
                if let Some(Expr::ConstInt(header)) = args.first() {
                    let wosize = (*header as u64 >> 10) as usize;
                    if wosize != args.len() - 1 {
                        let message = format!(
                            "alloc header says {wosize} fields but {} are given",
                            args.len() - 1
                        );
                        self.error(message);
                    }
                }
                let mut want = vec![Ty::Word];
                want.extend(tys.iter().skip(1).copied());
                (want, Ty::Word)
            }
            Load { chunk, .. } => (
                vec![Ty::Word],
                if *chunk == Chunk::Double {
                    Ty::Float
                } else {
                    Ty::Word
                },
            ),
            Store { chunk, .. } => (
                vec![
                    Ty::Word,
                    if *chunk == Chunk::Double {
                        Ty::Float
                    } else {
                        Ty::Word
                    },
                ],
                Ty::Void,
            ),
            AddI | SubI | MulI | DivI | ModI | And | Or | Xor | Lsl | Lsr | Asr | CmpI(_)
            | AddV | AddA => (vec![Ty::Word, Ty::Word], Ty::Word),
            NegF | AbsF => (vec![Ty::Float], Ty::Float),
            AddF | SubF | MulF | DivF => (vec![Ty::Float, Ty::Float], Ty::Float),
            CmpF(_) => (vec![Ty::Float, Ty::Float], Ty::Word),
            FloatOfInt => (vec![Ty::Word], Ty::Float),
            IntOfFloat => (vec![Ty::Float], Ty::Word),
            Raise(_) => (vec![Ty::Word], Ty::Bottom),
            Checkbound => (vec![Ty::Word, Ty::Word], Ty::Void),
        };
        if want.len() != tys.len() {
            self.error(format!(
                "({operation}) takes {} operands but has {}",
                want.len(),
                tys.len()
            ));
            return result;
        }
        for (i, (&got, &w)) in tys.iter().zip(&want).enumerate() {
            self.expect(got, w, &|| format!("operand {} of ({operation})", i + 1));
        }
        result
    }

    fn no_void_operand(&mut self, operation: &Operation, tys: &[Ty]) {
        if let Some(i) = tys.iter().position(|&t| t == Ty::Void) {
            self.error(format!("operand {} of ({operation}) is unit", i + 1));
        }
    }
}

impl<'a> Checker<'a> {
    fn catch(
        &mut self,
        kind: CatchKind,
        handlers: &[Handler],
        body: &Expr,
        env: &Env,
        ctx: &Ctx,
    ) -> Ty {
        if kind == CatchKind::ExnHandler && (handlers.len() != 1 || handlers[0].params.len() != 1) {
            self.error("an exception catch has exactly one handler, of one parameter".to_string());
        }
        self.depth += 1;
        for h in handlers {
            if !self.bound_labels.insert(h.label) {
                self.error(format!("label {} is bound twice", h.label));
            }
            let info = LabelInfo {
                kind,
                arity: h.params.len(),
                depth: self.depth,
                catch_traps: ctx.traps.clone(),
            };
            self.labels.insert(h.label, info);
            if kind == CatchKind::ExnHandler {
                // A raise restores the trap stack of the push, which is the
                // catch's own.
                if let Some(traps) = &ctx.traps {
                    self.entry_traps.insert(h.label, traps.clone());
                }
            }
        }
        let mut ty = self.expr(body, env, ctx);
        if kind != CatchKind::Recursive {
            for h in handlers {
                self.labels.remove(&h.label);
            }
        }
        // A handler's trap stack is known once an exit to it has been seen;
        // check handlers in that order, and handlers no exit reaches last,
        // without trap checks.
        let mut pending: Vec<&Handler> = handlers.iter().collect();
        loop {
            let ready = pending
                .iter()
                .position(|h| ctx.traps.is_none() || self.entry_traps.contains_key(&h.label));
            let Some(i) = ready else { break };
            let h = pending.remove(i);
            let traps = self.entry_traps.get(&h.label).cloned();
            let t = self.handler(
                kind,
                h,
                env,
                Ctx {
                    traps,
                    result: ctx.result.clone(),
                },
            );
            ty = self.join(ty, t, "a catch");
        }
        for h in pending {
            let t = self.handler(
                kind,
                h,
                env,
                Ctx {
                    traps: None,
                    result: None,
                },
            );
            ty = self.join(ty, t, "a catch");
        }
        if kind == CatchKind::Recursive {
            for h in handlers {
                self.labels.remove(&h.label);
            }
        }
        self.depth -= 1;
        ty
    }

    fn handler(&mut self, kind: CatchKind, h: &Handler, env: &Env, ctx: Ctx) -> Ty {
        let mut env = env.clone();
        for (v, ty) in &h.params {
            if *ty == MachType::Void {
                self.error(format!(
                    "parameter {v} of handler {} has type unit",
                    h.label
                ));
            }
            if kind == CatchKind::ExnHandler && *ty != MachType::Val {
                self.error(format!("the exception parameter {v} must have type val"));
            }
            env.insert(
                v.clone(),
                VarInfo {
                    mutable: false,
                    ty: Ty::of(*ty),
                },
            );
        }
        self.expr(&h.body, &env, &ctx)
    }

    fn exit(&mut self, label: ExitLabel, arity: usize, actions: &[TrapAction], ctx: &Ctx) {
        let mut traps = ctx.traps.clone();
        for action in actions {
            match *action {
                TrapAction::Push(h) => {
                    let Some(info) = self.labels.get(&h) else {
                        self.error(format!("push({h}) of a label not in scope"));
                        continue;
                    };
                    let (kind, depth, catch_traps) =
                        (info.kind, info.depth, info.catch_traps.clone());
                    if kind != CatchKind::ExnHandler {
                        self.error(format!(
                            "push({h}) of a label that is not an exception handler"
                        ));
                    }
                    // The code that runs with `h` pushed must stay inside
                    // `h`'s catch, or a raise would reach a handler whose
                    // catch has been left.
                    let target_depth = match label {
                        ExitLabel::Label(l) => self.labels.get(&l).map(|i| i.depth),
                        ExitLabel::Return => Some(0),
                    };
                    if target_depth.is_some_and(|d| d <= depth) {
                        self.error(format!(
                            "exit {label} pushes {h} but leaves the catch of {h}"
                        ));
                    }
                    if let (Some(now), Some(at_catch)) = (&traps, &catch_traps) {
                        if now != at_catch {
                            let message = format!(
                                "push({h}) with trap stack {} but handler {h} expects {}",
                                show_traps(now),
                                show_traps(at_catch)
                            );
                            self.error(message);
                        }
                    }
                    if let Some(t) = &mut traps {
                        t.push(h);
                    }
                }
                TrapAction::Pop(h) => {
                    if let Some(t) = &mut traps {
                        match t.pop() {
                            Some(top) if top == h => {}
                            Some(top) => {
                                self.error(format!("pop({h}) but the innermost trap is {top}"))
                            }
                            None => self.error(format!("pop({h}) with no trap pushed")),
                        }
                    }
                }
            }
        }
        match label {
            ExitLabel::Return => {
                if arity != 1 {
                    self.error(format!("exit *return* with {arity} values"));
                }
                if let Some(t) = &traps {
                    if !t.is_empty() {
                        self.error(format!(
                            "exit *return* with traps {} still pushed",
                            show_traps(t)
                        ));
                    }
                }
            }
            ExitLabel::Label(l) => {
                let Some(info) = self.labels.get(&l) else {
                    self.error(format!("exit to label {l}, which is not in scope"));
                    return;
                };
                let (kind, want) = (info.kind, info.arity);
                if kind == CatchKind::ExnHandler {
                    self.error(format!(
                        "exit to exception handler {l}: only raise enters it"
                    ));
                }
                if want != arity {
                    self.error(format!(
                        "exit {l} with {arity} arguments, but the handler takes {want}"
                    ));
                }
                if let Some(t) = traps {
                    match self.entry_traps.get(&l) {
                        Some(before) if *before != t => {
                            let message = format!(
                                "exits to {l} disagree on the trap stack: {} and {}",
                                show_traps(before),
                                show_traps(&t)
                            );
                            self.error(message);
                        }
                        Some(_) => {}
                        None => {
                            self.entry_traps.insert(l, t);
                        }
                    }
                }
            }
        }
    }
}

fn check_function(
    f: &FunDecl,
    arities: &HashMap<&str, usize>,
    symbols: &HashSet<&str>,
    errors: &mut Vec<CheckError>,
) {
    let mut checker = Checker {
        function: &f.name,
        errors: Vec::new(),
        arities,
        symbols,
        labels: HashMap::new(),
        bound_labels: HashSet::new(),
        entry_traps: HashMap::new(),
        depth: 0,
    };
    let mut env = Env::new();
    for (v, ty) in &f.params {
        if *ty == MachType::Void {
            checker.error(format!("parameter {v} has type unit"));
        }
        if env
            .insert(
                v.clone(),
                VarInfo {
                    mutable: false,
                    ty: Ty::of(*ty),
                },
            )
            .is_some()
        {
            checker.error(format!("parameter {v} is bound twice"));
        }
    }
    // A function starts and returns with no trap of its own pushed.
    let ctx = Ctx {
        traps: Some(Vec::new()),
        result: Some(Vec::new()),
    };
    checker.expr(&f.body, &env, &ctx);
    errors.append(&mut checker.errors);
}

/// Checks a whole program. `externals` are the symbols defined elsewhere
/// (by the runtime) that the program may refer to.
pub fn check_program(program: &Program, externals: &[&str]) -> Result<(), Vec<CheckError>> {
    let mut errors = Vec::new();
    let mut global = |message: String| {
        errors.push(CheckError {
            function: None,
            message,
        })
    };
    let mut arities: HashMap<&str, usize> = HashMap::new();
    let mut symbols: HashSet<&str> = externals.iter().copied().collect();
    for f in program.functions() {
        if arities.insert(&f.name, f.params.len()).is_some() || !symbols.insert(&f.name) {
            global(format!("symbol \"{}\" is defined twice", f.name));
        }
    }
    for items in program.data() {
        for item in items {
            if let DataItem::DefineSymbol(s) = item {
                if !symbols.insert(s) {
                    global(format!("symbol \"{s}\" is defined twice"));
                }
            }
        }
    }
    for items in program.data() {
        for item in items {
            match item {
                DataItem::SymbolAddress(s) | DataItem::GlobalSymbol(s)
                    if !symbols.contains(s.as_str()) =>
                {
                    global(format!("undefined symbol \"{s}\" in data"));
                }
                DataItem::Align(n) if !n.is_power_of_two() => {
                    global(format!("align {n} is not a power of two"))
                }
                _ => {}
            }
        }
    }
    for f in program.functions() {
        check_function(f, &arities, &symbols, &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmm::helpers::*;

    fn function(body: Expr, params: Vec<(Var, MachType)>) -> Program {
        Program {
            phrases: vec![Phrase::Function(FunDecl {
                name: "f".to_string(),
                params,
                body,
            })],
        }
    }

    /// The messages of the errors found in `body`, a function of `params`.
    fn errors(body: Expr, params: Vec<(Var, MachType)>) -> Vec<String> {
        match check_program(&function(body, params), &["caml_exn_Not_found"]) {
            Ok(()) => Vec::new(),
            Err(es) => es.into_iter().map(|e| e.message).collect(),
        }
    }

    fn exit(l: Label, args: Vec<Expr>, traps: Vec<TrapAction>) -> Expr {
        Expr::Exit {
            label: ExitLabel::Label(l),
            args,
            traps,
        }
    }

    fn catch(
        kind: CatchKind,
        label: Label,
        params: Vec<(Var, MachType)>,
        body: Expr,
        handler: Expr,
    ) -> Expr {
        Expr::Catch {
            kind,
            handlers: vec![Handler {
                label,
                params,
                body: handler,
            }],
            body: Box::new(body),
        }
    }

    #[test]
    fn variables_must_be_bound_and_mutable_to_be_assigned() {
        let mut fresh = Fresh::new();
        let (x, y) = (fresh.var("x"), fresh.var("y"));
        assert_eq!(errors(var(&y), vec![]), vec!["unbound variable y/2"]);
        let assign = Expr::Assign(x.clone(), Box::new(Expr::ConstInt(1)));
        assert_eq!(
            errors(assign, vec![(x, MachType::Int)]),
            vec!["assignment to immutable variable x/1"]
        );
    }

    #[test]
    fn labels_are_scoped_and_exits_have_the_handler_arity() {
        let mut fresh = Fresh::new();
        let (l, x) = (fresh.label(), fresh.var("x"));
        let ok = catch(
            CatchKind::Normal,
            l,
            vec![(x.clone(), MachType::Int)],
            exit(l, vec![Expr::ConstInt(1)], vec![]),
            var(&x),
        );
        assert_eq!(errors(ok, vec![]), Vec::<String>::new());
        let bad_arity = catch(
            CatchKind::Normal,
            l,
            vec![(x.clone(), MachType::Int)],
            exit(l, vec![], vec![]),
            var(&x),
        );
        assert_eq!(
            errors(bad_arity, vec![]),
            vec!["exit 1 with 0 arguments, but the handler takes 1"]
        );
        // A non-recursive handler cannot jump to itself.
        let self_jump = catch(
            CatchKind::Normal,
            l,
            vec![],
            exit(l, vec![], vec![]),
            exit(l, vec![], vec![]),
        );
        assert_eq!(
            errors(self_jump, vec![]),
            vec!["exit to label 1, which is not in scope"]
        );
    }

    #[test]
    fn operands_must_have_the_right_machine_type() {
        let e = op(
            Operation::AddF,
            vec![Expr::ConstFloat(1.0), Expr::ConstInt(2)],
        );
        assert_eq!(
            errors(e, vec![]),
            vec!["operand 2 of (+f) should be a float but is a word"]
        );
        let alloc = op(
            Operation::Alloc,
            vec![Expr::ConstInt(block_header(0, 2)), Expr::ConstInt(1)],
        );
        assert_eq!(
            errors(alloc, vec![]),
            vec!["alloc header says 2 fields but 1 are given"]
        );
    }

    #[test]
    fn calls_to_known_functions_have_their_arity() {
        let mut fresh = Fresh::new();
        let x = fresh.var("x");
        let call = op(
            Operation::Apply(MachType::Val),
            vec![
                Expr::ConstSymbol("f".into()),
                Expr::ConstInt(1),
                Expr::ConstInt(2),
            ],
        );
        assert_eq!(
            errors(call, vec![(x, MachType::Val)]),
            vec!["\"f\" takes 1 arguments but is applied to 2"]
        );
    }

    /// `try (exit<pop> join 1) with e -> 0` in the trap style, with the pop
    /// present or not.
    fn try_body(pop: bool) -> Expr {
        let mut fresh = Fresh::new();
        let (h, k, join) = (fresh.label(), fresh.label(), fresh.label());
        let (e, r) = (fresh.var("e"), fresh.var("r"));
        let leave = if pop {
            exit(join, vec![Expr::ConstInt(1)], vec![TrapAction::Pop(h)])
        } else {
            Expr::ConstInt(1)
        };
        let protected = catch(
            CatchKind::Normal,
            k,
            vec![],
            exit(k, vec![], vec![TrapAction::Push(h)]),
            leave,
        );
        let trap = catch(
            CatchKind::ExnHandler,
            h,
            vec![(e, MachType::Val)],
            protected,
            Expr::ConstInt(0),
        );
        catch(
            CatchKind::Normal,
            join,
            vec![(r.clone(), MachType::Int)],
            trap,
            var(&r),
        )
    }

    #[test]
    fn traps_pushed_must_be_popped() {
        assert_eq!(errors(try_body(true), vec![]), Vec::<String>::new());
        assert_eq!(
            errors(try_body(false), vec![]),
            vec!["a value is delivered with trap stack [1] where [] is expected (a pushed handler is not popped)"]
        );
    }

    #[test]
    fn exception_handlers_are_entered_by_raise_only() {
        let mut fresh = Fresh::new();
        let (h, e) = (fresh.label(), fresh.var("e"));
        let bad = catch(
            CatchKind::ExnHandler,
            h,
            vec![(e, MachType::Val)],
            exit(h, vec![Expr::ConstInt(1)], vec![]),
            Expr::ConstInt(0),
        );
        assert_eq!(
            errors(bad, vec![]),
            vec!["exit to exception handler 1: only raise enters it"]
        );
    }

    #[test]
    fn a_pushed_handler_must_enclose_the_code_it_protects() {
        let mut fresh = Fresh::new();
        let (k, h, e) = (fresh.label(), fresh.label(), fresh.var("e"));
        // The target k lies outside h's catch: a raise in k would find h's
        // catch gone.
        let inner = catch(
            CatchKind::ExnHandler,
            h,
            vec![(e, MachType::Val)],
            exit(k, vec![], vec![TrapAction::Push(h)]),
            Expr::ConstInt(0),
        );
        let outer = catch(
            CatchKind::Normal,
            k,
            vec![],
            inner,
            raise_symbol("caml_exn_Not_found"),
        );
        assert_eq!(
            errors(outer, vec![]),
            vec!["exit 1 pushes 2 but leaves the catch of 2"]
        );
    }

    #[test]
    fn symbols_must_be_defined() {
        assert_eq!(
            errors(Expr::ConstSymbol("nowhere".into()), vec![]),
            vec!["undefined symbol \"nowhere\""]
        );
        let data = Program {
            phrases: vec![Phrase::Data(vec![DataItem::SymbolAddress(
                "nowhere".into(),
            )])],
        };
        let message = check_program(&data, &[]).map_err(|es| es[0].to_string());
        assert_eq!(
            message,
            Err("undefined symbol \"nowhere\" in data".to_string())
        );
    }
}
