#!/usr/bin/env bash
# npm test: every test of every package, the browser tests in Chromium included.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-pnpm.sh
bash scripts/ensure-chromium.sh
pnpm install --frozen-lockfile
pnpm run build
rm -rf test-results/summary && mkdir -p test-results/summary
status=0
# Static checks first: one config for every package (they take about a minute).
pnpm run lint || { echo "lint failed" >&2; status=1; }
pnpm run typecheck || { echo "typecheck failed" >&2; status=1; }
pnpm -r --workspace-concurrency=1 run test || status=1
pnpm -r --workspace-concurrency=1 run e2e || status=1
node scripts/test-summary.mjs || status=1
exit $status
