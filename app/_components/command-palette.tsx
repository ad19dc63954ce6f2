"use client";

// The command palette: Ctrl+K (Cmd+K on a Mac) from any dashboard page. Jump to a page, or to a campaign, project,
// playbook or draft by name (GET /api/search, the caller's organization only), and run the common actions: a new
// campaign, Run now on a campaign, the inbox opened on a tab or a campaign. Built on cmdk (list, keyboard and
// selection) inside the dashboard's native <dialog> (focus trap, Escape, backdrop).
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SearchResult } from "@/lib/search/schemas";
import { apiFetch, errorMessage } from "./api-fetch";
import { cx } from "./cx";
import { nativeCloseEvents } from "./dialog";

type Entry = { id: string; label: string; hint?: string; keywords?: string; run: () => void | Promise<void> };

// Typing "lau" then "nch" asks the server once.
const SEARCH_DEBOUNCE_MS = 150;

const PAGES: Array<[string, string, string?]> = [
  ["/", "Home"],
  ["/inbox", "Inbox", "drafts review"],
  ["/people", "People", "contacts threads conversations"],
  ["/campaigns", "Campaigns"],
  ["/projects", "Projects"],
  ["/playbooks", "Playbooks"],
  ["/audit", "Audit", "history decisions events"],
  ["/notifications", "Notifications"],
  ["/settings", "Settings", "runners jobs"],
  ["/settings/members", "Settings: members", "invite team"],
  ["/settings/webhooks", "Settings: webhooks"],
  ["/settings/api-keys", "Settings: API keys"],
  ["/settings/account", "Settings: your account", "password email"],
];

const INBOX_TABS: Array<[string, string]> = [
  ["/inbox", "Inbox: needs review"],
  ["/inbox?state=approved", "Inbox: approved"],
  ["/inbox?state=sent", "Inbox: sent"],
  ["/inbox?state=rejected", "Inbox: rejected"],
];

const matches = (e: Entry, q: string) => !q || `${e.label} ${e.keywords ?? ""}`.toLowerCase().includes(q.toLowerCase());

