// The OpenAPI 3.1 document of the public API, generated from the zod schemas the routes parse with, so the description
// cannot say one thing while the route accepts another. Built once per process: it depends on nothing but the code.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z, type ZodObject, type ZodType } from "zod";
import packageJson from "@/package.json";
import { ZId } from "@/lib/http/fields";
import { PUBLIC_OPERATIONS, TAGS, type PublicOperation } from "@/lib/openapi/public-operations";

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** The extension naming an operation's least role; the reference page reads it back. */
export const ROLE_EXTENSION = "x-required-role";

export const SECURITY_SCHEME = "apiKey";

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: "BadRequest", description: "The input does not match the schema (the answer lists `issues`), or the body is not JSON" },
  401: { name: "Unauthorized", description: "No API key (\"Sign in to continue\"), or an invalid, revoked or expired one (\"Invalid or revoked API key: …\")" },
  402: { name: "PlanLimit", description: "`plan_limit`: the plan's included cloud-runner minutes are spent" },
  403: { name: "Forbidden", description: "The operation needs a role the caller lacks (API keys act as members), or a read-only key tried to write" },
  404: { name: "NotFound", description: "Nothing with that id in the key's organization" },
  409: { name: "Conflict", description: "The operation conflicts with the current state" },
  422: { name: "Unprocessable", description: "Well-formed, but refused by a rule (for example `runner_unavailable` or `blocklisted`)" },
  413: { name: "PayloadTooLarge", description: "`payload_too_large`: the body is over the route's limit (an uploaded archive)" },
  429: { name: "TooManyRequests", description: "The API key is over its rate limit; retry after `Retry-After` seconds" },
};

/** Every operation can answer these; 402 is added to operations that start an agent run. */
const COMMON_ERRORS = [400, 401, 403, 404, 409, 422, 429];

const SUCCESS_TEXT: Record<number, string> = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No content" };

let cached: OpenApiDocument | undefined;

export function buildOpenApiDocument(): OpenApiDocument {
  cached ??= generate();
  return cached;
}

function generate(): OpenApiDocument {
  const registry = new OpenAPIRegistry();

  // Shapes of the answers rather than of any input, so they are plain JSON Schema: registering zod schemas by name
  // would need zod's global registry or prototype extension, and neither is worth it for three small objects.
  registry.registerComponent("schemas", "Error", {
    type: "object",
    description: "The one error shape every route answers with",
    properties: {
      error: { type: "string", description: "A stable code: bad_request, unauthorized, forbidden, not_found, conflict, rate_limited, ..." },
      message: { type: "string", description: "What went wrong, in a sentence meant for people" },
      issues: {
        type: "array",
        description: "400 only: each field that failed validation",
        items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } }, required: ["path", "message"] },
      },
      retry_after: { type: "integer", description: "429 only: seconds to wait, as in the Retry-After header" },
    },
    required: ["error", "message"],
  });
  registry.registerComponent("schemas", "VersionConflict", {
    type: "object",
    description: "The draft changed since the version the caller sent; read it again and retry",
    properties: { error: { type: "string", const: "version_conflict" }, current_version: { type: "integer" } },
    required: ["error", "current_version"],
    additionalProperties: false,
  });
  const jsonObject = registry.registerComponent("schemas", "JsonObject", {
    type: "object",
    additionalProperties: true,
    description: "A JSON object; its fields are described in the operation's response text",
  });

  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    registry.registerComponent("responses", name, {
      description,
      ...(status === "429"
        ? { headers: { "Retry-After": { description: "Seconds until the key may call again", schema: { type: "integer", minimum: 1 } } } }
        : {}),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
  }

  registry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "oak_…",
    description:
      "An API key from Settings > API keys, sent as `Authorization: Bearer oak_…`. A key acts as a member of its organization; a read-only key may only call GET.",
  });

  for (const op of PUBLIC_OPERATIONS) registry.registerPath(routeConfig(op, jsonObject.ref));

  const usedTags = new Set(PUBLIC_OPERATIONS.map((op) => op.tag));
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Outreach dashboard API",
      version: packageJson.version,
      description:
        "Projects, campaigns, drafts, runs and webhooks of one organization, for scripts and integrations. Authenticate with an API key from Settings > API keys. Errors are JSON: `{error, message}`.",
    },
    servers: [{ url: "/" }],
    security: [{ [SECURITY_SCHEME]: [] }],
    tags: TAGS.filter((t) => usedTags.has(t.name)),
  });
  for (const op of PUBLIC_OPERATIONS) refineParameters(doc, op);
  return doc;
}

type ParameterLike = { name: string; in: string; description?: string; style?: string; explode?: boolean; schema?: Record<string, unknown> };

/**
 * Two things the generator cannot see from a parameter's schema alone:
 * - It marks a schema nullable when `null` parses, and `z.coerce` turns null into 0 or the epoch; a query string has
 *   no null, so that flag is dropped.
 * - A comma-separated list is parsed from a string into an array (`state=pending_review,proposed`); the generator
 *   shows the string side only, which hides the allowed values. OpenAPI says exactly this with `style: form,
 *   explode: false` over an array schema, taken here from the array the route checks the split list against.
 */
