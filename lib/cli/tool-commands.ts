// Commands that share their functions with the agent tools (SPEC "Agent tool interface": the same command functions
// back the CLI), for operators checking what a run would see.
import { parseArgs } from "node:util";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { checkBlocklist } from "@/lib/blocklist/check-blocklist";
import { checkContactHistory } from "@/lib/contacts/check-contact-history";
import { getRunContext } from "@/lib/runs/get-run-context";
import { CliUsageError, positiveInt, resolveOrg } from "@/lib/cli/drafts-commands";

export const TOOL_USAGE = `  blocklist:check --user <handle> [--community <name>] [--text <text>] [--project <id>] [--org <id>]
                                                 what blocklist_check answers an agent
  contacts:check <handle>... [--platform forum|federated] [--org <id>]
                                                 what contact_history_check answers an agent
  run:context <runId> [--org <id>]               what run_start hands the run's agent
`;

export async function blocklistCheck(args: string[]): Promise<unknown> {
  const { values } = parseArgs({ args, options: { user: { type: "string" }, community: { type: "string" }, text: { type: "string" }, project: { type: "string" }, org: { type: "string" } } });
  if (!values.user) throw new CliUsageError("blocklist:check needs --user <handle>");
  return checkBlocklist({
    orgId: await resolveOrg(values.org),
    projectId: positiveInt(values.project, "--project") ?? null,
    targets: [{ targetUser: values.user, community: values.community, text: values.text }],
  });
}

export async function contactsCheck(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { platform: { type: "string" }, org: { type: "string" } } });
  const platform = values.platform ?? "forum";
  if (!(PLATFORMS as readonly string[]).includes(platform)) throw new CliUsageError(`--platform must be one of ${PLATFORMS.join(", ")}`);
  if (positionals.length === 0) throw new CliUsageError("contacts:check needs at least one handle");
  return checkContactHistory({ orgId: await resolveOrg(values.org), platform, handles: positionals });
}

export async function runContext(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { org: { type: "string" } } });
  const runId = positiveInt(positionals[0], "<runId>");
  if (!runId) throw new CliUsageError("run:context needs a run id");
  return getRunContext({ orgId: await resolveOrg(values.org), runId });
}
