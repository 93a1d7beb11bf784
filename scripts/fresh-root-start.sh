#!/usr/bin/env bash
# The README's two commands on a fresh machine, as root: clones this
# repository (its committed HEAD) into a new mode-700 folder under $HOME
# (root's home is mode 700 on most servers and containers), runs `npm start`
# with no DATABASE_URL (so the embedded PostgreSQL starts), waits until
# GET /api/health answers 200, checks that a second `npm start` skips install
# and build, then stops it and removes what it made (the clone and the
# cluster it left under /var/lib/bakery).
#
# Run as root for the root case; as any other user it checks the same start.
# Usage: bash scripts/fresh-root-start.sh
#   FRESH_START_TIMEOUT  seconds to wait for each healthy start (default 1200)
#   KEEP_FRESH_CLONE=1   keep the clone and its log for a look afterwards
#   FRESH_START_REPORT   a file to write the outcome to, as the test reports
#                        of `npm test` are (test-results/summary/*.json)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
TIMEOUT="${FRESH_START_TIMEOUT:-1200}"

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

BASE="$(mktemp -d "${HOME:-/root}/bakery-fresh-start.XXXXXX")"
chmod 700 "$BASE"
CLONE="$BASE/bakery"
LOG="$BASE/npm-start.log"
PORT="$(free_port)"
PG_PORT="$(free_port)"
pid=""

stop_server() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  pid=""
}

cleanup() {
  local status=$?
  stop_server
  if [ -n "${FRESH_START_REPORT:-}" ]; then
    mkdir -p "$(dirname "$FRESH_START_REPORT")"
    local ok=$((status == 0 ? 1 : 0))
    echo "{\"numPassedTests\":$ok,\"numFailedTests\":$((1 - ok)),\"numPendingTests\":0}" >"$FRESH_START_REPORT"
  fi
  if [ "$status" -ne 0 ] && [ -f "$LOG" ]; then
    echo "---- last lines of the npm start log ($LOG) ----" >&2
    tail -n 40 "$LOG" >&2 || true
  fi
  if [ "${KEEP_FRESH_CLONE:-}" != 1 ]; then
    # The cluster root's start-up put under /var/lib/bakery for this clone's data folder.
    if [ "$(id -u)" = 0 ]; then
      hash="$(node -e 'const c=require("crypto");console.log(c.createHash("sha256").update(process.argv[1]).digest("hex").slice(0,16))' "$CLONE/.data/postgres")"
      rm -rf "/var/lib/bakery/$hash"
    fi
    rm -rf "$BASE"
  else
    echo "kept: $BASE" >&2
  fi
  exit "$status"
}
trap cleanup EXIT

echo "› home $HOME is mode $(stat -c %a "${HOME:-/root}"), clone folder $BASE is mode $(stat -c %a "$BASE"), user $(id -un)"
git clone --quiet --no-hardlinks "$REPO" "$CLONE"

start_and_wait() {
  local label="$1"
  local started
  started=$(date +%s)
  # Its own process group, so the whole tree (pnpm, node) can be stopped.
  (
    cd "$CLONE"
    exec setsid env -u DATABASE_URL -u TEST_DATABASE_URL -u NODE_ENV \
      PORT="$PORT" EMBEDDED_PG_PORT="$PG_PORT" CI="${CI:-true}" npm start
  ) >>"$LOG" 2>&1 &
  pid=$!
  local deadline=$((started + TIMEOUT))
  until curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/health" 2>/dev/null; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "✗ $label: npm start exited before /api/health answered" >&2
      return 1
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "✗ $label: /api/health did not answer 200 within ${TIMEOUT}s" >&2
      return 1
    fi
    sleep 2
  done
  echo "✓ $label: /api/health 200 after $(($(date +%s) - started)) s"
}

start_and_wait "first npm start (install, build, embedded PostgreSQL, migrations)"
grep -o '"cluster":"[^"]*"' "$LOG" | head -1 | sed 's/^/  embedded cluster: /' || true
grep -o '"startupMs":[0-9]*' "$LOG" | tail -1 | sed 's/^/  server /' || true
stop_server

start_and_wait "second npm start (nothing changed)"
if ! grep -q 'build skipped' "$LOG"; then
  echo "✗ the second npm start did not skip the build" >&2
  exit 1
fi
echo "✓ second start skipped install and build"
stop_server
# Restarts keep the data folder's session secret (mode 600).
mode="$(stat -c %a "$CLONE/.data/session-secret")"
[ "$mode" = 600 ] || { echo "✗ .data/session-secret has mode $mode, not 600" >&2; exit 1; }
echo "✓ session secret kept in .data/session-secret (mode 600)"
echo "1 passed, 0 failed"
