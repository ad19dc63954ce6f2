import { buttonClasses } from "@/app/_components/button";
import { Input } from "@/app/_components/input";
import { Select } from "@/app/_components/select";
import { PLATFORMS } from "@/lib/campaigns/catalog";

/** Look a person up by platform and handle: a plain GET form, so the address can be bookmarked or shared. */
export function PersonLookup({ platform, handle }: { platform: string; handle: string }) {
  return (
    <form method="get" action="/people/privacy" className="flex flex-wrap items-end gap-3">
      <Select id="lookup-platform" name="platform" label="Platform" defaultValue={platform} options={PLATFORMS.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))} />
      <Input id="lookup-handle" name="handle" label="Handle" defaultValue={handle} required maxLength={200} placeholder="u/name or @name" fieldClassName="min-w-56 flex-1" autoComplete="off" />
      <button type="submit" className={buttonClasses("primary", "md")}>
        Look up
      </button>
    </form>
  );
}
