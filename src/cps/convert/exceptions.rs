//! Exceptions, static and dynamic: `catch`/`exit`, `try`/`raise`, and the
//! checks that raise predefined exceptions (division by zero, bounds).

use super::{apply_cont, let_cont, Converter, Join, Kont, StaticHandler};
use crate::cps::ids::{Continuation, Variable};
use crate::cps::primitives::{BlockShape, Mutability, PrimOp};
use crate::cps::terms::{ApplyCont, ContHandler, Expr, Param, Simple, Switch, TrapAction};
use crate::lambda::ir::{self as lambda, Label, Lambda};
use crate::lambda::primitive::{CompareKind, IntOp, PredefException, Primitive};

impl<'a> Converter<'a> {
    /// `raise e`: a jump to the innermost handler, popping it. When the
    /// handler belongs to a `try` of the same function this is a plain jump
    /// within the function; otherwise it is the function's exception
    /// continuation, and the exception leaves the function.
    pub(super) fn raise(&mut self, exn: &'a Lambda) -> Expr {
        self.expr(exn, Kont::meta("exn", |c, v| c.raise_value(v)))
    }

    pub(super) fn raise_value(&mut self, v: Simple) -> Expr {
        Expr::ApplyCont(Box::new(ApplyCont::raise(self.traps.exn, v)))
    }

    /// `try body with exn -> handler`: the handler becomes an exception
    /// continuation; the body is a continuation entered by pushing it, and
    /// leaves by popping it on the way to the join. A body that cannot
    /// raise needs no handler at all.
    pub(super) fn try_with(
        &mut self,
        body: &'a Lambda,
        exn: &'a lambda::Var,
        handler: &'a Lambda,
        k: Kont<'a>,
    ) -> Expr {
        if !may_raise(body) {
            return self.expr(body, k);
        }
        self.with_plain_join(k, "v", move |c, join| {
            let h = c.names.cont("k_handler");
            let e = c.bind_fresh(exn);
            let handler = c.expr(handler, Join::to(join).into());
            c.traps.pushed.push(h);
            let outer = std::mem::replace(&mut c.traps.exn, h);
            let body = c.expr(
                body,
                Kont::Jump(Join {
                    cont: join,
                    pop: Some(h),
                }),
            );
            c.traps.exn = outer;
            c.traps.pushed.pop();
            let entry = c.names.cont("k_try");
            let enter = Expr::ApplyCont(Box::new(ApplyCont {
                cont: entry,
                args: Vec::new(),
                trap: Some(TrapAction::Push { exn_handler: h }),
            }));
            let_cont(
                h,
                ContHandler::exn_handler(e, handler),
                let_cont(entry, ContHandler::new(Vec::new(), body), enter),
            )
        })
    }

    /// `catch body with (label params) -> handler`: the handler is a
    /// continuation with the parameters, and both it and the body pass
    /// their value to the same join.
    pub(super) fn static_catch(
        &mut self,
        body: &'a Lambda,
        label: Label,
        params: &'a [lambda::Var],
        handler: &'a Lambda,
        k: Kont<'a>,
    ) -> Expr {
        self.with_join(k, "v", move |c, join| {
            let params: Vec<Variable> = params.iter().map(|p| c.bind_fresh(p)).collect();
            let handler = c.expr(handler, join.into());
            let depth = c.traps.pushed.len();
            // A handler that only passes its parameters on is not made:
            // its raises jump straight to where it would have.
            let (cont, made) = match super::forwards_to(&params, &handler) {
                Some(target) => (target, None),
                None => {
                    let cont = c.names.cont("k_exit");
                    let params = params.iter().map(|p| Param::value(*p)).collect();
                    (cont, Some(ContHandler::new(params, handler)))
                }
            };
            c.labels.insert(
                label,
                StaticHandler {
                    cont,
                    arity: params.len(),
                    depth,
                },
            );
            let body = c.expr(body, join.into());
            match made {
                Some(h) => let_cont(cont, h, body),
                None => body,
            }
        })
    }

    /// `exit label args`: a jump to the handler, popping first the
    /// handlers of the `try` bodies it leaves.
    pub(super) fn static_raise(&mut self, label: Label, args: &'a [Lambda]) -> Expr {
        self.exprs(args, move |c, args| {
            let Some(h) = c.labels.get(&label).copied() else {
                return c.fail(format!("exit to unknown label {}", label.0));
            };
            if h.arity != args.len() {
                return c.fail(format!(
                    "exit to label {} with {} arguments, not {}",
                    label.0,
                    args.len(),
                    h.arity
                ));
            }
            let pops: Vec<Continuation> = c
                .traps
                .pushed
                .get(h.depth..)
                .unwrap_or_default()
                .iter()
                .rev()
                .copied()
                .collect();
            c.jump_popping(h.cont, args, &pops)
        })
    }

