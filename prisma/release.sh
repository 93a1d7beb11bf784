#!/usr/bin/env bash
# The release step as commands (package.json: db:deploy, db:seed, db:reset),
# run once before the API processes start. The runner is the API's own
# (api/src/release.ts): the compiled api/dist/release.js when it is built,
# else the sources through tsx. The database is DATABASE_URL, or the embedded
# PostgreSQL under BAKERY_DATA_DIR (as `npm start` uses it).
#   deploy        apply pending migrations, then the seed
#   seed          the owner account (and the starter recipes on an empty kitchen)
#   reset --yes   drop every table, then deploy (refused with NODE_ENV=production)
#   backup        a backup now into BACKUP_DIR (docs/deployment.md#backups)
#   restore FILE [--force]  a backup into an empty database, then deploy's migrations
set -euo pipefail
cd "$(dirname "$0")/../api"
if [ -f dist/release.js ] && [ "${BAKERY_RELEASE_FROM_SOURCE:-}" != 1 ]; then
  exec node --enable-source-maps dist/release.js "$@"
fi
exec node --import tsx src/releaseCli.ts "$@"
