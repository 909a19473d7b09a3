//! Host tests of the runtime's core: they compile the modules above into
//! the test build of the `flambeau` crate (see `src/runtime_archive.rs`),
//! with the standard library, and drive them directly.

use super::gc::Heap;
use super::value::*;

/// A heap and helpers to build values in it.
struct Mem {
    heap: Heap,
}

impl Mem {
    fn new(semispace: usize, stress: bool) -> Mem {
        Mem {
            heap: Heap::new(semispace, stress, true).expect("heap"),
        }
    }

    /// A block with these fields. The tests size their heaps so that
    /// building never needs a collection (except under stress, where they
    /// collect explicitly).
    fn block(&mut self, tag: u8, fields: &[Value]) -> Value {
        let p = self
            .heap
            .try_alloc((fields.len() + 1) * 8)
            .expect("test heaps are large enough");
        unsafe {
            *(p as *mut usize) = make_header(fields.len(), tag);
            for (i, &f) in fields.iter().enumerate() {
                set_field(p + 8, i, f);
            }
        }
        p + 8
    }

    fn string(&mut self, s: &[u8]) -> Value {
        let wo = string_wosize(s.len());
        let v = self.block(tag::STRING, &vec![0; wo]);
        unsafe {
            init_string_padding(v, s.len());
            core::ptr::copy_nonoverlapping(s.as_ptr(), v as *mut u8, s.len());
        }
        v
    }

    fn float(&mut self, x: f64) -> Value {
        self.block(tag::DOUBLE, &[x.to_bits() as usize])
    }

    fn collect(&mut self, mut roots: &mut [*mut Value]) {
        unsafe { self.heap.collect(0, &mut roots) }.expect("collection");
    }
}

/// A block outside the heap, as the compiler's static data is.
fn static_block(tag: u8, fields: &[Value]) -> Value {
    let mut words = vec![make_header(fields.len(), tag) | BLACK];
    words.extend_from_slice(fields);
    let words: &'static mut [usize] = Box::leak(words.into_boxed_slice());
    words.as_ptr() as usize + 8
}

fn static_string(s: &[u8]) -> Value {
    let wo = string_wosize(s.len());
    let v = static_block(tag::STRING, &vec![0; wo]);
    unsafe {
        init_string_padding(v, s.len());
        core::ptr::copy_nonoverlapping(s.as_ptr(), v as *mut u8, s.len());
    }
    v
}

fn int(n: i64) -> Value {
    val_long(n)
}

const fn closinfo(arity: i64, startenv: usize) -> usize {
    ((arity as usize) << 56) | (startenv << 1) | 1
}

mod gc {
    use super::*;
    use std::collections::HashMap;

    /// A field as the shape of a graph sees it: blocks by number, not
    /// address, so that two copies of a graph have the same shape.
    #[derive(Clone, Debug, PartialEq)]
    enum Field {
        Int(i64),
        Block(usize),
        Infix(usize, usize),
        Outside(usize),
        Raw(usize),
    }

    #[derive(Debug, PartialEq)]
    struct Node {
        header: usize,
        fields: Vec<Field>,
    }

    /// The graph reachable from `roots`, its blocks numbered in order of
    /// discovery: equal shapes mean same structure, same sharing, same
    /// contents.
    fn shape(heap: &Heap, roots: &[Value]) -> (Vec<Field>, Vec<Node>) {
        let mut number: HashMap<usize, usize> = HashMap::new();
        let mut nodes: Vec<Node> = Vec::new();
        let mut todo: Vec<usize> = Vec::new();
        let mut classify = |v: Value, todo: &mut Vec<usize>, nodes: &mut Vec<Node>| -> Field {
            if is_long(v) {
                return Field::Int(long_val(v));
            }
            if !heap.contains(v) {
                return Field::Outside(v);
            }
            let (base, offset) = unsafe {
                if tag_of(v) == tag::INFIX {
                    (v - wosize(v) * 8, wosize(v) * 8)
                } else {
                    (v, 0)
                }
            };
            let n = *number.entry(base).or_insert_with(|| {
                todo.push(base);
                nodes.push(Node {
                    header: 0,
                    fields: vec![],
                });
                nodes.len() - 1
            });
            if offset == 0 {
                Field::Block(n)
            } else {
                Field::Infix(n, offset)
            }
        };
        let root_fields: Vec<Field> = roots
            .iter()
            .map(|&r| classify(r, &mut todo, &mut nodes))
            .collect();
        let mut next = 0;
        while next < todo.len() {
            let v = todo[next];
            unsafe {
                let hd = header(v);
                let first_value = match tag_hd(hd) {
                    t if t >= tag::NO_SCAN => wosize(v),
                    tag::CLOSURE => closure_env_start(v),
                    _ => 0,
                };
                let mut fields = vec![];
                for i in 0..wosize(v) {
                    let f = field(v, i);
                    fields.push(if i < first_value {
                        Field::Raw(f)
                    } else {
                        classify(f, &mut todo, &mut nodes)
                    });
                }
                nodes[next] = Node { header: hd, fields };
            }
            next += 1;
        }
        (root_fields, nodes)
    }

