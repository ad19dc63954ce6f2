// Every route under app/api, as its URL pattern ("/api/projects/[id]"), found from the files themselves so a
// new route cannot escape the suites that must cover it.
import fs from "node:fs";
import path from "node:path";

export function listApiRoutes(root = process.cwd()): string[] {
  const base = path.join(root, "app", "api");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") out.push("/api/" + path.relative(base, dir).split(path.sep).join("/"));
    }
  };
  walk(base);
  return out.sort();
}
