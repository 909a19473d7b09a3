//! Register allocation by iterated register coalescing (George and Appel,
//! 1996), one register class at a time, with spilling by rewriting the
//! program and starting again.

use super::liveness::{Liveness, RegSet};
use super::mach::*;
use std::collections::{BTreeSet, HashMap, HashSet};

/// How many times the allocator may spill and start again before giving up
/// (each round spills only long-lived values, so a few rounds suffice).
const MAX_ROUNDS: usize = 24;

/// What happens to a node during one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NodeState {
    /// Not a node of this round's graph (another class, or spilled).
    Absent,
    Precolored,
    Initial,
    Simplify,
    Freeze,
    Spill,
    Coalesced,
    Colored,
    SelectStack,
    Spilled,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveState {
    Worklist,
    Active,
    Coalesced,
    Constrained,
    Frozen,
}

/// One round of iterated register coalescing over the registers of one
/// class. Node `n` is virtual register `n`; the precoloured registers are
/// nodes too, with their colour fixed and an infinite degree.
struct Irc {
    k: usize,
    colors: Vec<PhysReg>,
    state: Vec<NodeState>,
    adj_set: HashSet<(u32, u32)>,
    adj_list: Vec<Vec<u32>>,
    degree: Vec<usize>,
    move_list: Vec<Vec<usize>>,
    alias: Vec<u32>,
    color: Vec<Option<PhysReg>>,
    /// The moves of the program: (dst, src).
    moves: Vec<(u32, u32)>,
    move_state: Vec<MoveState>,
    simplify_worklist: BTreeSet<u32>,
    freeze_worklist: BTreeSet<u32>,
    spill_worklist: BTreeSet<u32>,
    worklist_moves: BTreeSet<usize>,
    select_stack: Vec<u32>,
    /// Spill cost: uses and definitions, weighted by loop depth.
    cost: Vec<f64>,
}

impl Irc {
    fn new(f: &Function, class: RegClass, spilled: &[bool]) -> Irc {
        let n = f.regs.len();
        let colors: Vec<PhysReg> = PhysReg::all(class).collect();
        let mut state = vec![NodeState::Absent; n];
        let mut color = vec![None; n];
        for (i, s) in state.iter_mut().enumerate() {
            let r = VReg(i as u32);
            if let Some(p) = r.as_phys() {
                if p.class() == class {
                    *s = NodeState::Precolored;
                    color[i] = Some(p);
                }
            } else if f.class(r) == class && !spilled[i] {
                *s = NodeState::Initial;
            }
        }
        Irc {
            k: colors.len(),
            colors,
            state,
            adj_set: HashSet::new(),
            adj_list: vec![Vec::new(); n],
            degree: vec![0; n],
            move_list: vec![Vec::new(); n],
            alias: (0..n as u32).collect(),
            color,
            moves: Vec::new(),
            move_state: Vec::new(),
            simplify_worklist: BTreeSet::new(),
            freeze_worklist: BTreeSet::new(),
            spill_worklist: BTreeSet::new(),
            worklist_moves: BTreeSet::new(),
            select_stack: Vec::new(),
            cost: vec![0.0; n],
        }
    }

    fn is_node(&self, r: VReg) -> bool {
        self.state
            .get(r.index())
            .is_some_and(|s| *s != NodeState::Absent)
    }

    fn precolored(&self, n: u32) -> bool {
        self.state[n as usize] == NodeState::Precolored
    }

    fn add_edge(&mut self, u: u32, v: u32) {
        if u == v || self.adj_set.contains(&(u, v)) {
            return;
        }
        self.adj_set.insert((u, v));
        self.adj_set.insert((v, u));
        if !self.precolored(u) {
            self.adj_list[u as usize].push(v);
            self.degree[u as usize] += 1;
        }
        if !self.precolored(v) {
            self.adj_list[v as usize].push(u);
            self.degree[v as usize] += 1;
        }
    }

    /// Builds the interference graph: a register defined (or destroyed)
    /// by an instruction interferes with every register live after it,
    /// except, for a move, with the move's source.
    fn build(&mut self, f: &Function, liveness: &Liveness) {
        for (bi, block) in f.blocks.iter().enumerate() {
            let weight = 10f64.powi(block.loop_depth.min(8) as i32);
            for inst in &block.insts {
                for (r, _) in inst.operands() {
                    if self.is_node(r) {
                        self.cost[r.index()] += weight;
                    }
                }
            }
            for r in block.term.operands() {
                if self.is_node(r) {
                    self.cost[r.index()] += weight;
                }
            }
            liveness.walk_block(f, BlockId(bi as u32), |i, live| {
                let Some(inst) = block.insts.get(i) else {
                    return;
                };
                self.interfere(inst, live);
            });
        }
    }