    fn assert_survives(mem: &mut Mem, roots: &mut [Value]) {
        let before = shape(&mem.heap, roots);
        let old: Vec<(Value, bool)> = roots.iter().map(|&r| (r, mem.heap.contains(r))).collect();
        let mut root_ptrs: Vec<*mut Value> = roots.iter_mut().map(|r| r as *mut Value).collect();
        mem.collect(&mut root_ptrs);
        let after = shape(&mem.heap, roots);
        assert_eq!(before, after);
        for (&(o, in_heap), &n) in old.iter().zip(roots.iter()) {
            assert_eq!(in_heap, o != n, "heap roots move, the others stay");
        }
    }

    #[test]
    fn a_graph_with_sharing_and_cycles_survives_intact() {
        let mut mem = Mem::new(1 << 20, false);
        let hello = mem.string(b"hello");
        let pair = mem.block(0, &[int(1), hello]);
        let tail = mem.block(0, &[pair, int(0)]);
        let list = mem.block(0, &[pair, tail]); // [pair; pair], shared
        let cell = mem.block(0, &[int(0)]);
        let cycle = mem.block(3, &[int(5), cell]);
        unsafe { set_field(cell, 0, cycle) }; // cell -> cycle -> cell
        let x = mem.float(2.5);
        let floats = mem.block(
            tag::DOUBLE_ARRAY,
            &[1.5f64.to_bits() as usize, (-0.0f64).to_bits() as usize],
        );
        let outside = static_block(0, &[int(7)]);
        let record = mem.block(1, &[x, floats, outside, list, cell]);
        let _garbage = mem.block(0, &[hello, hello]);
        let mut roots = [record, cycle, int(42), outside, list];
        for _ in 0..3 {
            assert_survives(&mut mem, &mut roots);
        }
        unsafe {
            // Sharing across roots and fields is kept, not duplicated.
            assert_eq!(field(roots[0], 3), roots[4]);
            assert_eq!(
                field(field(roots[4], 0), 1),
                field(field(field(roots[4], 1), 0), 1)
            );
            assert_eq!(field(field(roots[1], 1), 0), roots[1]);
            assert_eq!(string_bytes(field(field(roots[4], 0), 1)), b"hello");
            assert_eq!(double_field(field(roots[0], 0), 0), 2.5);
        }
        // Only the live blocks were copied, headers included: the string
        // (2 words), pair, tail, list, cycle, float array (3 each), cell,
        // float (2 each) and record (6); the garbage pair was not.
        assert_eq!(mem.heap.stats.collections, 3);
        assert_eq!(mem.heap.stats.copied_words, 3 * 27);
    }

    #[test]
    fn infix_pointers_move_with_their_closure() {
        let mut mem = Mem::new(1 << 20, false);
        let env = mem.string(b"environment");
        // let rec f x = ... and g y = ...: two function slots, then the
        // environment; g's slot starts at word 3, after an infix header.
        let set = mem.block(
            tag::CLOSURE,
            &[
                0x1000,
                closinfo(1, 5),
                make_header(3, tag::INFIX),
                0x2000,
                closinfo(1, 2),
                env,
                int(0),
            ],
        );
        let g = set + 3 * 8;
        unsafe { set_field(set, 6, g) }; // the environment refers to g
        let mut roots = [g, int(0)];
        assert_survives(&mut mem, &mut roots);
        let set = roots[0] - 3 * 8;
        unsafe {
            assert_eq!(tag_of(set), tag::CLOSURE);
            assert_eq!(field(set, 0), 0x1000, "code pointers are left alone");
            assert_eq!(field(set, 3), 0x2000);
            assert_eq!(
                field(set, 6),
                roots[0],
                "the infix pointer in the environment moved too"
            );
            assert_eq!(string_bytes(field(set, 5)), b"environment");
        }
    }

