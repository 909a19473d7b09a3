#!/usr/bin/env python3
"""The benchmarks under the reference interpreters.

For each program of this directory (or those named on the command line)
and each interpreter (`lambda`, `cps`, `simplify`, `cmm`, or those given
with `--stage`), run `flambeau interp STAGE bench/X.ml` with the release
binary, check that it prints exactly `bench/X.out`, and print a Markdown
table of wall-clock seconds (program × interpreter), with the peak
resident memory of the slowest interpreter. A run that does not finish
within `--timeout` seconds (default 60, the bound the interpreters are
held to) shows as `> T`; a wrong output as `wrong`.

    python3 bench/interp.py                    # everything (up to an hour)
    python3 bench/interp.py tak nbody          # two programs
    python3 bench/interp.py --stage cmm --timeout 300
"""

import argparse
import datetime
import os
import signal
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
TARGET = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
FLAMBEAU = os.path.join(TARGET, "release", "flambeau")
STAGES = ["lambda", "cps", "simplify", "cmm"]


def run(stage, program, timeout):
    """Seconds, peak RSS in MB and a verdict for one run."""
    source = os.path.join(BENCH, program + ".ml")
    with open(os.path.join(BENCH, program + ".out"), "rb") as f:
        expected = f.read()
    start = time.monotonic()
    child = subprocess.Popen(
        ["/usr/bin/time", "-f", "%M", FLAMBEAU, "interp", stage, source],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A group of its own: at the timeout, kill `time` and the
        # interpreter under it (killing `time` alone left the interpreter
        # running to the end, holding the pipes, so a run was never cut).
        start_new_session=True,
    )
    try:
        out, err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        return timeout, None, "timeout"
    seconds = time.monotonic() - start
    try:
        rss = int(err.decode().strip().splitlines()[-1]) / 1024
    except (ValueError, IndexError):
        rss = None
    verdict = "ok" if out == expected and child.returncode == 0 else "wrong"
    return seconds, rss, verdict


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="*")
    parser.add_argument("--stage", action="append", choices=STAGES)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    if not os.access(FLAMBEAU, os.X_OK):
        # Without this, every run would show as `wrong`.
        sys.exit(f"interp.py: no executable {FLAMBEAU} (build it, or set CARGO_TARGET_DIR)")
    stages = args.stage or STAGES
    programs = args.programs or sorted(
        f[:-3] for f in os.listdir(BENCH) if f.endswith(".ml")
    )
    print(f"Measured {datetime.date.today()} with `python3 bench/interp.py"
          f" --timeout {args.timeout:g}`: wall-clock seconds (peak RSS of the"
          " slowest, MB)\n")
    print("| program | " + " | ".join(stages) + " | peak RSS |")
    print("|---|" + "---:|" * len(stages) + "---:|")
    failures = 0
    for program in programs:
        cells, worst = [], (0, None)
        for stage in stages:
            seconds, rss, verdict = run(stage, program, args.timeout)
            if verdict == "timeout":
                cells.append(f"> {args.timeout:g}")
            elif verdict == "wrong":
                cells.append("wrong")
            else:
                cells.append(f"{seconds:.1f}")
            if verdict != "ok":
                failures += 1
            if rss is not None and seconds >= worst[0]:
                worst = (seconds, rss)
            sys.stdout.flush()
        memory = "" if worst[1] is None else f"{worst[1]:.0f}"
        print(f"| {program} | " + " | ".join(cells) + f" | {memory} |", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
