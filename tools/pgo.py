#!/usr/bin/env python3
"""Builds Flambeau with profile-guided optimisation (PGO), as rustc, Clang
and CPython are built for release.

    python3 tools/pgo.py        # writes target/pgo/release/flambeau

Three steps (chapter "The compiler's speed and its tests", section
"Profile-guided optimisation"):

1. an instrumented build of the compiler (`-Cprofile-generate`), in
   `target/pgo-generate`, which counts how often each branch and call of
   the compiler is taken;
2. the training: that compiler builds every program of
   `chapters-tests/corpus`, every benchmark of `bench/`, and the
   10,000-line program of `bench/gen_large.py`, each run adding its counts
   to `target/pgo-data`;
3. `llvm-profdata` merges the counts, and a second build reads them
   (`-Cprofile-use`), in `target/pgo`: LLVM lays out hot code together,
   inlines along hot calls, and moves cold paths out of the way.

The result is checked before it is announced: it must build and run a
program. `llvm-profdata` comes with rustup's `llvm-tools` component
(`rustup component add llvm-tools`). The target directories follow
`CARGO_TARGET_DIR` when it is set, as cargo does.
"""

import glob
import os
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
TARGET = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
GENERATE = os.path.join(TARGET, "pgo-generate")
DATA = os.path.join(TARGET, "pgo-data")
USE = os.path.join(TARGET, "pgo")


def llvm_profdata():
    """The `llvm-profdata` of the toolchain that builds the compiler: its
    profile format must be the one rustc's LLVM writes."""
    sysroot = subprocess.run(["rustc", "--print", "sysroot"], capture_output=True,
                             text=True, check=True).stdout.strip()
    host = next(line.split(": ")[1] for line in subprocess.run(
        ["rustc", "-vV"], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.startswith("host: "))
    tool = os.path.join(sysroot, "lib", "rustlib", host, "bin", "llvm-profdata")
    if not os.path.exists(tool):
        sys.exit("pgo: llvm-profdata is missing; install it with "
                 "`rustup component add llvm-tools`")
    return tool


def cargo_build(target_dir, rustflags):
    env = dict(os.environ, CARGO_TARGET_DIR=target_dir)
    env["RUSTFLAGS"] = (env.get("RUSTFLAGS", "") + " " + rustflags).strip()
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "flambeau"],
                   cwd=ROOT, env=env, check=True)
    return os.path.join(target_dir, "release", "flambeau")


def training_programs(work):
    """The programs the instrumented compiler builds: the corpus, the
    benchmarks, and a large generated program (where the build-time
    benchmark spends its time)."""
    programs = sorted(glob.glob(os.path.join(ROOT, "chapters-tests", "corpus", "*.ml")))
    programs += sorted(glob.glob(os.path.join(ROOT, "bench", "*.ml")))
    large = os.path.join(work, "large.ml")
    with open(large, "w") as out:
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_large.py"), "10000"],
                       stdout=out, check=True)
    return programs + [large]


def main():
    profdata = llvm_profdata()
    shutil.rmtree(DATA, ignore_errors=True)
    print("pgo: building the instrumented compiler", file=sys.stderr, flush=True)
    # The instrumented compiler writes its counts from an exit handler,
    # which a build otherwise skips (chapter "The command line", "The
    # allocator").
    instrumented = cargo_build(GENERATE,
                               f"-Cprofile-generate={DATA} --cfg flambeau_pgo_training")
    with tempfile.TemporaryDirectory(prefix="flambeau-pgo-") as work:
        programs = training_programs(work)
        print(f"pgo: training on {len(programs)} programs", file=sys.stderr, flush=True)
        for source in programs:
            # A program the compiler rejects trains its error paths as well.
            subprocess.run([instrumented, "build", source, "-o", os.path.join(work, "a.out")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        # No counts would make a compiler built without profile, silently.
        if not any(f.endswith(".profraw") for f in os.listdir(DATA)):
            sys.exit("pgo: the training wrote no profile")
        merged = os.path.join(DATA, "merged.profdata")
        subprocess.run([profdata, "merge", "-o", merged, DATA], check=True)
        print("pgo: building the optimised compiler", file=sys.stderr, flush=True)
        optimised = cargo_build(USE, f"-Cprofile-use={merged}")
        # The compiler built must compile and run a program.
        hello = os.path.join(work, "hello.ml")
        with open(hello, "w") as out:
            out.write('let () = print_endline "hello from the PGO build"\n')
        run = subprocess.run([optimised, "run", hello], capture_output=True, text=True,
                             check=False)
        if run.returncode != 0 or run.stdout != "hello from the PGO build\n":
            sys.exit(f"pgo: the optimised compiler fails: {run.stdout}{run.stderr}")
    print(f"pgo: {os.path.relpath(optimised, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
