#!/usr/bin/env python3
"""Benchmarks: Flambeau against ocamlopt, side by side, in one run.

For each program of this directory (or those named on the command line):
build it with `flambeau build` (the release binary, built if missing) and
with `ocamlopt` (when installed), check that each prints exactly its `.out`
file, time each executable several times (wall clock, median), count the
instructions it executes with `valgrind --tool=callgrind` (repeatable where
wall time is not), and print a Markdown table with the ratios.

    python3 bench/run.py                 # everything (slow: callgrind)
    python3 bench/run.py --runs 3 tak    # one program
    python3 bench/run.py --no-callgrind  # wall time only
    python3 bench/run.py --build-time-only  # only the compile-time table
    python3 bench/run.py --pgo           # also the compiler built with PGO

A second table gives each executable's peak resident memory (from the
run that checks its output). A third gives the time each compiler takes
to build the generated
10,000-line program of `gen_large.py` (median of `--build-runs` builds),
and the peak memory of one more build by each.
The tables are what the chapter "Benchmarks" shows, and the chapter's
first table is also drawn, as a bar chart of its ratios, in
`book/src/figures/benchmarks.svg`. A run never redraws it: the chart is
of the table the chapter prints, which a later run need not replace, so
`--chart-from book/src/benchmarks.md` draws it, without measuring, once
the chapter's first table is the one wanted.
"""

import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
# Where cargo puts the release build: `CARGO_TARGET_DIR` if set, as cargo does.
TARGET = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
FLAMBEAU = os.path.join(TARGET, "release", "flambeau")
# The compiler built with profile-guided optimisation by `tools/pgo.py`.
FLAMBEAU_PGO = os.path.join(TARGET, "pgo", "release", "flambeau")


def build_flambeau():
    # Always through cargo: a stale binary would measure an old compiler.
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)


def build(program, work):
    """Builds `program` both ways; returns {"flambeau": exe, "ocamlopt": exe or None}."""
    source = os.path.join(work, program + ".ml")
    shutil.copy(os.path.join(BENCH, program + ".ml"), source)
    exes = {}
    ours = os.path.join(work, program + ".flambeau")
    subprocess.run([FLAMBEAU, "build", source, "-o", ours], check=True,
                   stderr=subprocess.DEVNULL)
    exes["flambeau"] = ours
    if shutil.which("ocamlopt"):
        theirs = os.path.join(work, program + ".ocamlopt")
        subprocess.run(["ocamlopt", "-w", "-a", source, "-o", theirs], check=True, cwd=work,
                       stderr=subprocess.DEVNULL)
        exes["ocamlopt"] = theirs
    else:
        exes["ocamlopt"] = None
    return exes


def check_output(program, exe):
    """Runs `exe` once: whether it printed the `.out` file, and its peak
    resident memory in bytes (the kernel's `ru_maxrss` of that one child).

    The peak is read by GNU `time` when it is installed: a child forked
    from this Python process starts with Python's own pages counted in its
    `ru_maxrss` (the kernel keeps the peak across `exec`), which puts a
    floor of about 16 MB under every program, where a child of the small
    `time` process starts from about 1 MB."""
    expected = open(os.path.join(BENCH, program + ".out"), "rb").read()
    with tempfile.TemporaryFile() as out:
        peak = run_with_peak([exe], out)
        out.seek(0)
        got = out.read()
    return got == expected, peak


def run_with_peak(command, stdout, cwd=None, stderr=None):
    """Runs `command` once, its output to `stdout`; its peak resident
    memory in bytes: GNU `time`'s `%M` when it is installed (the largest
    of the process and of the children it waited for), else the kernel's
    `ru_maxrss` of the child."""
    gnu_time = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None
    with tempfile.NamedTemporaryFile("r") as peak:
        timed = [gnu_time, "-f", "%M", "-o", peak.name] + command if gnu_time else command
        child = subprocess.Popen(timed, stdout=stdout, stderr=stderr, cwd=cwd)
        _, _, usage = os.wait4(child.pid, 0)
        child.returncode = 0  # reaped by wait4; Popen must not wait again
        # GNU time's last word is the peak, after any line it adds for a
        # program that failed; with no word at all, it could not run one.
        words = peak.read().split() if gnu_time else []
        kilobytes = int(words[-1]) if words and words[-1].isdigit() else usage.ru_maxrss
    return kilobytes * 1024


