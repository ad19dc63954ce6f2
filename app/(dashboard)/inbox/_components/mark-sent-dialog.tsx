"use client";

// Mark as sent, for a message the reviewer sent by hand outside the extension. For a public post or comment it asks
// for the link to what was sent (optional): kept on the draft, it lets the removal checks look at it later, as they
// do for what the extension marks. Enter marks it sent, Escape (the native dialog's) cancels.
import { useId, useState } from "react";
import { Button } from "@/app/_components/button";
import { Dialog } from "@/app/_components/dialog";
import { Input } from "@/app/_components/input";
import { ZPermalink } from "@/lib/drafts/permalink";
import type { DraftView } from "@/lib/drafts/draft-view";
import { isPublicKind } from "@/lib/removal-checks/removal-policy";

/** The link as the route would take it: null when empty, else the same check the route runs, in the same words. */
export function checkPermalink(raw: string): { permalink?: string; error?: string } {
  const text = raw.trim();
  if (!text) return {};
  const parsed = ZPermalink.safeParse(text);
  return parsed.success ? { permalink: parsed.data } : { error: parsed.error.issues[0]?.message ?? "Not a link" };
}

export function MarkSentDialog({
  draft,
  pending,
  onSubmit,
  onClose,
}: {
  draft: DraftView;
  pending: boolean;
  onSubmit: (permalink?: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const inputId = useId();
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);
  const asksLink = isPublicKind(draft.kind);
  const what = draft.kind === "post" ? "post" : "comment";

  function submit() {
    const checked = asksLink ? checkPermalink(link) : {};
    if (checked.error) {
      setError(checked.error);
      return;
    }
    onSubmit(checked.permalink);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Mark draft ${draft.id} as sent?`}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {/* Without a link to ask for, Enter lands on the confirm button itself. */}
          <Button type="submit" form={formId} pending={pending} autoFocus={!asksLink}>
            Mark as sent
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p>
          Use this when you sent it yourself. The contact is recorded and the draft leaves the queue; a sent draft cannot
          be reopened.
        </p>
        {asksLink ? (
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            label={`Link to the sent ${what}`}
            optional
            autoFocus
            autoComplete="off"
            placeholder="https://…/comments/…"
            value={link}
            error={error}
            hint="Paste its address from the platform, so it is checked later for removal (1 hour and 1 day after sending)."
            onChange={(e) => {
              setLink(e.target.value);
              if (error) setError(null);
            }}
          />
        ) : null}
      </form>
    </Dialog>
  );
}
