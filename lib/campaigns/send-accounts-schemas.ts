// The campaign setting "send from these accounts" (docs/sending-limits.md "Spread over accounts"): its body and answer.
import { z } from "zod";
import { ZDbId } from "@/lib/http/fields";

/** Twenty is more accounts than any team runs per campaign; the bound keeps one request's locks few. */
export const MAX_SEND_ACCOUNTS = 20;

export const ZSendAccountsBody = z
  .object({
    accountIds: z
      .array(ZDbId)
      .max(MAX_SEND_ACCOUNTS)
      .refine((ids) => new Set(ids).size === ids.length, "each account once")
      .describe("The project's accounts (on the campaign's platform) the campaign's drafts without an account are sent from; [] turns the spread off"),
  })
  .strict();
export type SendAccountsBody = z.infer<typeof ZSendAccountsBody>;