    #[test]
    fn unscanned_words_are_never_treated_as_pointers() {
        let mut mem = Mem::new(1 << 20, false);
        let target = mem.block(0, &[int(1)]);
        let float_array = mem.block(tag::DOUBLE_ARRAY, &[target, target]);
        let string = mem.block(tag::STRING, &[target, 7 << 56]);
        let boxed = mem.block(tag::CUSTOM, &[0x3000, target]);
        // An unboxed word before `startenv` of a closure.
        let closure = mem.block(tag::CLOSURE, &[0x1000, closinfo(1, 3), target, target]);
        let mut roots = [float_array, string, boxed, closure];
        assert_survives(&mut mem, &mut roots);
        unsafe {
            assert_eq!(field(roots[0], 0), target);
            assert_eq!(field(roots[1], 0), target);
            assert_eq!(field(roots[2], 1), target);
            assert_eq!(
                field(roots[3], 2),
                target,
                "an unboxed slot stays as it was"
            );
            assert_ne!(field(roots[3], 3), target, "the environment is scanned");
        }
    }

    /// Sum a list of tagged integers.
    fn sum(mut list: Value) -> i64 {
        let mut total = 0;
        while !is_long(list) {
            unsafe {
                total += long_val(field(list, 0));
                list = field(list, 1);
            }
        }
        total
    }

    /// Build the list [n-1; ...; 0] cons by cons, collecting when the
    /// allocation check fails, as compiled code does.
    fn build_list(mem: &mut Mem, n: i64) -> Value {
        let mut list = int(0);
        for i in 0..n {
            let p = match mem.heap.try_alloc(24) {
                Some(p) => p,
                None => {
                    let mut roots: &mut [*mut Value] = &mut [&mut list];
                    unsafe { mem.heap.collect(24, &mut roots) }.expect("collection");
                    mem.heap.alloc_after_collect(24)
                }
            };
            unsafe {
                *(p as *mut usize) = make_header(2, 0);
                set_field(p + 8, 0, int(i));
                set_field(p + 8, 1, list);
            }
            list = p + 8;
        }
        list
    }

    #[test]
    fn stress_mode_collects_at_every_allocation() {
        let mut mem = Mem::new(64 << 10, true);
        let list = build_list(&mut mem, 1000);
        assert_eq!(sum(list), 999 * 1000 / 2);
        assert_eq!(mem.heap.stats.collections, 1000);
    }

    #[test]
    fn the_heap_grows_when_live_data_fills_it() {
        let mut mem = Mem::new(64 << 10, false);
        let before = mem.heap.stats.heap_bytes;
        let list = build_list(&mut mem, 20_000);
        assert_eq!(sum(list), 19_999 * 20_000 / 2);
        assert!(
            mem.heap.stats.heap_bytes >= 4 * 20_000 * 24,
            "{:?}",
            mem.heap.stats
        );
        assert!(mem.heap.stats.heap_bytes > before);
    }

    #[test]
    fn verification_finds_a_pointer_left_in_the_old_space() {
        let mut mem = Mem::new(1 << 20, false);
        let a = mem.block(0, &[int(1)]);
        let mut b = mem.block(0, &[a]);
        mem.collect(&mut [&mut b as *mut Value]);
        unsafe {
            assert_eq!(mem.heap.check_heap(), Ok(()));
            set_field(b, 0, a); // `a` is in the evacuated space
            assert!(mem.heap.check_heap().is_err());
        }
    }
}

mod frames {
    use super::super::frames::*;
    use super::*;

