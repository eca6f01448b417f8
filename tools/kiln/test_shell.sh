#!/usr/bin/env bash
# End-to-end tests of the kiln shell, run non-interactively: exact stdout, stderr and exit status.
# Usage: test_shell.sh PATH/TO/kiln
set -u
kiln=${1:?usage: test_shell.sh PATH/TO/kiln}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect NAME STATUS COMMAND... <<'EOF' ... EOF
# Runs COMMAND with stdin from the file $input (default: empty) and compares its exit status and stdout
# with the here-document. Every line carries a trailing '$' so that trailing blanks are visible.
expect() {
   local name=$1 wantStatus=$2
   shift 2
   local want got status
   want=$(cat)
   "$@" <"${input:-/dev/null}" >"$tmp/out" 2>"$tmp/err"
   status=$?
   got=$(sed 's/$/$/' "$tmp/out")
   if [[ $status == "$wantStatus" && $got == "$want" ]]; then
      echo "ok: $name"
      return
   fi
   echo "FAIL: $name (exit status $status, expected $wantStatus)"
   diff <(echo "$want") <(echo "$got") | sed 's/^/   /'
   sed 's/^/   stderr: /' "$tmp/err"
   failures=$((failures + 1))
}

# expectStderr NAME <<'EOF' ... EOF: compares the stderr of the last `expect` (with '$' marks).
expectStderr() {
   local want got
   want=$(cat)
   got=$(sed 's/$/$/' "$tmp/err")
   if [[ $got == "$want" ]]; then
      echo "ok: $1"
      return
   fi
   echo "FAIL: $1"
   diff <(echo "$want") <(echo "$got") | sed 's/^/   /'
   failures=$((failures + 1))
}

create="CREATE TABLE t (a INTEGER, b TEXT, c DECIMAL(10,2))"
insert="INSERT INTO t VALUES (1, 'one', 1.5), (2, NULL, NULL), (3, 'say \"hi\", bye', -2.25), (4, '', 0)"
select="SELECT a, b, c FROM t ORDER BY a"

expect "table format with -c" 0 "$kiln" -c "$create" -c "$insert" -c "$select" <<'EOF'
CREATE TABLE$
INSERT 0 4$
 a |       b       |   c   $
---+---------------+-------$
 1 | one           |  1.50$
 2 |               |      $
 3 | say "hi", bye | -2.25$
 4 |               |  0.00$
(4 rows)$
$
EOF

expect "csv format: NULL empty, empty string quoted, no status tags" 0 "$kiln" --format csv -c "$create" -c "$insert" -c "$select" <<'EOF'
a,b,c$
1,one,1.50$
2,,$
3,"say ""hi"", bye",-2.25$
4,"",0.00$
EOF

expect "json format" 0 "$kiln" --format=json -c "$create; $insert; $select" <<'EOF'
[{"a":1,"b":"one","c":1.50},$
{"a":2,"b":null,"c":null},$
{"a":3,"b":"say \"hi\", bye","c":-2.25},$
{"a":4,"b":"","c":0.00}]$
EOF

expect "json format, no rows" 0 "$kiln" --format json -c "$create" -c "SELECT a, b, c FROM t" <<'EOF'
[]$
EOF

cat >"$tmp/script.sql" <<EOF
-- a comment before the first statement
$create;
$insert;
SELECT a, b
  FROM t
 ORDER BY a;
EOF
expect "-f with a multi-line statement" 0 "$kiln" -f "$tmp/script.sql" <<'EOF'
CREATE TABLE$
INSERT 0 4$
 a |       b       $
---+---------------$
 1 | one$
 2 | $
 3 | say "hi", bye$
 4 | $
(4 rows)$
$
EOF

expect "-c and -f run in order; a last statement may lack its ';'" 0 "$kiln" --format csv -f "$tmp/script.sql" -c "SELECT c FROM t WHERE a = 3" <<'EOF'
a,b$
1,one$
2,$
3,"say ""hi"", bye"$
4,""$
c$
-2.25$
EOF

printf '%s;\n%s;\n\\d t\n' "$create" "$insert" >"$tmp/describe.sql"
input=$tmp/describe.sql expect "\\d TABLE through stdin" 0 "$kiln" <<'EOF'
CREATE TABLE$
INSERT 0 4$
             Table "t"$
 Column |     Type      | Nullable $
--------+---------------+----------$
 a      | integer       | $
 b      | text          | $
 c      | numeric(10,2) | $
$
EOF

