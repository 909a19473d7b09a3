//! What an expect block shows of a stage's output, and what it claims about
//! it (chapter "Testing the compiler", section "Listings that show the
//! point").
//!
//! A stage prints the whole program, the prelude's functions included; a
//! listing can keep only what its prose is about:
//!
//! - `show=f,k_x,$float` prints only the named items: functions (`code f`
//!   in CPS, `(function camlM__f_N ...)` in Cmm, `function camlM__f_N` in
//!   Mach, `camlM__f_N:` in assembly, a binding `f/N = ...` in Lambda),
//!   continuations and symbols (CPS), in the order named;
//! - `prelude=no` drops the prelude's functions, and the symbols that only
//!   they use;
//! - `assert=no-alloc:f,unboxed:k_x` states properties of the output that
//!   the test checks on the whole output, whatever the listing shows.
//!
//! This works on the printed text, not on the IRs: the harness sees what a
//! reader sees, and the listing stays a faithful extract of `flambeau dump`.

use std::collections::BTreeSet;

/// The options of one expect block that change what it shows or claims.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    pub show: Option<Vec<String>>,
    pub prelude: bool,
    pub claims: Vec<Claim>,
}

/// A property of one named item of the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub property: Property,
    pub name: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// The item allocates no heap block itself (calls may).
    NoAlloc,
    /// The item allocates at most once: one limit check (Mach only, where
    /// allocations of one block are combined).
    OneAlloc,
    /// The item calls no function, OCaml or runtime (a jump is not a call).
    NoCall,
    /// The item has no conditional branch.
    NoSwitch,
    /// The item calls no closure through the generic application
    /// (`caml_applyN`, which checks the callee's arity at run time).
    NoGenericApply,
    /// The item raises nothing itself (Cmm and Mach): a raise whose
    /// handler is in the same function is a jump, not a `raise`.
    NoRaise,
    /// A parameter of the item (a CPS function or continuation) is naked.
    Unboxed,
    /// Every parameter of the item is a `value`.
    Boxed,
    /// No item has this name: the item was inlined, deleted or never made.
    Absent,
    /// The item checks no index: no unsigned `<`, the form every bounds
    /// check takes.
    NoCheckbound,
    /// The item keeps nothing in a stack slot (Mach after allocation).
    NoSpill,
    /// The item raises from at most one place (Mach).
    OneRaise,
    /// The item pushes at most one trap and pops at most one (Mach).
    OneTrap,
    /// No block of the item writes a stack slot twice (Mach after
    /// allocation); a move between two registers of one slot writes
    /// nothing.
    StoreOnce,
}

const PROPERTIES: [(&str, Property); 14] = [
    ("no-alloc", Property::NoAlloc),
    ("one-alloc", Property::OneAlloc),
    ("no-call", Property::NoCall),
    ("no-switch", Property::NoSwitch),
    ("no-generic-apply", Property::NoGenericApply),
    ("no-raise", Property::NoRaise),
    ("unboxed", Property::Unboxed),
    ("boxed", Property::Boxed),
    ("absent", Property::Absent),
    ("no-checkbound", Property::NoCheckbound),
    ("no-spill", Property::NoSpill),
    ("one-raise", Property::OneRaise),
    ("one-trap", Property::OneTrap),
    ("store-once", Property::StoreOnce),
];

impl View {
    /// Reads `show=`, `prelude=` and `assert=` from a block's attributes.
    pub fn from_attrs(attr: impl Fn(&str) -> Option<String>) -> Result<View, String> {
        let mut view = View {
            prelude: true,
            ..View::default()
        };
        if let Some(names) = attr("show") {
            let names: Vec<String> = split_list(&names);
            if names.is_empty() {
                return Err("`show=` names at least one item".to_string());
            }
            view.show = Some(names);
        }
        match attr("prelude").as_deref() {
            None | Some("yes") => {}
            Some("no") => view.prelude = false,
            Some(other) => return Err(format!("`prelude=` is `yes` or `no`, not `{other}`")),
        }
        if let Some(claims) = attr("assert") {
            for claim in split_list(&claims) {
                let (property, name) = claim.split_once(':').ok_or_else(|| {
                    format!("`assert={claim}`: a claim is PROPERTY:NAME, as `no-alloc:f`")
                })?;
                let property = PROPERTIES
                    .iter()
                    .find(|(p, _)| *p == property)
                    .map(|(_, p)| *p)
                    .ok_or_else(|| {
                        let known: Vec<&str> = PROPERTIES.iter().map(|(p, _)| *p).collect();
                        format!(
                            "`assert={claim}`: no property `{property}`; there are: {}",
                            known.join(", ")
                        )
                    })?;
                if name.is_empty() {
                    return Err(format!("`assert={claim}`: which item?"));
                }
                view.claims.push(Claim {
                    property,
                    name: name.to_string(),
                });
            }
        }
        Ok(view)
    }

    /// Whether the listing is the stage's output unchanged.
    pub fn is_whole(&self) -> bool {
        self.show.is_none() && self.prelude
    }
}

fn split_list(s: &str) -> Vec<String> {
    s.split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// How a stage prints its program, as far as finding items goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Lambda,
    Cps,
    Cmm,
    Mach,
    Asm,
}

