// The API reference page, rendered on the server from the OpenAPI document: one self-contained HTML file with inline
// CSS and no script, font or stylesheet from anywhere else, so it works offline and under a strict CSP. Everything
// taken from the document is escaped, since descriptions come from code that anyone may change.
import { createHash } from "node:crypto";
import type { OpenApiDocument } from "@/lib/openapi/build-openapi-document";

/** A JSON Schema or OpenAPI object as the document holds it; only the fields the page reads are named. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  style?: string;
  explode?: boolean;
  schema?: Schema;
}

interface MediaTypes {
  [mediaType: string]: { schema?: Schema };
}

interface Response {
  $ref?: string;
  description?: string;
  content?: MediaTypes;
}

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: MediaTypes };
  responses?: Record<string, Response>;
  "x-required-role"?: string;
}

interface Doc {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Partial<Record<string, Operation>>>;
  components?: { schemas?: Record<string, Schema>; responses?: Record<string, Response> };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Where the page links for the machine-readable document. */
export const OPENAPI_JSON_PATH = "/api/openapi.json";

const CSS = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #ffffff; --fg: #1b1e23; --muted: #5b6370; --border: #d9dde3;
  --code: #eef1f4; --link: #1f56c4; --get: #17784c; --post: #1f56c4; --put: #8c5a00; --patch: #8c5a00; --delete: #b3261e;
  --admin: #8c5a00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111318; --card: #1a1e25; --fg: #e5e8ec; --muted: #a2a9b5; --border: #2f353f; --code: #252a33;
    --link: #8db4ff; --get: #52c98f; --post: #8db4ff; --put: #f2b84b; --patch: #f2b84b; --delete: #ff8f86; --admin: #f2b84b; }
}
* { box-sizing: border-box; }
html { scroll-padding-top: 12px; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
code { background: var(--code); border-radius: 4px; padding: 0 4px; overflow-wrap: anywhere; }
pre { background: var(--code); border-radius: 6px; padding: 10px 12px; overflow-x: auto; margin: 6px 0 0; }
pre code { background: none; padding: 0; overflow-wrap: normal; }
header.top { border-bottom: 1px solid var(--border); background: var(--card); }
.wrap { max-width: 1200px; margin: 0 auto; padding: 16px; }
h1 { margin: 0 0 4px; font-size: 26px; }
h2 { margin: 28px 0 6px; font-size: 21px; }
h3 { margin: 0; font-size: 16px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
h4 { margin: 14px 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.muted { color: var(--muted); }
.intro { max-width: 860px; }
.intro li { margin: 2px 0; }
.layout { max-width: 1200px; margin: 0 auto; display: grid; grid-template-columns: minmax(0, 1fr); gap: 0 24px; padding: 0 16px 40px; }
nav.toc { padding: 12px 0; border-bottom: 1px solid var(--border); }
nav.toc ul { list-style: none; margin: 0; padding: 0; }
nav.toc > ul { display: flex; flex-wrap: wrap; gap: 4px 14px; }
nav.toc .toc-ops { display: none; }
nav.toc a { text-decoration: none; }
main { min-width: 0; }
.op { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 14px 16px; margin: 12px 0; }
.op > p { margin: 6px 0; }
.path { font-size: 14px; font-weight: 600; background: none; padding: 0; }
.m { display: inline-block; min-width: 58px; text-align: center; border: 1px solid currentColor; border-radius: 4px;
  font: 700 12px/20px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.m-get { color: var(--get); } .m-post { color: var(--post); } .m-put { color: var(--put); }
.m-patch { color: var(--patch); } .m-delete { color: var(--delete); }
.role { font-weight: 600; }
.role-admin { color: var(--admin); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--border); }
th { font-weight: 600; color: var(--muted); }
td:first-child { white-space: nowrap; }
@media (max-width: 640px) {
  table, tbody, tr, td { display: block; }
  thead { display: none; }
  tr { border-bottom: 1px solid var(--border); padding: 6px 0; }
  td { border: 0; padding: 1px 0; }
  td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: 13px; }
}
ul.fields { list-style: none; margin: 4px 0; padding: 0 0 0 14px; border-left: 2px solid var(--border); }
ul.fields > li { margin: 4px 0; }
.type { color: var(--muted); }
.req { font-size: 12px; font-weight: 600; color: var(--delete); }
.opt { font-size: 12px; color: var(--muted); }
.constraints { font-size: 13px; color: var(--muted); }
ol.variants { margin: 4px 0; padding-left: 20px; }
ul.responses { list-style: none; margin: 4px 0; padding: 0; }
ul.responses > li { margin: 3px 0; }
.status { display: inline-block; min-width: 38px; font: 600 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.errors { font-size: 13px; color: var(--muted); }
@media (min-width: 900px) {
  .layout { grid-template-columns: 270px minmax(0, 1fr); }
  nav.toc { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; border-bottom: 0; padding-top: 20px; }
  nav.toc > ul { display: block; }
  nav.toc > ul > li { margin: 0 0 10px; }
  nav.toc .toc-ops { display: block; font-size: 13px; margin-top: 2px; }
  nav.toc .toc-ops a { display: block; padding: 1px 0; color: var(--fg); overflow-wrap: anywhere; }
  nav.toc .toc-ops .m { min-width: 50px; font-size: 10px; line-height: 16px; margin-right: 4px; }
}
`;

/** The page's Content-Security-Policy: nothing may load, and only this exact stylesheet may apply. */
export function referencePageCsp(): string {
  const hash = createHash("sha256").update(CSS).digest("base64");
  return `default-src 'none'; style-src 'sha256-${hash}'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

export function renderReferenceHtml(document: OpenApiDocument): string {
  const doc = document as unknown as Doc;
  const byTag = groupByTag(doc);
  const title = esc(doc.info.title);
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${title}</title>`,
    `<style>${CSS}</style>`,
    "</head><body>",
    renderHeader(doc),
    '<div class="layout">',
    renderNav(byTag),
    "<main>",
    ...byTag.map(({ tag, description, ops }) =>
      [
        `<section id="${esc(tagAnchor(tag))}">`,
        `<h2>${esc(tag)}</h2>`,
        description ? `<p class="muted">${inline(description)}</p>` : "",
        ...ops.map((op) => renderOperation(doc, op)),
        "</section>",
      ].join("\n"),
    ),
    "</main></div></body></html>",
  ].join("\n");
}

interface OperationEntry {
  method: (typeof METHODS)[number];
  path: string;
  op: Operation;
  anchor: string;
}

function groupByTag(doc: Doc): { tag: string; description?: string; ops: OperationEntry[] }[] {
  const groups = new Map<string, OperationEntry[]>();
  for (const t of doc.tags ?? []) groups.set(t.name, []);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op, anchor: `op-${op.operationId ?? `${method}-${path}`}` });
    }
  }
  const descriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  return [...groups].filter(([, ops]) => ops.length > 0).map(([tag, ops]) => ({ tag, description: descriptions.get(tag), ops }));
}

function renderHeader(doc: Doc): string {
  const errors = sharedErrorStatuses(doc);
  return `<header class="top"><div class="wrap">
<h1>${esc(doc.info.title)}</h1>
<p class="muted">Version ${esc(doc.info.version)} &middot; OpenAPI ${esc(doc.openapi)} &middot; <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a></p>
${doc.info.description ? `<p>${inline(doc.info.description)}</p>` : ""}
<div class="intro">
<h4>API keys</h4>
<ul>
<li>Create a key in <strong>Settings &gt; API keys</strong>; it is shown once. Send it on every request as <code>Authorization: Bearer oak_…</code>.</li>
<li>A <strong>member</strong> key acts as a member of its organization. A <strong>read-only</strong> key may only call GET; any other method answers 403.</li>
<li>Operations marked <span class="role role-admin">admin</span> need an admin's dashboard session, so an API key gets 403 there.</li>
<li>Each key may make 120 requests a minute by default (the install's <code>OUTREACH_API_RATE_PER_MINUTE</code>); past that the answer is 429 with <code>Retry-After</code>.</li>
<li>The examples read the dashboard's address from <code>$OUTREACH_URL</code> and the key from <code>$OUTREACH_API_KEY</code>.</li>
</ul>
<h4>Errors</h4>
<p>Every error is JSON: <code>{"error": code, "message": text}</code>; a 400 adds <code>issues</code> naming each field that failed.</p>
${errors.length ? `<ul class="responses">${errors.map(([status, r]) => `<li><span class="status">${esc(status)}</span> ${inline(r.description ?? "")}</li>`).join("")}</ul>` : ""}
</div>
</div></header>`;
}

/** The shared error responses with the status each is used for, in status order. */
function sharedErrorStatuses(doc: Doc): [string, Response][] {
  const byStatus = new Map<string, Response>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      for (const [status, r] of Object.entries(item[method]?.responses ?? {})) {
        if (r.$ref && Number(status) >= 400 && !byStatus.has(status)) byStatus.set(status, resolve<Response>(doc, r));
      }
    }
  }
  return [...byStatus].sort(([a], [b]) => Number(a) - Number(b));
}

function renderNav(groups: ReturnType<typeof groupByTag>): string {
  const items = groups.map(
    ({ tag, ops }) =>
      `<li><a href="#${esc(tagAnchor(tag))}">${esc(tag)}</a><ul class="toc-ops">${ops
        .map((o) => `<li><a href="#${esc(o.anchor)}">${methodBadge(o.method)}${esc(o.path)}</a></li>`)
        .join("")}</ul></li>`,
  );
  return `<nav class="toc" aria-label="Operations"><ul>${items.join("")}</ul></nav>`;
}

function renderOperation(doc: Doc, { method, path, op, anchor }: OperationEntry): string {
  const role = op["x-required-role"];
  const parts = [
    `<article class="op" id="${esc(anchor)}">`,
    `<h3>${methodBadge(method)}<code class="path">${esc(path)}</code></h3>`,
    op.summary ? `<p><strong>${esc(op.summary)}</strong></p>` : "",
    role ? `<p class="muted">Least role: <span class="role role-${esc(role)}">${esc(role)}</span></p>` : "",
    op.description ? `<p>${inline(op.description)}</p>` : "",
    renderParameters(doc, op.parameters ?? []),
    renderRequestBody(doc, op.requestBody),
    renderResponses(doc, op.responses ?? {}),
    `<h4>Example</h4><pre><code>${esc(curlExample(doc, method, path, op))}</code></pre>`,
    "</article>",
  ];
  return parts.filter(Boolean).join("\n");
}

function renderParameters(doc: Doc, params: Parameter[]): string {
  if (params.length === 0) return "";
  const rows = params.map((raw) => {
    const p = resolve<Parameter>(doc, raw);
    const schema = p.schema ? resolve<Schema>(doc, p.schema) : {};
    const list = p.style === "form" && p.explode === false && schema.type === "array";
    const type = list ? `comma-separated ${typeLabel(doc, schema.items ?? {})}` : typeLabel(doc, schema);
    const description = p.description ?? schema.description;
    const rule = constraints(doc, schema);
    const details = [description ? inline(description) : "", rule ? `<span class="constraints">${esc(rule)}</span>` : ""].filter(Boolean);
    // The labels stand in for the header row when a narrow screen stacks the cells.
    return `<tr><td><code>${esc(p.name)}</code></td><td data-label="In">${esc(p.in)}</td><td data-label="Type" class="type">${esc(type)}</td><td>${
      p.required ? '<span class="req">required</span>' : '<span class="opt">optional</span>'
    }</td>${details.length ? `<td>${details.join("<br>")}</td>` : "<td></td>"}</tr>`;
  });
  return `<h4>Parameters</h4><div class="scroll"><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Details</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
}

function renderRequestBody(doc: Doc, body: Operation["requestBody"]): string {
  if (!body?.content) return "";
  return Object.entries(body.content)
    .map(([mediaType, { schema }]) => {
      const head = `<h4>Request body</h4><p class="muted"><code>${esc(mediaType)}</code>, ${body.required ? "required" : "optional (an empty body counts as <code>{}</code>)"}</p>`;
      return head + (schema ? renderSchema(doc, schema, 0) : "");
    })
    .join("\n");
}

const MAX_DEPTH = 6;

/** A schema as a nested field list: name, type, required or optional, constraints, description. */
function renderSchema(doc: Doc, raw: Schema, depth: number): string {
  const schema = resolve<Schema>(doc, raw);
  if (depth > MAX_DEPTH) return "";
  const variants = nonNullVariants(schema);
  if (variants.length > 1) {
    return `<p class="muted">One of:</p><ol class="variants">${variants.map((v) => `<li>${renderSchema(doc, v, depth + 1)}</li>`).join("")}</ol>`;
  }
  if (variants.length === 1 && !schema.properties) return renderSchema(doc, variants[0]!, depth + 1);
  if (schema.properties) {
    const entries = Object.entries(schema.properties);
    if (entries.length === 0) return `<p class="muted">An empty object: <code>{}</code>.</p>`;
    const required = new Set(schema.required ?? []);
    const items = entries.map(([name, propRaw]) => {
      const prop = resolve<Schema>(doc, propRaw);
      const rule = constraints(doc, prop);
      return `<li><code>${esc(name)}</code> <span class="type">${esc(typeLabel(doc, prop))}</span> ${
        required.has(name) ? '<span class="req">required</span>' : '<span class="opt">optional</span>'
      }${rule ? ` <span class="constraints">${esc(rule)}</span>` : ""}${prop.description ? `<br>${inline(prop.description)}` : ""}${nested(doc, prop, depth)}</li>`;
    });
    const closed = schema.additionalProperties === false ? '<p class="muted">No other fields are accepted.</p>' : "";
    return `<ul class="fields">${items.join("")}</ul>${closed}`;
  }
  const rule = constraints(doc, schema);
  return `<p><span class="type">${esc(typeLabel(doc, schema))}</span>${rule ? ` <span class="constraints">${esc(rule)}</span>` : ""}</p>`;
}

/** The fields inside an object field or an array of objects, listed under it. */
function nested(doc: Doc, prop: Schema, depth: number): string {
  const inner = nonNullVariants(prop);
  const target = inner.length === 1 ? resolve<Schema>(doc, inner[0]!) : prop;
  if (target.properties && Object.keys(target.properties).length > 0) return renderSchema(doc, target, depth + 1);
  const items = target.items ? resolve<Schema>(doc, target.items) : undefined;
  if (items?.properties && Object.keys(items.properties).length > 0) return renderSchema(doc, items, depth + 1);
  if (inner.length > 1 && inner.some((v) => resolve<Schema>(doc, v).properties)) return renderSchema(doc, prop, depth + 1);
  return "";
}

function renderResponses(doc: Doc, responses: Record<string, Response>): string {
  const shown: string[] = [];
  const shared: string[] = [];
  for (const [status, raw] of Object.entries(responses)) {
    // Errors every operation shares are described once at the top; listing them per operation would bury the rest.
    if (raw.$ref && Number(status) >= 400) {
      shared.push(status);
      continue;
    }
    const r = resolve<Response>(doc, raw);
    const media = Object.entries(r.content ?? {})
      .map(([type, { schema }]) => `<code>${esc(type)}</code>${schema ? ` <span class="type">${esc(typeLabel(doc, schema))}</span>` : ""}`)
      .join(", ");
    shown.push(`<li><span class="status">${esc(status)}</span> ${inline(r.description ?? "")}${media ? ` &middot; ${media}` : ""}</li>`);
  }
  const errors = shared.length ? `<p class="errors">Errors: ${shared.map(esc).join(", ")} (see the top of the page)</p>` : "";
  return `<h4>Responses</h4><ul class="responses">${shown.join("")}</ul>${errors}`;
}

function curlExample(doc: Doc, method: string, path: string, op: Operation): string {
  const url = `$OUTREACH_URL${path.replace(/\{[^}]+\}/g, "1")}`;
  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${url}"`, `-H "Authorization: Bearer $OUTREACH_API_KEY"`];
  const schema = op.requestBody?.content?.["application/json"]?.schema;
  if (schema) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d '${JSON.stringify(exampleOf(doc, schema, 0)).replace(/'/g, `'\\''`)}'`);
  }
  return lines.join(" \\\n  ");
}

/** A small value the schema accepts: required fields only (or the first field), the first of any choice. */
function exampleOf(doc: Doc, raw: Schema, depth: number): unknown {
  const schema = resolve<Schema>(doc, raw);
  if (depth > MAX_DEPTH) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = nonNullVariants(schema);
  if (variants.length >= 1 && !schema.properties) return exampleOf(doc, variants[0]!, depth + 1);
  const type = primaryType(schema);
  if (type === "object" || schema.properties) {
    const props = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    const picked = props.filter(([name]) => required.has(name));
    return Object.fromEntries((picked.length ? picked : props.slice(0, 1)).map(([name, s]) => [name, exampleOf(doc, s, depth + 1)]));
  }
  if (type === "array") return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(doc, schema.items ?? {}, depth + 1));
  if (type === "integer" || type === "number") {
    if (schema.minimum !== undefined) return schema.minimum;
    if (schema.exclusiveMinimum !== undefined) return Math.floor(schema.exclusiveMinimum) + 1;
    return 1;
  }
  if (type === "boolean") return true;
  if (type === "string") {
    if (schema.format === "date-time") return "2030-01-01T09:00:00Z";
    if (schema.format === "uri") return "https://example.com/hooks/outreach";
    return "text";
  }
  return null;
}