    fn interfere(&mut self, inst: &Inst, live: &RegSet) {
        let mut except = None;
        if let Some((dst, src)) = inst.as_move() {
            if self.is_node(dst) && self.is_node(src) {
                let m = self.moves.len();
                self.moves.push((dst.0, src.0));
                self.move_state.push(MoveState::Worklist);
                self.worklist_moves.insert(m);
                self.move_list[dst.index()].push(m);
                self.move_list[src.index()].push(m);
                except = Some(src);
            }
        }
        let mut defs: Vec<VReg> = inst
            .operands()
            .into_iter()
            .filter(|(_, a)| a.is_def())
            .map(|(r, _)| r)
            .collect();
        defs.extend(inst.clobbers().into_iter().map(VReg::phys));
        defs.retain(|d| self.is_node(*d));
        for &d in &defs {
            for l in live.iter() {
                if Some(l) != except && self.is_node(l) {
                    self.add_edge(l.0, d.0);
                }
            }
            for &d2 in &defs {
                if !(self.precolored(d.0) && self.precolored(d2.0)) {
                    self.add_edge(d.0, d2.0);
                }
            }
        }
    }

    fn make_worklist(&mut self) {
        for n in 0..self.state.len() as u32 {
            if self.state[n as usize] != NodeState::Initial {
                continue;
            }
            if self.degree[n as usize] >= self.k {
                self.state[n as usize] = NodeState::Spill;
                self.spill_worklist.insert(n);
            } else if self.move_related(n) {
                self.state[n as usize] = NodeState::Freeze;
                self.freeze_worklist.insert(n);
            } else {
                self.state[n as usize] = NodeState::Simplify;
                self.simplify_worklist.insert(n);
            }
        }
    }
}

impl Irc {
    fn adjacent(&self, n: u32) -> Vec<u32> {
        self.adj_list[n as usize]
            .iter()
            .copied()
            .filter(|&m| {
                !matches!(
                    self.state[m as usize],
                    NodeState::SelectStack | NodeState::Coalesced
                )
            })
            .collect()
    }

    fn node_moves(&self, n: u32) -> Vec<usize> {
        self.move_list[n as usize]
            .iter()
            .copied()
            .filter(|&m| matches!(self.move_state[m], MoveState::Active | MoveState::Worklist))
            .collect()
    }

    fn move_related(&self, n: u32) -> bool {
        self.move_list[n as usize]
            .iter()
            .any(|&m| matches!(self.move_state[m], MoveState::Active | MoveState::Worklist))
    }

    fn set_state(&mut self, n: u32, s: NodeState) {
        match self.state[n as usize] {
            NodeState::Simplify => self.simplify_worklist.remove(&n),
            NodeState::Freeze => self.freeze_worklist.remove(&n),
            NodeState::Spill => self.spill_worklist.remove(&n),
            _ => false,
        };
        match s {
            NodeState::Simplify => self.simplify_worklist.insert(n),
            NodeState::Freeze => self.freeze_worklist.insert(n),
            NodeState::Spill => self.spill_worklist.insert(n),
            _ => false,
        };
        self.state[n as usize] = s;
    }

    fn simplify(&mut self, n: u32) {
        self.set_state(n, NodeState::SelectStack);
        self.select_stack.push(n);
        for m in self.adjacent(n) {
            self.decrement_degree(m);
        }
    }

    fn decrement_degree(&mut self, m: u32) {
        if self.precolored(m) {
            return;
        }
        let d = self.degree[m as usize];
        self.degree[m as usize] = d.saturating_sub(1);
        if d == self.k {
            let mut nodes = self.adjacent(m);
            nodes.push(m);
            self.enable_moves(&nodes);
            if self.state[m as usize] == NodeState::Spill {
                let s = if self.move_related(m) {
                    NodeState::Freeze
                } else {
                    NodeState::Simplify
                };
                self.set_state(m, s);
            }
        }
    }

