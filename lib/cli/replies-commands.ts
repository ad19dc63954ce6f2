// `outreach replies:record`: records an inbound reply the way the extension's dm-sync does, for replies read
// elsewhere and for seeding a demo or a test. Calls the same function as the sync.
import { parseArgs } from "node:util";
import { CliUsageError, positiveInt, resolveOrg } from "@/lib/cli/drafts-commands";
import { ZInboundReply } from "@/lib/conversations/schemas";
import { recordInboundReply } from "@/lib/conversations/record-inbound-reply";

export const REPLIES_USAGE = `  replies:record <draftId> --author <handle> --body <text> --external-id <id> [--sent-at <ISO time>]
                 [--permalink <url>] [--thread-kind dm|post_comment] [--thread-id <platform id>] [--org <id>]
                                                 record an inbound reply to a sent draft: the draft becomes
                                                 replied and a continuation is drafted (waits for its run)
`;

export async function repliesRecord(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      author: { type: "string" }, body: { type: "string" }, "external-id": { type: "string" }, "sent-at": { type: "string" },
      permalink: { type: "string" }, "thread-kind": { type: "string" }, "thread-id": { type: "string" }, org: { type: "string" },
    },
  });
  const parsed = ZInboundReply.safeParse({
    draftId: positiveInt(positionals[0], "<draftId>"),
    message: {
      author: values.author,
      body: values.body,
      externalId: values["external-id"],
      permalink: values.permalink,
      sentAt: values["sent-at"] ?? new Date().toISOString(),
    },
    threadKind: values["thread-kind"],
    threadExternalId: values["thread-id"],
  });
  if (!parsed.success) {
    throw new CliUsageError(`replies:record: ${parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}`);
  }
  const result = await recordInboundReply({
    orgId: await resolveOrg(values.org),
    ...parsed.data,
    actor: { type: "system", label: "cli" },
  });
  // The CLI process hosts the drafting agent, so it waits for the run; the agent's tools are served by the dashboard.
  const { done, ...rest } = result;
  return { ...rest, run: done ? await done : null };
}