    /// Pack descriptors (return address, frame size, bytes allocated, live
    /// entries) into a frame table, as the back end emits it.
    fn table(descriptors: &[(usize, u16, u16, &[u16])]) -> Vec<u64> {
        let mut bytes: Vec<u8> = (descriptors.len() as u64).to_le_bytes().to_vec();
        for &(ra, size, alloc, live) in descriptors {
            bytes.extend((ra as u64).to_le_bytes());
            for x in [size, alloc, live.len() as u16].iter().chain(live) {
                bytes.extend(x.to_le_bytes());
            }
            while !bytes.len().is_multiple_of(8) {
                bytes.push(0);
            }
        }
        bytes
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect()
    }

    fn load(t: &[u64]) -> Result<FrameTable, FrameError> {
        unsafe { FrameTable::new(t.as_ptr() as *const usize) }
    }

    fn walk(
        frames: &FrameTable,
        sp: usize,
        ra: usize,
        regs: *mut Value,
        bottom: usize,
    ) -> Result<Vec<usize>, FrameError> {
        let mut seen = vec![];
        unsafe { scan_stack(frames, sp, ra, regs, bottom, &mut |p| seen.push(p as usize)) }?;
        Ok(seen)
    }

    #[test]
    fn the_walk_visits_each_frame_s_live_slots_out_to_the_bottom() {
        let (ra_a, ra_b) = (0x40_1000, 0x40_2008);
        // Frame A (32 bytes) is suspended in a call returning to ra_a;
        // its own return address, into B, is its last word. B's second
        // entry is beyond its frame: an incoming stack argument.
        let t = table(&[(ra_a, 32, 0, &[0, 16]), (ra_b, 48, 0, &[8, 56])]);
        let frames = load(&t).expect("valid table");
        let mut stack = [0usize; 16];
        stack[3] = ra_b;
        let sp = stack.as_ptr() as usize;
        let bottom = sp + 80;
        let seen = walk(&frames, sp, ra_a, core::ptr::null_mut(), bottom).expect("walk");
        assert_eq!(seen, vec![sp, sp + 16, sp + 32 + 8, sp + 32 + 56]);
    }

    #[test]
    fn registers_are_roots_only_in_the_frame_of_the_gc_entry() {
        let (ra_gc, ra_b) = (0x40_1000, 0x40_2000);
        let t = table(&[(ra_gc, 16, 24, &[1, 17]), (ra_b, 16, 0, &[3])]);
        let frames = load(&t).expect("valid table");
        let mut regs = [0usize; SAVED_REGISTERS];
        let r = regs.as_mut_ptr();
        let mut stack = [0usize; 4];
        stack[1] = ra_b;
        let sp = stack.as_ptr() as usize;
        let seen = walk(&frames, sp, ra_gc, r, sp + 16).expect("walk");
        assert_eq!(seen, vec![r as usize, r as usize + 8 * 8]);
        assert_eq!(frames.find(ra_gc).map(|d| d.alloc_bytes()), Some(24));
        assert_eq!(
            walk(&frames, sp, ra_gc, r, sp + 32),
            Err(FrameError::RegisterOutsideGc {
                return_address: ra_b
            })
        );
    }

    #[test]
    fn bad_tables_and_stacks_are_reported() {
        assert_eq!(
            load(&table(&[(0x1000, 24, 0, &[])])).err(),
            Some(FrameError::BadFrameSize {
                return_address: 0x1000,
                size: 24
            })
        );
        assert_eq!(
            load(&table(&[(0x1000, 16, 0, &[12])])).err(),
            Some(FrameError::BadEntry {
                return_address: 0x1000,
                entry: 12
            })
        );
        assert_eq!(
            load(&table(&[(0x1000, 16, 0, &[2 * 13 + 1])])).err(),
            Some(FrameError::BadEntry {
                return_address: 0x1000,
                entry: 27
            })
        );
        let t = table(&[(0x1000, 16, 0, &[])]);
        let frames = load(&t).expect("valid");
        let stack = [0usize, 0x9999, 0, 0];
        let sp = stack.as_ptr() as usize;
        assert_eq!(
            walk(&frames, sp, 0x1000, core::ptr::null_mut(), sp + 32),
            Err(FrameError::NoDescriptor {
                return_address: 0x9999
            })
        );
        assert_eq!(
            walk(&frames, sp, 0x1000, core::ptr::null_mut(), sp + 8),
            Err(FrameError::PastBottom { sp: sp + 16 })
        );
        assert_eq!(
            walk(&frames, 0, 0x1000, core::ptr::null_mut(), 0),
            Ok(vec![])
        );
    }

