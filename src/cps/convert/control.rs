//! The expressions of Lambda that are about control: variables, `let`,
//! functions and calls, conditionals, sequences and loops.

use super::{apply_cont, let_, let_conts, Bound, Converter, Join, Kont, Traps};
use crate::cps::ids::{CodeId, Continuation};
use crate::cps::kinds::{IntKind, Kind};
use crate::cps::primitives::{
    BlockShape, Comparison, Equality, FieldKind, IntOp, Mutability, PrimOp, Signedness,
};
use crate::cps::terms::{
    Apply, ApplyCont, Binding, CallKind, Code, ContHandler, Expr, LetCont, Param, Return,
    SetOfClosures, Simple, Switch,
};
use crate::lambda::ir::{self as lambda, Constant, Direction, Lambda, LetKind};
use crate::lambda::primitive::Primitive;

impl<'a> Converter<'a> {
    /// Convert `e`, passing its value to `k`.
    pub(super) fn expr(&mut self, e: &'a Lambda, k: Kont<'a>) -> Expr {
        match e {
            Lambda::Var(v) => self.variable(v, k),
            Lambda::Const(c) => {
                let s = self.constant(c);
                self.resume(k, s)
            }
            Lambda::Apply { func, args } => self.apply(func, args, k),
            Lambda::Function(f) => {
                let hint = k.hint_or("anon");
                self.closure(&hint, f, k)
            }
            Lambda::Let {
                kind,
                var,
                def,
                body,
            } => self.let_in(*kind, var, def, body, k),
            Lambda::LetRec { bindings, body } => self.let_rec(bindings, body, k),
            Lambda::Prim { prim, args } => self.prim(prim, args, k),
            Lambda::Switch {
                scrutinee,
                arms,
                default,
            } => self.switch(scrutinee, arms, default.as_deref(), k),
            Lambda::StringSwitch {
                scrutinee,
                arms,
                default,
            } => self.string_switch(scrutinee, arms, default.as_deref(), k),
            Lambda::StaticRaise { label, args } => self.static_raise(*label, args),
            Lambda::StaticCatch {
                body,
                label,
                params,
                handler,
            } => self.static_catch(body, *label, params, handler, k),
            Lambda::TryWith { body, exn, handler } => self.try_with(body, exn, handler, k),
            Lambda::Raise { exn, .. } => self.raise(exn),
            Lambda::If { cond, then_, else_ } => self.if_then_else(cond, then_, else_, k),
            Lambda::Seq(first, second) => {
                self.expr(first, Kont::meta("u", move |c, _| c.expr(second, k)))
            }
            Lambda::While { cond, body } => self.while_loop(cond, body, k),
            Lambda::For {
                var,
                start,
                end,
                direction,
                body,
            } => self.for_loop(var, start, end, *direction, body, k),
            Lambda::Assign { var, value } => self.assign(var, value, k),
        }
    }

    fn variable(&mut self, v: &lambda::Var, k: Kont<'a>) -> Expr {
        match self.lookup(v) {
            Some(Bound::Value(s)) => self.resume(k, s),
            Some(Bound::Mutable(cell)) => {
                self.prim_to(load_cell(), vec![Simple::Var(cell)], k, &v.name)
            }
            None => self.fail(format!("variable {}/{} is not bound", v.name, v.id)),
        }
    }

    fn let_in(
        &mut self,
        kind: LetKind,
        var: &'a lambda::Var,
        def: &'a Lambda,
        body: &'a Lambda,
        k: Kont<'a>,
    ) -> Expr {
        match kind {
            LetKind::Strict => self.expr(
                def,
                Kont::meta(&var.name, move |c, v| {
                    c.bind(var, Bound::Value(v));
                    c.expr(body, k)
                }),
            ),
            // A mutable variable lives in a block of one field: the CPS
            // language has no assignment (see the chapter).
            LetKind::Mutable => self.expr(
                def,
                Kont::meta(&var.name, move |c, v| {
                    let op = PrimOp::MakeBlock {
                        tag: 0,
                        shape: BlockShape::Values,
                        mutability: Mutability::Mutable,
                    };
                    c.let_prim(
                        &format!("{}_cell", var.name),
                        op,
                        vec![v],
                        move |c, cell| {
                            match cell {
                                Simple::Var(cell) => c.bind(var, Bound::Mutable(cell)),
                                other => c.bind(var, Bound::Value(other)),
                            }
                            c.expr(body, k)
                        },
                    )
                }),
            ),
        }
    }

