"use client";

import { useState } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Input } from "@/app/_components/input";
import { useMutation } from "@/app/_components/use-mutation";
import type { ErasureResult } from "@/lib/privacy/erase-person";
import { describeErasure } from "@/lib/privacy/describe-erasure";

/** Erasure, confirmed by typing the handle (docs/privacy.md "Erase"); the server checks the same confirmation. */
export function ErasePersonForm({ platform, handle, suppressed }: { platform: string; handle: string; suppressed: boolean }) {
  const [typed, setTyped] = useState("");
  const [done, setDone] = useState<ErasureResult | null>(null);
  const { pending, error, run } = useMutation();
  const matches = typed.trim().replace(/^(?:\/?u\/|@)/i, "").toLowerCase() === handle;

  if (done) {
    const c = done.counts;
    return (
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-200">
        {done.replayed
          ? "This person had already been erased; nothing else was held."
          : `Erased: ${describeErasure(c)}. Their handle and words were taken out of ${c.otherRowsScrubbed} other ${c.otherRowsScrubbed === 1 ? "record" : "records"}.`}
      </p>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!matches) return;
        const result = await run(() => apiFetch<ErasureResult>("/api/people/erase", { method: "POST", body: { platform, handle, confirm: typed } }));
        if (result) setDone(result);
      }}
    >
      <Input
        id="erase-confirm"
        label={
          <>
            Type <span className="font-mono">{handle}</span> to confirm
          </>
        }
        hint={suppressed ? "Already erased: erasing again removes anything about them that arrived since." : undefined}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        fieldClassName="min-w-56 flex-1"
        error={error}
      />
      <Button type="submit" variant="danger-solid" pending={pending} disabled={!matches || pending}>
        Erase everything
      </Button>
    </form>
  );
}