    fn enable_moves(&mut self, nodes: &[u32]) {
        for &n in nodes {
            for m in self.node_moves(n) {
                if self.move_state[m] == MoveState::Active {
                    self.move_state[m] = MoveState::Worklist;
                    self.worklist_moves.insert(m);
                }
            }
        }
    }

    fn get_alias(&self, mut n: u32) -> u32 {
        while self.state[n as usize] == NodeState::Coalesced {
            n = self.alias[n as usize];
        }
        n
    }

    fn add_work_list(&mut self, u: u32) {
        if !self.precolored(u) && !self.move_related(u) && self.degree[u as usize] < self.k {
            self.set_state(u, NodeState::Simplify);
        }
    }

    /// George's test, for coalescing with a precoloured register: every
    /// neighbour of `v` is of low degree or already interferes with `u`.
    fn ok(&self, t: u32, r: u32) -> bool {
        self.degree[t as usize] < self.k || self.precolored(t) || self.adj_set.contains(&(t, r))
    }

    /// Briggs's test: the merged node has fewer than `k` neighbours of
    /// significant degree, so it will still simplify.
    fn conservative(&self, nodes: &[u32]) -> bool {
        let mut seen = HashSet::new();
        let significant = nodes
            .iter()
            .filter(|&&n| seen.insert(n))
            .filter(|&&n| self.precolored(n) || self.degree[n as usize] >= self.k)
            .count();
        significant < self.k
    }

    fn coalesce(&mut self, m: usize) {
        self.worklist_moves.remove(&m);
        let (x, y) = self.moves[m];
        let (x, y) = (self.get_alias(x), self.get_alias(y));
        let (u, v) = if self.precolored(y) { (y, x) } else { (x, y) };
        if u == v {
            self.move_state[m] = MoveState::Coalesced;
            self.add_work_list(u);
        } else if self.precolored(v) || self.adj_set.contains(&(u, v)) {
            self.move_state[m] = MoveState::Constrained;
            self.add_work_list(u);
            self.add_work_list(v);
        } else if (self.precolored(u) && self.adjacent(v).iter().all(|&t| self.ok(t, u)))
            || (!self.precolored(u) && {
                let mut nodes = self.adjacent(u);
                nodes.extend(self.adjacent(v));
                self.conservative(&nodes)
            })
        {
            self.move_state[m] = MoveState::Coalesced;
            self.combine(u, v);
            self.add_work_list(u);
        } else {
            self.move_state[m] = MoveState::Active;
        }
    }

    fn combine(&mut self, u: u32, v: u32) {
        self.set_state(v, NodeState::Coalesced);
        self.alias[v as usize] = u;
        let moves = self.move_list[v as usize].clone();
        self.move_list[u as usize].extend(moves);
        self.enable_moves(&[v]);
        for t in self.adjacent(v) {
            self.add_edge(t, u);
            self.decrement_degree(t);
        }
        if self.degree[u as usize] >= self.k && self.state[u as usize] == NodeState::Freeze {
            self.set_state(u, NodeState::Spill);
        }
    }

    fn freeze(&mut self, u: u32) {
        self.set_state(u, NodeState::Simplify);
        self.freeze_moves(u);
    }

    fn freeze_moves(&mut self, u: u32) {
        for m in self.node_moves(u) {
            let (x, y) = self.moves[m];
            let v = if self.get_alias(y) == self.get_alias(u) {
                self.get_alias(x)
            } else {
                self.get_alias(y)
            };
            self.move_state[m] = MoveState::Frozen;
            self.worklist_moves.remove(&m);
            if !self.precolored(v)
                && !self.move_related(v)
                && self.degree[v as usize] < self.k
                && self.state[v as usize] == NodeState::Freeze
            {
                self.set_state(v, NodeState::Simplify);
            }
        }
    }

