#!/usr/bin/env bash
# Runs a command beside a private PostgreSQL 15 server: initdb into DIR (a fresh cluster each
# time), a server listening only on a Unix socket in DIR, the command run with PGHOST, PGPORT,
# PGUSER and PGDATABASE pointing at it, and the server stopped when the command ends, fails or
# is interrupted. PostgreSQL refuses to run as root, so as root the server runs as `postgres`.
# Usage: with_postgres.sh DIR COMMAND [ARGS...]
set -euo pipefail
dir=${1:?usage: with_postgres.sh DIR COMMAND [ARGS...]}
shift
(($# > 0)) || { echo "usage: with_postgres.sh DIR COMMAND [ARGS...]" >&2; exit 2; }
pg_bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
[[ -x "$pg_bin/initdb" ]] || { echo "with_postgres: no PostgreSQL 15 in $pg_bin (scripts/setup installs postgresql-15)" >&2; exit 2; }

as_postgres=()
if [[ "$(id -u)" -eq 0 ]]; then
  as_postgres=(runuser -u postgres --)
fi

# A server left running by a run that was killed (SIGKILL skips the trap below) goes first.
if [[ -f "$dir/data/postmaster.pid" ]]; then
  "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
fi

prepare() {
  rm -rf "$1"
  mkdir -p "$1/data" "$1/socket"
  if ((${#as_postgres[@]} > 0)); then chown -R postgres: "$1"; fi
}
# The postgres user must be able to reach DIR (not so under /root, say), and a socket path has at
# most 107 bytes: otherwise the cluster goes into a temporary directory instead.
prepare "$dir"
dir=$(cd "$dir" && pwd)
if ! "${as_postgres[@]}" test -w "$dir/socket" || ((${#dir} > 80)); then
  fallback=$(mktemp -d /tmp/kiln-pg.XXXXXX)
  echo "with_postgres: $dir is not usable for the server; using $fallback" >&2
  rm -rf "$dir"
  dir=$fallback
  prepare "$dir"
fi

"${as_postgres[@]}" "$pg_bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync \
  >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$dir/socket'
port = 5432
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 10
shared_buffers = 32MB
timezone = 'UTC'
datestyle = 'ISO, MDY'
intervalstyle = 'postgres'
extra_float_digits = 1
lc_messages = 'C'
CONF

stop_server() {
  "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
"${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }

PGHOST="$dir/socket" PGPORT=5432 PGUSER=postgres PGDATABASE=postgres "$@"