printf '%s;\n\\d\n' "$create" >"$tmp/list.sql"
input=$tmp/list.sql expect "\\d through stdin" 0 "$kiln" <<'EOF'
CREATE TABLE$
    List of tables$
 Name | Columns | Rows $
------+---------+------$
 t    |       3 |    0$
(1 row)$
$
EOF

printf '%s;\n%s;\n%s;\n' "$create" "$insert" "$select" >"$tmp/select.sql"
input=$tmp/select.sql expect "stdin piping with --format csv" 0 "$kiln" --format csv <<'EOF'
a,b,c$
1,one,1.50$
2,,$
3,"say ""hi"", bye",-2.25$
4,"",0.00$
EOF

expect "division by zero stops the script with status 1" 1 "$kiln" -c "SELECT 1/0" -c "SELECT 2" <<'EOF'
EOF
expectStderr "division by zero message" <<'EOF'
ERROR:  division by zero$
EOF

printf 'SELECT 1/0;\nSELECT 2;\n' >"$tmp/error.sql"
input=$tmp/error.sql expect "an error in piped stdin stops it with status 1" 1 "$kiln" <<'EOF'
EOF
expectStderr "piped error message" <<'EOF'
ERROR:  division by zero$
EOF

printf '%s;\n\\q\nSELECT 1/0;\n' "$create" >"$tmp/quit.sql"
input=$tmp/quit.sql expect "\\q ends a script successfully" 0 "$kiln" <<'EOF'
CREATE TABLE$
EOF

expect "an unknown backslash command fails" 1 "$kiln" -c '\nosuch' -c "$create" <<'EOF'
EOF
expectStderr "unknown backslash command message" <<'EOF'
invalid command \nosuch$
Try \? for help.$
EOF

expect "a missing file fails" 1 "$kiln" -f "$tmp/does-not-exist.sql" <<'EOF'
EOF

expect "an unknown option fails" 1 "$kiln" --bogus <<'EOF'
EOF

expect "--version" 0 bash -c '"$1" --version | grep -c "^kiln "' _ "$kiln" <<'EOF'
1$
EOF

printf '%s;\n%s;\n' "$create" "$insert" >"$tmp/setup.sql"
expect "\\i runs a file's statements; \\copy writes and reads files named without quotes" 0 "$kiln" -c "\\i $tmp/setup.sql" \
   -c "\\copy t (a, b) TO $tmp/t.csv (FORMAT csv, HEADER)" -c "\\copy (SELECT a, c FROM t WHERE a < 3) TO STDOUT" \
   -c "CREATE TABLE u (a INTEGER, b TEXT)" -c "\\copy u FROM '$tmp/t.csv' (FORMAT csv, HEADER)" -c "SELECT count(*), count(b) FROM u" <<'EOF'
CREATE TABLE$
INSERT 0 4$
COPY 4$
1	1.50$
2	\N$
CREATE TABLE$
COPY 4$
 count | count $
-------+-------$
     4 |     3$
(1 row)$
$
EOF

expect "\\i of a missing file fails" 1 "$kiln" -c "\\i $tmp/missing.sql" <<'EOF'
EOF

printf '%s\n' "CREATE TABLE r (a INTEGER, b TEXT);" "COPY r FROM STDIN;" "1	one" "2	\\N" '\.' "\\copy r (a) FROM stdin" "3" '\.' \
   "SELECT a, b FROM r ORDER BY a;" >"$tmp/rows.sql"
expect "COPY FROM STDIN and \\copy FROM stdin read the rows that follow, up to \\." 0 "$kiln" -f "$tmp/rows.sql" <<'EOF'
CREATE TABLE$
COPY 2$
COPY 1$
 a |  b  $
---+-----$
 1 | one$
 2 | $
 3 | $
(3 rows)$
$
EOF

printf '%s\n' "7,seven" "8,\"eight, or so\"" >"$tmp/rows.csv"
input=$tmp/rows.csv expect "-c COPY FROM STDIN reads the rows from stdin" 0 "$kiln" -c "CREATE TABLE r (a INTEGER, b TEXT)" \
   -c "COPY r FROM STDIN (FORMAT csv)" -c "SELECT b FROM r ORDER BY a" <<'EOF'
CREATE TABLE$
COPY 2$
      b       $
--------------$
 seven$
 eight, or so$
(2 rows)$
$
EOF

if ((failures > 0)); then
   echo "$failures shell test(s) failed"
   exit 1
fi
echo "all shell tests passed"