    #[test]
    fn global_roots_are_the_scanned_fields_of_static_blocks() {
        let a = static_block(0, &[int(1), int(2)]);
        let s = static_string(b"not scanned");
        let c = static_block(tag::CLOSURE, &[0x1000, closinfo(1, 2), int(3)]);
        let globals = [a, s, c, 0];
        let mut seen = vec![];
        unsafe { scan_globals(globals.as_ptr(), &mut |p| seen.push(p as usize)) };
        assert_eq!(seen, vec![a, a + 8, c + 16]);
    }
}

/// The custom operations of the boxed integers, as the runtime's static
/// data defines them.
static INT32_OPS: CustomOps = CustomOps {
    identifier: c"_i".as_ptr() as *const u8,
    kind: CUSTOM_INT32,
};
static INT64_OPS: CustomOps = CustomOps {
    identifier: c"_j".as_ptr() as *const u8,
    kind: CUSTOM_INT64,
};
static NATIVEINT_OPS: CustomOps = CustomOps {
    identifier: c"_n".as_ptr() as *const u8,
    kind: CUSTOM_NATIVEINT,
};

fn boxed(ops: &'static CustomOps, n: i64) -> Value {
    static_block(tag::CUSTOM, &[ops as *const CustomOps as usize, n as usize])
}

/// An exception identity, as the runtime and the compiler lay them out.
fn identity(name: &[u8], id: i64) -> Value {
    static_block(tag::OBJECT, &[static_string(name), int(id)])
}

mod compare {
    use super::super::compare::*;
    use super::super::sys::Table;
    use super::*;

    fn cmp(a: Value, b: Value, total: bool) -> Result<i64, CompareError> {
        let mut stack = Table::new();
        unsafe { compare_val(a, b, total, &mut stack) }
    }

    /// `compare a b`, as OCaml prints it.
    fn compare(a: Value, b: Value) -> i64 {
        long_val(compare_result(cmp(a, b, true).expect("comparable")))
    }

    fn equal(a: Value, b: Value) -> bool {
        equal_result(cmp(a, b, false).expect("comparable"))
    }

    fn lessthan(a: Value, b: Value) -> bool {
        lessthan_result(cmp(a, b, false).expect("comparable"))
    }

    fn list(items: &[Value]) -> Value {
        items
            .iter()
            .rev()
            .fold(int(0), |tail, &x| static_block(0, &[x, tail]))
    }

    fn float(x: f64) -> Value {
        static_block(tag::DOUBLE, &[x.to_bits() as usize])
    }

    #[test]
    fn integers_strings_and_blocks_compare_as_in_ocaml() {
        assert_eq!(compare(int(1), int(2)), -1);
        assert_eq!(compare(int(-5), int(-5)), 0);
        assert_eq!(compare(static_string(b"abc"), static_string(b"abd")), -1);
        assert_eq!(compare(static_string(b"ab"), static_string(b"abc")), -1);
        assert_eq!(compare(static_string(b"b"), static_string(b"abc")), 1);
        // compare (Some 1) None = 1: blocks are above integers.
        assert_eq!(compare(static_block(0, &[int(1)]), int(0)), 1);
        assert_eq!(
            compare(list(&[int(1), int(2)]), list(&[int(1), int(3)])),
            -1
        );
        let p1 = static_block(0, &[int(1), static_string(b"a")]);
        let p2 = static_block(0, &[int(1), static_string(b"ab")]);
        assert_eq!(compare(p1, p2), -1);
        // Different constructors: by tag, then by size.
        assert_eq!(
            compare(static_block(1, &[int(0)]), static_block(0, &[int(9)])),
            1
        );
        assert_eq!(
            compare(
                static_block(0, &[int(0)]),
                static_block(0, &[int(0), int(0)])
            ),
            -1
        );
        assert!(equal(list(&[p1, p2]), list(&[p1, p2])));
        assert!(!equal(p1, p2));
    }

