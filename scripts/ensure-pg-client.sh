#!/usr/bin/env bash
# Backups (issue 27) run pg_dump and pg_restore, which neither Node nor the
# embedded-postgres package ships: installs Debian's postgresql-client when
# they are missing and we are allowed to (the backup/restore test needs them).
set -u
if command -v pg_dump >/dev/null && command -v pg_restore >/dev/null; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "› installing Debian's postgresql-client for the backup tests"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client >/dev/null) \
    || echo "could not install postgresql-client: the backup tests will skip" >&2
else
  echo "pg_dump not found: the backup tests will skip (install postgresql-client)" >&2
fi
