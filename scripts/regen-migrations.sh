#!/usr/bin/env bash
# Regenerates the single initial migration from every module's schema.ts, then appends the
# hand-written SQL that drizzle-kit cannot express (extensions), kept in scripts/migration-extra.sql.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf server/db/migrations
npx drizzle-kit generate --name init >/dev/null
first=$(ls server/db/migrations/*.sql | head -n 1)
if [ -f scripts/migration-extra.sql ]; then
  { cat scripts/migration-extra.sql; printf '\n--> statement-breakpoint\n'; cat "$first"; } >"$first.tmp"
  mv "$first.tmp" "$first"
fi
echo "migration: $first"
