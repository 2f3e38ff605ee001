#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a free local port, for CI and benchmarks.
#   eval "$(scripts/pg-temp.sh start)"   → exports PG_TEMP_DIR, PG_TEMP_URL
#   scripts/pg-temp.sh stop "$PG_TEMP_DIR"
# Needs Debian's postgresql package and root (the cluster runs as the postgres user).
set -euo pipefail
case "${1:-}" in
  start)
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [ -n "$PGBIN" ] || { echo "echo 'PostgreSQL is not installed (apt-get install -y postgresql)' >&2; exit 1"; exit 1; }
    PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    DIR=$(mktemp -d /tmp/parley-pg.XXXXXX)
    chown postgres:postgres "$DIR"
    su postgres -c "$PGBIN/initdb -D $DIR/data -U postgres -A trust -E UTF8 --locale=C.UTF-8" >/dev/null
    su postgres -c "$PGBIN/pg_ctl -D $DIR/data -l $DIR/log -w -o '-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200 -c fsync=off -c shared_buffers=256MB' start" >/dev/null
    psql -h 127.0.0.1 -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -q -c "create role parley login superuser password 'parley'" -c "create database parley owner parley" >/dev/null
    echo "export PG_TEMP_DIR=$DIR PG_TEMP_BIN=$PGBIN PG_TEMP_URL=postgres://parley:parley@127.0.0.1:$PORT/parley"
    ;;
  stop)
    DIR=${2:?directory}
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    su postgres -c "$PGBIN/pg_ctl -D $DIR/data -m fast -w stop" >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