function primaryType(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null");
  return schema.type;
}

function nonNullVariants(schema: Schema): Schema[] {
  return (schema.anyOf ?? schema.oneOf ?? []).filter((v) => !(v.type === "null"));
}

function typeLabel(doc: Doc, raw: Schema): string {
  if (raw.$ref) return raw.$ref.split("/").pop() ?? "object";
  const schema = raw;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum?.length === 1) return JSON.stringify(schema.enum[0]);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return [...new Set(choices.map((c) => typeLabel(doc, c)))].join(" | ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? "object" : "any";
  return types
    .map((t) => {
      if (t === "array") return `array of ${typeLabel(doc, schema.items ?? {})}`;
      if (t === "string" && schema.format) return `string (${schema.format})`;
      return t;
    })
    .join(" | ");
}

/** Limits a value must keep, in words: lengths, ranges, item counts, allowed values, pattern, default. */
function constraints(doc: Doc, raw: Schema): string {
  const schema = resolve<Schema>(doc, raw);
  const out: string[] = [];
  const range = (lo: number | undefined, hi: number | undefined, unit: string) => {
    if (lo !== undefined && hi !== undefined) out.push(`${lo}–${hi} ${unit}`);
    else if (lo !== undefined) out.push(`at least ${lo} ${unit}`);
    else if (hi !== undefined) out.push(`at most ${hi} ${unit}`);
  };
  range(schema.minLength, schema.maxLength, "characters");
  range(schema.minItems, schema.maxItems, "items");
  const low = schema.minimum !== undefined ? `≥ ${schema.minimum}` : schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : undefined;
  const high = schema.maximum !== undefined ? `≤ ${schema.maximum}` : schema.exclusiveMaximum !== undefined ? `< ${schema.exclusiveMaximum}` : undefined;
  if (low || high) out.push([low, high].filter(Boolean).join(", "));
  if (schema.enum && schema.enum.length > 1) out.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  const items = schema.items ? resolve<Schema>(doc, schema.items) : undefined;
  if (items) {
    const inner = constraints(doc, items);
    if (inner) out.push(`each ${inner}`);
  }
  for (const choice of nonNullVariants(schema)) {
    const inner = constraints(doc, choice);
    if (inner && !resolve<Schema>(doc, choice).properties) out.push(inner);
  }
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out.join("; ");
}

/** Follows a local `$ref` (`#/components/...`); anything else is returned as it is. */
function resolve<T>(doc: Doc, value: T & { $ref?: string }): T {
  let current: unknown = value;
  for (let hops = 0; hops < 10; hops++) {
    const ref = (current as { $ref?: string }).$ref;
    if (!ref?.startsWith("#/")) break;
    let target: unknown = doc;
    for (const key of ref.slice(2).split("/")) target = (target as Record<string, unknown> | undefined)?.[key];
    if (target === undefined) break;
    current = target;
  }
  return current as T;
}

function methodBadge(method: string): string {
  return `<span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span>`;
}

function tagAnchor(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** Escaped text with `code` spans, the only markup the document's descriptions use. */
function inline(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
