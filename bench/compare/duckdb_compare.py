#!/usr/bin/env python3
"""kiln against DuckDB (and Tableau Hyper) on the same TPC-H data and queries, in one invocation.

usage: .venv/bin/python bench/compare/duckdb_compare.py [--sf N] [--threads N] [--runs N]
           [--queries 1,6,...] [--data DIR | --data-dir DIR] [--json-dir DIR] [--kiln-bench PATH]
           [--allow-errors] [--hyper]

First runs `kiln-bench tpch` with the same settings (it generates the data when missing, loads it,
warms up once and times --runs runs per query), then loads the very same .tbl files into an in-memory
DuckDB and does the same: one warm-up, --runs timed runs of each query, median wall clock including
fetching the rows. --threads goes to both (DuckDB: SET threads = N). Prints per-query times and
kiln/DuckDB ratios (below 1: kiln is faster), the ratio of the totals over the queries both ran, and
their geometric mean. --json-dir keeps kiln.json and duckdb.json (same format) for plot.py.
--hyper runs Tableau Hyper (bench/compare/hyper_runner.py) the same way and adds its column.
Exit status 1 when kiln answered a query wrongly, or could not run one (unless --allow-errors).
DuckDB comes from PyPI: scripts/setup installs it into .venv.
"""
import argparse
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hyper_runner  # noqa: E402

try:
    import duckdb
except ImportError:
    sys.exit("duckdb_compare.py: no duckdb module; run scripts/setup (or .venv/bin/pip install duckdb) and use .venv/bin/python")


class EnergyMeter:
    """RAPL through powercap when readable (as kiln-bench reads it), else CPU-seconds x watts per core."""

    def __init__(self, powercap_root, watts_per_core):
        self.watts = watts_per_core
        self.zones = []
        try:
            names = sorted(os.listdir(powercap_root))
        except OSError:
            names = []
        for name in names:
            parts = name.split(":")
            if len(parts) != 2 or parts[0] != "intel-rapl":
                continue  # sub-zones are parts of their package
            zone = os.path.join(powercap_root, name)
            try:
                self.zones.append([zone, self._read(zone, "energy_uj"), self._read(zone, "max_energy_range_uj")])
            except (OSError, ValueError):
                pass
        self.source = "powercap" if self.zones else "model"
        self.total = 0.0
        self.start = self._cpu_seconds()

    @staticmethod
    def _read(zone, name):
        with open(os.path.join(zone, name)) as f:
            return int(f.read().strip())

    @staticmethod
    def _cpu_seconds():
        usage = resource.getrusage(resource.RUSAGE_SELF)  # all of DuckDB's threads
        return usage.ru_utime + usage.ru_stime

    def joules(self):
        if not self.zones:
            return (self._cpu_seconds() - self.start) * self.watts
        for zone in self.zones:
            now = self._read(zone[0], "energy_uj")
            delta = now - zone[1] if now >= zone[1] else zone[2] - zone[1] + now
            self.total += delta * 1e-6
            zone[1] = now
        return self.total


def parse_args():
    parser = argparse.ArgumentParser(description="kiln vs DuckDB on TPC-H, same data, same run.")
    parser.add_argument("--sf", default="1")
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--queries", default=",".join(str(q) for q in range(1, 23)))
    parser.add_argument("--data", help="data cache root (DIR/sf<N>), as kiln-bench --data")
    parser.add_argument("--data-dir", help="the .tbl files are here, as kiln-bench --data-dir")
    parser.add_argument("--json-dir", help="keep kiln.json and duckdb.json here")
    parser.add_argument("--kiln-bench", default=os.path.join(REPO, "build", "bin", "kiln-bench"))
    parser.add_argument("--shared", default=os.path.normpath(os.path.join(REPO, "..", "shared")), help="the project's shared/ directory")
    parser.add_argument("--watts-per-core", type=float, default=15.0)
    parser.add_argument("--powercap-root", default="/sys/class/powercap")
    parser.add_argument("--hyper", action="store_true", help="also run Tableau Hyper (PyPI tableauhyperapi)")
    parser.add_argument("--allow-errors", action="store_true", help="queries kiln cannot run yet do not fail the comparison")
    return parser.parse_args()


