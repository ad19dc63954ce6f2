// One breakdown of the Outcomes page (per campaign, per playbook, per runner and model) as a table.
import type { ReactNode } from "react";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { OutcomeMetrics } from "@/lib/outcomes/schemas";
import { chars, count, pct, range, usd } from "./format";

export function OutcomeTable<R extends OutcomeMetrics>({ label, rows, name, nameHeader }: { label: string; rows: R[]; name: (r: R) => ReactNode; nameHeader: string }) {
  return (
    <Table label={label}>
      <THead>
        <tr>
          <Th>{nameHeader}</Th>
          <Th className="text-right">Drafted</Th>
          <Th className="text-right">Approved</Th>
          <Th className="text-right">Approval</Th>
          <Th className="text-right">Sent</Th>
          <Th className="text-right">Replied</Th>
          <Th className="text-right" title="With its 95% confidence interval: the range the true rate lies in, given the sends so far">Reply rate</Th>
          <Th className="text-right" title="Replies read as interested or a question, over sent, with the 95% confidence interval">Positive</Th>
          <Th className="text-right" title="Of the sent public posts and comments checked later, the share found removed or not visible">Removed</Th>
          <Th className="text-right">Median edit</Th>
          <Th className="text-right">Cost</Th>
          <Th className="text-right">Per approved</Th>
          <Th className="text-right">Per reply</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((r, i) => (
          <Tr key={i}>
            <Td className="max-w-64 truncate font-medium text-zinc-900 dark:text-zinc-100">{name(r)}</Td>
            <Td className="text-right tabular-nums">{count(r.drafted)}</Td>
            <Td className="text-right tabular-nums">{count(r.approved)}</Td>
            <Td className="text-right tabular-nums">{pct(r.approvalRate)}</Td>
            <Td className="text-right tabular-nums">{count(r.sent)}</Td>
            <Td className="text-right tabular-nums">{count(r.replied)}</Td>
            <Td className="text-right tabular-nums">
              {pct(r.replyRate)}
              {r.replyRateInterval ? <span className="block text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">{range(r.replyRateInterval)}</span> : null}
            </Td>
            <Td className="text-right tabular-nums">
              {pct(r.positiveReplyRate)}
              {r.positiveReplyRateInterval ? <span className="block text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400">{range(r.positiveReplyRateInterval)}</span> : null}
            </Td>
            <Td className="text-right tabular-nums">{r.checked > 0 ? pct(r.removalRate) : "—"}</Td>
            <Td className="text-right tabular-nums whitespace-nowrap">{chars(r.medianEditDistance)}</Td>
            <Td className="text-right tabular-nums">{usd(r.runs > 0 ? r.costUsd : null)}</Td>
            <Td className="text-right tabular-nums">{usd(r.costPerApproved)}</Td>
            <Td className="text-right tabular-nums">{usd(r.costPerReply)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
