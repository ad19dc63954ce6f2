// Takes full-page screenshots of the main dashboard pages in light and dark themes, for visual review.
// Usage: BASE_URL=http://localhost:3999 npx tsx e2e/tools/screenshots.ts   (images go to e2e/.artifacts/)
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { tarGzOf } from "../source-archive";

const BASE = process.env.BASE_URL ?? "http://localhost:3999";
const OUT = join(process.cwd(), "e2e/.artifacts");
const USER = process.env.SHOT_USER ?? "screens";
const PASS = process.env.SHOT_PASS ?? "screens-password-1";
const WIDTH = Number(process.env.SHOT_WIDTH ?? 1440);
// SHOT_EMPTY=1: shoot the empty states of a fresh install instead of seeding demo data.
const EMPTY = process.env.SHOT_EMPTY === "1";

async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} -> ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs the context in (creating the first account if the install is fresh). No-op when auth is off. */
async function signIn(ctx: BrowserContext) {
  const r = ctx.request;
  const signup = await r.post(`${BASE}/api/auth/signup`, {
    data: { organizationName: "Acme Labs", username: USER, password: PASS },
  });
  if (signup.status() === 201) return;
  const login = await r.post(`${BASE}/api/auth/login`, { data: { username: USER, password: PASS } });
  if (!login.ok() && login.status() !== 404) console.warn(`login: ${login.status()} ${await login.text()}`);
}