def run_kiln(args, json_path):
    command = [args.kiln_bench, "tpch", "--sf", args.sf, "--threads", str(args.threads), "--runs", str(args.runs),
               "--queries", args.queries, "--json", json_path, "--allow-errors", "--shared", args.shared,
               "--watts-per-core", str(args.watts_per_core), "--powercap-root", args.powercap_root]
    if args.data:
        command += ["--data", args.data]
    if args.data_dir:
        command += ["--data-dir", args.data_dir]
    print("running: " + " ".join(command), flush=True)
    status = subprocess.run(command).returncode
    if not os.path.exists(json_path):
        sys.exit("duckdb_compare.py: kiln-bench failed (exit status %d) before writing its report" % status)
    with open(json_path) as f:
        return json.load(f), status


def load_duckdb(con, shared, data_dir):
    with open(os.path.join(shared, "tpch", "schema.sql")) as f:
        con.execute(f.read())
    loads = []
    for (table,) in con.execute("SELECT table_name FROM information_schema.tables ORDER BY table_name").fetchall():
        columns = con.execute("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position", [table]).fetchall()
        # .tbl lines end with a '|', which a CSV reader sees as one more (empty) column.
        spec = ", ".join("'%s': '%s'" % column for column in columns) + ", 'trailing_delimiter': 'VARCHAR'"
        start = time.perf_counter()
        con.execute("INSERT INTO %s SELECT %s FROM read_csv('%s', delim = '|', header = false, auto_detect = false, columns = {%s})"
                    % (table, ", ".join(c[0] for c in columns), os.path.join(data_dir, table + ".tbl"), spec))
        rows = con.execute("SELECT count(*) FROM " + table).fetchone()[0]
        loads.append({"table": table, "rows": rows, "ms": (time.perf_counter() - start) * 1000})
    return loads


def run_duckdb(args, kiln):
    con = duckdb.connect()
    con.execute("SET threads = %d" % args.threads)
    data_dir = kiln["data_dir"]
    print("loading %s into DuckDB %s" % (data_dir, duckdb.__version__), flush=True)
    loads = load_duckdb(con, args.shared, data_dir)
    meter = EnergyMeter(args.powercap_root, args.watts_per_core)
    results = []
    for query in kiln["settings"]["queries"]:
        with open(os.path.join(args.shared, "tpch", "queries", "q%02d.sql" % query)) as f:
            sql = f.read()
        entry = {"query": query, "median_ms": None, "min_ms": None, "max_ms": None, "compile_ms": None,
                 "execute_ms": None, "rows": None, "correct": None, "energy_j": None}
        try:
            entry["rows"] = len(con.execute(sql).fetchall())  # warm-up
            before = meter.joules()
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                con.execute(sql).fetchall()
                times.append((time.perf_counter() - start) * 1000)
            entry.update(median_ms=statistics.median(times), min_ms=min(times), max_ms=max(times),
                         energy_j=(meter.joules() - before) / args.runs)
        except duckdb.Error as error:
            entry["error"] = str(error)
        results.append(entry)
    ran = [q for q in results if "error" not in q]
    total_j = sum(q["energy_j"] for q in ran)
    return {
        "benchmark": "tpch", "engine": "duckdb", "engine_version": duckdb.__version__,
        "machine": kiln["machine"], "commit": kiln["commit"],
        "settings": dict(kiln["settings"], engine="duckdb"), "sf_name": kiln.get("sf_name"), "data_dir": data_dir,
        "energy_source": meter.source, "energy_label": "estimated" if meter.source == "model" else "measured",
        "energy_description": "estimated: CPU-seconds x %g W per busy core" % args.watts_per_core if meter.source == "model" else "RAPL via powercap",
        "notes": [], "load": loads, "load_ms": sum(l["ms"] for l in loads),
        "total_ms": sum(q["median_ms"] for q in ran), "total_energy_j": total_j,
        "queries_per_hour_per_watt": 3600 * len(ran) / total_j if total_j > 0 else None,
        "queries": results,
    }