    /// The spill candidate: the cheapest to spill per neighbour it frees.
    /// Registers created by spilling are never chosen while another is.
    fn select_spill(&mut self, f: &Function) {
        let best = self.spill_worklist.iter().copied().min_by(|&a, &b| {
            let key = |n: u32| {
                let temp = f.regs[n as usize].spill_temp;
                let c = self.cost[n as usize] / (self.degree[n as usize].max(1) as f64);
                (temp, c)
            };
            key(a)
                .partial_cmp(&key(b))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        if let Some(m) = best {
            self.set_state(m, NodeState::Simplify);
            self.freeze_moves(m);
        }
    }

    /// Pops the select stack, giving each node a colour its neighbours do
    /// not have (preferring that of a register it is moved to or from), or
    /// marking it spilled. Returns the actual spills.
    fn assign_colors(&mut self) -> Vec<u32> {
        let mut spilled = Vec::new();
        while let Some(n) = self.select_stack.pop() {
            let mut ok: Vec<PhysReg> = self.colors.clone();
            for &w in &self.adj_list[n as usize] {
                let a = self.get_alias(w);
                if matches!(
                    self.state[a as usize],
                    NodeState::Colored | NodeState::Precolored
                ) {
                    if let Some(c) = self.color[a as usize] {
                        ok.retain(|&x| x != c);
                    }
                }
            }
            if ok.is_empty() {
                self.state[n as usize] = NodeState::Spilled;
                spilled.push(n);
                continue;
            }
            let preferred = self.move_list[n as usize].iter().find_map(|&m| {
                let (x, y) = self.moves[m];
                let other = if self.get_alias(x) == n { y } else { x };
                self.color[self.get_alias(other) as usize].filter(|c| ok.contains(c))
            });
            self.state[n as usize] = NodeState::Colored;
            self.color[n as usize] = Some(preferred.unwrap_or(ok[0]));
        }
        for n in 0..self.state.len() as u32 {
            if self.state[n as usize] == NodeState::Coalesced {
                let a = self.get_alias(n);
                self.color[n as usize] = self.color[a as usize];
            }
        }
        spilled
    }

    /// The whole round: simplify, coalesce, freeze and spill until the
    /// graph is empty, then colour.
    fn run(&mut self, f: &Function) -> Vec<u32> {
        self.make_worklist();
        loop {
            if let Some(&n) = self.simplify_worklist.iter().next() {
                self.simplify(n);
            } else if let Some(&m) = self.worklist_moves.iter().next() {
                self.coalesce(m);
            } else if let Some(&n) = self.freeze_worklist.iter().next() {
                self.freeze(n);
            } else if !self.spill_worklist.is_empty() {
                self.select_spill(f);
            } else {
                break;
            }
        }
        self.assign_colors()
    }
}

/// Allocates registers for `f`: on return, `f.allocation` gives every
/// register mentioned a physical register or marks it spilled (stack
/// layout then numbers the slots).
pub fn allocate(f: &mut Function) -> Result<(), String> {
    let mut spilled = vec![false; f.regs.len()];
    for _ in 0..MAX_ROUNDS {
        spilled.resize(f.regs.len(), false);
        let liveness = Liveness::compute(f);
        let mut colors: Vec<Option<PhysReg>> = vec![None; f.regs.len()];
        let mut new_spills = Vec::new();
        for class in [RegClass::Int, RegClass::Float] {
            let mut irc = Irc::new(f, class, &spilled);
            irc.build(f, &liveness);
            new_spills.extend(irc.run(f));
            for (i, c) in irc.color.iter().enumerate() {
                if irc.state[i] != NodeState::Absent && c.is_some() {
                    colors[i] = *c;
                }
            }
        }
        if new_spills.is_empty() {
            let mentioned = mentioned_regs(f);
            let locs = (0..f.regs.len())
                .map(|i| {
                    if !mentioned[i] {
                        None
                    } else if spilled[i] {
                        Some(Loc::Stack(0))
                    } else {
                        colors[i].map(Loc::Reg)
                    }
                })
                .collect();
            f.allocation = Some(Allocation {
                locs,
                num_slots: 0,
                frame_size: 0,
                gc_roots: Vec::new(),
            });
            forward_spilled_values(f);
            return Ok(());
        }
        for s in new_spills {
            spilled[s as usize] = true;
        }
        insert_spill_code(f, &spilled);
    }
    Err(format!(
        "register allocation of {} did not converge after {MAX_ROUNDS} rounds",
        f.name
    ))
}

fn mentioned_regs(f: &Function) -> Vec<bool> {
    let mut m = vec![false; f.regs.len()];
    for b in &f.blocks {
        for inst in &b.insts {
            for (r, _) in inst.operands() {
                m[r.index()] = true;
            }
        }
        for r in b.term.operands() {
            m[r.index()] = true;
        }
    }
    m
}

/// Rewrites the program so that a spilled register lives in memory: each
/// instruction that reads it reads a fresh temporary loaded just before,
/// each that writes it writes a temporary stored just after. A move with
/// one spilled side is already a load or a store, and stays.
pub fn insert_spill_code(f: &mut Function, spilled: &[bool]) {
    let is_spilled = |r: VReg| spilled.get(r.index()).copied().unwrap_or(false);
    for b in 0..f.blocks.len() {
        let insts = std::mem::take(&mut f.blocks[b].insts);
        let mut out = Vec::with_capacity(insts.len());
        for mut inst in insts {
            if let Some((dst, src)) = inst.as_move() {
                if is_spilled(dst) != is_spilled(src) {
                    out.push(inst);
                    continue;
                }
            }
            let mut temps: HashMap<VReg, (VReg, bool, bool)> = HashMap::new();
            let mut order = Vec::new();
            inst.visit_mut(&mut |r, access| {
                if !is_spilled(*r) {
                    return;
                }
                let entry = temps.entry(*r).or_insert_with(|| {
                    order.push(*r);
                    (VReg(u32::MAX), false, false)
                });
                entry.1 |= access.is_use();
                entry.2 |= access.is_def();
            });
            for v in &order {
                let kind = f.kind(*v);
                let t = f.new_reg(kind, f.regs[v.index()].name.clone().as_deref());
                f.regs[t.index()].spill_temp = true;
                if let Some(e) = temps.get_mut(v) {
                    e.0 = t;
                }
            }
            inst.visit_mut(&mut |r, _| {
                if let Some((t, _, _)) = temps.get(r) {
                    *r = *t;
                }
            });
            for v in &order {
                if let Some(&(t, used, _)) = temps.get(v) {
                    if used {
                        out.push(Inst::Move { dst: t, src: *v });
                    }
                }
            }
            out.push(inst);
            for v in &order {
                if let Some(&(t, _, defined)) = temps.get(v) {
                    if defined {
                        out.push(Inst::Move { dst: *v, src: t });
                    }
                }
            }
        }
        let mut term = f.blocks[b].term.clone();
        let mut reloads: HashMap<VReg, VReg> = HashMap::new();
        term.visit_mut(&mut |r| {
            if is_spilled(*r) {
                let t = *reloads.entry(*r).or_insert_with(|| {
                    let t = f.new_reg(f.kind(*r), None);
                    f.regs[t.index()].spill_temp = true;
                    out.push(Inst::Move { dst: t, src: *r });
                    t
                });
                *r = t;
            }
        });
        f.blocks[b].insts = out;
        f.blocks[b].term = term;
    }
}

/// Checks an allocation against the program, independently of how it was
/// found: no instruction may write a location (register or stack slot)
/// that holds another value still needed afterwards, nor destroy a
/// register that holds one; every operand but a move's is in a register.
/// A move between two registers of one location writes nothing.
pub fn verify(f: &Function) -> Result<(), String> {
    let Some(alloc) = &f.allocation else {
        return Err(format!("{}: not allocated", f.name));
    };
    let loc = |r: VReg| -> Option<Loc> {
        match r.as_phys() {
            Some(p) => Some(Loc::Reg(p)),
            None => alloc.locs.get(r.index()).copied().flatten(),
        }
    };
    let liveness = Liveness::compute(f);
    let mut error: Option<String> = None;
    for b in 0..f.blocks.len() {
        let block = &f.blocks[b];
        liveness.walk_block(f, BlockId(b as u32), |i, live| {
            if error.is_some() {
                return;
            }
            let Some(inst) = block.insts.get(i) else {
                for r in block.term.operands() {
                    if !matches!(loc(r), Some(Loc::Reg(_))) {
                        error = Some(format!(
                            "L{b}: terminator operand %{} is not in a register",
                            r.0
                        ));
                    }
                }
                return;
            };
            let operands = inst.operands();
            let moved = inst.as_move();
            if let Some((d, s)) = moved {
                if loc(d) == loc(s) {
                    return;
                }
                if matches!((loc(d), loc(s)), (Some(Loc::Stack(_)), Some(Loc::Stack(_)))) {
                    error = Some(format!("L{b}.{i}: a move from a slot to a slot"));
                }
            } else if let Some((r, _)) = operands
                .iter()
                .find(|(r, _)| !matches!(loc(*r), Some(Loc::Reg(_))))
            {
                error = Some(format!("L{b}.{i}: operand %{} is not in a register", r.0));
                return;
            }
            let defs: Vec<VReg> = operands
                .iter()
                .filter(|(_, a)| a.is_def())
                .map(|(r, _)| *r)
                .collect();
            for v in live.iter() {
                if defs.contains(&v) || moved.is_some_and(|(_, s)| s == v) {
                    continue;
                }
                let Some(lv) = loc(v) else { continue };
                let clash = defs.iter().any(|d| loc(*d) == Some(lv))
                    || inst.clobbers().iter().any(|p| Loc::Reg(*p) == lv);
                if clash {
                    error = Some(format!(
                        "L{b}.{i}: %{} in {lv:?} is overwritten while live",
                        v.0
                    ));
                }
            }
        });
    }
    match error {
        Some(e) => Err(format!("{}: {e}", f.name)),
        None => Ok(()),
    }
}

fn regalloc_pass(
    _: &mut crate::driver::pass::PassContext,
    ir: Box<dyn crate::driver::ir::Ir>,
) -> Result<crate::driver::pass::PassOutput, Vec<crate::diagnostics::Diagnostic>> {
    let mut unit: Unit = crate::driver::ir::expect_ir(ir, "regalloc").map_err(super::internal)?;
    for f in &mut unit.functions {
        allocate(f).map_err(super::internal)?;
        super::frames::lay_out_frame(f).map_err(super::internal)?;
    }
    Ok(crate::driver::pass::PassOutput::new(unit))
}

/// Register allocation and stack layout (`flambeau dump regalloc`).
pub const REGALLOC: crate::driver::pass::Pass = crate::driver::pass::Pass {
    dump_as: Some("regalloc"),
    ..crate::driver::pass::Pass::new("regalloc", "mach", "mach", regalloc_pass)
};

/// Spilling everywhere stores a value after each definition and reloads
/// it before each use, even when a register still holds it. This removes
/// the redundant reloads within each block: after `slot := r` or
/// `r := slot`, a reload of the same slot becomes a move from `r`, as long
/// as nothing has written `r`'s register since. If the copy is live across
/// an allocation, the collector must see it as the root it is: so a
/// temporary copy must have the spilled register's own kind, and a copy in
/// a precoloured register (which has none) is forgotten at a collection.
fn forward_spilled_values(f: &mut Function) {
    let Some(alloc) = f.allocation.take() else {
        return;
    };
    let loc = |r: VReg| match r.as_phys() {
        Some(p) => Some(Loc::Reg(p)),
        None => alloc.locs.get(r.index()).copied().flatten(),
    };
    let spilled = |r: VReg| matches!(loc(r), Some(Loc::Stack(_)));
    let regs = &f.regs;
    let usable = |r: VReg, s: VReg| {
        r.as_phys().is_some()
            || regs.get(r.index()).map(|i| i.kind) == regs.get(s.index()).map(|i| i.kind)
    };
    for block in &mut f.blocks {
        // Spilled register -> a register-allocated copy of its value.
        let mut copies: HashMap<VReg, VReg> = HashMap::new();
        for inst in &mut block.insts {
            let moved = inst.as_move();
            if let Some((dst, src)) = moved {
                if spilled(src) && !spilled(dst) {
                    if let Some(&holder) = copies.get(&src) {
                        *inst = Inst::Move { dst, src: holder };
                    }
                }
            }
            let mut written: Vec<Loc> = inst
                .operands()
                .into_iter()
                .filter(|(r, a)| a.is_def() && !spilled(*r))
                .filter_map(|(r, _)| loc(r))
                .collect();
            written.extend(inst.clobbers().into_iter().map(Loc::Reg));
            copies.retain(|_, holder| loc(*holder).is_some_and(|l| !written.contains(&l)));
            // A precoloured register has no kind the collector would see.
            if inst.is_gc_point() {
                copies.retain(|_, holder| holder.as_phys().is_none());
            }
            match moved {
                // A store: the source register holds the slot's value.
                Some((dst, src)) if spilled(dst) && !spilled(src) => {
                    copies.remove(&dst);
                    if usable(src, dst) {
                        copies.insert(dst, src);
                    }
                }
                // A reload: so does its destination.
                Some((dst, src)) if spilled(src) && !spilled(dst) && usable(dst, src) => {
                    copies.entry(src).or_insert(dst);
                }
                _ => {}
            }
        }
    }
    f.allocation = Some(alloc);
}
