#!/usr/bin/env bash
# Writes the migration that takes the last committed schema to the working
# one: prisma/migrations/<timestamp>_<name>/migration.sql. A pure schema diff,
# no database needed (docs/architecture.md, "Prisma offline"). Usage: bash prisma/new-migration.sh add_x
set -euo pipefail
cd "$(dirname "$0")"
name="${1:?usage: new-migration.sh <name>}"
dir="migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
previous="$(mktemp --suffix=.prisma)"
if git show HEAD:prisma/schema.prisma >"$previous" 2>/dev/null && compgen -G "migrations/*/migration.sql" >/dev/null; then
  from=(--from-schema-datamodel "$previous")
else
  from=(--from-empty)
fi
mkdir -p "$dir"
bash ./prisma-cli.sh migrate diff "${from[@]}" --to-schema-datamodel schema.prisma --script >"$dir/migration.sql"
rm -f "$previous"
echo "wrote $dir/migration.sql"
