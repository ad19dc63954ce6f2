// The routes an API key may call (docs/public-api.md): those behind withOrg that do not say `apiKeys: false`. Read
// from the route files themselves, like listApiRoutes, so a new route is classified the moment it exists.
import fs from "node:fs";
import path from "node:path";
import { listApiRoutes } from "./route-files";

export function isApiKeyRoute(route: string, root = process.cwd()): boolean {
  const file = path.join(root, "app", ...route.split("/").slice(1), "route.ts");
  const source = fs.readFileSync(file, "utf8");
  return source.includes("withOrg(") && !source.includes("apiKeys: false");
}

export function listApiKeyRoutes(root = process.cwd()): string[] {
  return listApiRoutes(root).filter((r) => isApiKeyRoute(r, root));
}
