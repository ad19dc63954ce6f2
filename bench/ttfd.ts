// Time to first draft: how long a reviewer waits, in a real browser, from navigating to /inbox until the first draft
// row is on screen. Part of bench/inbox (`BENCH_ONLY=ttfd`), which seeds the backlog and starts the server.
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { pct } from "./support";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Enough for the inbox's follow-up requests (tab counts on 100,000 drafts) to finish on this machine.
const SETTLE_MS = Number(process.env.BENCH_TTFD_SETTLE_MS ?? 1500);

/**
 * Installed before any of the page's own scripts: watches the document for the first draft row and records the time
 * (ms since navigation start) of the first animation frame that finds it laid out. A frame only runs once the
 * document may render (its stylesheets are in), so this is when the row can first be painted, whether it came in the
 * server's HTML or from the client's fetch after hydration.
 */
const WATCH_FIRST_ROW = `(() => {
  const SELECTOR = "tr[data-draft-id]";
  const visible = () => {
    const row = document.querySelector(SELECTOR);
    if (!row) return false;
    const box = row.getBoundingClientRect();
    return box.height > 0 && box.width > 0;
  };
  const check = () => {
    if (window.__firstDraftAt !== undefined) return;
    if (visible()) window.__firstDraftAt = performance.now();
    else requestAnimationFrame(check);
  };
  window.__firstDraftAt = undefined;
  const observer = new MutationObserver(() => {
    if (document.querySelector(SELECTOR)) {
      observer.disconnect();
      requestAnimationFrame(check);
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

export interface TtfdTarget {
  base: string;
  /** The session cookie's value for each organization, rotated over the runs. */
  sessions: string[];
  cookieName: string;
}

interface Load {
  /** Navigation start to the first draft row on screen. */
  firstDraft: number;
  /** Navigation start to the first byte of the page's HTML: the server's share. */
  responseStart: number;
}

async function firstDraftMs(page: Page, go: () => Promise<unknown>): Promise<Load> {
  await go();
  const handle = await page.waitForFunction(() => (window as unknown as { __firstDraftAt?: number }).__firstDraftAt, undefined, { timeout: 30_000, polling: 50 });
  const responseStart = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart);
  return { firstDraft: Number(await handle.jsonValue()), responseStart };
}

async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.waitForTimeout(SETTLE_MS);
}

async function signedInContext(browser: Browser, target: TtfdTarget, run: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const url = new URL(target.base);
  await context.addCookies([{ name: target.cookieName, value: target.sessions[run % target.sessions.length]!, domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  await context.addInitScript(WATCH_FIRST_ROW);
  return context;
}

/**
 * RUNS cold loads (a new browser context each: empty cache, first navigation) and, in each context, one warm load
 * (a reload: scripts and styles cached), of /inbox's default view. Returns the printed rows: p50 and p95 of the
 * first draft on screen, and of the first byte of the HTML (what the server's work costs of it).
 */
export async function measureTtfd(target: TtfdTarget, runs: number): Promise<string[][]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const cold: Load[] = [];
  const warm: Load[] = [];
  try {
    // One load first: the server's route modules are compiled on first use, which no reviewer waits for twice.
    {
      const context = await signedInContext(browser, target, 0);
      const page = await context.newPage();
      await firstDraftMs(page, () => page.goto(`${target.base}/inbox`));
      await context.close();
    }
    for (let run = 0; run < runs; run++) {
      const context = await signedInContext(browser, target, run);
      const page = await context.newPage();
      cold.push(await firstDraftMs(page, () => page.goto(`${target.base}/inbox`, { waitUntil: "commit" })));
      // The page finishes what it starts after the first rows (scripts, tab counts, the live stream) before the
      // reload, as a reviewer's tab would have: otherwise the reload queues behind those requests.
      await settle(page);
      warm.push(await firstDraftMs(page, () => page.reload({ waitUntil: "commit" })));
      await settle(page);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const line = (name: string, loads: Load[]) => {
    const first = loads.map((l) => l.firstDraft);
    const html = loads.map((l) => l.responseStart);
    return [`${name} (${runs} runs)`, ms(pct(first, 50)), ms(pct(first, 95)), ms(pct(html, 50)), ms(pct(html, 95))];
  };
  return [line("cold: new context, first load", cold), line("warm: same context, reload", warm)];
}
