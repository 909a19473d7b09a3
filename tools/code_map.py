#!/usr/bin/env python3
"""The map of the code in the Introduction ("A map of the code"): for each
chapter, in the order of SUMMARY.md, the files its code blocks tangle to
(from their `file=` attributes, test files left out), with the pass it
writes and the IRs it reads and writes.

    python3 tools/code_map.py            # print the table
    python3 tools/code_map.py --check    # fail if the Introduction's differs
    python3 tools/code_map.py --write    # rewrite the Introduction's table
"""

import collections
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOK = os.path.join(ROOT, "book", "src")
INTRO = os.path.join(BOOK, "introduction.md")

# The pass each chapter writes (`flambeau dump` stage) and its IR in and
# out; chapters nested under another share its pass.
PASSES = {
    'Lexing': ('`lex` (`tokens`)', 'source → tokens'),
    'Parsing': ('`parse` (`ast`)', 'tokens → AST'),
    'Types': ('`typecheck` (`typed`)', 'AST → typed tree'),
    'Modules': ('(part of `typecheck` and `lower`)', ''),
    'What a program observably does': ('', 'the rules every interpreter and the runtime share'),
    'The Lambda language': ('', 'Lambda, its printer and checker'),
    'The Lambda interpreter': ('(`interp lambda`)', 'runs Lambda'),
    'Compiling pattern matching': ('(called by `lower`)', 'clauses → decision trees → Lambda'),
    'From the typed tree to Lambda': ('`lower` (`lambda`)', 'typed tree → Lambda'),
    'The standard library': ('(compiled once per process, linked by `lower`)', 'OCaml → typed tree → Lambda'),
    'Assignments and references': ('`eliminate-refs` (`refs`), `-O1`', 'Lambda → Lambda'),
    'The CPS language': ('', 'CPS, its checker and interpreter'),
    'CPS conversion': ('`cps-convert` (`cps`)', 'Lambda → open CPS'),
    'Double-barrelled exceptions': ('`cps-convert` (`cps`)', 'Lambda → open CPS'),
    'Closures': ('`closure-convert` (`closures`)', 'open CPS → CPS'),
    'The typing environment': ('(used by `simplify`)', 'types of CPS names'),
    'Simplify': ('`simplify` (`simplify`), `-O1`', 'CPS → CPS'),
    'Unboxing': ('`unbox` (`unbox`), `-O2`', 'CPS → CPS'),
    'Bounds checks': ('`bounds` (`bounds`), `-O1`', 'CPS → CPS'),
    'Cmm': ('', 'Cmm, its checker and interpreter'),
    'To Cmm': ('`to-cmm` (`cmm`)', 'CPS → Cmm'),
    'Let-substitution': ('`to-cmm` (`cmm`)', 'CPS → Cmm'),
    'Closure offsets': ('`to-cmm` (`cmm`)', 'CPS → Cmm'),
    'Instruction selection': ('`select` (`mach`)', 'Cmm → machine IR'),
    'Liveness and stack layout': ('`regalloc` (`regalloc`)', 'machine IR → machine IR'),
    'Register allocation': ('`regalloc` (`regalloc`)', 'machine IR → machine IR'),
    'x86-64 emission': ('`emit` (`asm`)', 'machine IR → object'),
    'The runtime': ('', 'what compiled programs link with'),
}

HEADER = "| chapter | files | pass (`dump` stage) | IR in \u2192 out |\n|---|---|---|---|"
BEGIN = "<!-- code map: written by tools/code_map.py -->"
END = "<!-- end of code map -->"


def chapters():
    summary = open(os.path.join(BOOK, "SUMMARY.md"), encoding="utf-8").read()
    return re.findall(r"\[([^\]]+)\]\(([^)]+\.md)\)", summary)


def files_of(chapter):
    text = open(os.path.join(BOOK, chapter), encoding="utf-8").read()
    files = []
    for m in re.finditer(r"^```[a-z]+,file=(\S+)", text, re.M):
        f = m.group(1)
        test = f.endswith("tests.rs") or "/tests/" in f or f.endswith("_test.ml")
        if not test and f not in files:
            files.append(f)
    # A `mod.rs` or `lib.rs` beside other files of its folder is, in most
    # chapters, a module line added to a list: noise beside the files.
    def beside(f):
        d = os.path.dirname(f)
        return any(g != f and os.path.dirname(g) == d for g in files)

    main = [f for f in files if not (os.path.basename(f) in ("mod.rs", "lib.rs") and beside(f))]
    return main or files


def where(files):
    by_dir = collections.OrderedDict()
    for f in files:
        d, b = os.path.split(f)
        by_dir.setdefault(d, []).append(b)
    parts = []
    for d, names in by_dir.items():
        shown = ", ".join("`%s`" % n for n in names[:6])
        more = " and %d more" % (len(names) - 6) if len(names) > 6 else ""
        parts.append("`%s/`: %s%s" % (d, shown, more))
    return "; ".join(parts)


def table():
    rows = [HEADER]
    for title, chapter in chapters():
        if chapter in ("introduction.md",) or chapter.startswith("appendix"):
            continue
        files = files_of(chapter)
        if not files:
            continue
        p, ir = PASSES.get(title, ("", ""))
        rows.append("| %s | %s | %s | %s |" % (title, where(files), p, ir))
    return "\n".join(rows)


def main():
    text = open(INTRO, encoding="utf-8").read()
    start, end = text.find(BEGIN), text.find(END)
    if "--check" in sys.argv or "--write" in sys.argv:
        if start < 0 or end < 0:
            sys.exit("introduction.md has no code map markers")
        current = text[start + len(BEGIN):end].strip()
        if "--write" in sys.argv:
            new = text[: start + len(BEGIN)] + "\n" + table() + "\n" + text[end:]
            open(INTRO, "w", encoding="utf-8").write(new)
        elif current != table():
            sys.exit("the code map in introduction.md is stale: python3 tools/code_map.py --write")
    else:
        print(table())


if __name__ == "__main__":
    main()
