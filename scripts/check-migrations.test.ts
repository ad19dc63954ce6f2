import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkMigration, checkMigrationsDir } from "./check-migrations.mjs";

const EARLIER = ["20261201000000_add_display_name"];
const check = (sql: string) => checkMigration("20261215000000_next", sql, EARLIER);

describe("check-migrations", () => {
  it("passes every committed migration", () => {
    expect(checkMigrationsDir(path.join(import.meta.dirname, "..", "prisma", "migrations"))).toEqual([]);
  });

  it("allows what only expands, and drops that the previous release does not notice", () => {
    expect(check(`ALTER TABLE "drafts" ADD COLUMN "display_name" TEXT;`)).toEqual([]);
    expect(check(`CREATE TABLE "x" ("id" SERIAL PRIMARY KEY);\nCREATE INDEX "x_idx" ON "x" ("id");`)).toEqual([]);
    expect(check(`DROP INDEX "drafts_old_idx";\nALTER TABLE "drafts" DROP CONSTRAINT "drafts_old_check";`)).toEqual([]);
    expect(check(`ALTER INDEX "a_idx" RENAME TO "b_idx";`)).toEqual([]);
    expect(check(`ALTER TABLE "drafts" ALTER COLUMN "title" DROP DEFAULT;\nALTER TABLE "drafts" ALTER COLUMN "body" DROP NOT NULL;`)).toEqual([]);
    // Words in comments and strings are not statements.
    expect(check(`-- we never DROP COLUMN here\nCOMMENT ON TABLE "drafts" IS 'do not DROP TABLE';`)).toEqual([]);
  });

  it("refuses a drop or a rename in one step", () => {
    expect(check(`ALTER TABLE "drafts" DROP COLUMN "title";`)[0]).toMatch(/^20261215000000_next drops a column in one step/);
    expect(check(`ALTER TABLE "drafts" DROP "title";`)[0]).toMatch(/drops a column/);
    expect(check(`DROP TABLE "old_things";`)[0]).toMatch(/drops a table/);
    expect(check(`DROP TYPE "OldState";`)[0]).toMatch(/drops a type/);
    expect(check(`ALTER TABLE "drafts" RENAME COLUMN "title" TO "subject";`)[0]).toMatch(/renames a table or column/);
    expect(check(`ALTER TABLE "drafts" RENAME TO "messages";`)[0]).toMatch(/renames a table or column/);
    expect(check(`ALTER TYPE "DraftState" RENAME VALUE 'sent' TO 'posted';`)[0]).toMatch(/renames a type or an enum value/);
  });

  it("allows a declared contract step after an earlier migration, and only that", () => {
    const drop = `ALTER TABLE "drafts" DROP COLUMN "title";`;
    expect(check(`-- contract-after: 20261201000000_add_display_name\n${drop}`)).toEqual([]);
    expect(check(`-- contract-after: 20261230000000_not_there\n${drop}`)[0]).toMatch(/not an earlier migration/);
  });
});