/** Ctrl/Cmd+K, and the `open-command-palette` event (the sidebar's Search button). */
export function CommandPalette() {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<SearchResult[]>([]);
  const [searching, setSearching] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    }
    const onOpen = () => setOpen(true);
    window.addEventListener("keydown", onKey);
    window.addEventListener("open-command-palette", onOpen);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("open-command-palette", onOpen);
    };
  }, []);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      // A modal dialog focuses itself when nothing in it carries the autofocus attribute: the typing goes to the input.
      el.querySelector<HTMLInputElement>("[cmdk-input]")?.focus();
    }
    if (!open && el.open) el.close();
    if (!open) {
      setQuery("");
      setResults([]);
      setMessage(null);
    }
  }, [open]);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setResults([]);
      setSearching(false);
      return;
    }
    setSearching(true);
    let live = true;
    const t = setTimeout(async () => {
      try {
        const page = await apiFetch<{ results: SearchResult[] }>(`/api/search?q=${encodeURIComponent(q.slice(0, 100))}`);
        if (live) setResults(page.results);
      } catch (err) {
        if (live) setMessage(errorMessage(err));
      } finally {
        if (live) setSearching(false);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [query]);

  const go = useCallback(
    (href: string) => {
      setOpen(false);
      router.push(href);
    },
    [router],
  );

  async function runNow(campaign: SearchResult) {
    setMessage(`Starting a run of ${campaign.label}…`);
    try {
      const res = await apiFetch<{ runId: number; alreadyRunning?: boolean }>("/api/run", { method: "POST", body: { campaignId: campaign.id, trigger: "manual" } });
      setOpen(false);
      // The campaign page shows the run live (or the one already going).
      void res;
      router.push(`/campaigns/${campaign.id}`);
    } catch (err) {
      setMessage(`${campaign.label} could not run: ${errorMessage(err)}`);
    }
  }

  const q = query.trim();
  const actions: Entry[] = [
    { id: "new-campaign", label: "New campaign", keywords: "create add", run: () => go("/campaigns/new") },
    ...INBOX_TABS.map(([href, label]) => ({ id: `inbox:${href}`, label, keywords: "open filter drafts", run: () => go(href) })),
  ].filter((e) => matches(e, q));
  const pages: Entry[] = PAGES.map(([href, label, keywords]) => ({ id: `page:${href}`, label, keywords, run: () => go(href) })).filter((e) => matches(e, q));
  const campaigns = results.filter((r) => r.type === "campaign");
  const campaignActions: Entry[] = campaigns.flatMap((c) => [
    { id: `run:${c.id}`, label: `Run now: ${c.label}`, run: () => runNow(c) },
    { id: `inbox-campaign:${c.id}`, label: `Inbox of ${c.label}`, hint: "drafts waiting for review", run: () => go(`/inbox?campaign=${c.id}`) },
  ]);
  const found = (type: SearchResult["type"]) =>
    results.filter((r) => r.type === type).map((r): Entry => ({ id: `${type}:${r.id}`, label: r.label, hint: r.detail ?? undefined, run: () => go(r.href) }));
  // What is typed picks a page or an action first; found names and what can be done with them follow (they arrive
  // a moment later and must not move the selection from under the keyboard).
  const groups: Array<{ heading: string; entries: Entry[] }> = [
    { heading: "Actions", entries: actions },
    { heading: "Pages", entries: pages },
    { heading: "Campaigns", entries: found("campaign") },
    { heading: "Campaign actions", entries: campaignActions },
    { heading: "Projects", entries: found("project") },
    { heading: "Playbooks", entries: found("playbook") },
    { heading: "Drafts", entries: found("draft") },
  ].filter((g) => g.entries.length > 0);
  const nothing = groups.length === 0 && !searching;

  return (
    <dialog
      ref={dialog}
      aria-label="Command palette"
      {...nativeCloseEvents(dialog, () => setOpen(false))}
      onClick={(e) => {
        if (e.target === dialog.current) setOpen(false);
      }}
      className="mx-auto mt-[12vh] w-[min(36rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {open ? (
        <Command label="Command palette" shouldFilter={false} loop>
          <div className="flex items-center gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4 shrink-0 text-zinc-500" aria-hidden="true">
              <circle cx="9" cy="9" r="5.5" />
              <path d="m13 13 3.5 3.5" strokeLinecap="round" />
            </svg>
            <Command.Input
              value={query}
              onValueChange={(v) => {
                setQuery(v);
                setMessage(null);
              }}
              placeholder="Jump to a page, campaign, project or draft, or run an action…"
              className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-zinc-400 dark:placeholder:text-zinc-500"
            />
            <kbd className="hidden rounded border border-zinc-200 px-1.5 py-0.5 font-sans text-[10px] text-zinc-500 sm:inline dark:border-zinc-700 dark:text-zinc-400">Esc</kbd>
          </div>
          <Command.List className="max-h-[60vh] overflow-y-auto p-2">
            {message ? (
              <p role="status" className="px-2 py-1.5 text-xs text-zinc-600 dark:text-zinc-300">
                {message}
              </p>
            ) : null}
            {searching ? <Command.Loading><p className="px-2 py-1.5 text-xs text-zinc-500 dark:text-zinc-400">Searching…</p></Command.Loading> : null}
            {nothing ? <p className="px-2 py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">Nothing matches &ldquo;{q}&rdquo;.</p> : null}
            {groups.map((g) => (
              <Command.Group
                key={g.heading}
                heading={g.heading}
                className="mb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-zinc-500 dark:[&_[cmdk-group-heading]]:text-zinc-400"
              >
                {g.entries.map((e) => (
                  <Command.Item
                    key={e.id}
                    value={e.id}
                    onSelect={() => void e.run()}
                    className={cx(
                      "flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-2 py-2 text-sm",
                      "data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900 dark:data-[selected=true]:bg-indigo-500/15 dark:data-[selected=true]:text-indigo-100",
                    )}
                  >
                    <span className="min-w-0 truncate">{e.label}</span>
                    {e.hint ? <span className="shrink-0 truncate text-xs text-zinc-500 dark:text-zinc-400">{e.hint}</span> : null}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
          </Command.List>
          <p className="border-t border-zinc-200 px-4 py-2 text-[11px] text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
            <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move, <kbd className="font-sans">Enter</kbd> to open, <kbd className="font-sans">Ctrl K</kbd> or{" "}
            <kbd className="font-sans">⌘K</kbd> to open or close
          </p>
        </Command>
      ) : null}
    </dialog>
  );
}

/** The sidebar's button that opens the palette (for those who do not know the shortcut). */
export function CommandPaletteButton() {
  return (
    <button
      type="button"
      onClick={() => window.dispatchEvent(new Event("open-command-palette"))}
      aria-keyshortcuts="Control+K Meta+K"
      className="flex w-full items-center justify-between gap-2 rounded-md border border-zinc-200 px-3 py-1.5 text-sm text-zinc-500 hover:bg-zinc-50 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
    >
      <span>Search or jump to…</span>
      <kbd className="rounded border border-zinc-200 px-1 font-sans text-[10px] dark:border-zinc-700">Ctrl K</kbd>
    </button>
  );
}
