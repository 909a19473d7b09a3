//! Resolution: Lambda with named variables → code with numbered slots.
//!
//! Looking variables up by name at every step would make the interpreter
//! slow, so before running we decide where each variable lives: in a slot of
//! the current function's frame (parameters and `let`s), in the closure
//! (free variables of a function, copied when the closure is built), or, for
//! the functions of a `let rec`, as a sibling in the same set of closures.
//! This is the classic flat-closure conversion, done just for the
//! interpreter.

use super::super::ir::{self, Lambda, LetKind, SwitchCase};
use super::super::primitive::Primitive;
use super::InterpError;
use std::collections::HashMap;

/// Where a variable's value is found at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Local(u32),
    Captured(u32),
    Sibling(u32),
}

/// A set of functions created together, and the values they capture from
/// the context that creates them.
#[derive(Debug)]
pub struct ClosureSetCode {
    pub functions: Vec<FunctionCode>,
    pub captures: Vec<Access>,
}

#[derive(Debug)]
pub struct FunctionCode {
    pub arity: usize,
    pub frame_size: usize,
    pub body: Code,
}

#[derive(Debug)]
pub enum Code {
    Access(Access),
    Const(Constant),
    /// Operands: the function, then the arguments.
    Apply(Vec<Code>),
    Closure(ClosureSetCode),
    Let(u32, Box<Code>, Box<Code>),
    LetRec(Vec<u32>, ClosureSetCode, Box<Code>),
    Prim(Primitive, Vec<Code>),
    /// A primitive whose operands are all variables, constants or direct
    /// primitives: the machine evaluates it in one step, recursively.
    DirectPrim(Primitive, Vec<Code>),
    Switch(
        Box<Code>,
        HashMap<SwitchCase, usize>,
        Vec<Code>,
        Option<Box<Code>>,
    ),
    StringSwitch(
        Box<Code>,
        HashMap<Vec<u8>, usize>,
        Vec<Code>,
        Option<Box<Code>>,
    ),
    StaticRaise(u32, Vec<Code>),
    StaticCatch(Box<Code>, u32, Vec<u32>, Box<Code>),
    Try(Box<Code>, u32, Box<Code>),
    Raise(Box<Code>),
    If(Box<Code>, Box<Code>, Box<Code>),
    Seq(Box<Code>, Box<Code>),
    While(Box<Code>, Box<Code>),
    /// Slot, start, end, upwards?, body.
    For(u32, Box<Code>, Box<Code>, bool, Box<Code>),
    Assign(u32, Box<Code>),
}

/// Constants keep the shape of `ir::Constant`; the machine builds each
/// structured one once and shares it, as ocamlopt shares static data.
#[derive(Debug)]
pub struct Constant {
    pub value: ir::Constant,
}

/// The state of resolution inside one function (or the program's top).
#[derive(Default)]
struct Scope {
    locals: HashMap<u32, u32>,
    mutable: HashMap<u32, bool>,
    siblings: HashMap<u32, u32>,
    captured: HashMap<u32, u32>,
    captures: Vec<Access>,
    frame_size: u32,
}

pub struct Resolver {
    scopes: Vec<Scope>,
}

/// Resolve a program body: the top-level code and its frame size.
pub fn resolve_program(body: &Lambda) -> Result<(Code, usize), InterpError> {
    let mut r = Resolver {
        scopes: vec![Scope::default()],
    };
    let code = r.expr(body)?;
    let size = r.scopes.last().map_or(0, |s| s.frame_size) as usize;
    Ok((code, size))
}

impl Resolver {
    fn scope(&mut self) -> &mut Scope {
        // The stack is never empty: it starts with the program's scope.
        let last = self.scopes.len() - 1;
        &mut self.scopes[last]
    }

    fn bind(&mut self, v: &ir::Var, mutable: bool) -> u32 {
        let s = self.scope();
        let slot = s.frame_size;
        s.frame_size += 1;
        s.locals.insert(v.id, slot);
        s.mutable.insert(v.id, mutable);
        slot
    }

    /// Find `v` as seen from scope `depth`, adding captures on the way.
    fn lookup(&mut self, depth: usize, v: &ir::Var) -> Result<Access, InterpError> {
        let scope = &self.scopes[depth];
        if let Some(slot) = scope.locals.get(&v.id) {
            return Ok(Access::Local(*slot));
        }
        if let Some(i) = scope.siblings.get(&v.id) {
            return Ok(Access::Sibling(*i));
        }
        if let Some(i) = scope.captured.get(&v.id) {
            return Ok(Access::Captured(*i));
        }
        if depth == 0 {
            return Err(InterpError(format!("unbound variable {}/{}", v.name, v.id)));
        }
        let outer = self.lookup(depth - 1, v)?;
        if let Access::Local(_) = outer {
            if self.scopes[depth - 1].mutable.get(&v.id) == Some(&true) {
                return Err(InterpError(format!(
                    "mutable variable {}/{} captured",
                    v.name, v.id
                )));
            }
        }
        let scope = &mut self.scopes[depth];
        let i = scope.captures.len() as u32;
        scope.captures.push(outer);
        scope.captured.insert(v.id, i);
        Ok(Access::Captured(i))
    }

    fn var(&mut self, v: &ir::Var) -> Result<Access, InterpError> {
        self.lookup(self.scopes.len() - 1, v)
    }

