// The reference page: every operation is on it, nothing from the document reaches the HTML unescaped, and it loads
// nothing from anywhere else.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { esc, referencePageCsp, renderReferenceHtml } from "@/lib/openapi/render-reference-html";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

describe("renderReferenceHtml", () => {
  const doc = buildOpenApiDocument();
  const html = renderReferenceHtml(doc);

  it("shows every operation's method and path", () => {
    let count = 0;
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        if (!(item as Record<string, unknown>)[method]) continue;
        count++;
        expect(html, `${method} ${path}`).toContain(`<span class="m m-${method}">${method.toUpperCase()}</span><code class="path">${esc(path)}</code>`);
      }
    }
    expect(count).toBeGreaterThan(50);
  });

  it("carries the title, the key intro and a link to the document", () => {
    expect(html).toContain("<title>Outreach dashboard API</title>");
    expect(html).toContain("Settings &gt; API keys");
    expect(html).toContain("OUTREACH_API_RATE_PER_MINUTE");
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain("Authorization: Bearer $OUTREACH_API_KEY");
  });

  it("renders a body as fields with their rules", () => {
    const card = html.slice(html.indexOf('id="op-postDraftsBulkReschedule"'));
    const end = card.indexOf("</article>");
    const text = card.slice(0, end);
    expect(text).toContain("<code>ids</code>");
    expect(text).toContain("1–500 items");
    expect(text).toContain("<code>send_after</code>");
    expect(text).toMatch(/string \(date-time\) \| null/);
  });

  it("escapes what the document says", () => {
    const hostile = structuredClone(doc);
    const op = (hostile.paths!["/api/drafts/{id}"] as Record<string, { description?: string; summary?: string }>).patch!;
    op.description = `<script>alert("x")</script> and \`<img src=x onerror=alert(1)>\``;
    op.summary = "<b>bold</b>";
    const out = renderReferenceHtml(hostile);
    expect(out).not.toContain("<script>alert");
    expect(out).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(out).not.toContain("<img");
    expect(out).toContain("<code>&lt;img src=x onerror=alert(1)&gt;</code>");
    expect(out).not.toContain("<b>bold</b>");
  });

  it("loads nothing from elsewhere", () => {
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/\bsrc\s*=/i);
    expect(html).not.toMatch(/@import|url\(/i);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(#|\/)(?!\/)/);
  });

  it("allows exactly its own stylesheet in the CSP", () => {
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash("sha256").update(css).digest("base64");
    expect(referencePageCsp()).toContain(`style-src 'sha256-${hash}'`);
    expect(referencePageCsp()).toContain("default-src 'none'");
  });
});
