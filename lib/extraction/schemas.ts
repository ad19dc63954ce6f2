import { z } from "zod";

/** One project_extract_read call answers at most this much; the agent pages on with nextOffset. */
export const MAX_READ_BYTES = 64 * 1024;
/** project_extract_files: default and largest number of paths in one answer. */
export const DEFAULT_LIST_LIMIT = 500;
export const MAX_LIST_LIMIT = 2000;
/** Entries looked at in one listing before it stops and says `truncated` (a huge tree must not stall a tool call). */
export const LIST_VISIT_BUDGET = 50_000;
/** project.description's own limit (lib/projects/schemas.ts). */
export const MAX_DESCRIPTION_CHARS = 20_000;

/**
 * Folders that hold dependencies, build output, caches or version-control internals: never listed or read. What
 * describes a project is its own sources and docs, and these folders can be enormous.
 */
export const SKIPPED_DIRS = new Set([
  ".git", ".hg", ".svn", ".bzr", "node_modules", "bower_components", "jspm_packages", "vendor", ".pnpm-store", ".yarn",
  "dist", "build", "out", ".next", ".nuxt", ".svelte-kit", ".output", ".turbo", ".vercel", ".parcel-cache", ".cache",
  "coverage", ".nyc_output", "target", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache", ".pytest_cache",
  ".ruff_cache", ".gradle", ".idea", "Pods", "DerivedData", ".terraform", ".dart_tool", "elm-stuff", "_build", "deps",
]);

/** Extensions of files that are not text; the content check catches the rest. */
export const BINARY_EXTENSIONS = new Set([
  "png", "jpg", "jpeg", "gif", "bmp", "ico", "icns", "webp", "avif", "tif", "tiff", "psd", "heic",
  "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "key", "numbers", "pages",
  "zip", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar", "tar", "jar", "war", "ear", "whl", "egg", "nupkg", "deb", "rpm", "dmg", "iso", "apk", "ipa",
  "exe", "dll", "so", "dylib", "a", "lib", "o", "obj", "class", "pyc", "pyo", "wasm", "bin", "dat", "node",
  "woff", "woff2", "ttf", "otf", "eot", "mp3", "mp4", "m4a", "wav", "ogg", "flac", "mov", "avi", "mkv", "webm",
  "sqlite", "sqlite3", "db", "parquet", "pkl", "npy", "npz", "onnx", "pt", "ckpt", "safetensors",
]);

/**
 * Files that usually hold secrets: never listed or read, because what the agent reads goes to its model provider.
 * Examples of configuration (.env.example) are fine.
 */
export function isSecretFile(name: string): boolean {
  const n = name.toLowerCase();
  if (n === ".env" || (n.startsWith(".env.") && !/\.(example|sample|template|dist)$/.test(n))) return true;
  if ([".npmrc", ".pypirc", ".netrc", ".pgpass", ".htpasswd", "credentials.json", "secrets.json", ".git-credentials"].includes(n)) return true;
  if (/^id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/.test(n)) return true;
  return /\.(pem|p12|pfx|jks|keystore|asc|gpg)$/.test(n);
}

export function hasBinaryExtension(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot > 0 && BINARY_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

export const ZRequestExtractionBody = z.object({}).strict();

export const ZExtractFilesInput = {
  dir: z.string().max(1000).optional().describe("Folder to list, relative to the source folder (default: the whole source folder)"),
  limit: z.number().int().min(1).max(MAX_LIST_LIMIT).optional().describe(`How many paths at most (default ${DEFAULT_LIST_LIMIT})`),
};

export const ZExtractReadInput = {
  path: z.string().min(1).max(1000).describe("File path relative to the source folder, as project_extract_files lists it"),
  offset: z.number().int().min(0).optional().describe("Byte offset to start at (the nextOffset of the previous read)"),
  maxBytes: z.number().int().min(1).max(MAX_READ_BYTES).optional().describe(`At most this many bytes (default and cap ${MAX_READ_BYTES})`),
};

export const ZExtractFinishInput = {
  description: z.string().trim().min(1).max(MAX_DESCRIPTION_CHARS).describe("The project description, in Markdown: what it is, who it is for, what it offers"),
};
