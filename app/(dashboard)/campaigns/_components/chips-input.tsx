"use client";

import { useState, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "@/app/_components/cx";
import { controlClasses, describedBy } from "@/app/_components/field";

type Props = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's own error (from the form); an entry refused while typing shows its reason instead. */
  error?: string | null;
  optional?: boolean;
  values: string[];
  onChange: (values: string[]) => void;
  /** Turns what was typed into the entry to add ("r/freelance" -> "freelance"). */
  normalize?: (raw: string) => string;
  /** Why an entry cannot be added, or null. */
  problem?: (value: string) => string | null;
  placeholder?: string;
  /** What one entry is called, for the remove buttons' names ("community"). */
  noun: string;
  max?: number;
};

/**
 * A list of short entries as chips: type one and press Enter (or a comma) to add it, x on a chip removes it, and
 * Backspace in the empty box removes the last one. An entry that would be refused stays in the box with the reason.
 */
export function ChipsInput({ id, label, hint, error, optional, values, onChange, normalize, problem, placeholder, noun, max }: Props) {
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const shownError = refusal ?? error ?? null;

  function add(): boolean {
    const value = (normalize ?? ((s: string) => s.trim()))(text);
    if (!value) return false;
    if (values.includes(value)) {
      setRefusal(`${value} is already in the list.`);
      return true;
    }
    if (max !== undefined && values.length >= max) {
      setRefusal(`The list takes at most ${max}; remove one first.`);
      return true;
    }
    const reason = problem?.(value) ?? null;
    if (reason) {
      setRefusal(reason);
      return true;
    }
    onChange([...values, value]);
    setText("");
    setRefusal(null);
    return true;
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter" || e.key === ",") {
      // Enter adds the entry instead of submitting the form.
      if (add() || e.key === "Enter") e.preventDefault();
    } else if (e.key === "Backspace" && text === "" && values.length > 0) {
      e.preventDefault();
      onChange(values.slice(0, -1));
      setRefusal(null);
    }
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
        {optional ? <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">(optional)</span> : null}
      </label>
      <div
        className={cx(
          controlClasses,
          "flex min-h-9 flex-wrap items-center gap-1.5 py-1.5 focus-within:border-indigo-500 focus-within:outline-2 focus-within:outline-indigo-500/40",
          shownError && "border-red-500",
        )}
      >
        <ul className="flex max-w-full flex-wrap items-center gap-1.5 empty:hidden" aria-label={typeof label === "string" ? label : undefined}>
          {values.map((v) => (
            <li
              key={v}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset dark:bg-indigo-500/15 dark:text-indigo-200 dark:ring-indigo-500/30"
            >
              <span className="truncate">{v}</span>
              <button
                type="button"
                onClick={() => onChange(values.filter((x) => x !== v))}
                aria-label={`Remove ${noun} ${v}`}
                className="inline-flex size-5 items-center justify-center rounded-full text-indigo-600 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-indigo-500/30"
              >
                <svg viewBox="0 0 16 16" fill="currentColor" className="size-3" aria-hidden="true">
                  <path d="M4.28 3.22a.75.75 0 0 0-1.06 1.06L6.94 8l-3.72 3.72a.75.75 0 1 0 1.06 1.06L8 9.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L9.06 8l3.72-3.72a.75.75 0 0 0-1.06-1.06L8 6.94 4.28 3.22Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setRefusal(null);
          }}
          onKeyDown={onKeyDown}
          // Whatever is still typed when the person moves on is added, so it is not silently lost.
          onBlur={() => {
            if (text.trim()) add();
          }}
          placeholder={values.length === 0 ? placeholder : undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(id, hint, shownError)}
          className="min-w-[8rem] flex-1 bg-transparent py-0.5 text-sm outline-none placeholder:text-zinc-400 dark:placeholder:text-zinc-500"
        />
      </div>
      {shownError ? (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {shownError}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
