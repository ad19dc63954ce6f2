"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { apiFetch } from "./api-fetch";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { InlineError } from "./inline-error";
import { Input } from "./input";
import { useMutation } from "./use-mutation";
import { cx } from "./cx";

export type SwitcherOrganization = { id: number; name: string; role: string };

type Props = {
  active: { id: number; name: string };
  organizations: SwitcherOrganization[];
  /** The cloud edition lets anyone start another organization. */
  canCreate: boolean;
};

/**
 * The active organization, and a menu to switch to another of the user's organizations (the server re-issues the
 * session for it; the whole app reloads so nothing of the previous organization stays on screen).
 */
export function OrgSwitcher({ active, organizations, canCreate }: Props) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const { pending, error, setError, run } = useMutation();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const others = organizations.filter((o) => o.id !== active.id);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function switchTo(id: number) {
    const ok = await run(() => apiFetch("/api/auth/switch-organization", { method: "POST", body: { organizationId: id } }), { refresh: false });
    if (ok) location.href = "/";
  }

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "").trim();
    if (!name) return setError("Name the organization.");
    const ok = await run(() => apiFetch("/api/organizations", { method: "POST", body: { name } }), { refresh: false });
    if (ok) location.href = "/";
  }

  // One organization and nothing to create: the name alone, as a label.
  if (others.length === 0 && !canCreate) {
    return (
      <div className="px-3">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Organization</p>
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" title={active.name}>
          {active.name}
        </p>
      </div>
    );
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Organization: ${active.name}. Switch organization`}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-1.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-800"
      >
        <span className="min-w-0">
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">Organization</span>
          <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" title={active.name}>
            {active.name}
          </span>
        </span>
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4 shrink-0 text-zinc-500" aria-hidden="true">
          <path d="m6 8 4-4 4 4M6 12l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Switch organization"
          className="absolute bottom-full left-0 z-40 mb-1 w-full min-w-52 rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {organizations.map((o) => {
            const current = o.id === active.id;
            return (
              <button
                key={o.id}
                type="button"
                role="menuitemradio"
                aria-checked={current}
                disabled={pending}
                onClick={() => (current ? setOpen(false) : switchTo(o.id))}
                className={cx(
                  "flex w-full items-center justify-between gap-2 px-3 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800",
                  current ? "font-medium text-zinc-900 dark:text-zinc-100" : "text-zinc-700 dark:text-zinc-300",
                )}
              >
                <span className="truncate">{o.name}</span>
                <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{current ? "✓ " : ""}{o.role}</span>
              </button>
            );
          })}
          {canCreate ? (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                setError(null);
                setCreating(true);
              }}
              className="mt-1 flex w-full items-center gap-2 border-t border-zinc-200 px-3 pt-2 pb-1.5 text-left text-sm font-medium text-indigo-600 hover:bg-zinc-100 dark:border-zinc-800 dark:text-indigo-400 dark:hover:bg-zinc-800"
            >
              + New organization
            </button>
          ) : null}
        </div>
      ) : null}
      {error && !creating ? <InlineError message={error} className="mt-2" /> : null}
      {/* Mounted only while open, so its fields do not sit in every page's form labels. */}
      {creating ? (
        <Dialog
          open
          onClose={() => setCreating(false)}
          title="New organization"
          actions={
            <>
              <Button variant="secondary" onClick={() => setCreating(false)}>
                Cancel
              </Button>
              <Button type="submit" form="new-organization" pending={pending}>
                Create organization
              </Button>
            </>
          }
        >
          <form id="new-organization" onSubmit={create} className="space-y-3">
            <p>A separate workspace with its own projects, campaigns, inbox and plan. You become its owner.</p>
            <Input id="new-organization-name" name="name" label="Name" required maxLength={100} autoComplete="organization" />
            <InlineError message={error} />
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}
