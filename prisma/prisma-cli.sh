#!/usr/bin/env bash
# Runs the Prisma CLI offline. With the JavaScript engines the native engines
# are never run, but the CLI still looks for them at start: point it at any
# existing file so it does not try to download them (docs/architecture.md, "Prisma offline").
set -euo pipefail
cd "$(dirname "$0")"
export PRISMA_QUERY_ENGINE_LIBRARY="$PWD/schema.prisma"
export PRISMA_SCHEMA_ENGINE_BINARY="$PWD/schema.prisma"
export PRISMA_HIDE_UPDATE_MESSAGE=1
export CHECKPOINT_DISABLE=1
# generate needs no database, but the schema reads DATABASE_URL; migrate diff
# connects through the adapter to any reachable server (it changes nothing).
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
exec pnpm exec prisma "$@"
