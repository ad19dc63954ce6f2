"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { cx } from "./cx";

const MOBILE = "(max-width: 767.98px)";

/**
 * The sidebar on every width. From `md` up it is the fixed column it always was; below, a top bar with a menu
 * button opens it as a drawer over the page (organization, live status and theme come with it). The drawer closes on
 * navigation, Escape and a tap outside; while closed on a phone it is invisible and inert, so neither focus nor a
 * screen reader wanders into it.
 */
export function ResponsiveSidebar({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState(false);
  const pathname = usePathname();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  useEffect(() => {
    const query = window.matchMedia(MOBILE);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  // A link followed inside the drawer lands on a new page: close it there.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      <div className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-zinc-200 bg-white px-2 md:hidden dark:border-zinc-800 dark:bg-zinc-900">
        <button
          ref={menuButton}
          type="button"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls="app-sidebar"
          onClick={() => setOpen((v) => !v)}
          className="flex size-11 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5" aria-hidden="true">
            <path d="M3.5 6h13M3.5 10h13M3.5 14h13" strokeLinecap="round" />
          </svg>
        </button>
        <Link href="/" className="inline-flex items-center gap-2 text-base font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-md bg-indigo-600 text-sm font-bold text-white dark:bg-indigo-500">
            O
          </span>
          Outreach
        </Link>
      </div>
      {open ? <div aria-hidden="true" onClick={() => setOpen(false)} className="fixed inset-0 z-40 bg-zinc-950/40 md:hidden" /> : null}
      {/* From md up the aside is a flex item with a transform, so it is a stacking context of its own: z-30 puts it,
          and the bell's dropdown inside it, above anything the page pins (the inbox's sticky bulk bar is z-10). */}
      <aside
        ref={drawer}
        id="app-sidebar"
        inert={mobile && !open}
        className={cx(
          "fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-zinc-200 bg-white transition-transform duration-200 dark:border-zinc-800 dark:bg-zinc-900",
          "md:static md:z-30 md:w-60 md:max-w-none md:shrink-0 md:translate-x-0 md:transition-none md:dark:bg-zinc-900/50",
          // Closed on a phone it is also invisible: out of the accessibility tree and the focus order, not only off screen.
          open ? "translate-x-0 shadow-xl" : "-translate-x-full max-md:invisible",
        )}
      >
        {children}
      </aside>
    </>
  );
}
