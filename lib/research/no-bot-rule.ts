// The federated platform's no-bot convention, enforced here rather than left to a playbook (SPEC "Federated-platform
// playbooks": the scout "honours a no-bot hard rule server-side"). An account is off limits when it says it is a bot,
// or when its profile asks automated tools to stay away with #nobot / #nobots. The check is deliberately broad: any
// profile text (bio, display name, field names and values, HTML stripped, any case) containing "#nobot" counts, since
// leaving out one person too many is cheap and reaching one who opted out is not.
import { htmlToText } from "@/lib/platforms/federated/html-to-text";
import type { FederatedAccount } from "@/lib/platforms/federated/federated-shapes";

export type NoBotVerdict = "bot" | "no_bot" | null;

export function noBotVerdict(account: Pick<FederatedAccount, "bot" | "note" | "display_name" | "fields">): NoBotVerdict {
  if (account.bot) return "bot";
  const texts = [account.note, account.display_name, ...account.fields.flatMap((f) => [f.name, f.value])];
  return texts.some((t) => htmlToText(t).toLowerCase().includes("#nobot")) ? "no_bot" : null;
}