    fn assign(&mut self, var: &'a lambda::Var, value: &'a Lambda, k: Kont<'a>) -> Expr {
        self.expr(
            value,
            Kont::meta(&var.name, move |c, v| match c.lookup(var) {
                Some(Bound::Mutable(cell)) => {
                    let op = PrimOp::BlockSet {
                        field: 0,
                        kind: FieldKind::Value,
                    };
                    c.let_prim("u", op, vec![Simple::Var(cell), v], move |c, _| {
                        c.resume(k, Simple::unit())
                    })
                }
                _ => c.fail(format!("assignment to {}, which is not mutable", var.name)),
            }),
        )
    }
}

/// Reading a mutable variable's cell.
fn load_cell() -> PrimOp {
    PrimOp::BlockLoad {
        field: 0,
        kind: FieldKind::Value,
        mutability: Mutability::Mutable,
    }
}

// Functions and calls.
impl<'a> Converter<'a> {
    /// The code of a Lambda function: its parameters, `my_closure`, a return
    /// and an exception continuation, and its body converted with the
    /// return continuation as what to do with its value. The body is
    /// converted in a context of its own: no handler of the enclosing
    /// function is installed in it, and no static exception reaches out of it.
    fn function_code(&mut self, hint: &str, f: &'a lambda::Function) -> CodeId {
        let id = self.names.code_id(hint);
        let params = f
            .params
            .iter()
            .map(|p| Param::value(self.bind_fresh(p)))
            .collect();
        let my_closure = self.names.var("my_closure");
        let return_cont = self.names.cont("k");
        let exn_cont = self.names.cont("k_exn");
        let outer_traps = std::mem::replace(
            &mut self.traps,
            Traps {
                exn: exn_cont,
                pushed: Vec::new(),
            },
        );
        let outer_labels = std::mem::take(&mut self.labels);
        let body = self.expr(&f.body, Kont::Jump(Join::to(return_cont)));
        self.traps = outer_traps;
        self.labels = outer_labels;
        self.code.insert(
            id,
            Code {
                id,
                params,
                my_closure,
                return_cont,
                exn_cont,
                result_kinds: vec![Kind::Value],
                body,
            },
        );
        id
    }

    /// A function value: its code, and a set of closures holding just it.
    fn closure(&mut self, hint: &str, f: &'a lambda::Function, k: Kont<'a>) -> Expr {
        let code = self.function_code(hint, f);
        let slot = self.names.function_slot(hint);
        let var = self.names.var(hint);
        let body = self.resume(k, Simple::Var(var));
        let_(
            Binding::SetOfClosures {
                vars: vec![var],
                set: SetOfClosures {
                    functions: vec![(slot, code)],
                    value_slots: Vec::new(),
                },
            },
            body,
        )
    }

    /// `let rec f = ... and g = ...`: one set of closures for all of them,
    /// whose variables the code of each may name.
    fn let_rec(
        &mut self,
        bindings: &'a [(lambda::Var, lambda::Function)],
        body: &'a Lambda,
        k: Kont<'a>,
    ) -> Expr {
        let vars = bindings.iter().map(|(v, _)| self.bind_fresh(v)).collect();
        let functions = bindings
            .iter()
            .map(|(v, f)| {
                let slot = self.names.function_slot(&v.name);
                (slot, self.function_code(&v.name, f))
            })
            .collect();
        let rest = self.expr(body, k);
        let_(
            Binding::SetOfClosures {
                vars,
                set: SetOfClosures {
                    functions,
                    value_slots: Vec::new(),
                },
            },
            rest,
        )
    }

    /// `f a b`: the arguments right to left, then the function, then the
    /// call, whose return continuation is what `k` becomes.
    fn apply(&mut self, func: &'a Lambda, args: &'a [Lambda], k: Kont<'a>) -> Expr {
        let hint = match func {
            Lambda::Var(f) => format!("{}_result", f.name),
            _ => "result".to_string(),
        };
        self.exprs(args, move |c, args| {
            c.expr(func, Kont::meta("f", move |c, f| c.call(f, args, &hint, k)))
        })
    }

