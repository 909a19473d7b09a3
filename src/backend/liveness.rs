//! Liveness analysis over the machine IR: which registers hold a value
//! that some later instruction may read.

use super::mach::*;

/// A set of virtual registers, one bit each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegSet {
    words: Vec<u64>,
}

impl RegSet {
    pub fn new(n: usize) -> RegSet {
        RegSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    pub fn insert(&mut self, r: VReg) -> bool {
        let (w, b) = (r.index() / 64, r.index() % 64);
        match self.words.get_mut(w) {
            Some(word) => {
                let was = *word & (1 << b) != 0;
                *word |= 1 << b;
                !was
            }
            None => false,
        }
    }

    pub fn remove(&mut self, r: VReg) {
        if let Some(word) = self.words.get_mut(r.index() / 64) {
            *word &= !(1 << (r.index() % 64));
        }
    }

    pub fn contains(&self, r: VReg) -> bool {
        self.words
            .get(r.index() / 64)
            .is_some_and(|w| w & (1 << (r.index() % 64)) != 0)
    }

    /// Adds every member of `other`; true if that changed the set.
    pub fn union_with(&mut self, other: &RegSet) -> bool {
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let new = *a | b;
            changed |= new != *a;
            *a = new;
        }
        changed
    }

    pub fn iter(&self) -> impl Iterator<Item = VReg> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(VReg(i as u32 * 64 + b))
            })
        })
    }
}

/// The registers live on entry to and exit from each block.
pub struct Liveness {
    pub live_in: Vec<RegSet>,
    pub live_out: Vec<RegSet>,
}

/// What an instruction does to liveness: the registers it reads, and
/// those it writes or destroys.
pub fn uses_and_kills(inst: &Inst) -> (Vec<VReg>, Vec<VReg>) {
    let mut uses = Vec::new();
    let mut kills = Vec::new();
    for (r, a) in inst.operands() {
        if a.is_use() {
            uses.push(r);
        }
        if a.is_def() {
            kills.push(r);
        }
    }
    kills.extend(inst.clobbers().into_iter().map(VReg::phys));
    (uses, kills)
}

impl Liveness {
    /// Solves the backward dataflow equations to a fixed point:
    ///
    /// `live_out(b) = ∪ live_in(s)` over the successors `s` of `b`;
    /// `live_in(b) = uses(b) ∪ (live_out(b) − defs(b)) ∪ live_in(h)`,
    ///
    /// where `h` is the exception handler of `b`'s trap context, if it is
    /// in this function: a raise can happen at any instruction of `b`, so
    /// whatever the handler needs is live throughout `b`.
    pub fn compute(f: &Function) -> Liveness {
        let n = f.regs.len();
        let nb = f.blocks.len();
        let mut gen = vec![RegSet::new(n); nb];
        let mut kill = vec![RegSet::new(n); nb];
        for (b, block) in f.blocks.iter().enumerate() {
            let (g, k) = (&mut gen[b], &mut kill[b]);
            for r in block.term.operands() {
                g.insert(r);
            }
            for inst in block.insts.iter().rev() {
                let (uses, kills) = uses_and_kills(inst);
                for r in kills {
                    k.insert(r);
                    g.remove(r);
                }
                for r in uses {
                    g.insert(r);
                }
            }
        }
        let mut live_in = vec![RegSet::new(n); nb];
        let mut live_out = vec![RegSet::new(n); nb];
        let order = postorder(f);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in &order {
                let block = &f.blocks[b.index()];
                let mut out = RegSet::new(n);
                for s in block.term.successors() {
                    out.union_with(&live_in[s.index()]);
                }
                let mut inn = out.clone();
                for (w, k) in inn.words.iter_mut().zip(&kill[b.index()].words) {
                    *w &= !k;
                }
                inn.union_with(&gen[b.index()]);
                if let Some(h) = block.handler {
                    let handler_in = live_in[h.index()].clone();
                    inn.union_with(&handler_in);
                }
                changed |= live_in[b.index()].union_with(&inn);
                live_out[b.index()] = out;
            }
        }
        Liveness { live_in, live_out }
    }

    /// Walks block `b` backwards, calling `visit(i, live)` with the set of
    /// registers live just after instruction `i` (the terminator is
    /// `i = insts.len()`).
    pub fn walk_block(&self, f: &Function, b: BlockId, mut visit: impl FnMut(usize, &RegSet)) {
        let block = &f.blocks[b.index()];
        let handler_in = block.handler.map(|h| &self.live_in[h.index()]);
        let mut live = self.live_out[b.index()].clone();
        visit(block.insts.len(), &live);
        for r in block.term.operands() {
            live.insert(r);
        }
        if let Some(h) = handler_in {
            live.union_with(h);
        }
        for (i, inst) in block.insts.iter().enumerate().rev() {
            visit(i, &live);
            let (uses, kills) = uses_and_kills(inst);
            for r in kills {
                live.remove(r);
            }
            for r in uses {
                live.insert(r);
            }
            if let Some(h) = handler_in {
                live.union_with(h);
            }
        }
    }
}

/// The blocks in postorder (successors before predecessors, mostly),
/// which makes a backward analysis converge in few rounds. Handlers come
/// through the trap pushes that reach them.
pub fn postorder(f: &Function) -> Vec<BlockId> {
    let n = f.blocks.len();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut roots: Vec<BlockId> = vec![f.entry];
    roots.extend((0..n as u32).map(BlockId));
    for root in roots {
        if seen[root.index()] {
            continue;
        }
        seen[root.index()] = true;
        // An explicit stack of (block, next successor to look at).
        let mut stack = vec![(root, 0usize)];
        while let Some((b, i)) = stack.pop() {
            let succs = successors_with_handlers(f, b);
            if let Some(&s) = succs.get(i) {
                stack.push((b, i + 1));
                if !seen[s.index()] {
                    seen[s.index()] = true;
                    stack.push((s, 0));
                }
            } else {
                order.push(b);
            }
        }
    }
    order
}

fn successors_with_handlers(f: &Function, b: BlockId) -> Vec<BlockId> {
    let block = &f.blocks[b.index()];
    let mut s = block.term.successors();
    s.extend(block.handler);
    s
}
