//! `switch` on immediates and block tags, and `switch` on strings.
//!
//! The CPS `switch` scrutinises a naked integer and has no default arm, so
//! a Lambda switch, which looks at an OCaml value and may have a default,
//! becomes a small decision tree: whether the value is an immediate or a
//! block, then a switch on the untagged immediate or on the tag, with the
//! default spelled out as the arms it stands for.

use std::collections::BTreeMap;

use super::{let_conts, Converter, Kont};
use crate::cps::ids::Continuation;
use crate::cps::kinds::IntKind;
use crate::cps::primitives::{Comparison, IntOp, PrimOp, Signedness};
use crate::cps::terms::{ApplyCont, ContHandler, Expr, Simple, Switch};
use crate::lambda::ir::{Lambda, SwitchArm, SwitchCase};

type Conts = Vec<(Continuation, ContHandler)>;

fn switch(scrutinee: Simple, arms: BTreeMap<i64, ApplyCont>) -> Expr {
    Expr::Switch(Box::new(Switch { scrutinee, arms }))
}

impl<'a> Converter<'a> {
    pub(super) fn switch(
        &mut self,
        scrutinee: &'a Lambda,
        arms: &'a [SwitchArm],
        default: Option<&'a Lambda>,
        k: Kont<'a>,
    ) -> Expr {
        self.with_join(k, "v", move |c, join| {
            c.expr(
                scrutinee,
                Kont::meta("v", move |c, v| {
                    let mut conts = Vec::new();
                    let mut ints = BTreeMap::new();
                    let mut tags = BTreeMap::new();
                    for arm in arms {
                        let body = c.expr(&arm.body, join.into());
                        let action = c.arm("k_case", body, &mut conts);
                        for case in &arm.cases {
                            match case {
                                SwitchCase::Int(n) => ints.insert(*n, action.clone()),
                                SwitchCase::Tag(t) => tags.insert(i64::from(*t), action.clone()),
                            };
                        }
                    }
                    let default = default.map(|d| {
                        let body = c.expr(d, join.into());
                        c.arm("k_default", body, &mut conts)
                    });
                    let dispatch = c.dispatch(v, ints, tags, default);
                    let_conts(conts, dispatch)
                }),
            )
        })
    }

    /// Jump to the arm of `v`: an immediate's arm in `ints`, a block's in
    /// `tags` (by tag), else `default`. Without a default the cases are
    /// all there are, and the immediate/block test is needed only when both
    /// kinds of cases occur.
    fn dispatch(
        &mut self,
        v: Simple,
        ints: BTreeMap<i64, ApplyCont>,
        tags: BTreeMap<i64, ApplyCont>,
        default: Option<ApplyCont>,
    ) -> Expr {
        let on_int = |c: &mut Self, ints: BTreeMap<i64, ApplyCont>, default: Option<ApplyCont>| {
            c.let_prim("n", PrimOp::UntagImmediate, vec![v], move |c, n| {
                c.switch_naked(n, ints, default)
            })
        };
        let on_tag = |c: &mut Self, tags: BTreeMap<i64, ApplyCont>, default: Option<ApplyCont>| {
            c.let_prim("tag", PrimOp::GetTag, vec![v], move |c, t| {
                c.switch_naked(t, tags, default)
            })
        };
        match (ints.is_empty(), tags.is_empty(), default) {
            (true, true, None) => crate::cps::builder::invalid("switch with no case"),
            (true, true, Some(d)) => Expr::ApplyCont(Box::new(d)),
            (false, true, None) => on_int(self, ints, None),
            (true, false, None) => on_tag(self, tags, None),
            (_, _, default) => {
                let int_side = match &default {
                    Some(d) if ints.is_empty() => Expr::ApplyCont(Box::new(d.clone())),
                    _ => on_int(self, ints, default.clone()),
                };
                let block_side = match &default {
                    Some(d) if tags.is_empty() => Expr::ApplyCont(Box::new(d.clone())),
                    _ => on_tag(self, tags, default),
                };
                self.let_prim("is_int", PrimOp::IsInt, vec![v], move |c, is_int| {
                    c.branch(is_int, int_side, block_side)
                })
            }
        }
    }

