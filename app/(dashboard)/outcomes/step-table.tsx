// Sent DMs and comments by follow-up step with their reply rates (docs/sequences.md "Outcomes"): how much each
// follow-up adds to the first message.
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { OutcomeStep } from "@/lib/outcomes/schemas";
import { count, pct, range } from "./format";

export function StepTable({ rows }: { rows: OutcomeStep[] }) {
  return (
    <Table label="Outcomes per follow-up step">
      <THead>
        <tr>
          <Th>Step</Th>
          <Th className="text-right">Sent</Th>
          <Th className="text-right">Replied</Th>
          <Th className="text-right">Reply rate</Th>
          <Th className="text-right" title="The range the true reply rate lies in, 95% confident, given the sends so far">95% interval</Th>
          <Th className="text-right" title="Replies read as interested or a question, over sent">Positive rate</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((s) => (
          <Tr key={s.step}>
            <Td className="font-medium text-zinc-900 dark:text-zinc-100">{s.step === 0 ? "First message" : `Follow-up ${s.step}`}</Td>
            <Td className="text-right tabular-nums">{count(s.sent)}</Td>
            <Td className="text-right tabular-nums">{count(s.replied)}</Td>
            <Td className="text-right tabular-nums">{pct(s.replyRate)}</Td>
            <Td className="text-right tabular-nums">{range(s.replyRateInterval)}</Td>
            <Td className="text-right tabular-nums">{pct(s.positiveReplyRate)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
