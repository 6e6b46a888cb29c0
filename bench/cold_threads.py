#!/usr/bin/env python3
"""Cold-start compute time by thread count (issue 40): `planscope-cli run` in fresh processes.

Runs stories260K's prompt in --runs fresh processes per thread count (and per binary, with
--baseline), interleaved: round r runs every binary on every thread count once. Each process's
compute time comes from the CLI itself (ggml 2026: --timing's 'compute N us' on stderr; with
--backends: the scheduler's 'total CPU: ... compute N us'), its context switches (voluntary and
involuntary) from wait4's rusage, its wall time from the clock around it. Prints the median and
maximum of each per binary and thread count.

    bench/cold_threads.py [--cli build/app/planscope-cli] [--baseline OLD_CLI] [--runs 20]
                          [--threads 1,2] [-- EXTRA RUN ARGS, e.g. --ggml 2023 --backends cpu]
"""
import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "1,403,407,261,378"  # tests/app/test_cli_run.cpp's
COMPUTE = re.compile(rb"compute (\d+) us")


def run_once(cli, args):
    """(compute ms, context switches, wall ms) of one fresh process."""
    read_end, write_end = os.pipe()
    start = time.perf_counter()
    pid = os.posix_spawn(cli, [cli, *args], os.environ,
                         file_actions=[(os.POSIX_SPAWN_DUP2, write_end, 1), (os.POSIX_SPAWN_DUP2, write_end, 2)])
    os.close(write_end)
    out = b""
    while chunk := os.read(read_end, 1 << 16):
        out += chunk
    os.close(read_end)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1e3
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{cli} {' '.join(args)} failed:\n{out.decode(errors='replace')}")
    # With --backends the last figure is the total over the splits.
    found = COMPUTE.findall(out)
    if not found:
        sys.exit(f"no 'compute N us' in the output of {cli} {' '.join(args)}")
    return int(found[-1]) / 1e3, usage.ru_nvcsw + usage.ru_nivcsw, wall


def cpu_model():
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return "unknown CPU"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", default=str(ROOT / "build/app/planscope-cli"))
    p.add_argument("--baseline", help="another planscope-cli to interleave with --cli (e.g. an older build)")
    p.add_argument("--model", default=str(ROOT.parent / "shared/models/stories260K.gguf"))
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--threads", default="1,2")
    p.add_argument("extra", nargs="*", help="more run arguments (after --)")
    a = p.parse_args()
    binaries = [("baseline", a.baseline)] if a.baseline else []
    binaries.append(("cli", a.cli))
    threads = [int(t) for t in a.threads.split(",")]
    extra = a.extra if "--backends" in a.extra else [*a.extra, "--timing"]

    print(f"{cpu_model()}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start")
    results = {}
    for _ in range(a.runs):
        for label, cli in binaries:
            for n in threads:
                args = ["run", a.model, "--tokens", PROMPT, "--threads", str(n), *extra]
                results.setdefault((label, n), []).append(run_once(cli, args))
    print(f"{a.runs} fresh processes each, interleaved; load average {os.getloadavg()[0]:.2f} at the end")
    print(f"{'binary':<9} {'threads':>7} {'compute ms med':>14} {'max':>6} {'switches med':>12} {'max':>4}"
          f" {'wall ms med':>11} {'max':>6}")
    for (label, n), rows in results.items():
        compute, switches, wall = zip(*rows)
        print(f"{label:<9} {n:>7} {statistics.median(compute):>14.2f} {max(compute):>6.2f}"
              f" {statistics.median(switches):>12.0f} {max(switches):>4} {statistics.median(wall):>11.2f} {max(wall):>6.2f}")


if __name__ == "__main__":
    main()