def print_comparison(kiln, duck, hyper=None):
    print("\nkiln %s vs DuckDB %s%s: TPC-H SF %s, %d thread(s), median of %d runs after 1 warm-up" % (
        kiln.get("engine_version"), duck["engine_version"], " and Tableau Hyper %s" % hyper["engine_version"] if hyper else "",
        kiln.get("sf_name"), kiln["settings"]["threads"], kiln["settings"]["runs"]))
    print("machine %s, %s cores; commit %s" % (kiln["machine"]["cpu"], kiln["machine"]["cores"], kiln["commit"]))
    others = [("DuckDB", duck)] + ([("Hyper", hyper)] if hyper else [])
    header = "\n%-5s %12s" % ("query", "kiln ms")
    for name, _ in others:
        header += " %12s %12s" % (name + " ms", "kiln/" + name)
    print(header + "  kiln answer")
    by_query = [{q["query"]: q for q in report["queries"]} for _, report in others]
    sums = [0.0] * (len(others) + 1)
    ratios = [[] for _ in others]
    for k in kiln["queries"]:
        rows = [table[k["query"]] for table in by_query]
        answer = {True: "correct", False: "WRONG", None: "-"}[k.get("correct")]
        failed = [(name, r) for (name, _), r in zip([("kiln", None)] + others, [k] + rows) if "error" in r]
        if failed:
            print("Q%02d   %12s  %s" % (k["query"], "-", "; ".join("%s: %s" % (name, r["error"]) for name, r in failed)))
            continue
        line = "Q%02d   %12.2f" % (k["query"], k["median_ms"])
        sums[0] += k["median_ms"]
        for i, r in enumerate(rows):
            ratios[i].append(k["median_ms"] / r["median_ms"])
            sums[i + 1] += r["median_ms"]
            line += " %12.2f %12.3f" % (r["median_ms"], k["median_ms"] / r["median_ms"])
        print(line + "  " + answer)
    if ratios[0]:
        line = "total %12.2f" % sums[0]
        for i in range(len(others)):
            line += " %12.2f %12.3f" % (sums[i + 1], sums[0] / sums[i + 1])
        geomeans = ", ".join("%s %.3f" % (name, math.exp(sum(math.log(r) for r in rs) / len(rs))) for (name, _), rs in zip(others, ratios))
        print(line + "  (%d queries all ran; geometric mean of ratios: %s)" % (len(ratios[0]), geomeans))
    label = lambda r: " (estimated)" if r["energy_label"] == "estimated" else ""
    for name, report in (("kiln", kiln), ("DuckDB", duck)):
        qphpw = report.get("queries_per_hour_per_watt")
        print("%-6s energy %.3f J per run%s, %s queries per hour per Watt" % (
            name, report["total_energy_j"], label(report), "%.1f" % qphpw if qphpw else "-"))


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="kiln_compare.") as temp:
        out_dir = args.json_dir or temp
        os.makedirs(out_dir, exist_ok=True)
        kiln, status = run_kiln(args, os.path.join(out_dir, "kiln.json"))
        duck = run_duckdb(args, kiln)
        with open(os.path.join(out_dir, "duckdb.json"), "w") as f:
            json.dump(duck, f, indent=2)
        hyper = None
        if args.hyper:
            if not hyper_runner.available():
                sys.exit("duckdb_compare.py: --hyper needs tableauhyperapi (.venv/bin/pip install tableauhyperapi)")
            hyper = hyper_runner.run_hyper(args, kiln)
            with open(os.path.join(out_dir, "hyper.json"), "w") as f:
                json.dump(hyper, f, indent=2)
        print_comparison(kiln, duck, hyper)
        if args.json_dir:
            print("\nwrote %s/kiln.json and duckdb.json; chart: bench/tpch/plot.py %s/kiln.json %s/duckdb.json" % (out_dir, out_dir, out_dir))
    failed = kiln.get("failed_queries", 0) and not args.allow_errors
    sys.exit(1 if status != 0 or failed else 0)


if __name__ == "__main__":
    main()
