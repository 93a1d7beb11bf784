#!/usr/bin/env bash
# npm start: install, build, then serve everything on one port. The API
# applies migrations and seeds on start-up, on an embedded PostgreSQL when no
# DATABASE_URL is given.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-pnpm.sh
pnpm install --frozen-lockfile
pnpm run build
exec pnpm --filter @bakery/api start