    #[test]
    fn nan_is_ordered_by_compare_but_unordered_by_the_operators() {
        let nan = f64::NAN;
        assert_eq!(compare(float(nan), float(nan)), 0);
        assert_eq!(compare(float(nan), float(1.0)), -1);
        assert!(!equal(float(nan), float(nan)));
        assert!(!lessthan(float(nan), float(1.0)));
        assert!(!lessthan(float(1.0), float(nan)));
        // compare (Some 1.0) (Some nan) = 1
        let some = |x| static_block(0, &[float(x)]);
        assert_eq!(compare(some(1.0), some(nan)), 1);
        // compare [|1.0; nan|] [|1.0; 2.0|] = -1 (flat float arrays)
        let fa = |a: f64, b: f64| {
            static_block(
                tag::DOUBLE_ARRAY,
                &[a.to_bits() as usize, b.to_bits() as usize],
            )
        };
        assert_eq!(compare(fa(1.0, nan), fa(1.0, 2.0)), -1);
        assert_eq!(compare(float(-0.0), float(0.0)), 0);
    }

    #[test]
    fn functions_cannot_be_compared_except_with_themselves_by_compare() {
        let f = static_block(tag::CLOSURE, &[0x1000, closinfo(1, 2)]);
        let g = static_block(tag::CLOSURE, &[0x2000, closinfo(1, 2)]);
        assert_eq!(cmp(f, f, true), Ok(0)); // compare f f = 0
        assert_eq!(cmp(f, f, false), Err(CompareError::Functional)); // f = f raises
        assert_eq!(cmp(f, g, true), Err(CompareError::Functional));
        let in_pair = |c| static_block(0, &[int(1), c]);
        assert_eq!(
            cmp(in_pair(f), in_pair(g), false),
            Err(CompareError::Functional)
        );
        // Comparison stops at the first difference, before the functions.
        let p = |n, c| static_block(0, &[int(n), c]);
        assert_eq!(cmp(p(1, f), p(2, g), false).map(|r| r < 0), Ok(true));
    }

    #[test]
    fn boxed_integers_and_exceptions_compare_by_value_and_id() {
        assert_eq!(compare(boxed(&INT64_OPS, 1), boxed(&INT64_OPS, 2)), -1);
        assert_eq!(compare(boxed(&INT64_OPS, -1), boxed(&INT64_OPS, -1)), 0);
        assert_eq!(compare(boxed(&INT32_OPS, 5), boxed(&INT32_OPS, -5)), 1);
        assert_eq!(compare(boxed(&INT32_OPS, 5), boxed(&INT64_OPS, 5)), -1); // "_i" < "_j"
        let not_found = identity(b"Not_found", -7);
        let failure = identity(b"Failure", -3);
        assert_eq!(compare(not_found, failure), -1);
        assert_eq!(compare(not_found, not_found), 0);
    }

    #[test]
    fn long_lists_compare_without_deep_recursion() {
        let n = 200_000;
        let mut a = int(0);
        let mut b = int(0);
        for i in 0..n {
            a = static_block(0, &[int(i), a]);
            b = static_block(0, &[int(i), b]);
        }
        assert!(equal(a, b));
    }
}

mod hash {
    use super::super::hash::hash;
    use super::*;

    fn hashtbl_hash(v: Value) -> i64 {
        long_val(unsafe { hash(10, 100, 0, v) })
    }

    #[test]
    fn hashes_are_those_of_ocaml() {
        // The numbers are what OCaml 4.13 prints for `Hashtbl.hash`.
        let list = [1, 2, 3]
            .iter()
            .rev()
            .fold(int(0), |t, &x| static_block(0, &[int(x), t]));
        let floats = static_block(
            tag::DOUBLE_ARRAY,
            &[1.0f64.to_bits() as usize, 2.0f64.to_bits() as usize],
        );
        let failure = identity(b"Failure", -3);
        let cases = [
            (int(0), 129913994),
            (int(1), 883721435),
            (int(-1), 911466517),
            (static_string(b"abc"), 767105082),
            (
                static_block(tag::DOUBLE, &[1.5f64.to_bits() as usize]),
                819188451,
            ),
            (
                static_block(tag::DOUBLE, &[f64::NAN.to_bits() as usize]),
                841516429,
            ),
            (static_block(0, &[int(1), int(2)]), 1014741498),
            (list, 794519639),
            (static_block(0, &[static_string(b"x")]), 628568604),
            (boxed(&INT64_OPS, 5), 648017920),
            (boxed(&INT32_OPS, 5), 648017920),
            (boxed(&NATIVEINT_OPS, 5), 648017920),
            (floats, 332890686),
            (identity(b"Not_found", -7), 77309637),
            (static_block(0, &[failure, static_string(b"x")]), 416257708),
        ];
        for (v, expected) in cases {
            assert_eq!(hashtbl_hash(v), expected);
        }
    }

