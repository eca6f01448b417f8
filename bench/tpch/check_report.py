#!/usr/bin/env python3
"""Runs `kiln-bench tpch ...` with --json into a temporary file and checks the report (a ctest test).

usage: check_report.py [--expect-correct] [--fake-powercap] -- KILN-BENCH-COMMAND...

Checks: exit status 0; the JSON has machine, commit, settings, energy_source, total_ms and queries;
every query ran, has its times, rows and energy_j; energy is labeled ("estimated" exactly when the source
is the model); with --expect-correct every query's answer was checked and correct. --fake-powercap
points the runner at a fake /sys/class/powercap tree and expects source "powercap", labeled "measured".
"""
import json
import math
import os
import subprocess
import sys
import tempfile

ENERGY_SOURCES = {"powercap", "perf", "hwmon", "model"}


def fail(message):
    print("check_report: FAIL: " + message)
    sys.exit(1)


def make_fake_powercap(root):
    zone = os.path.join(root, "intel-rapl:0")
    os.makedirs(zone)
    for name, value in (("name", "package-0"), ("energy_uj", "123456"), ("max_energy_range_uj", "262143328850")):
        with open(os.path.join(zone, name), "w") as f:
            f.write(value + "\n")


def check_number(query, field, minimum=0.0):
    value = query.get(field)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) or value < minimum:
        fail("Q%s: %s is %r" % (query.get("query"), field, value))


def check_report(report, expect_correct, expected_source):
    for key in ("machine", "commit", "settings", "energy_source", "energy_label", "total_ms", "queries"):
        if key not in report:
            fail("no '%s' in the JSON" % key)
    for key in ("cpu", "cores", "memory_bytes"):
        if key not in report["machine"]:
            fail("no machine.%s" % key)
    source, label = report["energy_source"], report["energy_label"]
    if source not in ENERGY_SOURCES:
        fail("energy_source is %r" % source)
    if label != ("estimated" if source == "model" else "measured"):
        fail("energy source %s labeled %r" % (source, label))
    if source == "model" and "estimated" not in report.get("energy_description", ""):
        fail("model energy not described as estimated")
    if expected_source and source != expected_source:
        fail("energy_source is %s, expected %s" % (source, expected_source))
    wanted = report["settings"]["queries"]
    ran = [q["query"] for q in report["queries"]]
    if ran != wanted:
        fail("queries %s in the report, %s asked for" % (ran, wanted))
    for query in report["queries"]:
        if "error" in query:
            fail("Q%d failed: %s" % (query["query"], query["error"]))
        for field in ("median_ms", "min_ms", "max_ms", "compile_ms", "energy_j"):
            check_number(query, field)
        if not query["min_ms"] <= query["median_ms"] <= query["max_ms"]:
            fail("Q%d: min/median/max out of order" % query["query"])
        check_number(query, "rows")
        if expect_correct and query["correct"] is not True:
            fail("Q%d: correct is %r" % (query["query"], query["correct"]))
        print("Q%02d ok: %.2f ms, %d rows, correct=%s, %.4f J (%s)" % (
            query["query"], query["median_ms"], query["rows"], query["correct"], query["energy_j"], label))
    if not math.isclose(report["total_ms"], sum(q["median_ms"] for q in report["queries"]), rel_tol=1e-9):
        fail("total_ms is not the sum of the medians")


def main():
    args = sys.argv[1:]
    if "--" not in args:
        fail(__doc__)
    split = args.index("--")
    flags, command = args[:split], args[split + 1:]
    expect_correct = "--expect-correct" in flags
    with tempfile.TemporaryDirectory(prefix="kiln_bench_check.") as temp:
        json_path = os.path.join(temp, "report.json")
        command = command + ["--json", json_path]
        expected_source = None
        if "--fake-powercap" in flags:
            powercap = os.path.join(temp, "powercap")
            make_fake_powercap(powercap)
            command += ["--powercap-root", powercap]
            expected_source = "powercap"
        print("running: " + " ".join(command), flush=True)
        status = subprocess.run(command).returncode
        if status != 0:
            fail("kiln-bench exited with status %d" % status)
        with open(json_path) as f:
            check_report(json.load(f), expect_correct, expected_source)
    print("check_report: ok")


if __name__ == "__main__":
    main()
