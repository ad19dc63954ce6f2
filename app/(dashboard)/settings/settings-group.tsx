import type { ReactNode } from "react";

export type SettingsGroupLink = { id: string; label: string };

/**
 * One group of Settings > General (Review rules, Agents, …): a heading a person can jump to, then its cards. A group
 * of one card (`description` omitted) lets the card's own title be its heading rather than say it twice.
 */
export function SettingsGroup({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  if (!description) {
    return (
      // A plain anchor around the card: the card is the section, with its own heading.
      <div id={id} className="scroll-mt-6 [&>*]:mt-0">
        {children}
      </div>
    );
  }
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <div className="mb-3">
        <h2 id={`${id}-heading`} className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>
      </div>
      {/* Cards keep their own top margins elsewhere; here the gap alone spaces them. */}
      <div className="flex flex-col gap-6 [&>*]:mt-0">{children}</div>
    </section>
  );
}

/** The groups of the page, as links to each (the page is long on a phone). */
export function SettingsGroupNav({ groups }: { groups: SettingsGroupLink[] }) {
  return (
    <nav aria-label="On this page" className="mb-8 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {groups.map((g) => (
        <a key={g.id} href={`#${g.id}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {g.label}
        </a>
      ))}
    </nav>
  );
}
