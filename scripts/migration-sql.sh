#!/usr/bin/env bash
# Writes the SQL for a new migration: the difference between the schema at HEAD and the working tree.
#   bash scripts/migration-sql.sh add_something
# The Prisma 7 CLI needs a native schema engine that cannot be downloaded everywhere, so the SQL is produced
# with the wasm engine of the Prisma 6 CLI in a scratch folder (nothing is added to this project), then
# reviewed and committed. The wasm engine connects to a PostgreSQL server (DIFF_DATABASE_URL, default the local
# one) but only reads its version; the diff itself is between the two schema files. scripts/db-migrate.ts applies it. See docs/database.md.
set -euo pipefail
name=${1:?usage: migration-sql.sh <name>}
root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null
npm i --silent --ignore-scripts prisma@6.19.3 @prisma/adapter-pg@6.19.3 pg >/dev/null
with_url() { sed 's#provider = "postgresql"#provider = "postgresql"\n  url = env("DATABASE_URL")#' "$1"; }
git -C "$root" show HEAD:prisma/schema.prisma | with_url /dev/stdin > from.prisma
with_url "$root/prisma/schema.prisma" > to.prisma
cat > prisma.config.ts <<'CFG'
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "to.prisma",
  adapter: async () => new PrismaPg({ connectionString: process.env.DIFF_DATABASE_URL }),
});
CFG
dir="$root/prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
DIFF_DATABASE_URL=${DIFF_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres} \
  DATABASE_URL=postgresql://unused PRISMA_SCHEMA_ENGINE_BINARY=/bin/true PRISMA_QUERY_ENGINE_LIBRARY=/bin/true \
  CHECKPOINT_DISABLE=1 npx prisma migrate diff --from-schema-datamodel from.prisma --to-schema-datamodel to.prisma \
  --script > "$dir/migration.sql"
echo "wrote $dir/migration.sql"
