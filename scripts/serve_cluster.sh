#!/usr/bin/env bash
# A club on several servers: N replicas of the app on one shared PostgreSQL behind nginx.
#   scripts/serve_cluster.sh 2            # 2 replicas, nginx on http://127.0.0.1:8500
#   scripts/serve_cluster.sh 3 8600       # 3 replicas, nginx on port 8600
# nginx (Debian's, installed when missing) passes the WebSocket upgrade on /_stcore/stream and
# keeps each browser on one replica (session affinity: Streamlit keeps a session's state in the
# process that serves its WebSocket): a cookie it sets on the first answer, `cribbage_replica`,
# is hashed to choose the replica (`hash ... consistent`, so a replica added or gone moves only
# its share of the browsers). Client-IP hashing would send a whole classroom behind one school
# router to one replica. Every replica gets the same cookie secret. Each answer says which
# replica served it (`X-Replica`), for tests and for the curious.
# Without DATABASE_URL a throwaway PostgreSQL is started (scripts/with_postgres.sh).
# Runs in the foreground until stopped (Ctrl-C or SIGTERM), then stops everything it started.
# CLUSTER_DIR (optional) is where it keeps nginx's files, the logs, replicas.pids (the replicas'
# process ids) and database.url; default a new temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
REPLICAS=${1:-2}
PORT=${2:-8500}
[[ "$REPLICAS" =~ ^[1-9][0-9]?$ ]] || { echo "usage: $0 REPLICAS [PORT]  (1-99 replicas)" >&2; exit 2; }

if [ -z "${DATABASE_URL:-}" ]; then  # SQLite is for one process: the replicas share a PostgreSQL
    exec bash scripts/with_postgres.sh bash "$0" "$@"
fi
case "$DATABASE_URL" in
    postgresql*) ;;
    *) echo "DATABASE_URL must be a PostgreSQL URL: replicas cannot share SQLite" >&2; exit 2 ;;
esac

NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ ! -x "$NGINX" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq nginx-light >/dev/null
    NGINX=$(command -v nginx || echo /usr/sbin/nginx)
fi

DIR=${CLUSTER_DIR:-$(mktemp -d /tmp/tutor-cluster.XXXXXX)}
mkdir -p "$DIR"
PIDS=()
cleanup() {
    trap - EXIT INT TERM
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -f "$DIR/replicas.pids"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

# One secret for every replica: a browser's reconnect is accepted wherever it lands.
export STREAMLIT_SERVER_COOKIE_SECRET=${STREAMLIT_SERVER_COOKIE_SECRET:-$(python -c "import secrets; print(secrets.token_hex(32))")}
export STREAMLIT_BROWSER_GATHER_USAGE_STATS=false
printf '%s\n' "$DATABASE_URL" > "$DIR/database.url"

# the replicas' own ports: free ones, chosen now (PORT+1... might be taken)
read -r -a PORTS <<<"$(python - "$REPLICAS" <<'PY'
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
PY
)"
upstreams=""
for i in $(seq 1 "$REPLICAS"); do
    port=${PORTS[$((i - 1))]}
    python -m tutor.frame.warm run app.py --server.headless true --server.address 127.0.0.1 \
        --server.port "$port" --server.fileWatcherType none >"$DIR/replica-$i.log" 2>&1 &
    PIDS+=($!)
    upstreams+="        server 127.0.0.1:$port;"$'\n'
done

cat >"$DIR/nginx.conf" <<EOF
daemon off;
pid $DIR/nginx.pid;
error_log $DIR/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $DIR/body; proxy_temp_path $DIR/proxy;
    fastcgi_temp_path $DIR/fastcgi; uwsgi_temp_path $DIR/uwsgi; scgi_temp_path $DIR/scgi;
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    # session affinity: the browser's cribbage_replica cookie, or a new one for a first visit
    map \$cookie_cribbage_replica \$affinity { '' \$request_id; default \$cookie_cribbage_replica; }
    map \$cookie_cribbage_replica \$affinity_cookie {
        '' "cribbage_replica=\$request_id; Path=/; HttpOnly; SameSite=Lax";
        default '';
    }
    upstream cribbage_tutor {
        hash \$affinity consistent;
$upstreams    }
    server {
        listen 127.0.0.1:$PORT;
        include $PWD/deploy/security-headers.conf;
        add_header Set-Cookie \$affinity_cookie always;
        add_header X-Replica \$upstream_addr always;
        location / {
            proxy_pass http://cribbage_tutor;
            proxy_http_version 1.1;
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto \$scheme;
            proxy_set_header Upgrade \$http_upgrade;          # Streamlit's WebSocket, /_stcore/stream
            proxy_set_header Connection \$connection_upgrade;
            proxy_read_timeout 86400;
        }
    }
}
EOF

# every replica answers before nginx lets anyone in (they upgrade the schema under a lock)
for i in $(seq 1 "$REPLICAS"); do
    port=${PORTS[$((i - 1))]}
    for _ in $(seq 1 300); do
        curl -sf "http://127.0.0.1:$port/_stcore/health" >/dev/null 2>&1 && break
        kill -0 "${PIDS[$((i - 1))]}" 2>/dev/null || { echo "replica $i exited:" >&2; tail -20 "$DIR/replica-$i.log" >&2; exit 1; }
        sleep 0.2
    done
done
"$NGINX" -p "$DIR" -c "$DIR/nginx.conf" &
PIDS+=($!)
printf '%s\n' "${PIDS[@]:0:$REPLICAS}" > "$DIR/replicas.pids"
echo "$REPLICAS replicas (ports ${PORTS[*]}) behind nginx at http://127.0.0.1:$PORT (files in $DIR)" >&2
wait -n
echo "a process of the cluster exited; stopping" >&2
exit 1
