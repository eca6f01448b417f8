#!/usr/bin/env python3
"""TPC-H query latency while another program takes a core: morsel-driven workers should go on
with fewer cores instead of waiting on a descheduled one.

usage: .venv/bin/python bench/parallel/cpu_hog.py [--sf N] [--threads N] [--runs N] [--queries 1,6,...]
           [--data DIR] [--kiln-bench PATH]

Runs `kiln-bench tpch` three times in one invocation, alternating: without a hog, with a busy loop
pinned to the last core of this process's affinity mask (taskset), and without again. Prints, per
query and in total, p50 and p99 of the timed runs of each phase (p99: the nearest rank, so with
fewer than 100 runs the largest), and the ratio of the hog phase to the quiet ones.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1))]


def run(args, path):
    command = [args.kiln_bench, "tpch", "--sf", args.sf, "--threads", str(args.threads), "--runs", str(args.runs),
               "--queries", args.queries, "--json", path]
    if args.data:
        command += ["--data", args.data]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    with open(path) as f:
        return json.load(f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sf", default="1")
    parser.add_argument("--threads", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--queries", default="1,3,6,9,13,18")
    parser.add_argument("--data", help="data cache root, as kiln-bench --data")
    parser.add_argument("--kiln-bench", default=os.path.join(REPO, "build", "bin", "kiln-bench"))
    args = parser.parse_args()
    hog_core = max(os.sched_getaffinity(0))
    reports = {}
    with tempfile.TemporaryDirectory() as directory:
        for phase in ("quiet", "hog", "quiet again"):
            hog = None
            if phase == "hog":
                hog = subprocess.Popen(["taskset", "-c", str(hog_core), "sh", "-c", "while :; do :; done"])
            try:
                reports[phase] = run(args, os.path.join(directory, phase.replace(" ", "_") + ".json"))
            finally:
                if hog:
                    hog.kill()
                    hog.wait()
    first = reports["quiet"]
    print("kiln-bench tpch --sf %s --threads %d, %d runs per query and phase; a busy loop on core %d in the hog phase"
          % (args.sf, args.threads, args.runs, hog_core))
    print("machine %s, %s cores; commit %s" % (first["machine"]["cpu"], first["machine"]["cores"], first["commit"]))
    print("\n%-6s %22s %22s %22s %12s" % ("query", "quiet p50 / p99 ms", "hog p50 / p99 ms", "again p50 / p99 ms", "hog/quiet p50"))
    sums = {phase: [0.0, 0.0] for phase in reports}
    for i, query in enumerate(first["queries"]):
        cells, medians = [], {}
        for phase in ("quiet", "hog", "quiet again"):
            times = reports[phase]["queries"][i]["runs_ms"]
            p50, p99 = percentile(times, 50), percentile(times, 99)
            sums[phase][0] += p50
            sums[phase][1] += p99
            medians[phase] = p50
            cells.append("%10.2f / %9.2f" % (p50, p99))
        quiet = (medians["quiet"] + medians["quiet again"]) / 2
        print("Q%02d    %22s %22s %22s %12.2f" % (query["query"], cells[0], cells[1], cells[2], medians["hog"] / quiet))
    quiet = (sums["quiet"][0] + sums["quiet again"][0]) / 2
    print("total  %22s %22s %22s %12.2f" % tuple(["%10.2f / %9.2f" % tuple(sums[p]) for p in ("quiet", "hog", "quiet again")] + [sums["hog"][0] / quiet]))


if __name__ == "__main__":
    sys.exit(main())
