// For a test file that needs a database of its own (no users yet, an organization not made yet, connections it may
// end): made before the file's tests, the app's connections and the default organization's memo moved to it, and
// everything put back and dropped after.
import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/lib/db/client";
import { forgetDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { createFreshDatabase, type FreshDatabase } from "./fresh-database";
import { setEnv } from "./org-fixtures";

/** Registers the hooks; the returned function gives the database once the file's tests run. */
export function useOwnDatabase(label: string, env: Record<string, string> = {}): () => FreshDatabase {
  let fresh: FreshDatabase | undefined;
  let restoreEnv = () => {};
  beforeAll(async () => {
    fresh = await createFreshDatabase(label);
    restoreEnv = setEnv({ DATABASE_URL: fresh.url, ...env });
    await closeDb();
    forgetDefaultOrganization();
  });
  afterAll(async () => {
    await closeDb();
    restoreEnv();
    forgetDefaultOrganization();
    await fresh?.drop();
  });
  return () => {
    if (!fresh) throw new Error("the database is made in beforeAll");
    return fresh;
  };
}
