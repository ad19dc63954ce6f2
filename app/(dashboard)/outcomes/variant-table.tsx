// Sent A/B variants by label with their reply rates and 95% intervals (docs/outcomes.md "Judging by evidence").
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { OutcomeVariant } from "@/lib/outcomes/schemas";
import { count, pct, range } from "./format";

export function VariantTable({ rows }: { rows: OutcomeVariant[] }) {
  return (
    <Table label="Outcomes per variant">
      <THead>
        <tr>
          <Th>Variant</Th>
          <Th className="text-right">Sent</Th>
          <Th className="text-right">Replied</Th>
          <Th className="text-right">Reply rate</Th>
          <Th className="text-right" title="The range the true reply rate lies in, 95% confident, given the sends so far">95% interval</Th>
          <Th className="text-right" title="Replies read as interested or a question, over sent">Positive rate</Th>
          <Th className="text-right">95% interval</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((v) => (
          <Tr key={v.variantLabel}>
            <Td className="font-medium text-zinc-900 dark:text-zinc-100">Variant {v.variantLabel}</Td>
            <Td className="text-right tabular-nums">{count(v.sent)}</Td>
            <Td className="text-right tabular-nums">{count(v.replied)}</Td>
            <Td className="text-right tabular-nums">{pct(v.replyRate)}</Td>
            <Td className="text-right tabular-nums">{range(v.replyRateInterval)}</Td>
            <Td className="text-right tabular-nums">{pct(v.positiveReplyRate)}</Td>
            <Td className="text-right tabular-nums">{range(v.positiveReplyRateInterval)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
