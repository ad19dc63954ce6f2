// The person export as a page a person can read (docs/privacy.md "Export"): the same content as the JSON, in plain
// HTML with its own small stylesheet, no script and no outside resource, so it can be saved and mailed as one file.
import { escapeHtml } from "@/lib/mail/messages";
import type { PersonExport } from "@/lib/privacy/export-person-data";

const e = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "—" : escapeHtml(String(v)));
const when = (iso: string | null) => (iso ? escapeHtml(iso.replace("T", " ").slice(0, 16) + " UTC") : "—");

function section(title: string, count: number, inner: string, empty: string): string {
  return `<section><h2>${escapeHtml(title)} <span class="n">(${count})</span></h2>${count === 0 ? `<p class="muted">${escapeHtml(empty)}</p>` : inner}</section>`;
}

function bubble(m: { direction: string; author: string; body: string; sentAt: string }): string {
  return `<div class="msg ${m.direction === "outbound" ? "out" : "in"}"><div class="meta">${e(m.author)} · ${when(m.sentAt)}</div><div class="body">${e(m.body)}</div></div>`;
}

export function renderPersonExportHtml(x: PersonExport): string {
  const title = `What ${x.organization} holds about ${x.person.handle} (${x.person.platform})`;
  const optOut = x.optOut.optedOut
    ? `Asked not to be contacted since ${when(x.optOut.since)} (${x.optOut.source === "reply" ? `in a reply: “${e(x.optOut.words)}”` : "marked by hand"}).`
    : "Has not asked not to be contacted.";
  const contacts = section("Contact history", x.contactHistory.length,
    `<table><thead><tr><th scope="col">Project</th><th scope="col">Written from</th><th scope="col">First contact</th><th scope="col">Last contact</th><th scope="col">Outcome</th></tr></thead><tbody>${x.contactHistory
      .map((c) => `<tr><td>${e(c.project)}</td><td>${e(c.accountHandle)}</td><td>${when(c.firstContactedAt)}</td><td>${when(c.lastContactedAt)}</td><td>${e(c.outcome)}</td></tr>`)
      .join("")}</tbody></table>`,
    "No contact recorded.");
  const threads = section("Conversations", x.threads.length,
    x.threads.map((t) => `<article><h3>${t.kind === "dm" ? "Direct messages" : "Comments"} with ${e(t.accountHandle)}</h3>${t.messages.map(bubble).join("")}</article>`).join(""),
    "No conversation.");
  const others = x.otherMessages.length > 0 ? section("Their messages in other conversations", x.otherMessages.length, x.otherMessages.map(bubble).join(""), "") : "";
  const drafts = section("Messages written to them", x.drafts.length,
    x.drafts
      .map((d) => `<article><h3>${e(d.kind.replace("_", " "))} · ${e(d.state.replace("_", " "))}</h3><p class="muted">Project ${e(d.project)} · campaign ${e(d.campaign)} · from ${e(d.accountHandle)} · written ${when(d.createdAt)}${d.sentAt ? ` · sent ${when(d.sentAt)}` : ""}</p>${d.title ? `<p><strong>${e(d.title)}</strong></p>` : ""}<div class="body draft">${e(d.body)}</div>${
        d.events.length > 0 ? `<details><summary>History (${d.events.length})</summary><ul>${d.events.map((ev) => `<li>${when(ev.at)} · ${e(ev.event.replaceAll("_", " "))} · ${e(ev.actor)}</li>`).join("")}</ul></details>` : ""
      }</article>`)
      .join(""),
    "No message was written to them.");
  const research = section("Found while researching", x.researchCandidates.length,
    `<ul>${x.researchCandidates.map((c) => `<li>${when(c.foundAt)} · ${e(c.community)} · ${e(c.sourceUrl)}</li>`).join("")}</ul>`, "Nothing.");
  const blocked = x.blocklist.length > 0 ? `<p>On the blocklist${x.blocklist.map((b) => ` (${b.project ? `project ${e(b.project)}` : "every project"}${b.reason ? `: ${e(b.reason)}` : ""})`).join(",")}.</p>` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{max-width:48rem;margin:2rem auto;padding:0 1rem;color:#18181b;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e4e4e7;background:#18181b}.muted,.meta{color:#a1a1aa!important}.msg.in{background:#27272a!important}th,td{border-color:#3f3f46!important}}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}h3{font-size:1rem;margin:1rem 0 .25rem}.n,.muted,.meta{color:#52525b;font-weight:normal}
.meta{font-size:.8rem}.body{white-space:pre-wrap;overflow-wrap:anywhere}.msg{margin:.5rem 0;padding:.5rem .75rem;border-radius:.5rem;max-width:85%}
.msg.out{margin-left:auto;background:#4f46e5;color:#fff}.msg.out .meta{color:#e0e7ff!important}.msg.in{background:#f4f4f5}
.draft{border-left:3px solid #a1a1aa;padding-left:.75rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;border-bottom:1px solid #e4e4e7;padding:.25rem .5rem}
</style></head><body><main>
<h1>${escapeHtml(title)}</h1>
<p class="muted">Exported ${when(x.exportedAt)}. Everything the organization holds about this person, across all its projects.</p>
${x.suppressed ? "<p><strong>This person’s data was erased.</strong> Only a one-way fingerprint of the handle is kept, so that no message is written to them again.</p>" : ""}
<p>${optOut}</p>${blocked}
${contacts}${threads}${others}${drafts}${research}
</main></body></html>`;
}
