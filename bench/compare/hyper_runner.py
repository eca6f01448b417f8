"""Tableau Hyper (PyPI tableauhyperapi) on the same TPC-H data and queries as kiln-bench.

run_hyper(args, kiln) loads the .tbl files of kiln's report into a fresh Hyper database, then, as
duckdb_compare.py does for DuckDB, runs each query once as a warm-up and --runs timed runs, median
wall clock including fetching the rows. --threads N caps the threads of a query
(hard_concurrent_query_thread_limit, and soft_ as well).
"""
import os
import re
import statistics
import tempfile
import time

try:
    from tableauhyperapi import Connection, CreateMode, HyperException, HyperProcess, Telemetry
except ImportError:
    HyperProcess = None


def available():
    return HyperProcess is not None


def hyper_version():
    import importlib.metadata
    return importlib.metadata.version("tableauhyperapi")


def load(con, shared, data_dir):
    """The schema with one more text column per table, for the '|' that ends each .tbl line."""
    with open(os.path.join(shared, "tpch", "schema.sql")) as f:
        statements = [s.strip() for s in f.read().split(";") if s.strip()]
    loads = []
    for statement in statements:
        table = re.match(r"CREATE TABLE (\w+)", statement, re.IGNORECASE).group(1)
        con.execute_command(statement[:statement.rindex(")")] + ", tbl_line_end TEXT)")
        start = time.perf_counter()
        con.execute_command("COPY %s FROM '%s' WITH (FORMAT csv, DELIMITER '|', HEADER false)" % (table, os.path.join(data_dir, table + ".tbl")))
        rows = con.execute_scalar_query("SELECT count(*) FROM " + table)
        loads.append({"table": table, "rows": rows, "ms": (time.perf_counter() - start) * 1000})
    return loads


def run_hyper(args, kiln):
    data_dir = kiln["data_dir"]
    threads = str(args.threads)
    parameters = {"log_config": "", "hard_concurrent_query_thread_limit": threads, "soft_concurrent_query_thread_limit": threads}
    results = []
    with tempfile.TemporaryDirectory(prefix="kiln_hyper.") as directory, \
            HyperProcess(telemetry=Telemetry.DO_NOT_SEND_USAGE_DATA_TO_TABLEAU, parameters=parameters) as process, \
            Connection(process.endpoint, os.path.join(directory, "tpch.hyper"), CreateMode.CREATE_AND_REPLACE) as con:
        print("loading %s into Tableau Hyper %s" % (data_dir, hyper_version()), flush=True)
        loads = load(con, args.shared, data_dir)
        for query in kiln["settings"]["queries"]:
            with open(os.path.join(args.shared, "tpch", "queries", "q%02d.sql" % query)) as f:
                sql = f.read().strip().rstrip(";")
            entry = {"query": query, "median_ms": None, "min_ms": None, "max_ms": None, "rows": None}
            try:
                entry["rows"] = len(con.execute_list_query(sql))  # warm-up
                times = []
                for _ in range(args.runs):
                    start = time.perf_counter()
                    con.execute_list_query(sql)
                    times.append((time.perf_counter() - start) * 1000)
                entry.update(median_ms=statistics.median(times), min_ms=min(times), max_ms=max(times))
            except HyperException as error:
                entry["error"] = str(error).splitlines()[0]
            results.append(entry)
    ran = [q for q in results if "error" not in q]
    return {
        "benchmark": "tpch", "engine": "hyper", "engine_version": hyper_version(),
        "machine": kiln["machine"], "commit": kiln["commit"],
        "settings": dict(kiln["settings"], engine="hyper"), "sf_name": kiln.get("sf_name"), "data_dir": data_dir,
        "load": loads, "load_ms": sum(l["ms"] for l in loads),
        "total_ms": sum(q["median_ms"] for q in ran), "queries": results,
    }