    #[test]
    fn hashing_functions_follows_only_their_environment() {
        let env = static_string(b"env");
        let f = static_block(tag::CLOSURE, &[0x1000, closinfo(1, 2), env]);
        let g = static_block(
            tag::CLOSURE,
            &[0x1000, closinfo(1, 2), static_string(b"env")],
        );
        assert_eq!(hashtbl_hash(f), hashtbl_hash(g));
    }
}

mod format {
    use super::super::format::*;
    use super::*;

    impl Sink for Vec<u8> {
        fn put(&mut self, bytes: &[u8]) {
            self.extend_from_slice(bytes)
        }
    }

    fn text<const N: usize>(b: FixedBuf<N>) -> String {
        String::from_utf8_lossy(b.as_bytes()).into_owned()
    }

    #[test]
    fn integers_print_in_decimal() {
        assert_eq!(text(format_int(0)), "0");
        assert_eq!(text(format_int(-42)), "-42");
        assert_eq!(text(format_int(4611686018427387903)), "4611686018427387903");
        assert_eq!(text(format_int(i64::MIN)), "-9223372036854775808");
    }

    #[test]
    fn floats_print_as_string_of_float() {
        // What OCaml 4.13 prints for `string_of_float`.
        let cases = [
            (1.0, "1."),
            (0.1, "0.1"),
            (1e20, "1e+20"),
            (1e-5, "1e-05"),
            (123456789012345.0, "1.23456789012e+14"),
            (f64::from_bits(0x7FF0_0000_0000_0001), "nan"),
            (f64::from_bits(0xFFF8_0000_0000_0000), "-nan"), // 0. /. 0. on x86-64
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (-0.0, "-0."),
            (1.5e300, "1.5e+300"),
            (2f64.powi(62), "4.61168601843e+18"),
        ];
        for (x, expected) in cases {
            assert_eq!(text(format_float(x)), expected, "{x:e}");
        }
    }

