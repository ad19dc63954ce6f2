import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures/hydration";
import { E2E_ENV_FILE } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

/** Runs the `outreach` CLI against the e2e server's database. */
export function cli(args: string[], extraEnv: Record<string, string> = {}): string {
  const serverEnv = JSON.parse(fs.readFileSync(E2E_ENV_FILE, "utf8")) as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, ...serverEnv, ...extraEnv, LOG_LEVEL: "warn" };
  if (!serverEnv.DATABASE_URL) delete env.DATABASE_URL;
  return execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "lib/cli/main.ts", ...args], { env, encoding: "utf8" });
}

/**
 * Screenshot in light and dark, for review (e2e/.artifacts/screens). Reloads so the theme applies before paint.
 * They are for a person to look at, not assertions: `npm test` turns them off (E2E_SCREENS=off), which takes about
 * a third off the e2e tier; `npm run test:e2e` keeps them.
 */
export async function shoot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENS === "off") return;
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => localStorage.setItem("theme", t), theme);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${E2E_ARTIFACTS}/screens/${name}-${theme}.png`, fullPage });
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
  await page.reload();
}

/** The e2e server's database, for specs that seed rows the API cannot create yet. */
export function databaseUrl(): string {
  const env = JSON.parse(fs.readFileSync(E2E_ENV_FILE, "utf8")) as Record<string, string>;
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const saved = JSON.parse(fs.readFileSync(path.join(env.OUTREACH_DATA_DIR!, "embedded-postgres.json"), "utf8")) as { password: string };
  return `postgresql://postgres:${encodeURIComponent(saved.password)}@127.0.0.1:${env.OUTREACH_EMBEDDED_PG_PORT}/outreach`;
}

/**
 * Makes the organization's playbook `slug` (of the organization owning `campaignId`) the fake agent's script, so the
 * next run of that playbook is scripted. The fake agent stands in for the LLM that would read the real playbook. A
 * built-in row stays built-in (other specs count them); built-in text is refreshed only when the server starts.
 */
export async function scriptOrgPlaybook(campaignId: number, slug: string, script: unknown): Promise<void> {
  const body = `Scripted ${slug}.\n\n\`\`\`fake-agent\n${JSON.stringify(script)}\n\`\`\`\n`;
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO playbooks (organization_id, slug, title, body, updated_at)
       SELECT organization_id, $2, $2, $3, now() FROM campaigns WHERE id = $1
       ON CONFLICT (organization_id, slug) DO UPDATE SET body = EXCLUDED.body, updated_at = now()`,
      [campaignId, slug, body],
    );
  } finally {
    await db.end();
  }
}

/** A short suffix unique to this run, so a spec's rows never meet another run's. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The body of a 201 answer, after checking it is one (the failing body is the message otherwise). */
export async function created<T>(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/**
 * Closes a native <dialog> as Escape does (`requestClose`: `cancel`, closed, and a `close` event queued for a later
 * task), lets React render that (its microtasks), then sends `key` to the window before that late `close` arrives.
 * Resolves once the event has come (or a second has passed without it), so the caller sees what it left behind.
 */
export async function pressBeforeLateClose(page: Page, dialogSelector: string, key: { key: string; ctrlKey?: boolean }): Promise<void> {
  await page.evaluate(
    async ({ selector, init }) => {
      const dialog = document.querySelector<HTMLDialogElement>(selector)!;
      const closed = new Promise<void>((resolve) => {
        dialog.addEventListener("close", () => setTimeout(resolve, 50), { once: true });
        setTimeout(resolve, 1000);
      });
      dialog.requestClose();
      for (let i = 0; i < 5; i++) await null;
      window.dispatchEvent(new KeyboardEvent("keydown", { ...init, bubbles: true }));
      await closed;
    },
    { selector: dialogSelector, init: key },
  );
}
