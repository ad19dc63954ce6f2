// Every e2e spec takes `test` from e2e/fixtures/hydration.ts, whose fixture fails a test on a hydration error in any
// page it opens; a spec importing `test` from Playwright directly would silently skip that check.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const dir = path.resolve(import.meta.dirname, "../e2e");

test("every e2e spec imports test and expect from the hydration fixture", () => {
  const specs = fs.readdirSync(dir).filter((f) => f.endsWith(".spec.ts"));
  expect(specs.length).toBeGreaterThan(0);
  const offenders = specs.filter((f) => {
    const src = fs.readFileSync(path.join(dir, f), "utf8");
    const direct = /import\s*\{[^}]*\b(test|expect)\b[^}]*\}\s*from\s*"@playwright\/test"/.test(src.replace(/type\s+\w+/g, ""));
    return direct || !src.includes('from "./fixtures/hydration"');
  });
  expect(offenders).toEqual([]);
});
