"""What the Python benchmarks share to drive kiln's shell on TPC-H data: where the .tbl files are,
and the script lines that create the schema and load them."""
import os
import sys

TABLES = ("customer", "lineitem", "nation", "orders", "part", "partsupp", "region", "supplier")


def tpch_data_dir(args, program):
    """<args.data>/sf<args.sf>, or args.data_dir; exits when it holds no data."""
    data_dir = args.data_dir or os.path.join(args.data, "sf" + args.sf)
    if not os.path.exists(os.path.join(data_dir, "lineitem.tbl")):
        sys.exit("%s: no data in %s (kiln-bench tpch --sf %s --data DIR --runs 1 generates it)" % (program, data_dir, args.sf))
    return data_dir


def load_script(shared, data_dir):
    """SQL that creates the TPC-H schema and COPYs every table from data_dir."""
    with open(os.path.join(shared, "tpch", "schema.sql")) as f:
        lines = [f.read()]
    for table in TABLES:
        lines.append("COPY %s FROM '%s' (FORMAT csv, DELIMITER '|');" % (table, os.path.join(data_dir, table + ".tbl")))
    return "\n".join(lines) + "\n"
