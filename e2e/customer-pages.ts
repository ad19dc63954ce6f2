// Every page a customer can reach, generated from the app's routes (app/**/page.tsx) rather than written by hand: a
// new page is walked by the customer-words spec as soon as it exists, and a new dynamic segment fails the walk until
// a seeded row fills it. Route groups such as (dashboard) are not part of the address.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

export interface PageRoute {
  /** The route as written in the app: "/campaigns/[id]". */
  route: string;
  /** Outside the dashboard (sign-in, sign-up, links from mails): visited signed out. */
  public: boolean;
}

const APP = path.join(process.cwd(), "app");

export function pageRoutes(dir = APP, segments: string[] = []): PageRoute[] {
  const out: PageRoute[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_") || entry.name === "api") continue;
      out.push(...pageRoutes(path.join(dir, entry.name), [...segments, entry.name]));
    } else if (entry.name === "page.tsx") {
      const visible = segments.filter((s) => !/^\(.*\)$/.test(s));
      out.push({ route: `/${visible.join("/")}`, public: !segments.includes("(dashboard)") });
    }
  }
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

/** The seeded row behind each dynamic segment, named by the folder it sits under. */
export type Seeds = Record<string, string | number>;

/** "/campaigns/[id]" with the seeded campaign's id; throws for a segment no seed fills (a new route needs one). */
export function fillRoute(route: string, seeds: Seeds): string {
  const parts = route.split("/");
  return parts
    .map((part, i) => {
      const m = /^\[(.+)\]$/.exec(part);
      if (!m) return part;
      const key = `${parts[i - 1]}/${m[1]}`;
      if (!(key in seeds)) throw new Error(`No seeded row for ${route} (${key}): seed one in the customer-words spec`);
      return String(seeds[key]);
    })
    .join("/");
}

/** Tabs of the page (links to the same page with another `tab=`): they are pages a customer reaches too. */
export async function tabLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const here = new URL(location.href);
    const found = new Set<string>();
    for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"))) {
      const url = new URL(a.href, location.href);
      if (url.origin !== here.origin || url.pathname !== here.pathname || !url.searchParams.has("tab")) continue;
      found.add(`${url.pathname}?tab=${url.searchParams.get("tab")}`);
    }
    return [...found];
  });
}

/**
 * Everything the page shows a person, less instructions meant for the customer's own install and a playbook's text
 * (written for the agent, it names the agent's tools as it must).
 */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll("[data-own-install], [data-agent-instructions], script, style, template").forEach((el) => el.remove());
    // innerText of a detached node is its textContent; render it to read what a person sees (closed details hidden).
    const holder = document.createElement("div");
    holder.style.cssText = "position:absolute;left:-99999px;top:0;width:1440px";
    holder.append(body);
    document.documentElement.append(holder);
    const text = holder.innerText;
    holder.remove();
    return text;
  });
}

/** Words that belong to the operator, never to a customer's screen. */
export const OPERATOR_WORDS: Array<[string, RegExp]> = [
  ["an environment variable", /\b[A-Z][A-Z0-9]*_[A-Z0-9_]{2,}\b/],
  ["npm", /\bnpm\b|\bnpx\b/],
  ["a server path", /(^|[\s(`'"])\/(etc|srv|home|usr|var|tmp|opt|root|proc)\/|\.data\//],
  ["node_modules", /node_modules/],
  ["a script file", /\.mjs\b/],
  ["a job engine", /graphile|trigger\.dev|job engine|run-rescuer|billing-meter|campaign-tick/i],
  ["a CLI", /--acp\b|--version\b|claude-agent-acp|codex-acp|fake-acp-agent/],
  ["a tool server name", /mcp__/],
  ["a protocol stop reason", /\bend_turn\b|\bmax_tokens\b/],
  ["a network error code", /\b(ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN)\b/],
  ["a session id", /\bfake-session-|\bsession [0-9a-f]{8}-[0-9a-f]{4}-/i],
];

/** What must never be sent to a customer's browser at all, visible or not (the page's HTML and its data). */
export function machineryPatterns(): Array<[string, RegExp]> {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [
    ["the agent's command line", new RegExp(`${escape(process.execPath)}|fake-acp-agent\\.mjs|--acp\\b`)],
    ["a server path", /[\s"'(]\/(usr|home|root|tmp|srv|opt|etc|proc)\/[\w.-]/],
    ["node_modules", /node_modules/],
    ["a session id", /fake-session-[0-9a-f]/],
  ];
}

export function findAll(text: string, patterns: Array<[string, RegExp]>, where: string): string[] {
  const found: string[] = [];
  for (const [what, pattern] of patterns) {
    const m = pattern.exec(text);
    if (m) found.push(`${where} has ${what}: "${text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 60).replace(/\s+/g, " ")}"`);
  }
  return found;
}