fn family(stage: &str) -> Option<Family> {
    Some(match stage {
        "lambda" | "refs" => Family::Lambda,
        "cps" | "closures" | "simplify" | "unbox" | "bounds" => Family::Cps,
        "cmm" => Family::Cmm,
        "mach" | "regalloc" => Family::Mach,
        "asm" => Family::Asm,
        _ => return None,
    })
}

/// A part of the output: lines `start..end`, shown dedented by `indent`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Item {
    name: String,
    start: usize,
    end: usize,
    indent: usize,
    /// A top-level item (a function, `main`, a data block), as opposed to a
    /// continuation or symbol inside one.
    top: bool,
    /// For Lambda bindings: the exact text (a binding can start or end in
    /// the middle of a line).
    text: Option<String>,
}

/// The text of `output` that `view` shows at `stage`. `prelude_names` are
/// the names the prelude binds, `example_names` those the example binds.
pub fn select(
    view: &View,
    stage: &str,
    output: &str,
    prelude_names: &BTreeSet<String>,
    example_names: &BTreeSet<String>,
) -> Result<String, String> {
    if view.is_whole() {
        return Ok(output.to_string());
    }
    let family = family(stage)
        .ok_or_else(|| format!("stage `{stage}` has no items to select (`show=`, `prelude=`)"))?;
    let lines: Vec<&str> = output.lines().collect();
    let tops = top_items(family, &lines, output);
    // Diagnostics (warnings) come before the first item: always shown.
    // Lambda's program is one expression, which starts at its first `(`.
    let first = if family == Family::Lambda {
        lines
            .iter()
            .position(|l| l.starts_with('('))
            .unwrap_or(lines.len())
    } else {
        tops.iter().map(|i| i.start).min().unwrap_or(lines.len())
    };
    let mut parts: Vec<String> = Vec::new();
    let preamble: Vec<&str> = lines[..first]
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    if !preamble.is_empty() {
        parts.push(preamble.join("\n"));
    }
    let mut shown: Vec<Item> = match &view.show {
        Some(names) => {
            let mut shown = Vec::new();
            for name in names {
                let found = find(family, &lines, &tops, name);
                if found.is_empty() {
                    return Err(format!(
                        "`show={name}`: the `{stage}` output has no item `{name}`; it has: {}",
                        tops.iter()
                            .map(|i| i.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                shown.extend(found);
            }
            shown
        }
        None => tops.clone(),
    };
    if !view.prelude {
        if family == Family::Lambda {
            return Err(
                "`prelude=no` is not defined for Lambda, whose program is one expression: \
                 name the bindings to show with `show=`"
                    .to_string(),
            );
        }
        let is_prelude =
            |i: &Item| i.top && is_prelude_name(family, &i.name, prelude_names, example_names);
        let kept_text: String = shown
            .iter()
            .filter(|i| !is_prelude(i) && !is_data(family, i))
            .map(|i| render(i, &lines))
            .collect();
        shown.retain(|i| !is_prelude(i));
        // Data blocks: kept when the kept code refers to one of their symbols.
        shown.retain(|i| !is_data(family, i) || data_is_used(&render(i, &lines), &kept_text));
        let mut rendered: Vec<String> = shown
            .iter()
            .map(|i| {
                let text = render(i, &lines);
                if family == Family::Cps && i.top {
                    drop_unused_symbols(&text, &kept_text, prelude_names, example_names)
                } else {
                    text
                }
            })
            .collect();
        parts.append(&mut rendered);
    } else {
        parts.extend(shown.iter().map(|i| render(i, &lines)));
    }
    let mut text = parts
        .iter()
        .map(|p| p.trim_end_matches('\n'))
        .collect::<Vec<_>>()
        .join("\n\n");
    text.push('\n');
    Ok(text)
}

/// Checks `view`'s claims on the whole `output` of `stage`.
pub fn check_claims(view: &View, stage: &str, output: &str) -> Result<(), String> {
    if view.claims.is_empty() {
        return Ok(());
    }
    let family =
        family(stage).ok_or_else(|| format!("stage `{stage}` has no items to make claims on"))?;
    let lines: Vec<&str> = output.lines().collect();
    let tops = top_items(family, &lines, output);
    let mut failures = Vec::new();
    for claim in &view.claims {
        let items = find(family, &lines, &tops, &claim.name);
        let shown = format!(
            "`assert={}:{}`",
            PROPERTIES
                .iter()
                .find(|(_, p)| *p == claim.property)
                .map_or("?", |(n, _)| n),
            claim.name
        );
        if claim.property == Property::Absent {
            if !items.is_empty() {
                failures.push(format!(
                    "{shown} is false: the `{stage}` output has `{}`",
                    claim.name
                ));
            }
            continue;
        }
        if items.is_empty() {
            failures.push(format!(
                "{shown}: the `{stage}` output has no item `{}`",
                claim.name
            ));
            continue;
        }
        for item in &items {
            let text = render(item, &lines);
            if let Err(why) = holds(family, claim.property, &text) {
                failures.push(format!("{shown} is false at stage `{stage}`: {why}"));
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// Whether `property` holds of an item's text; if not, the line that
/// breaks it.
fn holds(family: Family, property: Property, text: &str) -> Result<(), String> {
    let offending = |what: &str, is_bad: &dyn Fn(&str) -> bool| -> Result<(), String> {
        match text.lines().find(|l| is_bad(l.trim())) {
            Some(line) => Err(format!("{what}: `{}`", line.trim())),
            None => Ok(()),
        }
    };
    let undefined = |name: &str| {
        Err(format!(
            "`{name}` is defined for {}",
            match property {
                Property::Unboxed | Property::Boxed => "CPS stages only",
                Property::NoGenericApply | Property::NoRaise => "Cmm and Mach stages",
                Property::OneAlloc
                | Property::NoSpill
                | Property::OneRaise
                | Property::OneTrap
                | Property::StoreOnce => "Mach stages",
                _ => "CPS, Cmm and Mach stages",
            }
        ))
    };
    match (property, family) {
        (Property::NoAlloc, Family::Cps) => offending("it allocates", &|l| {
            // A `let symbol` is static data, not an allocation.
            !l.starts_with("let symbol") && !l.starts_with("and $") && cps_allocates(l)
        }),
        (Property::NoAlloc, Family::Cmm) => offending("it allocates", &|l| has_word(l, "(alloc")),
        (Property::NoAlloc, Family::Mach) => {
            offending("it allocates", &|l| l.contains(" := alloc "))
        }
        (Property::OneAlloc, Family::Mach) => {
            let allocs = text.lines().filter(|l| l.contains(" := alloc ")).count();
            if allocs <= 1 {
                Ok(())
            } else {
                Err(format!("it allocates {allocs} times"))
            }
        }
        (Property::NoCall, Family::Cps) => offending("it calls", &|l| {
            l.starts_with("apply ") || l.starts_with("apply[")
        }),
        (Property::NoCall, Family::Cmm) => offending("it calls", &|l| {
            has_word(l, "(app") || l.contains("(extcall")
        }),
        (Property::NoCall, Family::Mach) => offending("it calls", &|l| {
            let inst = l.split_once(":= ").map_or(l, |(_, r)| r);
            ["call ", "c_call ", "call_direct ", "tailcall "]
                .iter()
                .any(|c| inst.starts_with(c))
        }),
        (Property::NoSwitch, Family::Cps) => {
            offending("it branches", &|l| l.starts_with("switch "))
        }
        (Property::NoSwitch, Family::Cmm) => offending("it branches", &|l| {
            has_word(l, "(if") || has_word(l, "(switch")
        }),
        (Property::NoSwitch, Family::Mach) => offending("it branches", &|l| {
            l.starts_with("if ") && l.contains(" goto ")
        }),
        (Property::NoGenericApply, Family::Cmm | Family::Mach) => {
            offending("it applies generically", &|l| l.contains("caml_apply"))
        }
        (Property::NoRaise, Family::Cmm) => offending("it raises", &|l| has_word(l, "(raise")),
        (Property::NoRaise, Family::Mach) => offending("it raises", &|l| l.starts_with("raise ")),
        (Property::Unboxed | Property::Boxed, Family::Cps) => {
            let header = text.lines().next().unwrap_or("");
            let params = cps_params(header.trim());
            if params.is_empty() {
                return Err(format!("it has no parameter: `{}`", header.trim()));
            }
            if property == Property::Unboxed {
                if params.iter().any(|(_, naked)| *naked) {
                    Ok(())
                } else {
                    Err(format!("no parameter is naked: `{}`", header.trim()))
                }
            } else {
                match params.iter().find(|(_, naked)| *naked) {
                    Some((p, _)) => {
                        Err(format!("its parameter `{p}` is naked: `{}`", header.trim()))
                    }
                    None => Ok(()),
                }
            }
        }
        (Property::NoCheckbound, Family::Cps | Family::Cmm | Family::Mach) => {
            offending("it checks an index", &|l| l.contains("<u"))
        }
        (Property::NoSpill, Family::Mach) => offending("it uses a stack slot", &|l| {
            l.match_indices("[s").any(|(at, _)| {
                l[at + 2..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_digit())
            })
        }),
        (Property::OneRaise, Family::Mach) => {
            let raises = text
                .lines()
                .filter(|l| l.trim().starts_with("raise "))
                .count();
            if raises <= 1 {
                Ok(())
            } else {
                Err(format!("it raises from {raises} places"))
            }
        }
        (Property::OneTrap, Family::Mach) => {
            let count = |what: &str| text.lines().filter(|l| l.trim() == what).count();
            let (pushes, pops) = (count("push_trap"), count("pop_trap"));
            if pushes <= 1 && pops <= 1 {
                Ok(())
            } else {
                Err(format!("it pushes {pushes} traps and pops {pops}"))
            }
        }
        (Property::StoreOnce, Family::Mach) => {
            let mut stored: Vec<&str> = Vec::new();
            for line in text.lines() {
                if !line.starts_with(' ') {
                    stored.clear();
                    continue;
                }
                let Some((dst, src)) = line.trim().split_once(" := ") else {
                    continue;
                };
                let Some(slot) = mach_slot(dst).filter(|s| mach_slot(src) != Some(s)) else {
                    continue;
                };
                if stored.contains(&slot) {
                    return Err(format!(
                        "it writes {slot} twice in a block: `{}`",
                        line.trim()
                    ));
                }
                stored.push(slot);
            }
            Ok(())
        }
        (Property::Absent, _) => Ok(()),
        (Property::NoAlloc, _) => undefined("no-alloc"),
        (Property::OneAlloc, _) => undefined("one-alloc"),
        (Property::NoCall, _) => undefined("no-call"),
        (Property::NoSwitch, _) => undefined("no-switch"),
        (Property::NoGenericApply, _) => undefined("no-generic-apply"),
        (Property::NoRaise, _) => undefined("no-raise"),
        (Property::Unboxed, _) => undefined("unboxed"),
        (Property::Boxed, _) => undefined("boxed"),
        (Property::NoCheckbound, _) => undefined("no-checkbound"),
        (Property::NoSpill, _) => undefined("no-spill"),
        (Property::OneRaise, _) => undefined("one-raise"),
        (Property::OneTrap, _) => undefined("one-trap"),
        (Property::StoreOnce, _) => undefined("store-once"),
    }
}

/// The stack slot (`s3`) that a Mach operand such as `n%42[s3]` is in.
fn mach_slot(operand: &str) -> Option<&str> {
    let at = operand.find("[s")?;
    let rest = &operand[at + 1..];
    let end = rest.find(']')?;
    let slot = &rest[..end];
    slot[1..]
        .chars()
        .all(|c| c.is_ascii_digit())
        .then_some(slot)
        .filter(|s| s.len() > 1)
}

/// A CPS line that allocates: a box, a block, an array, a closure.
fn cps_allocates(line: &str) -> bool {
    if line.contains("%box_") || line.contains("closures {") {
        return true;
    }
    ["%block", "%float_block", "%array"].iter().any(|prim| {
        line.match_indices(prim).any(|(at, _)| {
            matches!(
                line[at + prim.len()..].chars().next(),
                None | Some(' ' | '[')
            )
        })
    })
}

/// `word` in `line`, not as the prefix of a longer word (`(alloc`, not
/// `(allocated`).
fn has_word(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(at, _)| {
        !line[at + word.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// The parameters of a CPS header (`code f[me] a (b : float#) -> k * e =`
/// or `let_cont k_x (x : float#) =`), each with whether it is naked.
fn cps_params(header: &str) -> Vec<(String, bool)> {
    let params = if let Some(rest) = header.strip_prefix("code ") {
        let after = rest.split_once("] ").map_or("", |(_, r)| r);
        after.split_once("->").map_or(after, |(p, _)| p)
    } else {
        let rest = strip_cont_keywords(header);
        let after_name = rest.split_once(' ').map_or("", |(_, r)| r);
        after_name.split_once(" =").map_or(after_name, |(p, _)| p)
    };
    let mut out = Vec::new();
    let mut rest = params.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("()") {
            rest = r.trim_start();
        } else if let Some(r) = rest.strip_prefix('(') {
            let (inside, after) = r.split_once(')').unwrap_or((r, ""));
            let name = inside.split(':').next().unwrap_or("").trim().to_string();
            out.push((name, true));
            rest = after.trim_start();
        } else {
            let (word, after) = rest.split_once(' ').unwrap_or((rest, ""));
            out.push((word.to_string(), false));
            rest = after.trim_start();
        }
    }
    out
}

/// `let_cont rec exn cold k ...` less its keywords: `k ...`.
fn strip_cont_keywords(line: &str) -> &str {
    let mut rest = line;
    for keyword in ["let_cont ", "and ", "rec ", "exn ", "cold "] {
        if let Some(r) = rest.strip_prefix(keyword) {
            rest = r;
        }
    }
    rest
}

fn render(item: &Item, lines: &[&str]) -> String {
    if let Some(text) = &item.text {
        return text.clone();
    }
    let mut out = String::new();
    for line in &lines[item.start..item.end] {
        let cut = line
            .char_indices()
            .take_while(|(i, c)| *i < item.indent && *c == ' ')
            .count();
        out.push_str(&line[cut..]);
        out.push('\n');
    }
    out
}

/// The top-level items of the output, in order.
fn top_items(family: Family, lines: &[&str], output: &str) -> Vec<Item> {
    if family == Family::Lambda {
        return lambda_bindings(output);
    }
    let mut items: Vec<Item> = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if let Some(name) = header_name(family, line) {
            if let Some(last) = items.last_mut() {
                last.end = at;
            }
            items.push(Item {
                name,
                start: at,
                end: lines.len(),
                indent: 0,
                top: true,
                text: None,
            });
        }
    }
    for item in &mut items {
        while item.end > item.start + 1 && lines[item.end - 1].trim().is_empty() {
            item.end -= 1;
        }
    }
    items
}

/// The name of the item a line begins, if it begins one.
fn header_name(family: Family, line: &str) -> Option<String> {
    let word = |rest: &str, stop: &[char]| -> String {
        rest.split(|c: char| c.is_whitespace() || stop.contains(&c))
            .next()
            .unwrap_or("")
            .to_string()
    };
    match family {
        Family::Cps => {
            if let Some(rest) = line.strip_prefix("code ") {
                Some(word(rest, &['[']))
            } else if line.starts_with("main ") {
                Some("main".to_string())
            } else {
                None
            }
        }
        Family::Cmm => {
            if let Some(rest) = line.strip_prefix("(function ") {
                Some(word(rest, &[]))
            } else if line.starts_with("(data") {
                Some("data".to_string())
            } else {
                None
            }
        }
        Family::Mach => {
            if let Some(rest) = line.strip_prefix("function ") {
                Some(word(rest, &[]))
            } else if line.starts_with("(data") {
                Some("data".to_string())
            } else {
                line.strip_prefix("entry ").map(|_| "entry".to_string())
            }
        }
        Family::Asm => {
            let name = line.strip_suffix(':')?;
            (!name.is_empty() && !name.starts_with('.') && !name.starts_with(' '))
                .then(|| name.to_string())
        }
        Family::Lambda => None,
    }
}

fn is_data(family: Family, item: &Item) -> bool {
    item.top && matches!(family, Family::Cmm | Family::Mach) && item.name == "data"
}

/// `camlModule__name_12` → `name`; CPS names lose their `_N` suffix.
fn base_name(family: Family, name: &str) -> String {
    let name = match family {
        Family::Cmm | Family::Mach | Family::Asm => name
            .strip_prefix("caml")
            .and_then(|r| r.split_once("__"))
            .map_or(name, |(_, r)| r),
        _ => name,
    };
    let name = name.split('/').next().unwrap_or(name);
    match name.rsplit_once('_') {
        Some((base, n)) if !base.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
            base.to_string()
        }
        _ => name.to_string(),
    }
}

fn is_prelude_name(
    family: Family,
    name: &str,
    prelude_names: &BTreeSet<String>,
    example_names: &BTreeSet<String>,
) -> bool {
    let base = base_name(family, name);
    prelude_names.contains(&base) && !example_names.contains(&base)
}

/// The items named `name`: top-level items first (by exact name, then by
/// base name), then continuations and symbols (CPS).
fn find(family: Family, lines: &[&str], tops: &[Item], name: &str) -> Vec<Item> {
    let exact: Vec<Item> = tops.iter().filter(|i| i.name == name).cloned().collect();
    if !exact.is_empty() {
        return exact;
    }
    let by_base: Vec<Item> = tops
        .iter()
        .filter(|i| i.name != "data" && base_name(family, &i.name) == name)
        .cloned()
        .collect();
    if !by_base.is_empty() {
        return by_base;
    }
    match family {
        Family::Cps => cps_inner_item(lines, name).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// A continuation (`let_cont k ...` or `and k ...` in a recursive group)
/// or a symbol (`let symbol $s = ...` or `and $s = ...`) named `name`.
fn cps_inner_item(lines: &[&str], name: &str) -> Option<Item> {
    let symbol = name.strip_prefix('$').unwrap_or(name);
    for (at, line) in lines.iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        let is_symbol_line = trimmed.starts_with("let symbol $") || trimmed.starts_with("and $");
        let found = if is_symbol_line {
            let rest = trimmed
                .trim_start_matches("let symbol ")
                .trim_start_matches("and ");
            rest.strip_prefix('$')
                .and_then(|r| r.split(' ').next())
                .is_some_and(|s| s == symbol)
        } else if trimmed.starts_with("let_cont ") || trimmed.starts_with("and ") {
            strip_cont_keywords(trimmed)
                .split([' ', '('])
                .next()
                .is_some_and(|k| k == name)
        } else {
            false
        };
        if !found {
            continue;
        }
        let mut end = at + 1;
        let one_line = is_symbol_line || !trimmed.ends_with(" =");
        if !one_line {
            while end < lines.len() {
                let l = lines[end];
                let i = l.len() - l.trim_start().len();
                if !l.trim().is_empty() && i <= indent {
                    if l.trim() == "in" {
                        end += 1;
                    }
                    break;
                }
                end += 1;
            }
        } else {
            // A symbol's definition may wrap onto more indented lines.
            while end < lines.len()
                && {
                    let l = lines[end];
                    !l.trim().is_empty() && l.len() - l.trim_start().len() > indent
                }
                && is_symbol_line
            {
                end += 1;
            }
        }
        return Some(Item {
            name: name.to_string(),
            start: at,
            end,
            indent,
            top: false,
            text: None,
        });
    }
    None
}

/// Drops from a CPS item the `let symbol` bindings that no kept text uses
/// and that the prelude made (closures of its functions, its constants).
fn drop_unused_symbols(
    text: &str,
    kept_text: &str,
    prelude_names: &BTreeSet<String>,
    example_names: &BTreeSet<String>,
) -> String {
    let lines: Vec<&str> = text.lines().collect();
    // The symbol bindings: `let symbol $a = ...`, `and $b = ...`, the last
    // ending in ` in`.
    let Some(first) = lines
        .iter()
        .position(|l| l.trim_start().starts_with("let symbol $"))
    else {
        return text.to_string();
    };
    let indent = lines[first].len() - lines[first].trim_start().len();
    let mut bindings: Vec<(String, String)> = Vec::new();
    let mut end = first;
    while end < lines.len() {
        let t = lines[end].trim_start();
        let Some(rest) = t
            .strip_prefix("let symbol ")
            .or_else(|| (end > first).then(|| t.strip_prefix("and ")).flatten())
        else {
            break;
        };
        let name = rest.split(' ').next().unwrap_or("").to_string();
        let last = rest.ends_with(" in");
        let def = rest.strip_suffix(" in").unwrap_or(rest).to_string();
        bindings.push((name, def));
        end += 1;
        if last {
            break;
        }
    }
    let used = |symbol: &str| {
        let uses = |t: &str| {
            t.match_indices(symbol).any(|(at, _)| {
                !t[at + symbol.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        };
        // Its own definition is one use in the kept text.
        kept_text
            .lines()
            .filter(|l| {
                let t = l.trim_start();
                !(t.starts_with("let symbol ") || t.starts_with("and $"))
            })
            .any(uses)
    };
    let kept: Vec<&(String, String)> = bindings
        .iter()
        .filter(|(name, _)| {
            let base = base_name(Family::Cps, name.trim_start_matches('$'));
            used(name) || (example_names.contains(&base) && !prelude_names.contains(&base))
        })
        .collect();
    let pad = " ".repeat(indent);
    let mut out: Vec<String> = lines[..first].iter().map(|l| l.to_string()).collect();
    for (i, (_, def)) in kept.iter().enumerate() {
        let keyword = if i == 0 { "let symbol" } else { "and" };
        let tail = if i + 1 == kept.len() { " in" } else { "" };
        out.push(format!("{pad}{keyword} {def}{tail}"));
    }
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    let mut joined = out.join("\n");
    joined.push('\n');
    joined
}

/// Whether a data block defines a symbol that `kept_text` mentions.
fn data_is_used(data: &str, kept_text: &str) -> bool {
    data.lines().any(|l| {
        let t = l.trim().trim_start_matches("(data").trim();
        t.strip_suffix(':')
            .is_some_and(|label| kept_text.contains(label))
    })
}

/// The names bound by `let`, `let rec` and `and` in OCaml source text:
/// enough to tell the prelude's functions from the example's.
pub fn bound_names(source: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let words: Vec<&str> = source
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        if *w != "let" && *w != "and" {
            continue;
        }
        let mut j = i + 1;
        if words.get(j) == Some(&"rec") {
            j += 1;
        }
        let Some(next) = words.get(j) else { continue };
        if *next == "(" {
            // `let ( ^ ) a b`
            if let Some(op) = words.get(j + 1) {
                names.insert(op.to_string());
            }
        } else if let Some(op) = next.strip_prefix('(') {
            names.insert(op.trim_end_matches(')').to_string());
        } else {
            let ident: String = next
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '\'')
                .collect();
            if !ident.is_empty() {
                names.insert(ident);
            }
        }
    }
    names
}

/// The bindings of a Lambda program that begin a line: `name/N = EXPR`
/// (in a `let`) or `(name/N EXPR)` (in a `letrec`).
fn lambda_bindings(output: &str) -> Vec<Item> {
    let mut items = Vec::new();
    let mut offset = 0;
    for (line_no, line) in output.split_inclusive('\n').enumerate() {
        // Measured on the line without its end: a blank line (the one that
        // ends a warning printed before the listing) has no indentation.
        let trimmed = line.trim_end();
        let indent = trimmed.len() - trimmed.trim_start().len();
        let body = &trimmed[indent..];
        let (open, rest) = match body.strip_prefix('(') {
            Some(r) => (true, r),
            None => (false, body),
        };
        let name: String = rest
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '(' && *c != ')')
            .collect();
        let after = &rest[name.len()..];
        let is_binding = name.contains('/')
            && name
                .rsplit('/')
                .next()
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if is_binding {
            let start_col = indent + usize::from(open);
            let start = offset + start_col;
            let end = if after.starts_with(" =") {
                // `name/N = EXPR`: one S-expression after the `=`.
                let eq = start + name.len() + after.find('=').unwrap_or(0) + 1;
                let eq = eq
                    + output[eq..]
                        .find("mut")
                        .filter(|&m| m == 0)
                        .map_or(0, |_| 3);
                sexp_end(output, eq)
            } else if open && after.is_empty() {
                // `(name/N` alone: the letrec binding, to its `)`.
                sexp_end(output, offset + indent).map(|e| e.max(start))
            } else {
                None
            };
            if let Some(end) = end {
                let from = if open && after.is_empty() {
                    offset + indent
                } else {
                    start
                };
                let col = if open && after.is_empty() {
                    indent
                } else {
                    start_col
                };
                let text = dedent(&output[from..end], col);
                items.push(Item {
                    name: name.clone(),
                    start: line_no,
                    end: line_no + 1,
                    indent: col,
                    top: true,
                    text: Some(text),
                });
            }
        }
        offset += line.len();
    }
    items
}

/// The end (exclusive) of the S-expression that starts after `from`,
/// skipping blanks: an atom, or a parenthesised form with its strings.
fn sexp_end(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = from;
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    if i >= bytes.len() {
        return None;
    }
    if bytes[i] != b'(' && bytes[i] != b'[' {
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b')' {
            i += 1;
        }
        return Some(i);
    }
    let mut depth = 0usize;
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            if b == b'\\' {
                i += 1;
            } else if b == b'"' {
                in_string = false;
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'(' | b'[' => depth += 1,
                b')' | b']' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

/// `text`'s lines after the first, less `col` leading spaces; a final newline.
fn dedent(text: &str, col: usize) -> String {
    let mut out = String::new();
    for (n, line) in text.lines().enumerate() {
        if n == 0 {
            out.push_str(line);
        } else {
            let cut = line
                .char_indices()
                .take_while(|(i, c)| *i < col && *c == ' ')
                .count();
            out.push_str(&line[cut..]);
        }
        out.push('\n');
    }
    out
}

/// The harness's own tests of selection and claims, on small outputs
/// (`cargo test --test chapters harness::`).
pub fn self_tests() -> Vec<libtest_mimic::Trial> {
    use libtest_mimic::Trial;
    type SelfTest = fn() -> Result<(), String>;
    let cases: Vec<(&str, SelfTest)> = vec![
        ("show_picks_functions_and_continuations", tests::show_picks),
        (
            "prelude_no_drops_prelude_code_and_symbols",
            tests::prelude_no,
        ),
        ("claims_hold_or_say_why", tests::claims),
        ("lambda_bindings", tests::lambda),
        ("cmm_and_mach_names", tests::machine_names),
        ("options_are_checked", tests::options),
    ];
    cases
        .into_iter()
        .map(|(name, test)| Trial::test(format!("harness::listing::{name}"), move || Ok(test()?)))
        .collect()
}

mod tests {
    use super::*;

    const CPS: &str = "\
code valid[my_closure] s -> k * k_exn =
  apply_cont k s

code f[my_closure_1] c a b -> k_1 * k_exn_1 =
  let_cont k_x (x_naked : float#) =
    let x_1 : float# = x_naked *. #2.0 in
    let n_2 = %box_float x_1 in
    apply_cont k_1 n_2
  in
  let is_true : imm# = c != 0 in
  let_cont k_then () = apply_cont k_x #1.0 in
  switch is_true
  | 0 -> apply_cont k_x #2.0
  | 1 -> apply_cont k_then ()

main -> k_done * k_uncaught =
  let symbol $s = \".\"
  and $valid = closures { @valid: valid }
  and $f = closures { @f: f } in
  apply[direct f] $f 1 $s $s -> k_done * k_uncaught
";

    fn view(show: Option<&str>, prelude: bool, claims: &str) -> View {
        View::from_attrs(|k| match k {
            "show" => show.map(str::to_string),
            "prelude" => (!prelude).then(|| "no".to_string()),
            "assert" => (!claims.is_empty()).then(|| claims.to_string()),
            _ => None,
        })
        .expect("valid options")
    }

    fn names(list: &[&str]) -> BTreeSet<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn expect_eq(what: &str, got: &str, want: &str) -> Result<(), String> {
        if got == want {
            Ok(())
        } else {
            Err(format!("{what}:\n--- want\n{want}--- got\n{got}"))
        }
    }

    pub fn show_picks() -> Result<(), String> {
        let none = BTreeSet::new();
        let got = select(
            &view(Some("k_x,k_then"), true, ""),
            "unbox",
            CPS,
            &none,
            &none,
        )?;
        expect_eq(
            "two continuations",
            &got,
            "let_cont k_x (x_naked : float#) =\n  let x_1 : float# = x_naked *. #2.0 in\n  \
             let n_2 = %box_float x_1 in\n  apply_cont k_1 n_2\nin\n\n\
             let_cont k_then () = apply_cont k_x #1.0 in\n",
        )?;
        let got = select(
            &view(Some("valid,$f"), true, ""),
            "unbox",
            CPS,
            &none,
            &none,
        )?;
        expect_eq(
            "a function and a symbol",
            &got,
            "code valid[my_closure] s -> k * k_exn =\n  apply_cont k s\n\nand $f = closures { @f: f } in\n",
        )?;
        match select(&view(Some("g"), true, ""), "unbox", CPS, &none, &none) {
            Err(e) if e.contains("no item `g`") && e.contains("valid, f, main") => Ok(()),
            other => Err(format!("a missing item: {other:?}")),
        }
    }

    pub fn prelude_no() -> Result<(), String> {
        let got = select(
            &view(None, false, ""),
            "unbox",
            CPS,
            &names(&["valid", "s"]),
            &names(&["f"]),
        )?;
        // `valid` is the prelude's; `$s` stays because `main` uses it.
        expect_eq(
            "the prelude dropped",
            &got,
            &CPS[CPS.find("code f").unwrap_or(0)..]
                .replace("  and $valid = closures { @valid: valid }\n", ""),
        )
    }

    pub fn claims() -> Result<(), String> {
        let ok = |c: &str| check_claims(&view(None, true, c), "unbox", CPS);
        ok("unboxed:k_x,boxed:valid,no-alloc:valid,no-call:f,no-switch:k_x,absent:g")?;
        let err = |c: &str, want: &str| match ok(c) {
            Err(e) if e.contains(want) => Ok(()),
            other => Err(format!("`{c}` should fail with `{want}`: {other:?}")),
        };
        err("no-alloc:f", "it allocates: `let n_2 = %box_float x_1 in`")?;
        err("no-switch:f", "it branches: `switch is_true`")?;
        err("no-call:main", "it calls: `apply[direct f]")?;
        err("boxed:k_x", "its parameter `x_naked` is naked")?;
        err("unboxed:f", "no parameter is naked")?;
        err("absent:k_then", "has `k_then`")?;
        err("no-alloc:nothing", "has no item `nothing`")?;
        // A static closure in `let symbol` is not an allocation.
        ok("no-alloc:main")
    }

    pub fn lambda() -> Result<(), String> {
        let output = "\
(let
  (string_of_int/34 = (function n/33 (caml_format_int \"%d\" n/33))
    total/697 =mut 0)
  (letrec
    (length_aux/130
      (function len/131 l/132
        (if l/132 \")(\" len/131)))
    (seq (apply length_aux/130 0 0) 0)))
";
        let none = BTreeSet::new();
        let got = select(
            &view(Some("length_aux,total"), true, ""),
            "lambda",
            output,
            &none,
            &none,
        )?;
        expect_eq(
            "letrec and let bindings",
            &got,
            "(length_aux/130\n  (function len/131 l/132\n    (if l/132 \")(\" len/131)))\n\ntotal/697 =mut 0\n",
        )?;
        // A warning printed before the Lambda, ended by a blank line.
        let warned = format!(
            "File \"w.ml\", line 1, characters 4-5:\n1 | let x = 1\n        ^\n\
             Warning 32 [unused-value-declaration]: unused value x.\n\n{output}"
        );
        let got = select(
            &view(Some("length_aux"), true, ""),
            "lambda",
            &warned,
            &none,
            &none,
        )?;
        // The warning is kept in front of the listing, as the stage printed it.
        expect_eq(
            "a binding after a warning",
            &got,
            "File \"w.ml\", line 1, characters 4-5:\n1 | let x = 1\n        ^\n\
             Warning 32 [unused-value-declaration]: unused value x.\n\n(length_aux/130\n  (function len/131 l/132\n    (if l/132 \")(\" len/131)))\n",
        )?;
        match select(&view(None, false, ""), "lambda", output, &none, &none) {
            Err(e) if e.contains("not defined for Lambda") => Ok(()),
            other => Err(format!("prelude=no on Lambda: {other:?}")),
        }
    }

    pub fn machine_names() -> Result<(), String> {
        let cmm = "(data\n \"camlT__f_9\":\n addr \"camlT__f_2\")\n\
                   (function camlT__f_2 (x/1: val)\n (alloc 1277 x/1))\n\n\
                   (function camlT__print_int_5 (x/2: val)\n (extcall \"caml_ml_output\" x/2 val))\n\n\
                   (function camlT__entry ()\n 1)\n";
        let prelude = names(&["print_int"]);
        let got = select(&view(None, false, ""), "cmm", cmm, &prelude, &names(&["f"]))?;
        expect_eq(
            "Cmm without the prelude",
            &got,
            "(function camlT__f_2 (x/1: val)\n (alloc 1277 x/1))\n\n(function camlT__entry ()\n 1)\n",
        )?;
        check_claims(
            &view(None, true, "no-call:f,no-alloc:print_int"),
            "cmm",
            cmm,
        )?;
        if check_claims(&view(None, true, "no-alloc:f"), "cmm", cmm).is_ok() {
            return Err("Cmm `(alloc` not seen".to_string());
        }
        let applying = "(function camlT__g_3 (f/1: val)\n (app \"caml_apply2\" 1 2 f/1 val))\n";
        check_claims(&view(None, true, "no-generic-apply:print_int"), "cmm", cmm)?;
        if check_claims(&view(None, true, "no-generic-apply:g"), "cmm", applying).is_ok() {
            return Err("Cmm `caml_apply2` not seen".to_string());
        }
        let mach = "function camlT__loop_4\nL0:\n  n%1 := rax\n  if n%1 <= 3 goto L1 else L2\n\
                    L1:\n  tailcall \"camlT__loop_4\" (rax)\nL2:\n  return (rax)\n";
        check_claims(&view(None, true, "no-alloc:loop"), "mach", mach)?;
        match check_claims(
            &view(None, true, "no-call:loop,no-switch:loop"),
            "mach",
            mach,
        ) {
            Err(e) if e.contains("tailcall") && e.contains("goto L1") => Ok(()),
            other => Err(format!("Mach claims: {other:?}")),
        }?;
        let stores = "function camlT__f_4\nL0:\n  x%1[s0] := rax\n  x%2[s0] := x%1[s0]\n  \
                      goto L1\nL1:\n  x%3[s0] := rbx\n  x%3[s0] := rdi\n  return (rax)\n";
        match check_claims(&view(None, true, "store-once:f"), "mach", stores) {
            Err(e) if e.contains("s0 twice") && e.contains("x%3[s0] := rdi") => Ok(()),
            other => Err(format!("Mach `store-once`: {other:?}")),
        }
    }

    pub fn options() -> Result<(), String> {
        let bad = |key: &'static str, value: &'static str| {
            View::from_attrs(move |k| (k == key).then(|| value.to_string()))
        };
        for (key, value, want) in [
            ("assert", "no-alloc", "PROPERTY:NAME"),
            ("assert", "fast:f", "no property `fast`"),
            ("prelude", "maybe", "`yes` or `no`"),
        ] {
            match bad(key, value) {
                Err(e) if e.contains(want) => {}
                other => return Err(format!("{key}={value}: {other:?}")),
            }
        }
        match select(
            &view(Some("f"), true, ""),
            "typed",
            "val f : int\n",
            &BTreeSet::new(),
            &BTreeSet::new(),
        ) {
            Err(e) if e.contains("no items to select") => Ok(()),
            other => Err(format!("show= on `typed`: {other:?}")),
        }
    }
}
