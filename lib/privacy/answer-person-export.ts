// The person export as an HTTP answer: the JSON (a download named after the person and the day) or the readable page.
import { exportPersonData } from "@/lib/privacy/export-person-data";
import { renderPersonExportHtml } from "@/lib/privacy/render-person-export-html";
import type { PersonQuery } from "@/lib/privacy/schemas";

export async function answerPersonExport({ orgId, query }: { orgId: number; query: PersonQuery }): Promise<Response> {
  const data = await exportPersonData({ orgId, platform: query.platform, handle: query.handle });
  const base = `${data.person.platform}-${data.person.handle.replace(/[^a-z0-9._-]+/gi, "_")}-${data.exportedAt.slice(0, 10)}`;
  // Personal data: never kept by a shared cache or the browser's back-forward cache.
  const headers = { "Cache-Control": "no-store" };
  if (query.format === "html") {
    return new Response(renderPersonExportHtml(data), { headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Disposition": `inline; filename="${base}.html"` } });
  }
  return new Response(JSON.stringify(data, null, 2), {
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${base}.json"` },
  });
}
