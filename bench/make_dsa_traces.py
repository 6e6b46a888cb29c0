#!/usr/bin/env python3
"""100,000-buffer DSA traces for timing `planscope-cli dsa` (docs/planner.md, issue 17).

    bench/make_dsa_traces.py OUT_DIR [SHARED_DIR]

Writes eight CSVs (id,lower,upper,size), each of 100,000 buffers, four realistic:
  concat.csv    the idealloc traces one after the other in time, repeated: a long sequential network
  parallel.csv  bert_large ten times, each copy started 1/10 of its length after the last: ten
                overlapping models, so ten times as many buffers alive at once
  tiled.csv     the minimalloc-challenging traces one after the other: hundreds of hard puzzles
  random.csv    bench_planner's random trace: mostly short lifetimes, one in ten up to n/2 long,
                sizes 4 bytes to 64 MiB (seed 42, Python's generator: not the same numbers)
and four adversarial ones for greedy placement, sizes uniform in [1, 2^20) bytes:
  stack.csv     every buffer alive all the time
  tiled_span.csv  tiled.csv with its first buffer alive throughout: no step where few are alive
  slide.csv     lifetimes of 5,000 steps starting one step apart
  uniform.csv   lifetimes of uniformly random start in [0, 100,000) and length in [1, 100,000):
                most buffers live with most others
"""
import csv
import os
import random
import sys

N = 100_000


def read(path):
    with open(path, newline="") as f:
        return [(int(r["lower"]), int(r["upper"]), int(r["size"])) for r in csv.DictReader(f)]


def write(path, rows):
    with open(path, "w") as f:
        f.write("id,lower,upper,size\n")
        f.writelines(f"{i},{lo},{up},{size}\n" for i, (lo, up, size) in enumerate(rows[:N]))


def sequential(traces):
    """Each trace after the last one ends, cycling until N buffers."""
    rows, t = [], 0
    while len(rows) < N:
        for trace in traces:
            rows += [(lo + t, up + t, size) for lo, up, size in trace]
            t += max(up for _, up, _ in trace)
    return rows


def main():
    out = sys.argv[1]
    shared = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "../../shared")
    traces = os.path.join(shared, "dsa-traces")
    os.makedirs(out, exist_ok=True)

    idealloc = sorted(os.listdir(os.path.join(traces, "idealloc")))
    write(os.path.join(out, "concat.csv"), sequential([read(os.path.join(traces, "idealloc", f)) for f in idealloc]))

    bert = read(os.path.join(traces, "idealloc", "bert_large.csv"))
    length = max(up for _, up, _ in bert)
    rows = []
    for k in range(10):
        shift = k * length // 10
        rows += [(lo + shift, up + shift, size) for lo, up, size in bert]
    write(os.path.join(out, "parallel.csv"), rows)

    hard = sorted(os.listdir(os.path.join(traces, "minimalloc-challenging")))
    write(os.path.join(out, "tiled.csv"), sequential([read(os.path.join(traces, "minimalloc-challenging", f)) for f in hard]))

    rng = random.Random(42)
    rows = []
    for _ in range(N):
        lower = rng.randrange(N)
        length = 1 + rng.randrange(N // 2) if rng.randrange(10) == 0 else 1 + rng.randrange(64)
        rows.append((lower, lower + length, 4 << rng.randrange(25)))
    write(os.path.join(out, "random.csv"), rows)

    size = lambda: 1 + rng.randrange((1 << 20) - 1)
    write(os.path.join(out, "stack.csv"), [(0, N, size()) for _ in range(N)])
    tiled = sequential([read(os.path.join(traces, "minimalloc-challenging", f)) for f in hard])[:N]
    tiled[0] = (0, max(up for _, up, _ in tiled), tiled[0][2])
    write(os.path.join(out, "tiled_span.csv"), tiled)
    write(os.path.join(out, "slide.csv"), [(i, i + 5000, size()) for i in range(N)])
    rows = []
    for _ in range(N):
        lower = rng.randrange(N)
        rows.append((lower, lower + 1 + rng.randrange(N - 1), size()))
    write(os.path.join(out, "uniform.csv"), rows)


if __name__ == "__main__":
    main()
