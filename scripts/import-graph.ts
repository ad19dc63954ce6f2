// The project's own import graph (runtime imports only; `import type` is erased), for the cycle check in
// import-cycles.test.ts. Imports are read with a regular expression: the code base writes them one way
// (`import … from "…"`, `export … from "…"`, `await import("…")`), which is enough to follow `@/` and relative paths.
import fs from "node:fs";
import path from "node:path";

const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolve(root: string, fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, "index" + e))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "generated" ? [] : listFiles(full);
    return EXTENSIONS.includes(path.extname(e.name)) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

export function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => listFiles(path.join(root, d)))) {
    const text = fs.readFileSync(file, "utf8");
    const deps: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      if (m[2]) continue; // import type / export type
      const target = resolve(root, file, m[3] ?? m[4]!);
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/**
 * Every import of a project file by a file under `dirs` (tests left out), type-only imports included: for rules about
 * which folder may know another at all. Paths are relative to root.
 */
export function projectImports(root: string, dirs: string[]): Array<{ from: string; to: string }> {
  const edges: Array<{ from: string; to: string }> = [];
  for (const file of dirs.flatMap((d) => listFiles(path.join(root, d)))) {
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolve(root, file, m[3] ?? m[4]!);
      if (target) edges.push({ from: path.relative(root, file), to: path.relative(root, target) });
    }
  }
  return edges;
}

/** Every cycle found by a depth-first walk, each as the list of files around it (relative to root). */
export function findCycles(graph: Map<string, string[]>, root: string): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === "open") cycles.push([...stack.slice(stack.indexOf(dep)), dep].map((f) => path.relative(root, f)));
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Every project file `entry` reaches through runtime imports, and every package (bare import) those files import. */
export function reachableFrom(root: string, entry: string): { files: string[]; packages: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const stack = [path.join(root, entry)];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (m[2]) continue;
      const spec = m[3] ?? m[4]!;
      const target = resolve(root, file, spec);
      if (target) stack.push(target);
      else if (!spec.startsWith(".") && !spec.startsWith("@/")) packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
    }
  }
  return { files: [...seen].map((f) => path.relative(root, f)).sort(), packages: [...packages].sort() };
}
