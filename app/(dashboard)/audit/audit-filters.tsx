import Link from "next/link";
import { buttonClasses } from "@/app/_components/button";
import { controlClasses } from "@/app/_components/field";
import { cx } from "@/app/_components/cx";
import { InstantFilterForm } from "@/app/_components/instant-filter-form";
import { AUDIT_EVENT_LABELS } from "@/lib/audit/summarize-audit-row";

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";
const EVENTS: Array<[string, string]> = [
  ["", "Any event"],
  ...(["approved", "rejected", "body_edited", "sent", "rescheduled", "reopened", "regenerated", "replied", "created"] as const).map(
    (e): [string, string] => [e, AUDIT_EVENT_LABELS[e] ?? e],
  ),
  ["lifecycle", "Run: start and finish"],
  ["tool_call", "Run: tool calls"],
  ["message_chunk", "Run: agent output"],
  ["stderr", "Run: errors"],
];

export interface AuditFilterValues {
  view: string;
  kind: string;
  event: string;
  draft: string;
  run: string;
  actor: string;
  from: string;
  to: string;
}

/**
 * The feed's filters. They apply as they change and live in the URL (bookmarkable, shareable); the page reads them.
 * "People's decisions" is the default view; "All events" keeps every run event reachable.
 */
export function AuditFilters({ values, defaults }: { values: AuditFilterValues; defaults: { view: string } }) {
  const any = Object.entries(values).some(([k, v]) => v && !(k === "view" && v === defaults.view));
  return (
    <InstantFilterForm action="/audit" label="Audit filters" className="mb-4 grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] items-end gap-3">
      <div className="space-y-1">
        <label htmlFor="audit-view" className={label}>Show</label>
        <select id="audit-view" name="view" defaultValue={values.view} data-default={defaults.view} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="decisions">Decisions</option>
          <option value="all">All events</option>
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-kind" className={label}>Kind</label>
        <select id="audit-kind" name="kind" defaultValue={values.kind} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="">Drafts and runs</option>
          <option value="draft">Drafts only</option>
          <option value="run">Runs only</option>
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-event" className={label}>Event</label>
        <select id="audit-event" name="event" defaultValue={values.event} className={cx(controlClasses, "h-9 pr-8")}>
          {EVENTS.map(([v, l]) => (
            <option key={v} value={v}>{l}</option>
          ))}
          {values.event && !EVENTS.some(([v]) => v === values.event) ? <option value={values.event}>{values.event}</option> : null}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-actor" className={label}>Who</label>
        <input id="audit-actor" name="actor" type="search" defaultValue={values.actor} className={cx(controlClasses, "h-9")} placeholder="Username" maxLength={200} />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-draft" className={label}>Draft id</label>
        <input id="audit-draft" name="draft" type="search" inputMode="numeric" pattern="[0-9]*" defaultValue={values.draft} className={cx(controlClasses, "h-9")} placeholder="Any" />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-run" className={label}>Run id</label>
        <input id="audit-run" name="run" type="search" inputMode="numeric" pattern="[0-9]*" defaultValue={values.run} className={cx(controlClasses, "h-9")} placeholder="Any" />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-from" className={label}>From (UTC)</label>
        <input id="audit-from" name="from" type="datetime-local" defaultValue={values.from} className={cx(controlClasses, "h-9")} />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-to" className={label}>To (UTC)</label>
        <input id="audit-to" name="to" type="datetime-local" defaultValue={values.to} className={cx(controlClasses, "h-9")} />
      </div>
      {any ? (
        <div className="flex items-center">
          <Link href="/audit" className={buttonClasses("ghost", "md")}>Clear filters</Link>
        </div>
      ) : null}
    </InstantFilterForm>
  );
}