function refineParameters(doc: OpenApiDocument, op: PublicOperation): void {
  const operation = doc.paths?.[op.path]?.[op.method] as { parameters?: ParameterLike[] } | undefined;
  for (const param of operation?.parameters ?? []) {
    const type = param.schema?.type;
    if (Array.isArray(type) && type.includes("null")) {
      const rest = type.filter((t) => t !== "null");
      param.schema!.type = rest.length === 1 ? rest[0] : rest;
    }
    const list = param.in === "query" && op.query ? commaListSchema(op.query, param.name) : undefined;
    if (list) {
      const description = param.description ?? (param.schema?.description as string | undefined);
      param.schema = { ...list, ...(description ? { description } : {}) };
      param.style = "form";
      param.explode = false;
    }
  }
}

/** The JSON Schema of the array a query field's comma-separated string is split into, when it is such a list. */
function commaListSchema(query: ZodObject, name: string): Record<string, unknown> | undefined {
  let field = query.shape[name] as ZodType | undefined;
  while (field && (field._zod.def.type === "optional" || field._zod.def.type === "default")) {
    field = (field._zod.def as unknown as { innerType: ZodType }).innerType;
  }
  if (!field || field._zod.def.type !== "pipe") return undefined;
  const out = (field._zod.def as unknown as { out: ZodType }).out;
  if (out._zod.def.type !== "array") return undefined;
  const { $schema: _dialect, ...schema } = z.toJSONSchema(out, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return schema;
}

function routeConfig(op: PublicOperation, jsonObjectRef: { $ref: string }): RouteConfig {
  const responses: RouteConfig["responses"] = {};
  for (const [status, text] of Object.entries(op.success)) {
    const description = text ?? SUCCESS_TEXT[Number(status)] ?? "OK";
    responses[status] = status === "204" ? { description } : { description, content: successContent(op, jsonObjectRef) };
  }
  const errors = [...COMMON_ERRORS, ...(op.startsRun ? [402] : []), ...(op.extraErrors ?? [])].sort((a, b) => a - b);
  for (const status of errors) {
    // The version conflict has its own exact body, so 409 on a versioned operation is one of two shapes.
    if (status === 409 && op.versioned) {
      responses[status] = {
        description: `${ERROR_RESPONSES[409]!.description}; a stale \`version\` answers \`version_conflict\` with the current one`,
        content: {
          "application/json": { schema: { oneOf: [{ $ref: "#/components/schemas/Error" }, { $ref: "#/components/schemas/VersionConflict" }] } },
        },
      };
    } else {
      responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
    }
  }

  const params = op.params ?? idPathParams(op.path);
  const description = describe(op);
  return {
    method: op.method,
    path: op.path,
    operationId: operationId(op),
    tags: [op.tag],
    summary: op.summary,
    ...(description ? { description } : {}),
    security: [{ [SECURITY_SCHEME]: [] }],
    [ROLE_EXTENSION]: op.role,
    request: {
      ...(params ? { params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.body
        ? {
            body: {
              // The routes read an empty body as {}, so a body is only required when {} would be refused.
              required: !op.body.safeParse({}).success,
              content: { "application/json": { schema: op.body } },
            },
          }
        : {}),
      ...(op.rawBody
        ? {
            body: {
              required: true,
              description: op.rawBody.description,
              content: Object.fromEntries(op.rawBody.contentTypes.map((t) => [t, { schema: { type: "string" as const, format: "binary" } }])),
            },
          }
        : {}),
    },
    responses,
  };
}

function successContent(op: PublicOperation, jsonObjectRef: { $ref: string }) {
  if (op.format === "csv") return { "text/csv": { schema: { type: "string" as const, description: "CSV with a header row" } } };
  if (op.format === "event-stream") return { "text/event-stream": { schema: { type: "string" as const, description: "Server-Sent Events" } } };
  return { "application/json": { schema: jsonObjectRef } };
}

function describe(op: PublicOperation): string | undefined {
  const parts = op.description ? [op.description] : [];
  if (op.role === "admin") parts.push("Needs an admin's session: an API key acts as a member, so it is refused with 403.");
  if (op.startsRun) parts.push("422 `runner_unavailable` when the campaign's runner cannot run here; 402 `plan_limit` when a cloud run would pass the plan's minutes.");
  return parts.length ? parts.join(" ") : undefined;
}

/** The path's `{name}` segments as the positive-integer ids the routes parse them as. */
function idPathParams(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((n) => [n, ZId.describe("A positive integer id")])));
}

/** `patch /api/drafts/{id}/regenerate/undo` becomes `patchDraftsByIdRegenerateUndo`. */
export function operationId(op: Pick<PublicOperation, "method" | "path">): string {
  const words = op.path
    .split("/")
    .filter((s) => s && s !== "api")
    .map((s) => (s.startsWith("{") ? `By-${s.slice(1, -1)}` : s))
    .flatMap((s) => s.split(/[-_.]/))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return op.method + words.join("");
}
