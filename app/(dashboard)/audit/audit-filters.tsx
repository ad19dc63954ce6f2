import Link from "next/link";
import { buttonClasses } from "@/app/_components/button";
import { controlClasses } from "@/app/_components/field";
import { cx } from "@/app/_components/cx";

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";
const EVENTS = [
  ["", "Any event"],
  ["created", "created (draft)"],
  ["approved", "approved"],
  ["rejected", "rejected"],
  ["sent", "sent"],
  ["replied", "replied"],
  ["body_edited", "body_edited"],
  ["regenerated", "regenerated"],
  ["lifecycle", "lifecycle (run)"],
  ["tool_call", "tool_call"],
  ["message_chunk", "message_chunk"],
  ["stderr", "stderr"],
] as const;

export interface AuditFilterValues {
  kind: string;
  event: string;
  draft: string;
  run: string;
  actor: string;
  from: string;
  to: string;
}

/** The feed's filters as a GET form: they live in the URL (bookmarkable, shareable) and the page reads them. */
export function AuditFilters({ values }: { values: AuditFilterValues }) {
  const any = Object.values(values).some(Boolean);
  return (
    <form method="get" action="/audit" aria-label="Audit filters" className="mb-4 grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] items-end gap-3">
      <div className="space-y-1">
        <label htmlFor="audit-kind" className={label}>Kind</label>
        <select id="audit-kind" name="kind" defaultValue={values.kind} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="">Drafts and runs</option>
          <option value="draft">Draft events</option>
          <option value="run">Run events</option>
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
        <label htmlFor="audit-draft" className={label}>Draft id</label>
        <input id="audit-draft" name="draft" inputMode="numeric" pattern="[0-9]*" defaultValue={values.draft} className={cx(controlClasses, "h-9")} placeholder="Any" />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-run" className={label}>Run id</label>
        <input id="audit-run" name="run" inputMode="numeric" pattern="[0-9]*" defaultValue={values.run} className={cx(controlClasses, "h-9")} placeholder="Any" />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-actor" className={label}>Actor</label>
        <input id="audit-actor" name="actor" defaultValue={values.actor} className={cx(controlClasses, "h-9")} placeholder="Anyone" maxLength={200} />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-from" className={label}>From (UTC)</label>
        <input id="audit-from" name="from" type="datetime-local" defaultValue={values.from} className={cx(controlClasses, "h-9")} />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-to" className={label}>To (UTC)</label>
        <input id="audit-to" name="to" type="datetime-local" defaultValue={values.to} className={cx(controlClasses, "h-9")} />
      </div>
      <div className="flex items-center gap-2">
        <button type="submit" className={buttonClasses("secondary", "md")}>Apply</button>
        {any ? <Link href="/audit" className={buttonClasses("ghost", "md")}>Clear</Link> : null}
      </div>
    </form>
  );
}
