// Integration tier: fresh databases per run, migrated, dropped at the end - one per worker, because test files
// running side by side must not see each other's rows (the bad-input suite compares whole tables, for one).
import type { TestProject } from "vitest/node";
import { createFreshDatabase, stopEmbeddedTestServer, type FreshDatabase } from "./fresh-database";

export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.vitest.config.maxWorkers) || 1);
  const dbs: FreshDatabase[] = [];
  for (let i = 0; i < workers; i++) dbs.push(await createFreshDatabase("int"));
  project.provide("databaseUrls", dbs.map((db) => db.url));
  return async () => {
    for (const db of dbs) await db.drop();
    await stopEmbeddedTestServer();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrls: string[];
  }
}
