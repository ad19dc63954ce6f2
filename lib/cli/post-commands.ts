// `outreach federated:post`: the auto-post path for one draft, now (lib/auto-post/post-draft-now.ts).
import { parseArgs } from "node:util";
import { CliUsageError, positiveInt, resolveOrg } from "@/lib/cli/drafts-commands";
import { postDraftNow } from "@/lib/auto-post/post-draft-now";

export const POST_USAGE = `  federated:post <draftId> [--org <id>]
                                                 post an approved federated draft of an autoPost campaign now,
                                                 as auto-post does (same checks, same key; retries a failed one)
`;

export async function federatedPost(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { org: { type: "string" } } });
  const draftId = positiveInt(positionals[0], "<draftId>");
  if (draftId === undefined) throw new CliUsageError("federated:post needs a draft id");
  return postDraftNow({ orgId: await resolveOrg(values.org), draftId });
}
