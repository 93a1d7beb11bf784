#!/usr/bin/env bash
# npm start: install and build when something changed since the last time
# (a hash of the lockfile and package files, then of every source file, kept
# in node_modules/.bakery-stamps), run the release step (migrations and the
# seed) and serve the compiled API (api/dist/main.js, plain node) with the
# storefront and the back office on one port, in production mode unless
# NODE_ENV says otherwise. Without DATABASE_URL it runs an embedded PostgreSQL
# (as root: under /var/lib/bakery, see api/src/db/embedded.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-pnpm.sh

STAMPS=node_modules/.bakery-stamps
hash_of() { sha256sum | cut -c1-64; }

install_hash=$(cat pnpm-lock.yaml pnpm-workspace.yaml package.json */package.json .npmrc 2>/dev/null | hash_of)
if [ ! -d node_modules ] || [ "$(cat "$STAMPS/install" 2>/dev/null)" != "$install_hash" ]; then
  echo "› installing dependencies (pnpm install --frozen-lockfile)"
  env -u NODE_ENV pnpm install --frozen-lockfile
  mkdir -p "$STAMPS" && echo "$install_hash" >"$STAMPS/install"
else
  echo "› dependencies unchanged: install skipped"
fi

# Every file the build reads: path, size and modification time of the sources
# of each package (not their outputs), plus the install hash.
source_hash() {
  {
    echo "$install_hash"
    find core api storefront desktop prisma test-support tsconfig.base.json \
      \( -name node_modules -o -name dist -o -name dist-web -o -name out -o -name generated \
      -o -name release -o -name test-results -o -name playwright-report -o -name .data \) -prune \
      -o -type f -printf '%p %s %T@\n' 2>/dev/null | LC_ALL=C sort
  } | hash_of
}
build_hash=$(source_hash)
if [ "$(cat "$STAMPS/build" 2>/dev/null)" != "$build_hash" ] || [ ! -f api/dist/main.js ]; then
  echo "› building (pnpm run build)"
  started=$(date +%s)
  env -u NODE_ENV pnpm run build
  mkdir -p "$STAMPS" && echo "$build_hash" >"$STAMPS/build"
  echo "› built in $(($(date +%s) - started)) s"
else
  echo "› sources unchanged since the last build: build skipped"
fi

# Defaults unless the environment or .env says otherwise (the API reads .env).
from_dotenv() { [ -f .env ] && grep -qE "^$1=[^[:space:]]" .env; }
if [ -z "${NODE_ENV:-}" ] && ! from_dotenv NODE_ENV; then export NODE_ENV=production; fi
# A single machine runs the release step itself; several processes run
# `pnpm --filter @bakery/prisma run db:deploy` once instead (docs/deployment.md).
if [ -z "${MIGRATE_ON_START:-}" ] && ! from_dotenv MIGRATE_ON_START; then export MIGRATE_ON_START=1; fi
exec node --enable-source-maps api/dist/main.js
