"use client";

// The zone the mails sent to this person write times in. Pages need no setting (they show the browser's zone); a mail
// is written on the server, which cannot ask a browser. Offers the browser's own zone in one click.
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { InlineError, InlineNotice } from "@/app/_components/inline-error";
import { Select } from "@/app/_components/select";
import { useMutation } from "@/app/_components/use-mutation";

const never = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;

/** `zones` comes from the server, so the server's HTML and the browser's list agree. */
export function TimeZoneCard({ timeZone, zones }: { timeZone: string; zones: string[] }) {
  const save = useMutation();
  const [value, setValue] = useState(timeZone);
  const [notice, setNotice] = useState<string | null>(null);
  const here = useSyncExternalStore(never, browserZone, () => null);

  async function submit(zone: string) {
    setNotice(null);
    const done = await save.run(() => apiFetch<{ timeZone: string }>("/api/auth/time-zone", { method: "PUT", body: { timeZone: zone } }));
    if (done) {
      setValue(done.timeZone);
      setNotice(`Mails now give times in ${done.timeZone}.`);
    }
  }

  return (
    <Card title="Time zone" description="Pages show times in this browser's zone. Mails to you (a changed password or address) give them in this one.">
      <form
        className="space-y-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void submit(value);
        }}
      >
        <Select
          id="timeZone"
          label="Time zone for mails"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          options={(zones.includes(value) ? zones : [value, ...zones]).map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" pending={save.pending} disabled={value === timeZone && !notice}>
            Save
          </Button>
          {here && here !== value ? (
            <Button variant="ghost" onClick={() => void submit(here)} disabled={save.pending}>
              Use this browser&apos;s ({here.replaceAll("_", " ")})
            </Button>
          ) : null}
        </div>
        <InlineError message={save.error} />
        <InlineNotice message={notice} />
      </form>
    </Card>
  );
}
