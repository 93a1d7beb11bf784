#!/usr/bin/env bash
# npm test: every test of every package, the browser tests in Chromium included.
# Installs and builds first, then runs the groups (check: format, lint and
# types; unit; api; the two browser suites) side by side
# (scripts/run-tests.mjs), and ends with one line adding up every report.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-pnpm.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-pg-client.sh
pnpm install --frozen-lockfile
pnpm run build
rm -rf test-results/summary test-results/logs && mkdir -p test-results/summary
status=0
node scripts/run-tests.mjs "$@" || status=1
node scripts/test-summary.mjs || status=1
exit $status