    #[test]
    fn int_of_string_accepts_what_ocaml_accepts() {
        assert_eq!(parse_int(b"42", 63), Some(42));
        assert_eq!(parse_int(b"-0x1F", 63), Some(-31));
        assert_eq!(parse_int(b"0b101", 63), Some(5));
        assert_eq!(parse_int(b"0o17", 63), Some(15));
        assert_eq!(parse_int(b"1__2", 63), Some(12));
        assert_eq!(parse_int(b"+7", 63), Some(7));
        assert_eq!(
            parse_int(b"-4611686018427387904", 63),
            Some(-4611686018427387904)
        );
        // With a prefix, any 63-bit pattern: this is -1 once tagged.
        assert_eq!(
            parse_int(b"0x7FFFFFFFFFFFFFFF", 63).map(|n| long_val(val_long(n))),
            Some(-1)
        );
        assert_eq!(parse_int(b"0u4611686018427387904", 63), Some(1 << 62));
        for bad in [
            &b"4611686018427387904"[..],
            b"-0x8000000000000000",
            b"12a",
            b"",
            b"-",
            b"_1",
            b" 1",
            b"0x",
            b"1\x002",
        ] {
            assert_eq!(
                parse_int(bad, 63),
                None,
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
        assert_eq!(parse_int(b"0xFFFFFFFF", 32).map(|n| n as i32), Some(-1));
        assert_eq!(parse_int(b"0x1_0000_0000", 32), None);
        assert_eq!(parse_int(b"9223372036854775808", 64), None);
        assert_eq!(parse_int(b"-9223372036854775808", 64), Some(i64::MIN));
    }

    #[test]
    fn float_of_string_accepts_what_strtod_accepts_without_underscores() {
        assert_eq!(parse_float(b"1_000.5"), Some(1000.5));
        assert_eq!(parse_float(b"0x1p3"), Some(8.0));
        assert_eq!(parse_float(b" 1.5"), Some(1.5));
        assert_eq!(parse_float(b"-inf"), Some(f64::NEG_INFINITY));
        assert_eq!(parse_float(b""), None);
        assert_eq!(parse_float(b"1.2x"), None);
        assert_eq!(parse_float(b"_"), None);
    }

    fn with_args(identity: Value, args: &[Value]) -> Value {
        let mut fields = vec![identity];
        fields.extend_from_slice(args);
        static_block(0, &fields)
    }

    fn runtime_style(exn: Value) -> String {
        text(unsafe { format_exception(exn) })
    }

    fn printexc_style(exn: Value) -> String {
        let mut out = vec![];
        unsafe { printexc_to_string(&mut out, exn) };
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn uncaught_exceptions_print_as_the_ocaml_runtime_prints_them() {
        let failure = identity(b"Failure", -3);
        let not_found = identity(b"Not_found", -7);
        let user = identity(b"Prog.E", 100);
        let assert_failure = identity(b"Assert_failure", -11);
        let float = static_block(tag::DOUBLE, &[1.5f64.to_bits() as usize]);
        let location = static_block(0, &[static_string(b"f.ml"), int(1), int(9)]);
        assert_eq!(runtime_style(not_found), "Not_found");
        assert_eq!(
            runtime_style(with_args(failure, &[static_string(b"boom")])),
            "Failure(\"boom\")"
        );
        assert_eq!(
            runtime_style(with_args(user, &[int(3), static_string(b"x")])),
            "Prog.E(3, \"x\")"
        );
        assert_eq!(
            runtime_style(with_args(user, &[float, static_string(b"a\"b\n")])),
            "Prog.E(_, \"a\"b\n\")"
        );
        assert_eq!(
            runtime_style(with_args(assert_failure, &[location])),
            "Assert_failure(\"f.ml\", 1, 9)"
        );
        let long = static_string(&[b'a'; 400]);
        assert_eq!(runtime_style(with_args(failure, &[long])).len(), 255);
    }

    #[test]
    fn with_printexc_strings_are_escaped_and_floats_printed() {
        let user = identity(b"I.E", 100);
        let finally = identity(b"Stdlib.Fun.Finally_raised", 101);
        let float = static_block(tag::DOUBLE, &[1.5f64.to_bits() as usize]);
        let assert_failure = identity(b"Assert_failure", -11);
        let location = static_block(0, &[static_string(b"g.ml"), int(2), int(9)]);
        assert_eq!(
            printexc_style(with_args(user, &[float, static_string(b"a\"b\n")])),
            "I.E(1.5, \"a\\\"b\\n\")"
        );
        assert_eq!(
            printexc_style(with_args(finally, &[identity(b"Not_found", -7)])),
            "Fun.Finally_raised: Not_found"
        );
        assert_eq!(
            printexc_style(identity(b"Out_of_memory", -1)),
            "Out of memory"
        );
        assert_eq!(
            printexc_style(with_args(assert_failure, &[location])),
            "File \"g.ml\", line 2, characters 9-15: Assertion failed"
        );
        let failure = identity(b"Invalid_argument", -4);
        assert_eq!(
            printexc_style(with_args(failure, &[static_string("é".as_bytes())])),
            "Invalid_argument(\"\\195\\169\")"
        );
    }
}

mod io {
    use super::super::io::{Channel, BUFFER_SIZE};

    #[test]
    fn a_channel_writes_its_buffer_out_when_it_fills() {
        // fd -1: the writes fail, which the channel ignores; what matters
        // here is what stays buffered.
        let mut c = Box::new(Channel::new(-1));
        c.output(b"hello");
        assert_eq!(c.pending(), b"hello");
        c.output(&vec![b'x'; BUFFER_SIZE]);
        assert_eq!(c.pending().len(), 5);
        c.flush();
        assert!(c.pending().is_empty());
    }
}