    /// Resolve a set of functions created together; `siblings` are the
    /// names by which they refer to each other (empty for a lone `fun`).
    fn closure_set(
        &mut self,
        siblings: &[ir::Var],
        functions: &[&ir::Function],
    ) -> Result<ClosureSetCode, InterpError> {
        let mut scope = Scope::default();
        for (i, s) in siblings.iter().enumerate() {
            scope.siblings.insert(s.id, i as u32);
        }
        self.scopes.push(scope);
        let mut codes = Vec::new();
        for f in functions {
            // Each function has its own frame but shares the captures.
            let s = self.scope();
            s.locals.clear();
            s.mutable.clear();
            s.frame_size = 0;
            for p in &f.params {
                self.bind(p, false);
            }
            let body = self.expr(&f.body)?;
            let frame_size = self.scope().frame_size as usize;
            codes.push(FunctionCode {
                arity: f.params.len(),
                frame_size,
                body,
            });
        }
        let scope = self.scopes.pop().unwrap_or_default();
        Ok(ClosureSetCode {
            functions: codes,
            captures: scope.captures,
        })
    }

    fn exprs(&mut self, es: &[Lambda]) -> Result<Vec<Code>, InterpError> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    fn boxed(&mut self, e: &Lambda) -> Result<Box<Code>, InterpError> {
        Ok(Box::new(self.expr(e)?))
    }

    fn expr(&mut self, e: &Lambda) -> Result<Code, InterpError> {
        Ok(match e {
            Lambda::Var(v) => Code::Access(self.var(v)?),
            Lambda::Const(c) => Code::Const(Constant { value: c.clone() }),
            Lambda::Apply { func, args } => {
                let mut operands = vec![self.expr(func)?];
                operands.extend(self.exprs(args)?);
                Code::Apply(operands)
            }
            Lambda::Function(f) => Code::Closure(self.closure_set(&[], &[f])?),
            Lambda::Let {
                kind,
                var,
                def,
                body,
            } => {
                let def = self.boxed(def)?;
                let slot = self.bind(var, *kind == LetKind::Mutable);
                Code::Let(slot, def, self.boxed(body)?)
            }
            Lambda::LetRec { bindings, body } => {
                let vars: Vec<ir::Var> = bindings.iter().map(|(v, _)| v.clone()).collect();
                let functions: Vec<&ir::Function> = bindings.iter().map(|(_, f)| f).collect();
                let set = self.closure_set(&vars, &functions)?;
                let slots = vars.iter().map(|v| self.bind(v, false)).collect();
                Code::LetRec(slots, set, self.boxed(body)?)
            }
            Lambda::Prim { prim, args } => {
                let args = self.exprs(args)?;
                if args
                    .iter()
                    .all(|a| matches!(a, Code::Access(_) | Code::Const(_) | Code::DirectPrim(..)))
                {
                    Code::DirectPrim(prim.clone(), args)
                } else {
                    Code::Prim(prim.clone(), args)
                }
            }
            Lambda::Switch {
                scrutinee,
                arms,
                default,
            } => {
                let mut table = HashMap::new();
                let mut bodies = Vec::new();
                for (i, arm) in arms.iter().enumerate() {
                    for c in &arm.cases {
                        table.insert(*c, i);
                    }
                    bodies.push(self.expr(&arm.body)?);
                }
                let default = default.as_ref().map(|d| self.boxed(d)).transpose()?;
                Code::Switch(self.boxed(scrutinee)?, table, bodies, default)
            }
            Lambda::StringSwitch {
                scrutinee,
                arms,
                default,
            } => {
                let mut table = HashMap::new();
                let mut bodies = Vec::new();
                for (i, (s, action)) in arms.iter().enumerate() {
                    table.insert(s.clone(), i);
                    bodies.push(self.expr(action)?);
                }
                let default = default.as_ref().map(|d| self.boxed(d)).transpose()?;
                Code::StringSwitch(self.boxed(scrutinee)?, table, bodies, default)
            }
            Lambda::StaticRaise { label, args } => Code::StaticRaise(label.0, self.exprs(args)?),
            Lambda::StaticCatch {
                body,
                label,
                params,
                handler,
            } => {
                let body = self.boxed(body)?;
                let slots = params.iter().map(|p| self.bind(p, false)).collect();
                Code::StaticCatch(body, label.0, slots, self.boxed(handler)?)
            }
            Lambda::TryWith { body, exn, handler } => {
                let body = self.boxed(body)?;
                let slot = self.bind(exn, false);
                Code::Try(body, slot, self.boxed(handler)?)
            }
            Lambda::Raise { exn, .. } => Code::Raise(self.boxed(exn)?),
            Lambda::If { cond, then_, else_ } => {
                Code::If(self.boxed(cond)?, self.boxed(then_)?, self.boxed(else_)?)
            }
            Lambda::Seq(a, b) => Code::Seq(self.boxed(a)?, self.boxed(b)?),
            Lambda::While { cond, body } => Code::While(self.boxed(cond)?, self.boxed(body)?),
            Lambda::For {
                var,
                start,
                end,
                direction,
                body,
            } => {
                let start = self.boxed(start)?;
                let end = self.boxed(end)?;
                let slot = self.bind(var, false);
                Code::For(
                    slot,
                    start,
                    end,
                    *direction == ir::Direction::Upto,
                    self.boxed(body)?,
                )
            }
            Lambda::Assign { var, value } => match self.var(var)? {
                Access::Local(slot) => Code::Assign(slot, self.boxed(value)?),
                _ => {
                    return Err(InterpError(format!(
                        "assignment to non-local {}/{}",
                        var.name, var.id
                    )))
                }
            },
        })
    }
}
