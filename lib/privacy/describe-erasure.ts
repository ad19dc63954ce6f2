// An erasure's counts in words, the same on the person's page after erasing and in the record of erasures.
import type { ErasureCounts } from "@/lib/privacy/erase-person";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function describeErasure(c: ErasureCounts): string {
  return [
    count(c.drafts, "draft", "drafts"),
    count(c.messages, "message", "messages"),
    count(c.threads, "conversation", "conversations"),
    count(c.contacts, "contact row", "contact rows"),
  ].join(", ");
}
