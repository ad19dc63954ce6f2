// Draft commands of the `outreach` CLI. They call the same functions as the routes and the agent tools.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ensureDefaultOrganization } from "@/lib/organizations/ensure-default-organization";
import { ZDraftEntries } from "@/lib/drafts/schemas";
import { createDrafts } from "@/lib/drafts/create-drafts";
import { requestRegeneration } from "@/lib/drafts/request-regeneration";
import type { DraftActor } from "@/lib/drafts/actor";

export const DRAFTS_USAGE = `  drafts:create --file <path|-> [--campaign <id>] [--run <id>] [--org <id>]
                                                 create drafts from a JSON array of entries, each with
                                                 accountId, kind, targetUser, body and qualityScore (0-100)
                                                 (blocklist, dedup and variants applied); prints
                                                 {created, skipped, dedupSkipped}
  drafts:regenerate <id> [--hint <text>] [--org <id>]
                                                 ask the draft-regenerator to rewrite a draft
`;

const CLI_ACTOR: DraftActor = { type: "system", label: "cli" };

/** --org, or the default organization (single-tenant installs). */
export async function resolveOrg(raw: string | undefined): Promise<number> {
  if (raw === undefined) return (await ensureDefaultOrganization()).id;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new CliUsageError("--org must be an organization id");
  return id;
}

export class CliUsageError extends Error {}

export function positiveInt(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new CliUsageError(`${flag} must be a positive integer`);
  return n;
}

export async function draftsCreate(args: string[]): Promise<unknown> {
  const { values } = parseArgs({ args, options: { file: { type: "string" }, campaign: { type: "string" }, run: { type: "string" }, org: { type: "string" } } });
  if (!values.file) throw new CliUsageError("drafts:create needs --file <path|->");
  const text = readFileSync(values.file === "-" ? 0 : values.file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CliUsageError("The entries file is not valid JSON");
  }
  const entries = ZDraftEntries.safeParse(json);
  if (!entries.success) {
    throw new CliUsageError(`Invalid entries: ${entries.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return createDrafts({
    orgId: await resolveOrg(values.org),
    campaignId: positiveInt(values.campaign, "--campaign"),
    runId: positiveInt(values.run, "--run"),
    actor: CLI_ACTOR,
    entries: entries.data,
  });
}

export async function draftsRegenerate(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { hint: { type: "string" }, org: { type: "string" } } });
  const id = positiveInt(positionals[0], "<id>");
  if (id === undefined) throw new CliUsageError("drafts:regenerate needs a draft id");
  const hint = values.hint?.trim().slice(0, 1000) || undefined;
  const { draft, runId, done } = await requestRegeneration({ orgId: await resolveOrg(values.org), id, hint, actor: CLI_ACTOR });
  // The CLI process hosts the agent, so it waits for the run; the agent's tools are served by the dashboard.
  const outcome = await done;
  return { draftId: draft.id, runId, regenerationCount: draft.regenerationCount, run: outcome };
}
