#!/usr/bin/env bash
# A plain-format dump made by PostgreSQL 15's pg_dump --no-owner (dump.sql: its \restrict, SET
# and set_config prologue, CREATE TABLE and SEQUENCE, COPY ... FROM stdin, setval, constraints
# added by ALTER TABLE ONLY, an index) restores into kiln with `kiln DIR -f dump.sql`; the queries
# in checks.sql then answer as PostgreSQL answered them on the dumped database (expected.csv,
# from `psql --csv -f checks.sql`).
# Usage: restore_test.sh PATH/TO/kiln
set -eu
kiln=${1:?usage: restore_test.sh PATH/TO/kiln}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$kiln" "$tmp/db" -f "$here/dump.sql" >"$tmp/restore.out"
"$kiln" "$tmp/db" --format csv -f "$here/checks.sql" >"$tmp/got.csv"
diff "$here/expected.csv" "$tmp/got.csv"
echo "ok: the dump restores and answers as in PostgreSQL"
