#!/usr/bin/env python3
"""How much the book explains, and how much code it shows at once.

    python3 tools/book_stats.py            # per chapter, then totals
    python3 tools/book_stats.py --blocks   # also list the long unfolded blocks

Prose lines are the non-blank lines outside fenced blocks, headings and HTML
tags (`<details>`...) excepted. Code lines are the non-blank lines of the
tangled blocks (`file=` or `chunk=`); a tangled block is test code when its
file is a test file (`tests.rs`, a `tests/` folder, `test_*`) or when it
follows, in the same file, a block that opened a `#[cfg(test)]` module.
The ratio is prose lines per non-test code line. A block is folded when it
sits between `<details>` and `</details>`; the script lists the unfolded
tangled blocks longer than LIMIT lines (80), the limit the book keeps.

The chapters are those of book/src/SUMMARY.md, in its order.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "book" / "src"
LIMIT = 80
FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
# `#[cfg(test)]` opening an inline module (not `mod tests;`).
TEST_MODULE = re.compile(r"^#\[cfg\(test\)\]\s*\n\s*(pub )?mod \w+ \{", re.M)


def chapters():
    summary = (SRC / "SUMMARY.md").read_text()
    return [m.group(1) for m in re.finditer(r"\]\(([^)]+\.md)\)", summary)]


def attrs(info):
    """The `key=value` attributes of an info string (commas or spaces)."""
    out = {}
    for word in re.split(r"[\s,]+", info.strip())[1:]:
        if "=" in word:
            key, value = word.split("=", 1)
            out[key] = value
    return out


def is_test_file(path):
    name = Path(path).name
    return (
        name == "tests.rs"
        or name.endswith("_tests.rs")
        or name.startswith("test_")
        or "/tests/" in path
    )


def blocks(text):
    """Each fenced block: (first line number, info, lines, folded)."""
    lines = text.split("\n")
    folded = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if line.strip().startswith("<details"):
            folded += 1
        elif line.strip().startswith("</details"):
            folded = max(0, folded - 1)
        if not m:
            i += 1
            continue
        fence, info = m.group(1), m.group(2)
        body = []
        j = i + 1
        while j < len(lines):
            close = lines[j].strip()
            if close.startswith(fence[0] * len(fence)) and set(close) == {fence[0]}:
                break
            body.append(lines[j])
            j += 1
        yield i + 1, info, body, folded > 0
        i = j + 1


def prose_lines(text):
    count = 0
    in_fence = None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if in_fence:
            s = line.strip()
            if s.startswith(in_fence[0] * len(in_fence)) and set(s) == {in_fence[0]}:
                in_fence = None
            continue
        if m:
            in_fence = m.group(1)
            continue
        s = line.strip()
        if not s or s.startswith("#") or re.match(r"^</?[a-z]+[^>]*>$", s):
            continue
        count += 1
    return count


def main():
    show_blocks = "--blocks" in sys.argv[1:]
    rows = []
    long_blocks = []
    test_files = set()
    for chapter in chapters():
        text = (SRC / chapter).read_text()
        prose = prose_lines(text)
        code = tests = 0
        for line, info, body, folded in blocks(text):
            a = attrs(info)
            if "file" not in a and "chunk" not in a:
                continue
            path = a.get("file", "")
            n = sum(1 for l in body if l.strip())
            opened = TEST_MODULE.search("\n".join(body))
            if path and opened and path not in test_files:
                test_files.add(path)
                # The lines before the test module are not tests.
                before = "\n".join(body)[: opened.start()]
                m = sum(1 for l in before.split("\n") if l.strip())
                code += m
                tests += n - m
            elif is_test_file(path) or path in test_files:
                tests += n
            else:
                code += n
            if not folded and len(body) > LIMIT:
                long_blocks.append((chapter, line, len(body)))
        rows.append((chapter, prose, code, tests))

    width = max(len(r[0]) for r in rows)
    print(f"{'chapter':<{width}}  {'prose':>6}  {'code':>6}  {'tests':>6}  ratio")
    for chapter, prose, code, tests in rows:
        ratio = f"{prose / code:.2f}" if code else "-"
        print(f"{chapter:<{width}}  {prose:>6}  {code:>6}  {tests:>6}  {ratio}")
    prose = sum(r[1] for r in rows)
    code = sum(r[2] for r in rows)
    tests = sum(r[3] for r in rows)
    print(f"{'total':<{width}}  {prose:>6}  {code:>6}  {tests:>6}  {prose / code:.2f}")
    print()
    print(f"prose lines per non-test code line: {prose / code:.2f} (the book aims at 0.35)")
    print(f"unfolded tangled blocks over {LIMIT} lines: {len(long_blocks)}")
    if show_blocks:
        for chapter, line, n in sorted(long_blocks, key=lambda b: -b[2]):
            print(f"  book/src/{chapter}:{line}  {n} lines")


if __name__ == "__main__":
    main()
