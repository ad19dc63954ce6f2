import Link from "next/link";
import { buttonClasses } from "@/app/_components/button";
import { ExportLink } from "@/app/_components/export-link";
import { controlClasses } from "@/app/_components/field";
import { cx } from "@/app/_components/cx";
import { InstantFilterForm } from "@/app/_components/instant-filter-form";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { INTENT_LABELS, REPLY_INTENTS } from "@/lib/replies/reply-intent";

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";

/**
 * The Threads tab's filters (who wrote last, the kind of conversation). They apply as they change (InstantFilterForm)
 * and live in the URL, work without JavaScript as a GET form, and the export carries them.
 */
export function ThreadFilters({ filter, kind, q, sort, intent }: { filter: string; kind: string; q: string; sort: string; intent: string }) {
  return (
    <InstantFilterForm action="/people" className="mb-4 flex flex-wrap items-end gap-3" label="Thread filters">
      <div className="w-64 space-y-1">
        <label htmlFor="threads-q" className={label}>Search</label>
        <input id="threads-q" name="q" type="search" defaultValue={q} placeholder="Handle or words of a message" maxLength={200} className={cx(controlClasses, "h-9")} />
      </div>
      <div className="w-56 space-y-1">
        <label htmlFor="threads-filter" className={label}>Conversations</label>
        <select id="threads-filter" name="filter" defaultValue={filter} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="all">All</option>
          <option value="replied">They wrote last</option>
          <option value="awaiting">Awaiting their reply</option>
        </select>
      </div>
      <div className="w-56 space-y-1">
        <label htmlFor="threads-kind" className={label}>Kind</label>
        <select id="threads-kind" name="kind" defaultValue={kind} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="all">All kinds</option>
          <option value="dm">Direct messages</option>
          <option value="post_comment">Comments</option>
        </select>
      </div>
      <div className="w-48 space-y-1">
        <label htmlFor="threads-intent" className={label}>Intent</label>
        <select id="threads-intent" name="intent" defaultValue={intent} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="">Any intent</option>
          {REPLY_INTENTS.map((i) => (
            <option key={i} value={i}>{INTENT_LABELS[i]}</option>
          ))}
        </select>
      </div>
      <div className="w-48 space-y-1">
        <label htmlFor="threads-sort" className={label}>Order</label>
        <select id="threads-sort" name="sort" defaultValue={sort} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="recent">Newest activity</option>
          <option value="intent">Interested first</option>
        </select>
      </div>
      {filter !== "all" || kind !== "all" || q || intent || sort !== "recent" ? (
        <Link href="/people" className={buttonClasses("ghost", "md")}>Clear</Link>
      ) : null}
      <ExportLink resource="conversations" query={{ filter, kind }} className="ml-auto" />
    </InstantFilterForm>
  );
}

/** The All contacts tab's filters: platform and a search over handles. */
export function ContactFilters({ platform, q }: { platform: string; q: string }) {
  return (
    <InstantFilterForm action="/people" className="mb-4 flex flex-wrap items-end gap-3" label="Contact filters">
      <input type="hidden" name="tab" value="contacts" />
      <div className="w-56 space-y-1">
        <label htmlFor="contacts-platform" className={label}>Platform</label>
        <select id="contacts-platform" name="platform" defaultValue={platform} className={cx(controlClasses, "h-9 pr-8")}>
          <option value="">All platforms</option>
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {p.charAt(0).toUpperCase() + p.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div className="w-56 space-y-1">
        <label htmlFor="contacts-q" className={label}>Search</label>
        <input id="contacts-q" name="q" type="search" defaultValue={q} placeholder="Handle" maxLength={200} className={cx(controlClasses, "h-9")} />
      </div>
      {platform || q ? (
        <Link href="/people?tab=contacts" className={buttonClasses("ghost", "md")}>Clear</Link>
      ) : null}
      <ExportLink resource="contacts" query={{ platform, q }} className="ml-auto" />
    </InstantFilterForm>
  );
}