    pub(super) fn call(&mut self, f: Simple, args: Vec<Simple>, hint: &str, k: Kont<'a>) -> Expr {
        let exn_cont = self.traps.exn;
        self.with_cont(k, Kind::Value, hint, move |_, ret| {
            Expr::Apply(Box::new(Apply {
                callee: Some(f),
                args,
                call_kind: CallKind::IndirectUnknownArity,
                return_to: Return::Cont(ret),
                exn_cont,
            }))
        })
    }
}

// Conditionals.
impl<'a> Converter<'a> {
    fn if_then_else(
        &mut self,
        cond: &'a Lambda,
        then_: &'a Lambda,
        else_: &'a Lambda,
        k: Kont<'a>,
    ) -> Expr {
        if let Lambda::Const(Constant::Int(n)) = cond {
            return self.expr(if *n != 0 { then_ } else { else_ }, k);
        }
        self.with_join(k, "v", move |c, join| {
            c.condition(cond, move |c, test, negated| {
                let (yes, no) = if negated {
                    (else_, then_)
                } else {
                    (then_, else_)
                };
                let yes = c.expr(yes, join.into());
                let no = c.expr(no, join.into());
                c.branch(test, yes, no)
            })
        })
    }

    /// Convert `cond` to a naked 0 or 1 and pass it to `then`, with `true`
    /// if it is the negation of `cond`. A comparison gives its naked result
    /// directly, `not` swaps the arms, and any other value is true when it
    /// is not the immediate 0 (a block is true).
    pub(super) fn condition(
        &mut self,
        cond: &'a Lambda,
        then: impl FnOnce(&mut Self, Simple, bool) -> Expr + 'a,
    ) -> Expr {
        self.condition_boxed(cond, Box::new(then))
    }

    #[allow(clippy::type_complexity)]
    fn condition_boxed(
        &mut self,
        cond: &'a Lambda,
        then: Box<dyn FnOnce(&mut Self, Simple, bool) -> Expr + 'a>,
    ) -> Expr {
        match cond {
            Lambda::Prim {
                prim: Primitive::Not,
                args,
            } if args.len() == 1 => {
                let inner = &args[0];
                self.condition_boxed(inner, Box::new(move |c, t, negated| then(c, t, !negated)))
            }
            Lambda::Prim { prim, args } if args.len() == 2 && Self::naked_test(prim).is_some() => {
                self.exprs(args, move |c, vs| {
                    let Some((a, b)) = vs.first().zip(vs.get(1)).map(|(a, b)| (*a, *b)) else {
                        return c.fail("comparison without two operands".to_string());
                    };
                    c.naked_test_of(prim, a, b, move |c, t| then(c, t, false))
                })
            }
            _ => self.expr(
                cond,
                Kont::meta("cond", move |c, v| {
                    let op = PrimOp::PhysEqual(Equality::Ne);
                    c.let_prim("is_true", op, vec![v, Simple::tagged(0)], move |c, t| {
                        then(c, t, false)
                    })
                }),
            ),
        }
    }

    /// A two-way switch on a naked 0/1: the arms are jumps, each a new
    /// continuation unless the arm's code is already a plain jump.
    pub(super) fn branch(&mut self, test: Simple, yes: Expr, no: Expr) -> Expr {
        let mut conts = Vec::new();
        let yes = self.arm("k_then", yes, &mut conts);
        let no = self.arm("k_else", no, &mut conts);
        let switch = Expr::Switch(Box::new(Switch {
            scrutinee: test,
            arms: [(0, no), (1, yes)].into_iter().collect(),
        }));
        let_conts(conts, switch)
    }

    /// A switch arm doing `e`: `e` itself if it is a jump with no trap
    /// action, else a jump to a new continuation (added to `conts`) that
    /// does `e`.
    pub(super) fn arm(
        &mut self,
        hint: &str,
        e: Expr,
        conts: &mut Vec<(Continuation, ContHandler)>,
    ) -> ApplyCont {
        match e {
            Expr::ApplyCont(ac) if ac.trap.is_none() => *ac,
            other => {
                let k = self.names.cont(hint);
                conts.push((k, ContHandler::new(Vec::new(), other)));
                ApplyCont::new(k, Vec::new())
            }
        }
    }
}

