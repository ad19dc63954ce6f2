// Prisma CLI configuration. The CLI is used here only for `prisma generate`; migrations are applied by
// scripts/db-migrate.ts (see docs/database.md for why).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/outreach" },
});
