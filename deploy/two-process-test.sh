#!/usr/bin/env bash
# Two compiled API processes on one PostgreSQL behind Debian's nginx, on this
# machine, no Docker: a database of its own, the release step run once
# (db:deploy), two `node api/dist/main.js` (production mode, one
# SESSION_SECRET, TRUST_PROXY=1) and nginx in the foreground on an
# unprivileged port with its own temporary paths, round-robin between them.
# Then api/test/deploy/twoProcessCheck.ts signs up, signs in and places orders through the
# proxy, and checks that both processes answered and that a session made by
# one is honoured by the other. Everything it started is stopped and removed.
#
# Needs: a built API (pnpm --filter @bakery/api run build), nginx
# (apt-get install nginx), PostgreSQL at TEST_DATABASE_URL / DATABASE_URL or
# 127.0.0.1:5432. Usage: bash deploy/two-process-test.sh
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
NGINX="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
[ -x "$NGINX" ] || { echo "nginx not found: apt-get install -y nginx" >&2; exit 1; }
[ -f "$REPO/api/dist/main.js" ] || { echo "api/dist/main.js missing: pnpm --filter @bakery/api run build" >&2; exit 1; }
SERVER_URL="${TEST_DATABASE_URL:-${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}}"

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
sql() { (cd "$REPO/api" && node -e '
  const pg = require("pg"); const c = new pg.Client({ connectionString: process.argv[1] });
  c.connect().then(() => c.query(process.argv[2])).then(() => c.end(), (e) => { console.error(e.message); process.exit(1); });
' "$SERVER_URL" "$1"); }

WORK="$(mktemp -d /tmp/bakery-two-process.XXXXXX)"
DB="bakery_two_process_$(date +%s)_$$"
DB_URL="$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.toString())' "$SERVER_URL" "$DB")"
PORT_A="$(free_port)"; PORT_B="$(free_port)"; PROXY_PORT="$(free_port)"
pids=()

cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    for log in "$WORK"/*.log; do echo "---- $log" >&2; tail -n 20 "$log" >&2; done
  fi
  sql "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)" || true
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT

sql "CREATE DATABASE \"$DB\""
export NODE_ENV=production DATABASE_URL="$DB_URL" TRUST_PROXY=1 \
  SESSION_SECRET="$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')" \
  PUBLIC_URL="http://127.0.0.1:$PROXY_PORT" BAKERY_DATA_DIR="$WORK/data" \
  OWNER_EMAIL=owner@two-process.test OWNER_PASSWORD=owner-password-1 \
  SQUARE_ACCESS_TOKEN= SQUARE_LOCATION_ID= SMTP_URL= SMTP_HOST=

# The release step, once, before the processes start.
started=$(date +%s%N)
bash "$REPO/prisma/release.sh" deploy >"$WORK/release.log" 2>&1
echo "✓ release step (db:deploy) in $(( ($(date +%s%N) - started) / 1000000 )) ms"

for port in "$PORT_A" "$PORT_B"; do
  (cd "$REPO/api" && PORT="$port" exec node --enable-source-maps dist/main.js) >"$WORK/api-$port.log" 2>&1 &
  pids+=($!)
done

mkdir -p "$WORK/nginx"
cat >"$WORK/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx/client_body;
  proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi;
  uwsgi_temp_path $WORK/nginx/uwsgi;
  scgi_temp_path $WORK/nginx/scgi;
  upstream bakery_api {
    server 127.0.0.1:$PORT_A;
    server 127.0.0.1:$PORT_B;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:$PROXY_PORT;
    client_max_body_size 1m;
    location / {
      proxy_pass http://bakery_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # For the check only: which process answered.
      add_header X-Upstream \$upstream_addr always;
    }
  }
}
CONF
"$NGINX" -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" -e "$WORK/nginx/error.log" >"$WORK/nginx.log" 2>&1 &
pids+=($!)

for url in "http://127.0.0.1:$PORT_A" "http://127.0.0.1:$PORT_B" "http://127.0.0.1:$PROXY_PORT"; do
  for _ in $(seq 1 120); do curl -fsS -o /dev/null "$url/api/health" 2>/dev/null && break; sleep 0.5; done
  curl -fsS -o /dev/null "$url/api/health" || { echo "✗ $url/api/health does not answer" >&2; exit 1; }
done
echo "✓ two API processes (:$PORT_A, :$PORT_B) behind nginx (:$PROXY_PORT)"
grep -ho '"startupMs":[0-9]*' "$WORK"/api-*.log | sed 's/^/  start-up /' || true

(cd "$REPO/api" && node --import tsx test/deploy/twoProcessCheck.ts "http://127.0.0.1:$PROXY_PORT" "127.0.0.1:$PORT_A" "127.0.0.1:$PORT_B")
