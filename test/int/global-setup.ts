// Integration tier: one fresh database per run, migrated, dropped at the end.
import type { TestProject } from "vitest/node";
import { createFreshDatabase, stopEmbeddedTestServer } from "./fresh-database";

export default async function setup(project: TestProject) {
  const db = await createFreshDatabase("int");
  project.provide("databaseUrl", db.url);
  return async () => {
    await db.drop();
    await stopEmbeddedTestServer();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