/** Makes sure there is something to look at: a project with an account, a template, a campaign, a block. */
async function seed(r: APIRequestContext): Promise<{ projectId: number; campaignId: number }> {
  const { projects } = await json<{ projects: Array<{ id: number; name: string }> }>(await r.get(`${BASE}/api/projects`));
  let project = projects.find((p) => p.name === "Harbor CLI");
  if (!project) {
    project = await json(
      await r.post(`${BASE}/api/projects`, {
        data: {
          name: "Harbor CLI",
          description:
            "An open-source command line tool that keeps container images small and reproducible, aimed at platform teams.",
        },
      }),
    );
    // Its source: an uploaded archive (a tenant never names a server folder; docs/security.md "Files").
    const archive = await tarGzOf({ "README.md": "# Harbor CLI\n\nKeeps container images small and reproducible.\n", "docs/usage.md": "# Usage\n\n`harbor slim image:tag`\n" });
    await json(
      await r.put(`${BASE}/api/projects/${project!.id}/source/archive?name=harbor-cli.tar.gz`, { data: archive, headers: { "content-type": "application/gzip" } }),
    );
    await r.post(`${BASE}/api/projects`, { data: { name: "Tidepool", description: "Self-hosted analytics for small shops." } });
    const pid = project!.id;
    await json(
      await r.post(`${BASE}/api/projects/${pid}/accounts`, {
        data: { platform: "forum", platformId: "harbor_dev", displayName: "Harbor team", isDefault: true, credentials: { username: "harbor_dev", password: "x-secret-x" } },
      }),
    );
    await json(await r.post(`${BASE}/api/projects/${pid}/accounts`, { data: { platform: "federated", platformId: "@harbor@social.example", isDefault: false } }));
    await json(
      await r.post(`${BASE}/api/projects/${pid}/templates`, {
        data: { kind: "dm", title: "Friendly intro", body: "Hi! I saw your post about slimming down images.\nWe built Harbor for exactly that; happy to share what worked for us." },
      }),
    );
    await json(await r.post(`${BASE}/api/projects/${pid}/templates`, { data: { kind: "comment", title: "Helpful answer", body: "One trick that helped us: multi-stage builds plus a distroless base." } }));
    await json(
      await r.post(`${BASE}/api/campaigns`, {
        data: { projectId: pid, name: "Weekday scout", platform: "forum", skill: "forum-scout", runner: "cloud", cron: "0 9 * * 1-5", config: { communities: ["devops", "docker"], maxDrafts: 10 } },
      }),
    );
    await json(await r.post(`${BASE}/api/campaigns`, { data: { projectId: pid, name: "Fediverse replies", platform: "federated", skill: "federated-commenter", runner: "cloud", autoPost: true } }));
    await json(await r.post(`${BASE}/api/blocklist`, { data: { type: "user", value: "spam_bot_42", projectId: null, reason: "Automated account" } }));
    await json(await r.post(`${BASE}/api/blocklist`, { data: { type: "keyword", value: "crypto", projectId: pid } }));
  }
  const { campaigns } = await json<{ campaigns: Array<{ id: number; name: string }> }>(await r.get(`${BASE}/api/campaigns`));
  const campaign = campaigns.find((c) => c.name === "Weekday scout") ?? campaigns[0];
  return { projectId: project!.id, campaignId: campaign?.id ?? 0 };
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    if (EMPTY) {
      for (const theme of ["light", "dark"] as const) {
        const ctx = await browser.newContext({ viewport: { width: WIDTH, height: 900 } });
        await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
        const page = await ctx.newPage();
        for (const [name, path] of [["home", "/"], ["projects", "/projects"], ["campaigns", "/campaigns"], ["campaign-new", "/campaigns/new"], ["settings", "/settings"]]) {
          await page.goto(`${BASE}${path}`);
          await page.screenshot({ path: join(OUT, `empty-${name}-${theme}.png`), fullPage: true });
        }
        await ctx.close();
      }
      return;
    }
    for (const theme of ["light", "dark"] as const) {
      // Signed out: the sign-in page.
      const anon = await browser.newContext({ viewport: { width: WIDTH, height: 900 } });
      await anon.addInitScript((t) => localStorage.setItem("theme", t), theme);
      const lp = await anon.newPage();
      await lp.goto(`${BASE}/login`);
      await lp.screenshot({ path: join(OUT, `login-${theme}.png`) });
      await lp.fill("#username", "nobody");
      await lp.fill("#password", "wrong-password");
      await lp.click("button[type=submit]");
      await lp.locator("form [role=alert]").waitFor();
      await lp.screenshot({ path: join(OUT, `login-error-${theme}.png`) });
      await lp.goto(`${BASE}/signup`);
      await lp.screenshot({ path: join(OUT, `signup-${theme}.png`) });
      await lp.goto(`${BASE}/forgot-password`);
      await lp.screenshot({ path: join(OUT, `forgot-password-${theme}.png`) });
      await anon.close();

      const ctx = await browser.newContext({ viewport: { width: WIDTH, height: 900 } });
      await ctx.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await signIn(ctx);
      const { projectId, campaignId } = await seed(ctx.request);
      const pages: Array<[string, string]> = [
        ["home", "/"],
        ["projects", "/projects"],
        ["project-accounts", `/projects/${projectId}`],
        ["project-templates", `/projects/${projectId}?tab=templates`],
        ["project-campaigns", `/projects/${projectId}?tab=campaigns`],
        ["campaigns", "/campaigns"],
        ["campaign-new", `/campaigns/new?projectId=${projectId}`],
        ["campaign", `/campaigns/${campaignId}`],
        ["settings", "/settings"],
        ["settings-account", "/settings/account"],
        ["inbox", "/inbox"],
      ];
      const page = await ctx.newPage();
      for (const [name, path] of pages) {
        const res = await page.goto(`${BASE}${path}`);
        if (!res?.ok()) console.warn(`${path}: HTTP ${res?.status()}`);
        await page.screenshot({ path: join(OUT, `${name}-${theme}.png`), fullPage: true });
      }
      // Server-side validation surfacing inline: an invalid cron on the create form.
      await page.goto(`${BASE}/campaigns/new?projectId=${projectId}`);
      await page.fill("#campaign-name", "Broken schedule");
      await page.fill("#campaign-cron", "every day");
      await page.click("button[type=submit]");
      await page.locator("form [role=alert]").waitFor();
      await page.screenshot({ path: join(OUT, `campaign-new-error-${theme}.png`), fullPage: true });
      // The two-step delete, armed.
      await page.goto(`${BASE}/projects/${projectId}`);
      await page.getByRole("button", { name: "Delete account harbor_dev" }).click();
      await page.waitForTimeout(300); // let the colour transition finish
      await page.screenshot({ path: join(OUT, `project-delete-armed-${theme}.png`) });
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots written to ${OUT}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