    /// A switch on a naked integer with a default: a switch over the range
    /// of the cases, behind a range check, when they are dense; a chain of
    /// equality tests when they are sparse.
    fn switch_naked(
        &mut self,
        n: Simple,
        cases: BTreeMap<i64, ApplyCont>,
        default: Option<ApplyCont>,
    ) -> Expr {
        let Some(default) = default else {
            return switch(n, cases);
        };
        let (Some(lo), Some(hi)) = (cases.keys().next().copied(), cases.keys().last().copied())
        else {
            return Expr::ApplyCont(Box::new(default));
        };
        let span = hi.checked_sub(lo).and_then(|s| usize::try_from(s).ok());
        match span {
            Some(span) if span <= 2 * cases.len() + 8 => {
                let table = (lo..=hi)
                    .map(|i| (i, cases.get(&i).cloned().unwrap_or_else(|| default.clone())))
                    .collect();
                self.in_range(n, lo, hi, move |c, in_range| {
                    let mut conts = Conts::new();
                    let inside = c.arm("k_table", switch(n, table), &mut conts);
                    let out = switch(in_range, [(0, default), (1, inside)].into_iter().collect());
                    let_conts(conts, out)
                })
            }
            _ => {
                let mut rest = Expr::ApplyCont(Box::new(default));
                for (case, action) in cases.into_iter().rev() {
                    let op = PrimOp::IntComp(IntKind::Naked, Comparison::Eq, Signedness::Signed);
                    rest = self.let_prim("is", op, vec![n, Simple::naked(case)], move |c, is| {
                        let mut conts = Conts::new();
                        let next = c.arm("k_next", rest, &mut conts);
                        let test = switch(is, [(0, next), (1, action)].into_iter().collect());
                        let_conts(conts, test)
                    });
                }
                rest
            }
        }
    }

    /// `lo <= n <= hi` as a naked 0/1: one unsigned comparison of `n - lo`.
    fn in_range(
        &mut self,
        n: Simple,
        lo: i64,
        hi: i64,
        then: impl FnOnce(&mut Self, Simple) -> Expr,
    ) -> Expr {
        let le = PrimOp::IntComp(IntKind::Naked, Comparison::Le, Signedness::Unsigned);
        if lo == 0 {
            return self.let_prim("in_range", le, vec![n, Simple::naked(hi)], then);
        }
        let sub = PrimOp::IntArith(IntKind::Naked, IntOp::Sub);
        self.let_prim("offset", sub, vec![n, Simple::naked(lo)], move |c, off| {
            c.let_prim("in_range", le, vec![off, Simple::naked(hi - lo)], then)
        })
    }

    /// A match on a string: compare it with each constant in turn.
    pub(super) fn string_switch(
        &mut self,
        scrutinee: &'a Lambda,
        arms: &'a [(Vec<u8>, Lambda)],
        default: Option<&'a Lambda>,
        k: Kont<'a>,
    ) -> Expr {
        self.with_join(k, "v", move |c, join| {
            c.expr(
                scrutinee,
                Kont::meta("s", move |c, s| {
                    let mut conts = Vec::new();
                    let mut tests = Vec::new();
                    for (text, body) in arms {
                        let constant = c.string_symbol(text);
                        let body = c.expr(body, join.into());
                        tests.push((constant, c.arm("k_case", body, &mut conts)));
                    }
                    let mut rest = match default {
                        Some(d) => c.expr(d, join.into()),
                        None => crate::cps::builder::invalid("no string matched"),
                    };
                    for (constant, action) in tests.into_iter().rev() {
                        let k_test = Kont::meta("differ", move |c, differ| {
                            c.let_prim(
                                "differ",
                                PrimOp::UntagImmediate,
                                vec![differ],
                                move |c, d| {
                                    let mut conts = Conts::new();
                                    let next = c.arm("k_next", rest, &mut conts);
                                    let test =
                                        switch(d, [(0, action), (1, next)].into_iter().collect());
                                    let_conts(conts, test)
                                },
                            )
                        });
                        rest = c.runtime("caml_string_notequal", vec![s, constant], k_test);
                    }
                    let_conts(conts, rest)
                }),
            )
        })
    }
}
