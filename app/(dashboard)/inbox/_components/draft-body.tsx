"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/app/_components/button";
import { cx } from "@/app/_components/cx";
import { controlClasses } from "@/app/_components/field";
import type { DraftView } from "@/lib/drafts/draft-view";

// Bodies longer than this get a Show more toggle; shorter ones fit in the clamped preview anyway.
const PREVIEW_CHARS = 220;

/** The draft's text, clamped to a few lines until the reviewer expands it. */
export function DraftBody({ draft }: { draft: DraftView }) {
  const [expanded, setExpanded] = useState(false);
  const long = draft.body.length > PREVIEW_CHARS || draft.body.split("\n").length > 3;
  const bodyId = `draft-body-${draft.id}`;
  return (
    <div>
      {draft.title ? <p className="mb-0.5 font-medium text-zinc-900 dark:text-zinc-100">{draft.title}</p> : null}
      <p
        id={bodyId}
        className={cx("draft-text", !expanded && "line-clamp-3")}
      >
        {draft.body}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((v) => !v)}
          className="draft-more"
        >
          {expanded ? "Show less" : "Show more"}
        </button>
      ) : null}
    </div>
  );
}

type BodyEditorProps = {
  draft: DraftView;
  initial: string;
  pending: boolean;
  onSave: (body: string) => void;
  onCancel: () => void;
};

/** Inline body edit: Save (or Ctrl/Cmd+Enter) sends the text with the version the reviewer saw; Escape cancels. */
export function BodyEditor({ draft, initial, pending, onSave, onCancel }: BodyEditorProps) {
  const [text, setText] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = `draft-edit-${draft.id}`;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const empty = text.trim().length === 0;
  const save = () => {
    if (!empty && !pending) onSave(text);
  };

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Escape") {
      e.preventDefault();
      onCancel();
    } else if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      save();
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="sr-only">
        Body of draft {draft.id}
      </label>
      <textarea
        id={id}
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={Math.min(12, Math.max(4, text.split("\n").length + 1))}
        aria-invalid={empty || undefined}
        className={cx(controlClasses, "py-2 leading-relaxed")}
      />
      <div className="flex items-center gap-2">
        <Button size="sm" onClick={save} pending={pending} disabled={empty}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {empty ? "The body cannot be empty." : "Ctrl+Enter to save, Esc to cancel"}
        </span>
      </div>
    </div>
  );
}
