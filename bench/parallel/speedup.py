#!/usr/bin/env python3
"""kiln's TPC-H times with 1 and with N threads, alternating run by run in one process, so that
both see the same phase of a shared, noisy machine.

usage: .venv/bin/python bench/parallel/speedup.py [--sf N] [--threads 1,2] [--runs N]
           [--queries 1,6,...] [--data DIR | --data-dir DIR] [--kiln PATH]

Loads <data>/sf<N>/*.tbl into one kiln shell (`kiln-bench tpch --sf N --data DIR` generates them),
runs each query once per thread count as a warm-up, then --runs rounds of one run per thread count
in turn, timed by the shell (\\timing: statement time, which includes a compile the plan cache did
not spare). Prints the median per query and thread count, and each count's speedup over the first.
"""
import argparse
import io
import os
import re
import statistics
import subprocess
import sys

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(REPO, "bench", "compare"))
from tpch_shell_script import load_script, tpch_data_dir  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sf", default="1")
    parser.add_argument("--threads", default="1,%d" % len(os.sched_getaffinity(0)))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--queries", default=",".join(str(q) for q in range(1, 23)))
    parser.add_argument("--data", default=os.path.join(REPO, "build", "tpch-data"))
    parser.add_argument("--data-dir")
    parser.add_argument("--kiln", default=os.path.join(REPO, "build", "bin", "kiln"))
    parser.add_argument("--shared", default=os.path.normpath(os.path.join(REPO, "..", "shared")))
    args = parser.parse_args()
    data_dir = tpch_data_dir(args, "speedup.py")
    threads = [int(t) for t in args.threads.split(",")]
    queries = [int(q) for q in args.queries.split(",")]

    script = io.StringIO()
    script.write(load_script(args.shared, data_dir))
    script.write("\\timing on\n")
    order = []  # (query, threads) of each timed statement, in order
    for q in queries:
        with open(os.path.join(args.shared, "tpch", "queries", "q%02d.sql" % q)) as f:
            sql = f.read().strip().rstrip(";") + ";\n"
        for round_ in range(args.runs + 1):  # the first round warms up
            for t in threads:
                script.write("SET threads = %d;\n" % t)
                script.write(sql)
                order.append((q, t, round_ > 0))
    output = subprocess.run([args.kiln, "--format", "csv"], input=script.getvalue(), capture_output=True, text=True)
    if output.returncode != 0:
        sys.exit("speedup.py: kiln failed: " + output.stderr.strip())
    # Each SET and each query prints a Time line; the queries' are every other one.
    times = [float(m.group(1)) for m in re.finditer(r"^Time: ([0-9.]+) ms", output.stdout, re.M)]
    query_times = times[1::2]
    if len(query_times) != len(order):
        sys.exit("speedup.py: expected %d timings, found %d" % (len(order), len(query_times)))
    samples = {}
    for (q, t, timed), ms in zip(order, query_times):
        if timed:
            samples.setdefault((q, t), []).append(ms)

    commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print("kiln TPC-H SF %s, threads %s alternating, median of %d runs after 1 warm-up; %d cores may be used; commit %s"
          % (args.sf, args.threads, args.runs, len(os.sched_getaffinity(0)), commit))
    print("%-6s" % "query" + "".join("%12s" % ("%d thr ms" % t) for t in threads) + "".join("%12s" % ("x%d" % t) for t in threads[1:]))
    totals = [0.0] * len(threads)
    for q in queries:
        medians = [statistics.median(samples[(q, t)]) for t in threads]
        totals = [a + b for a, b in zip(totals, medians)]
        print("Q%02d   " % q + "".join("%12.2f" % m for m in medians) + "".join("%12.2f" % (medians[0] / m) for m in medians[1:]))
    print("total " + "".join("%12.2f" % m for m in totals) + "".join("%12.2f" % (totals[0] / m) for m in totals[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
