//! Stack layout after register allocation: spill slots (shared between
//! registers that are never live at once), the frame size, and the live
//! roots at every point where the collector may run.

use super::liveness::Liveness;
use super::mach::*;

/// Numbers the spill slots, fixes the frame size and records the roots of
/// every collection point. `f` must have been allocated.
pub fn lay_out_frame(f: &mut Function) -> Result<(), String> {
    let liveness = Liveness::compute(f);
    let Some(mut alloc) = f.allocation.take() else {
        return Err(format!(
            "{}: stack layout before register allocation",
            f.name
        ));
    };
    let is_spilled =
        |r: VReg, a: &Allocation| matches!(a.locs.get(r.index()), Some(Some(Loc::Stack(_))));

    // Two spilled registers may share a slot unless one is live where the
    // other is written.
    let n = f.regs.len();
    let mut conflicts: Vec<Vec<u32>> = vec![Vec::new(); n];
    for b in 0..f.blocks.len() {
        let block = &f.blocks[b];
        liveness.walk_block(f, BlockId(b as u32), |i, live| {
            let Some(inst) = block.insts.get(i) else {
                return;
            };
            for (d, access) in inst.operands() {
                if !access.is_def() || !is_spilled(d, &alloc) {
                    continue;
                }
                for l in live.iter() {
                    if l != d && is_spilled(l, &alloc) {
                        conflicts[d.index()].push(l.0);
                        conflicts[l.index()].push(d.0);
                    }
                }
            }
        });
    }
    let mut slot_of: Vec<Option<u32>> = vec![None; n];
    let mut num_slots = 0;
    for r in 0..n {
        if !is_spilled(VReg(r as u32), &alloc) {
            continue;
        }
        let taken: Vec<u32> = conflicts[r]
            .iter()
            .filter_map(|&c| slot_of[c as usize])
            .collect();
        let slot = (0..).find(|s| !taken.contains(s)).unwrap_or(0);
        slot_of[r] = Some(slot);
        num_slots = num_slots.max(slot + 1);
        alloc.locs[r] = Some(Loc::Stack(slot));
    }
    alloc.num_slots = num_slots;

    // A function that calls nothing needs no aligned frame.
    let calls = f.blocks.iter().any(|b| {
        b.insts
            .iter()
            .any(|i| matches!(i, Inst::Call { .. } | Inst::Alloc { .. }))
    });
    alloc.frame_size = if !calls && num_slots == 0 {
        8
    } else {
        (8 + 8 * num_slots).next_multiple_of(16)
    };
    if alloc.frame_size > 65520 {
        return Err(format!(
            "{}: a frame of {} bytes is too large",
            f.name, alloc.frame_size
        ));
    }
    alloc.gc_roots = gc_roots(f, &liveness, &alloc)?;
    f.allocation = Some(alloc);
    Ok(())
}

/// The values live across each collection point: in stack slots, or, at
/// an allocation only (the GC entry saves every register), in registers.
fn gc_roots(f: &Function, liveness: &Liveness, alloc: &Allocation) -> Result<Vec<GcRoots>, String> {
    let mut out = Vec::new();
    let mut error = None;
    for b in 0..f.blocks.len() {
        let block = &f.blocks[b];
        let mut found = Vec::new();
        liveness.walk_block(f, BlockId(b as u32), |i, live| {
            let Some(inst) = block.insts.get(i) else {
                return;
            };
            if !inst.is_gc_point() {
                return;
            }
            let defs: Vec<VReg> = inst
                .operands()
                .into_iter()
                .filter(|(_, a)| a.is_def())
                .map(|(r, _)| r)
                .collect();
            let mut roots = Vec::new();
            for r in live.iter().filter(|r| !defs.contains(r)) {
                let loc = alloc.locs.get(r.index()).copied().flatten();
                match (f.kind(r), loc) {
                    (RegKind::Addr, _) => {
                        error.get_or_insert(format!(
                            "{}: derived pointer %{} live across a collection",
                            f.name, r.0
                        ));
                    }
                    (_, Some(Loc::Reg(p)))
                        if !matches!(inst, Inst::Alloc { .. }) && r.as_phys().is_none() =>
                    {
                        error.get_or_insert(format!(
                            "{}: %{} is in {} across a call",
                            f.name,
                            r.0,
                            p.name()
                        ));
                    }
                    (RegKind::Val, Some(l)) if r.as_phys().is_none() => roots.push(l),
                    _ => {}
                }
            }
            roots.sort_by_key(|l| match l {
                Loc::Stack(s) => (0, *s),
                Loc::Reg(p) => (1, p.0 as u32),
            });
            roots.dedup();
            found.push(GcRoots {
                block: BlockId(b as u32),
                inst: i,
                live: roots,
            });
        });
        found.reverse();
        out.extend(found);
    }
    match error {
        Some(e) => Err(e),
        None => Ok(out),
    }
}
