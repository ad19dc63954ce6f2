import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { headingSlug } from "@/app/_components/heading-slug";
import { readOperatorManual, rewriteManualLinks } from "./read-operator-manual";

const docs = fs.mkdtempSync(path.join(os.tmpdir(), "manual-"));
fs.writeFileSync(path.join(docs, "deploying.md"), "# Deploying\n\nSee [jobs.md](jobs.md) and [the rescuer](jobs.md#run-leases).\n");
// A document beside the folder, which no name may reach.
const outside = path.join(path.dirname(docs), "outside.md");
fs.writeFileSync(outside, "# Outside\n");
afterAll(() => {
  fs.rmSync(docs, { recursive: true, force: true });
  fs.rmSync(outside, { force: true });
});

describe("readOperatorManual", () => {
  it("reads a document of the docs folder with its title, its sibling links made manual pages", async () => {
    const page = await readOperatorManual("deploying", docs);
    expect(page?.title).toBe("Deploying");
    expect(page?.markdown).toContain("[jobs.md](/operator/manual?doc=jobs)");
    expect(page?.markdown).toContain("[the rescuer](/operator/manual?doc=jobs#run-leases)");
  });

  it("knows nothing outside the folder, nor a name that is not a document's", async () => {
    for (const name of ["../outside", "..%2Foutside", "/etc/passwd", "Deploying", "", "deploying.md", "a".repeat(61), "nope"]) {
      expect(await readOperatorManual(name, docs), name).toBeNull();
    }
  });
});

describe("rewriteManualLinks", () => {
  it("keeps web and in-page links, and shows links to other files of the checkout as their path", () => {
    expect(rewriteManualLinks("[site](https://example.com/a.md) [here](#faults)")).toBe("[site](https://example.com/a.md) [here](#faults)");
    expect(rewriteManualLinks("the [drill](../deploy/fleet/faults.spec.ts)")).toBe("the drill (`../deploy/fleet/faults.spec.ts`)");
    expect(rewriteManualLinks("[`lib/x.ts`](lib/x.ts)")).toBe("`lib/x.ts`");
  });
});

describe("headingSlug", () => {
  it("spells anchors as the manual's own links do", () => {
    expect(headingSlug("A PostgreSQL of your own (DATABASE_URL)")).toBe("a-postgresql-of-your-own-database_url");
    expect(headingSlug("Stopping and restarting")).toBe("stopping-and-restarting");
  });
});