// Loops.
impl<'a> Converter<'a> {
    /// `while cond do body done`: a recursive continuation, the loop head,
    /// that tests `cond` and either runs `body` and jumps back or leaves
    /// through the exit, defined outside the loop.
    fn while_loop(&mut self, cond: &'a Lambda, body: &'a Lambda, k: Kont<'a>) -> Expr {
        let after = self.resume(k, Simple::unit());
        let mut outer = Vec::new();
        let exit = self.arm("k_exit", after, &mut outer);
        let head = self.names.cont("k_while");
        let test = self.condition(cond, move |c, test, negated| {
            let body = c.expr(
                body,
                Kont::meta("u", move |_, _| apply_cont(head, Vec::new())),
            );
            let mut inner = Vec::new();
            let run = c.arm("k_do", body, &mut inner);
            let (yes, no) = if negated { (exit, run) } else { (run, exit) };
            let switch = Expr::Switch(Box::new(Switch {
                scrutinee: test,
                arms: [(0, no), (1, yes)].into_iter().collect(),
            }));
            let_conts(inner, switch)
        });
        let r#loop = Expr::LetCont(Box::new(LetCont::Recursive {
            handlers: vec![(head, ContHandler::new(Vec::new(), test))],
            body: apply_cont(head, Vec::new()),
        }));
        let_conts(outer, r#loop)
    }

    /// `for i = start to end do body done`: `end`, then `start`, are
    /// evaluated once; the loop head takes `i`. As in ocamlopt, the test
    /// for the last iteration is `i = end` after the body, so that `i` never
    /// steps past `end` (which could overflow at `max_int`).
    fn for_loop(
        &mut self,
        var: &'a lambda::Var,
        start: &'a Lambda,
        end: &'a Lambda,
        direction: Direction,
        body: &'a Lambda,
        k: Kont<'a>,
    ) -> Expr {
        self.expr(
            end,
            Kont::meta("stop", move |c, hi| {
                c.expr(
                    start,
                    Kont::meta("start", move |c, lo| {
                        c.counted_loop(var, lo, hi, direction, body, k)
                    }),
                )
            }),
        )
    }

    fn counted_loop(
        &mut self,
        var: &'a lambda::Var,
        lo: Simple,
        hi: Simple,
        direction: Direction,
        body: &'a Lambda,
        k: Kont<'a>,
    ) -> Expr {
        let after = self.resume(k, Simple::unit());
        let mut outer = Vec::new();
        let exit = self.arm("k_exit", after, &mut outer);
        let head = self.names.cont("k_for");
        let i = self.bind_fresh(var);
        let (enter, step) = match direction {
            Direction::Upto => (Comparison::Le, IntOp::Add),
            Direction::Downto => (Comparison::Ge, IntOp::Sub),
        };
        let exit_again = exit.clone();
        let next_hint = format!("{}_next", var.name);
        let iteration = self.expr(
            body,
            Kont::meta("u", move |c, _| {
                let last = PrimOp::IntComp(IntKind::Tagged, Comparison::Eq, Signedness::Signed);
                c.let_prim("last", last, vec![Simple::Var(i), hi], move |c, is_last| {
                    let op = PrimOp::IntArith(IntKind::Tagged, step);
                    let next = c.let_prim(
                        &next_hint,
                        op,
                        vec![Simple::Var(i), Simple::tagged(1)],
                        |_, i1| apply_cont(head, vec![i1]),
                    );
                    let mut conts = Vec::new();
                    let next = c.arm("k_next", next, &mut conts);
                    let switch = Expr::Switch(Box::new(Switch {
                        scrutinee: is_last,
                        arms: [(0, next), (1, exit_again)].into_iter().collect(),
                    }));
                    let_conts(conts, switch)
                })
            }),
        );
        let entry = self.let_prim(
            "enter",
            PrimOp::IntComp(IntKind::Tagged, enter, Signedness::Signed),
            vec![lo, hi],
            move |_, enter| {
                Expr::Switch(Box::new(Switch {
                    scrutinee: enter,
                    arms: [(0, exit), (1, ApplyCont::new(head, vec![lo]))]
                        .into_iter()
                        .collect(),
                }))
            },
        );
        let r#loop = Expr::LetCont(Box::new(LetCont::Recursive {
            handlers: vec![(head, ContHandler::new(vec![Param::value(i)], iteration))],
            body: entry,
        }));
        let_conts(outer, r#loop)
    }
}
