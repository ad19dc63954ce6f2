"use client";

import { useRef, useState, type ReactNode } from "react";
import { Button } from "@/app/_components/button";

type SecretPanelProps = {
  secret: string;
  title: ReactNode;
  children: ReactNode;
  onDismiss: () => void;
  /** What the value is, for screen readers: "Signing secret", "Invitation link"... */
  label?: string;
};

/** A secret (signing secret, invitation link, token) shown in clear once, with Copy. It lives in the caller's state only: a reload forgets it. */
export function SecretPanel({ secret, title, children, onDismiss, label = "Signing secret" }: SecretPanelProps) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const codeRef = useRef<HTMLElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select the text so Ctrl+C works.
      const el = codeRef.current;
      if (el) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const sel = window.getSelection();
        sel?.removeAllRanges();
        sel?.addRange(range);
      }
      setCopied("failed");
    }
  }

  return (
    <div
      data-testid="secret-panel"
      role="region"
      aria-label={label}
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <div className="flex items-start gap-2.5">
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true">
          <circle cx="7" cy="12.5" r="3.5" />
          <path d="m9.5 10 6-6M13.5 6l2 2" strokeLinecap="round" />
        </svg>
        <div className="min-w-0 text-sm text-amber-900 dark:text-amber-100">
          <p className="font-semibold">{title}</p>
          <div className="mt-0.5 text-amber-900/85 dark:text-amber-100/85">{children}</div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <code
          ref={codeRef}
          data-testid="secret-value"
          className="min-w-0 flex-1 rounded border border-amber-200 bg-white px-2.5 py-1.5 font-mono text-sm break-all text-zinc-900 select-all dark:border-amber-500/30 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {secret}
        </code>
        <Button size="sm" variant="secondary" onClick={copy}>
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-xs text-amber-800 dark:text-amber-200">
        {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "The browser refused the clipboard; the text is selected, press Ctrl+C (⌘C)." : ""}
      </p>
    </div>
  );
}