    /// Jump to `target`, popping the handlers `pops`, innermost first. A
    /// jump pops at most one: leaving several `try` bodies at once goes
    /// through one continuation per handler.
    fn jump_popping(
        &mut self,
        target: Continuation,
        args: Vec<Simple>,
        pops: &[Continuation],
    ) -> Expr {
        match pops {
            [] => apply_cont(target, args),
            [h] => Expr::ApplyCont(Box::new(ApplyCont {
                cont: target,
                args,
                trap: Some(TrapAction::Pop { exn_handler: *h }),
            })),
            [h, outer @ ..] => {
                let params: Vec<Variable> = args
                    .iter()
                    .map(|a| {
                        let hint = self.hint_of(*a);
                        self.names.var(&hint)
                    })
                    .collect();
                let forwarded = params.iter().map(|p| Simple::Var(*p)).collect();
                let rest = self.jump_popping(target, forwarded, outer);
                let mid = self.names.cont("k_pop");
                let pop = Expr::ApplyCont(Box::new(ApplyCont {
                    cont: mid,
                    args,
                    trap: Some(TrapAction::Pop { exn_handler: *h }),
                }));
                let params = params.into_iter().map(Param::value).collect();
                let_cont(mid, ContHandler::new(params, rest), pop)
            }
        }
    }

    /// `if ok then rest else fail`, on a naked 0/1, where `fail` raises:
    /// the failing path is a cold continuation.
    pub(super) fn check(
        &mut self,
        ok: Simple,
        fail_hint: &str,
        fail: impl FnOnce(&mut Self) -> Expr,
        rest: impl FnOnce(&mut Self) -> Expr,
    ) -> Expr {
        let fail_k = self.names.cont(fail_hint);
        let fail_e = fail(self);
        let ok_k = self.names.cont("k_ok");
        let rest_e = rest(self);
        let switch = Expr::Switch(Box::new(Switch {
            scrutinee: ok,
            arms: [
                (0, ApplyCont::new(fail_k, Vec::new())),
                (1, ApplyCont::new(ok_k, Vec::new())),
            ]
            .into_iter()
            .collect(),
        }));
        let cold = ContHandler {
            is_cold: true,
            ..ContHandler::new(Vec::new(), fail_e)
        };
        let_cont(
            fail_k,
            cold,
            let_cont(ok_k, ContHandler::new(Vec::new(), rest_e), switch),
        )
    }

    /// Raise a predefined exception, with a string argument if given
    /// (`Invalid_argument "index out of bounds"`), allocated at the raise as
    /// OCaml's runtime does.
    pub(super) fn raise_predef(&mut self, e: PredefException, arg: Option<&str>) -> Expr {
        let slot = Simple::Symbol(self.predef_symbol(e));
        match arg {
            None => self.raise_value(slot),
            Some(message) => {
                let text = self.string_symbol(message.as_bytes());
                let op = PrimOp::MakeBlock {
                    tag: 0,
                    shape: BlockShape::Values,
                    mutability: Mutability::Immutable,
                };
                self.let_prim("exn", op, vec![slot, text], |c, exn| c.raise_value(exn))
            }
        }
    }
}

/// Can evaluating `e` raise an exception (in this function: closures it
/// builds are not run)? Conservative: `true` unless every part provably
/// cannot. A call can always raise, if only `Stack_overflow`.
pub(crate) fn may_raise(e: &Lambda) -> bool {
    match e {
        Lambda::Var(_) | Lambda::Const(_) | Lambda::Function(_) => false,
        Lambda::Apply { .. } | Lambda::Raise { .. } => true,
        Lambda::Let { def, body, .. } => may_raise(def) || may_raise(body),
        Lambda::LetRec { body, .. } => may_raise(body),
        Lambda::Prim { prim, args } => prim_may_raise(prim, args) || args.iter().any(may_raise),
        Lambda::Switch {
            scrutinee,
            arms,
            default,
        } => {
            may_raise(scrutinee)
                || arms.iter().any(|a| may_raise(&a.body))
                || default.as_deref().is_some_and(may_raise)
        }
        Lambda::StringSwitch {
            scrutinee,
            arms,
            default,
        } => {
            may_raise(scrutinee)
                || arms.iter().any(|(_, a)| may_raise(a))
                || default.as_deref().is_some_and(may_raise)
        }
        Lambda::StaticRaise { args, .. } => args.iter().any(may_raise),
        Lambda::StaticCatch { body, handler, .. } => may_raise(body) || may_raise(handler),
        // The handler runs only if the body raises.
        Lambda::TryWith { body, handler, .. } => may_raise(body) && may_raise(handler),
        Lambda::If { cond, then_, else_ } => {
            may_raise(cond) || may_raise(then_) || may_raise(else_)
        }
        Lambda::Seq(a, b) => may_raise(a) || may_raise(b),
        Lambda::While { cond, body } => may_raise(cond) || may_raise(body),
        Lambda::For {
            start, end, body, ..
        } => may_raise(start) || may_raise(end) || may_raise(body),
        Lambda::Assign { value, .. } => may_raise(value),
    }
}

/// The primitives that raise: checked accesses, divisions (unless by a
/// non-zero constant), the runtime functions that fail, and the polymorphic
/// comparisons (on functional values).
fn prim_may_raise(p: &Primitive, args: &[Lambda]) -> bool {
    use Primitive as P;
    match p {
        P::IntArith(_, IntOp::Div | IntOp::Mod) => !matches!(
            args.get(1),
            Some(Lambda::Const(lambda::Constant::Int(n) | lambda::Constant::Boxed(_, n))) if *n != 0
        ),
        P::StringGet { checked }
        | P::BytesSet { checked }
        | P::ArrayGet { checked, .. }
        | P::ArraySet { checked, .. } => *checked,
        P::BytesCreate | P::MakeVect | P::IntOfString(_) => true,
        P::Compare(kind, _) | P::CompareTotal(kind) => *kind == CompareKind::Generic,
        _ => false,
    }
}