def wall_time(exe, runs):
    if runs == 0:
        return None
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([exe], stdout=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def instructions(exe):
    """Instructions executed, as callgrind counts them (user space, whole run)."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", exe],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    return int(found.group(1)) if found else None


def build_time(lines, runs, work, compilers):
    """Median wall time of `flambeau build` (each binary of `compilers`, by
    name) and of `ocamlopt` (None when absent) on the generated program of
    `lines` lines; all executables must print the same thing."""
    source = os.path.join(work, "large.ml")
    with open(source, "w") as out:
        subprocess.run([sys.executable, os.path.join(BENCH, "gen_large.py"), str(lines)],
                       stdout=out, check=True)
    exes = {who: os.path.join(work, f"large.{i}") for i, who in enumerate(compilers)}
    commands = {who: [binary, "build", source, "-o", exes[who]]
                for who, binary in compilers.items()}
    if shutil.which("ocamlopt"):
        exes["ocamlopt"] = os.path.join(work, "large.ocamlopt")
        commands["ocamlopt"] = ["ocamlopt", "-w", "-a", source, "-o", exes["ocamlopt"]]
    times = {who: [] for who in commands}
    # Interleaved, so that a noisy neighbour slows both compilers alike.
    for _ in range(runs):
        for who, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, cwd=work, stderr=subprocess.DEVNULL)
            times[who].append(time.perf_counter() - start)
    outputs = {who: subprocess.run([exes[who]], stdout=subprocess.PIPE, check=False).stdout
               for who in commands}
    same = len(set(outputs.values())) == 1
    # One more build by each, for its peak memory (the linker's and the
    # assembler's included).
    peaks = {who: run_with_peak(command, subprocess.DEVNULL, work, subprocess.DEVNULL)
             for who, command in commands.items()}
    return ({who: statistics.median(t) for who, t in times.items()}, peaks, same)


def giga(n):
    return "-" if n is None else f"{n / 1e9:.2f} G"


def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}"


def geometric_mean(ratios):
    """The geometric mean of the ratios that were measured (None if none)."""
    ratios = [r for r in ratios if r]
    if not ratios:
        return None
    return statistics.geometric_mean(ratios)


def run_table(programs, runs, callgrind, work, whole):
    """Prints the table of the benchmarks' run times, with the geometric
    mean of each ratio column as its last row; returns the number of
    executables that printed the wrong output."""
    print("| program | flambeau time | ocamlopt time | ratio | flambeau instr. "
          "| ocamlopt instr. | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    failures = 0
    time_ratios, instr_ratios = [], []
    memory = []
    chart = []
    for program in programs:
        exes = build(program, work)
        row = {}
        rss = {"flambeau": None, "ocamlopt": None}
        for who, exe in exes.items():
            if exe is None:
                row[who] = (None, None)
                continue
            right, rss[who] = check_output(program, exe)
            if not right:
                print(f"{program}: {who}'s executable printed the wrong output",
                      file=sys.stderr)
                failures += 1
            t = wall_time(exe, runs)
            n = instructions(exe) if callgrind else None
            row[who] = (t, n)
        (ft, fi), (ot, oi) = row["flambeau"], row["ocamlopt"]
        fmt = lambda t: "-" if t is None else f"{t:.2f} s"
        print(f"| `{program}` | {fmt(ft)} | {fmt(ot)} | {ratio(ft, ot)} "
              f"| {giga(fi)} | {giga(oi)} | {ratio(fi, oi)} |", flush=True)
        if ft and ot:
            time_ratios.append(ft / ot)
        if fi and oi:
            instr_ratios.append(fi / oi)
        # The chart shows the ratios as the table rounds them.
        rounded = lambda a, b: round(a / b, 2) if a and b else None
        chart.append((program, rounded(ft, ot), rounded(fi, oi)))
        memory.append((program, rss["flambeau"], rss["ocamlopt"]))
    mean = lambda rs: "-" if geometric_mean(rs) is None else f"{geometric_mean(rs):.2f}"
    print(f"| geometric mean | | | {mean(time_ratios)} | | | {mean(instr_ratios)} |")
    print()
    memory_table(memory)
    # The chart is of the chapter's first table, not of this run's: a run
    # says how to draw it from the chapter, once the table is pasted there.
    if whole and all(t is not None and i is not None for _, t, i in chart):
        print("(to chart this table once it is the chapter's first: "
              "bench/run.py --chart-from book/src/benchmarks.md)", file=sys.stderr)
    return failures


CHART = os.path.join(ROOT, "book", "src", "figures", "benchmarks.svg")


def write_chart(rows, path=CHART):
    """Draws the ratios of the run table as horizontal bars, one pair per
    program (wall time, instructions), with the line of parity at 1 and
    the geometric means last: a plain SVG, written the same way for the
    same numbers, so that the file changes only when they do."""
    rows = [r for r in rows if r[1] or r[2]]
    if not rows:
        return
    means = ("geometric mean", geometric_mean([r[1] for r in rows]),
             geometric_mean([r[2] for r in rows]))
    rows = rows + [means]
    label_w, bar_w, row_h, top = 150, 360, 30, 40
    largest = max(max(r[1] or 0, r[2] or 0) for r in rows)
    scale_max = max(2.0, float(int(largest * 2 + 1)) / 2)
    x_of = lambda v: label_w + v / scale_max * bar_w
    height = top + row_h * len(rows) + 30
    width = label_w + bar_w + 60
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f'<text x="{label_w}" y="16">Flambeau / ocamlopt (below 1: Flambeau is faster)</text>',
           f'<rect x="{label_w}" y="24" width="10" height="10" fill="#4c78a8"/>'
           f'<text x="{label_w + 14}" y="33">wall time</text>',
           f'<rect x="{label_w + 90}" y="24" width="10" height="10" fill="#f58518"/>'
           f'<text x="{label_w + 104}" y="33">instructions</text>']
    tick = 0.0
    while tick <= scale_max + 1e-9:
        x = x_of(tick)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{height - 24}" '
                   f'stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 10}" text-anchor="middle">{tick:g}</text>')
        tick += 0.5
    for i, (program, t, n) in enumerate(rows):
        y = top + i * row_h
        weight = ' font-weight="bold"' if program == "geometric mean" else ""
        out.append(f'<text x="{label_w - 6}" y="{y + 18}" text-anchor="end"{weight}>'
                   f'{program}</text>')
        for j, (value, colour) in enumerate(((t, "#4c78a8"), (n, "#f58518"))):
            if not value:
                continue
            out.append(f'<rect x="{label_w}" y="{y + 4 + j * 11}" '
                       f'width="{x_of(value) - label_w:.1f}" height="10" fill="{colour}">'
                       f'<title>{program}: {value:.2f}</title></rect>')
            out.append(f'<text x="{x_of(value) + 3:.1f}" y="{y + 13 + j * 11}" '
                       f'font-size="9">{value:.2f}</text>')
    one = x_of(1.0)
    out.append(f'<line x1="{one:.1f}" y1="{top - 4}" x2="{one:.1f}" y2="{height - 24}" '
               f'stroke="black" stroke-dasharray="4 3"/>')
    out.append("</svg>")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def chart_from(chapter):
    """The rows of the first run table of `chapter` (a Markdown file as
    this script prints it): program, time ratio, instruction ratio."""
    rows = []
    with open(chapter) as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 7 and cells[0].startswith("`"):
                number = lambda c: float(c) if re.fullmatch(r"[0-9.]+", c) else None
                rows.append((cells[0].strip("`"), number(cells[3]), number(cells[6])))
            elif rows:
                break
    return rows


def memory_table(rows):
    """The peak resident memory of each executable (one run: the run that
    checks the output), the figure `/usr/bin/time -v` calls "Maximum
    resident set size"."""
    mb = lambda n: "-" if n is None else f"{n / 2**20:.0f} MB"
    print("| program | flambeau peak RSS | ocamlopt peak RSS | ratio |")
    print("|---|---:|---:|---:|")
    for program, ours, theirs in rows:
        print(f"| `{program}` | {mb(ours)} | {mb(theirs)} | {ratio(ours, theirs)} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("programs", nargs="*")
    parser.add_argument("--runs", type=int, default=5,
                        help="timed runs per executable (0: no timing)")
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--build-runs", type=int, default=5,
                        help="builds of the generated program per compiler (0: none)")
    parser.add_argument("--build-lines", type=int, default=10000)
    parser.add_argument("--build-time-only", action="store_true")
    parser.add_argument("--pgo", action="store_true",
                        help="build the compiler with tools/pgo.py too, and time its builds "
                             "beside the plain release build's")
    parser.add_argument("--chart-from", metavar="FILE.md",
                        help="only draw the chart of the first table of FILE.md")
    args = parser.parse_args()
    if args.chart_from:
        write_chart(chart_from(args.chart_from))
        return
    programs = args.programs or sorted(
        f[:-3] for f in os.listdir(BENCH) if f.endswith(".ml") and f != "gen_large.ml")
    callgrind = not args.no_callgrind and shutil.which("valgrind")
    build_flambeau()
    compilers = {"flambeau": FLAMBEAU}
    if args.pgo:
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "pgo.py")], check=True)
        compilers["flambeau (PGO)"] = FLAMBEAU_PGO
    version = subprocess.run(["ocamlopt", "-version"], stdout=subprocess.PIPE, text=True,
                             check=False).stdout.strip() if shutil.which("ocamlopt") else None
    measured = []
    if not args.build_time_only:
        measured.append(f"wall time: median of {args.runs} runs" if args.runs else "no timing")
        if callgrind:
            measured.append("instructions: valgrind --tool=callgrind")
    print(f"Measured {datetime.date.today()} on {platform.machine()} Linux, "
          f"{os.cpu_count()} cores; ocamlopt {version or 'not installed'}"
          + "".join("; " + m for m in measured) + ".")
    print()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="flambeau-bench-") as work:
        if not args.build_time_only:
            failures += run_table(programs, args.runs, callgrind, work, not args.programs)
        if args.build_runs:
            medians, peaks, same = build_time(args.build_lines, args.build_runs, work, compilers)
            if not same:
                print("the generated program's two executables print different things",
                      file=sys.stderr)
                failures += 1
            print()
            print(f"Build of the generated {args.build_lines}-line program "
                  f"(`gen_large.py`), median of {args.build_runs} interleaved builds:")
            print()
            print("| compiler | build time | ratio to ocamlopt | peak memory |")
            print("|---|---:|---:|---:|")
            for who, t in medians.items():
                peak = f"{peaks[who] / 2**20:.0f} MB"
                print(f"| {who} | {t:.2f} s | {ratio(t, medians.get('ocamlopt'))} | {peak} |")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
