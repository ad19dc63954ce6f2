"use client";

import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { cx } from "@/app/_components/cx";

// Long descriptions (an extracted one can run to pages) are folded so the tabs stay in view.
const FOLDED_PX = 176;

export function DescriptionClamp({ children }: { children: ReactNode }) {
  const inner = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const el = inner.current;
    if (el) setOverflows(el.scrollHeight > FOLDED_PX + 24);
  }, [children]);

  return (
    <div>
      <div
        ref={inner}
        className={cx("relative", overflows && !open && "overflow-hidden")}
        style={overflows && !open ? { maxHeight: FOLDED_PX } : undefined}
      >
        {children}
        {overflows && !open ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-linear-to-t from-white dark:from-zinc-900" />
        ) : null}
      </div>
      {overflows ? (
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          className="mt-2 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          {open ? "Show less" : "Show all"}
        </button>
      ) : null}
    </div>
  );
}
