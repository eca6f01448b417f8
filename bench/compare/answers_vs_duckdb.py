#!/usr/bin/env python3
"""kiln's answers to the 22 TPC-H queries against DuckDB's, on the same data, row by row: the
differential check for scale factors without reference answers (SF 1, SF 10).

usage: .venv/bin/python bench/compare/answers_vs_duckdb.py [--sf N] [--threads 1,2] [--queries 1,6,...]
           [--data DIR | --data-dir DIR] [--kiln PATH]

Loads <data>/sf<N>/*.tbl (as `kiln-bench tpch --data DIR` leaves them; run it first to generate
them) into kiln's shell, runs each query once per --threads value (SET threads), and into an
in-memory DuckDB. Rows are compared in order; numbers within 1e-9 relative or 0.005 absolute (kiln's
AVG of a DECIMAL is exact NUMERIC, DuckDB's a double), text without trailing blanks. Exit status 1
when any answer differs.
"""
import argparse
import csv
import io
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from duckdb_compare import REPO, duckdb, load_duckdb  # noqa: E402
from tpch_shell_script import load_script, tpch_data_dir  # noqa: E402

MARKER = "kiln-answers-marker"


def kiln_answers(args, data_dir, queries, threads):
    """{(threads, query): [row, ...]} with every value as kiln's CSV text."""
    script = io.StringIO()
    script.write(load_script(args.shared, data_dir))
    for t in threads:
        script.write("SET threads = %d;\n" % t)
        for q in queries:
            with open(os.path.join(args.shared, "tpch", "queries", "q%02d.sql" % q)) as f:
                sql = f.read().strip().rstrip(";")
            script.write("SELECT '%s %d %d' AS marker;\n%s;\n" % (MARKER, t, q, sql))
    output = subprocess.run([args.kiln, "--format", "csv"], input=script.getvalue(), capture_output=True, text=True)
    if output.returncode != 0:
        sys.exit("answers_vs_duckdb.py: kiln failed: " + output.stderr.strip())
    answers, key, rows = {}, None, None
    for line in output.stdout.splitlines():
        if line.startswith(MARKER):
            _, t, q = line.split()
            key, rows = (int(t), int(q)), []
            answers[key] = rows
        elif rows is not None and line != "marker":  # the marker query's own header ends each answer
            rows.append(line)
    # Each answer's first line is its CSV header.
    return {key: [row for row in csv.reader(lines[1:])] for key, lines in answers.items()}


def same_value(kiln_text, duck):
    if duck is None:
        return kiln_text == ""
    if isinstance(duck, (int, float)) or type(duck).__name__ == "Decimal":
        try:
            a, b = float(kiln_text), float(duck)
        except ValueError:
            return False
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=0.005)
    return kiln_text.rstrip() == str(duck).rstrip()


def differs(kiln_rows, duck_rows):
    """A description of the first difference, or None."""
    if len(kiln_rows) != len(duck_rows):
        return "%d rows, DuckDB %d" % (len(kiln_rows), len(duck_rows))
    for i, (k, d) in enumerate(zip(kiln_rows, duck_rows)):
        if len(k) != len(d) or not all(same_value(a, b) for a, b in zip(k, d)):
            return "row %d: %s, DuckDB %s" % (i + 1, k, list(d))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sf", default="1")
    parser.add_argument("--threads", default="1,%d" % len(os.sched_getaffinity(0)))
    parser.add_argument("--queries", default=",".join(str(q) for q in range(1, 23)))
    parser.add_argument("--data", default=os.path.join(REPO, "build", "tpch-data"), help="data cache root (DIR/sf<N>), as kiln-bench --data")
    parser.add_argument("--data-dir", help="the .tbl files are here")
    parser.add_argument("--kiln", default=os.path.join(REPO, "build", "bin", "kiln"))
    parser.add_argument("--shared", default=os.path.normpath(os.path.join(REPO, "..", "shared")))
    args = parser.parse_args()
    data_dir = tpch_data_dir(args, "answers_vs_duckdb.py")
    queries = [int(q) for q in args.queries.split(",")]
    threads = [int(t) for t in args.threads.split(",")]
    print("loading %s into kiln, running %d queries with threads %s" % (data_dir, len(queries), args.threads), flush=True)
    kiln = kiln_answers(args, data_dir, queries, threads)
    print("loading %s into DuckDB %s" % (data_dir, duckdb.__version__), flush=True)
    con = duckdb.connect()
    load_duckdb(con, args.shared, data_dir)
    wrong = 0
    for q in queries:
        with open(os.path.join(args.shared, "tpch", "queries", "q%02d.sql" % q)) as f:
            duck = con.execute(f.read()).fetchall()
        for t in threads:
            difference = differs(kiln.get((t, q), []), duck)
            wrong += difference is not None
            print("Q%02d threads %d: %s" % (q, t, "same %d rows" % len(duck) if difference is None else "DIFFERENT: " + difference))
    print("%d of %d answers differ" % (wrong, len(queries) * len(threads)))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
