#!/usr/bin/env bash
# Run a command with DATABASE_URL pointing at a throwaway PostgreSQL (Debian's packages).
#   scripts/with_postgres.sh                      # the store tests, on SQLite and PostgreSQL
#   scripts/with_postgres.sh python -m pytest     # anything else
#   STORE_TESTS_SQLITE=0 scripts/with_postgres.sh # the store tests on PostgreSQL only (.ci/run)
# The cluster lives in a temporary folder, listens only on a Unix socket there, and is
# stopped and deleted on exit. Installs postgresql (apt) and psycopg (pip) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
fi
python -c "import psycopg" 2>/dev/null || python -m pip install -q "psycopg[binary]>=3.2"

PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
WORK=$(mktemp -d /tmp/tutor-pg.XXXXXX)
PORT=${PGPORT_FOR_TESTS:-54329}
as_pg() {  # PostgreSQL refuses to run as root
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$WORK"
cleanup() {
    as_pg "$PGBIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 143' INT TERM  # stopped from outside (e.g. scripts/serve_cluster.sh): clean up too

as_pg "$PGBIN/initdb" -D "$WORK/data" -A trust -U postgres >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/log" -w \
    -o "-k $WORK -p $PORT -c listen_addresses='' -c fsync=off" start >/dev/null
as_pg "$PGBIN/psql" -q -h "$WORK" -p "$PORT" -U postgres -c "CREATE DATABASE tutor_test" >/dev/null

export DATABASE_URL="postgresql+psycopg://postgres@/tutor_test?host=$WORK&port=$PORT"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2
if [ $# -eq 0 ]; then
    set -- python -m pytest -q tests/tutor/store/test_store.py tests/tutor/store/test_ownership_store.py tests/pages/test_progress_page.py \
        tests/tutor/store/test_reviews.py tests/tutor/store/test_stuck_database.py tests/tutor/store/test_classes.py \
        tests/tutor/store/test_class_tasks.py tests/tutor/store/test_login_cards.py \
        tests/tutor/store/test_signed_in_teachers.py \
        tests/tutor/store/test_friend_games.py tests/tutor/store/test_friend_four.py
fi
"$@"
