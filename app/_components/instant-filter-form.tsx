"use client";

// A filter form that applies itself, like the Inbox's filters: a choice applies at once, typed text after a short
// pause, and the filters live in the URL (bookmarkable, Back restores the previous view). Before the page is
// hydrated (or without JavaScript) it is a plain GET form with its Apply button.
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useTransition, type ReactNode } from "react";
import { buttonClasses } from "./button";
import { useHydrated } from "./use-hydrated";

// Typing "ali" then "ce" asks the server once for "alice".
const TYPING_DEBOUNCE_MS = 400;
const TYPED = new Set(["text", "search", "number"]);

export function InstantFilterForm({ action, label, className, children }: { action: string; label: string; className?: string; children: ReactNode }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [pending, startTransition] = useTransition();
  const query = useSearchParams().toString();

  // The URL is the truth: after Clear, Back or a link, the fields show what it says (except the one being typed in).
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const params = new URLSearchParams(query);
    for (const field of Array.from(el.elements)) {
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.name || field.type === "hidden") continue;
      if (field === document.activeElement) continue;
      const v = params.get(field.name);
      // data-default: the value the page uses when the URL does not say (it may depend on the other filters).
      if (field instanceof HTMLSelectElement) field.value = v ?? field.dataset.default ?? field.options[0]?.value ?? "";
      else field.value = v ?? "";
    }
  }, [query]);

  function apply() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const el = form.current;
    if (!el || !el.checkValidity()) return;
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(el)) if (typeof v === "string" && v.trim() !== "") q.append(k, v.trim());
    // A choice left at the value the page would pick anyway stays out of the URL, so the page can pick again when
    // the other filters change (the Audit page shows all events for a run, decisions otherwise).
    for (const field of Array.from(el.elements)) {
      if (field instanceof HTMLSelectElement && field.dataset.default !== undefined && field.value === field.dataset.default) q.delete(field.name);
    }
    const qs = q.toString();
    startTransition(() => router.push(qs ? `${action}?${qs}` : action, { scroll: false }));
  }

  return (
    <form
      ref={form}
      method="get"
      action={action}
      aria-label={label}
      aria-busy={pending}
      data-pending={pending ? "true" : undefined}
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      onChange={(e) => {
        const t = e.target as unknown as HTMLInputElement;
        if (t.tagName === "INPUT" && TYPED.has(t.type)) {
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(apply, TYPING_DEBOUNCE_MS);
        } else {
          apply();
        }
      }}
    >
      {children}
      {hydrated ? null : (
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Apply
        </button>
      )}
    </form>
  );
}
