// The whole single sign-on exchange through next-auth's own handler and the real provider, without a browser: the
// sign-in start (CSRF, state, PKCE and nonce), the provider's login and consent pages answered as a browser would,
// and the callback that validates the ID token, reads userinfo and writes the session cookie. The route file itself
// needs Next's request scope, so its handler core is called with the options the route builds
// (lib/sso/sso-auth-options.ts); e2e/sso.spec.ts drives the same flow in Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// next-auth's package exports do not list its core; the route reaches it through next-auth/next.
import { AuthHandler } from "../../node_modules/next-auth/core/index.js";
import { db } from "@/lib/db/client";
import { decodeSession, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { ssoAuthOptions } from "@/lib/sso/sso-auth-options";
import { createOrg, uid, type OrgFixture } from "./fixtures";
import { startOidcTestProvider, type OidcTestProvider } from "./oidc-test-provider";
import { connectSso, SSO_PUBLIC_URL, ssoTestEnv } from "./sso-fixtures";

let provider: OidcTestProvider;
let restoreEnv: () => void;
let A: OrgFixture;
let a: { domain: string; connectionId: number };

beforeAll(async () => {
  provider = await startOidcTestProvider();
  restoreEnv = ssoTestEnv();
  A = await createOrg();
  a = await connectSso(A, provider, { defaultRole: "member" });
  provider.allowRedirect(`${SSO_PUBLIC_URL}/api/auth/callback/sso-${a.connectionId}`);
});
afterAll(async () => {
  restoreEnv?.();
  await provider?.close();
});

type Jar = Map<string, string>;

async function nextAuth(jar: Jar, segments: string[], { method = "GET", body, query = {} }: { method?: string; body?: Record<string, string>; query?: Record<string, string> } = {}) {
  const built = await ssoAuthOptions({ segments, secure: false });
  if ("redirect" in built) return { redirect: built.redirect };
  const res = await AuthHandler({
    req: { body, query, cookies: Object.fromEntries(jar), headers: { host: "dashboard.test" }, method, action: segments[0] as never, providerId: segments[1], error: query.error },
    options: built.options,
  });
  for (const c of res.cookies ?? []) {
    if (c.options?.maxAge === 0 || c.options?.expires?.valueOf() === 0) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return { redirect: res.redirect as string | undefined, body: res.body };
}

/** The provider's pages as a browser answers them: log in as `login`, then consent; returns the callback URL. */
async function throughProvider(start: string, login: string): Promise<URL> {
  const jar: Jar = new Map();
  let url = start;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, { redirect: "manual", headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [k, ...v] = pair!.split("=");
      jar.set(k!.trim(), v.join("="));
    }
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== provider.issuer) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const form: Record<string, string> = html.includes('name="login"') ? { prompt: "login", login, password: "anything" } : { prompt: "consent" };
    const posted = await fetch(new URL(action, url), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      body: new URLSearchParams(form),
    });
    for (const line of posted.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [k, ...v] = pair!.split("=");
      jar.set(k!.trim(), v.join("="));
    }
    url = new URL(posted.headers.get("location")!, url).href;
  }
  throw new Error("the provider never sent the browser back");
}

/** Start, provider, callback: what the browser ends with (where it is sent, and the session cookie if any). */
async function signInAs(login: string, providerId = `sso-${a.connectionId}`) {
  const jar: Jar = new Map();
  const csrf = await nextAuth(jar, ["csrf"]);
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const started = await nextAuth(jar, ["signin", providerId], { method: "POST", body: { csrfToken, callbackUrl: `${SSO_PUBLIC_URL}/inbox` } });
  if (!started.redirect!.startsWith(provider.issuer)) return { redirect: started.redirect!, session: undefined };
  const back = await throughProvider(started.redirect!, login);
  expect(back.pathname).toBe(`/api/auth/callback/${providerId}`);
  const done = await nextAuth(jar, ["callback", providerId], { query: Object.fromEntries(back.searchParams) });
  return { redirect: done.redirect!, session: jar.get(SESSION_COOKIE) };
}

describe("single sign-on through next-auth and the real provider", () => {
  it("first sign-in makes the member with the default role; the second finds them; the session is pinned to the organization", async () => {
    const email = `lin-${uid()}@${a.domain}`;
    provider.addPerson(`lin-${a.connectionId}`, { email, name: "Lin" });
    const first = await signInAs(`lin-${a.connectionId}`);
    expect(first.redirect).toBe(`${SSO_PUBLIC_URL}/inbox`);
    const session = await decodeSession(first.session);
    expect(session).toMatchObject({ orgId: A.orgId, ssoOrgId: A.orgId });
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(session!.userId).toBe(user.id);
    expect(user.memberships.map((m) => [m.organizationId, m.role])).toEqual([[A.orgId, "member"]]);

    const second = await signInAs(`lin-${a.connectionId}`);
    expect((await decodeSession(second.session))!.userId).toBe(user.id);
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it("a person of another domain comes back to the sign-in page with the reason and no session", async () => {
    const email = `mo-${uid()}@elsewhere-${uid()}.example`;
    provider.addPerson(`mo-${a.connectionId}`, { email });
    const res = await signInAs(`mo-${a.connectionId}`);
    expect(res.redirect).toBe("/login?sso_error=wrong_domain");
    expect(res.session).toBeUndefined();
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("a switched-off connection and an unknown one never reach the provider", async () => {
    await db.ssoConnection.update({ where: { id: a.connectionId }, data: { enabled: false } });
    try {
      expect((await signInAs("anyone")).redirect).toBe("/login?sso_error=sso_off");
    } finally {
      await db.ssoConnection.update({ where: { id: a.connectionId }, data: { enabled: true } });
    }
    expect((await signInAs("anyone", "sso-999999999")).redirect).toBe("/login?sso_error=sso_off");
  });
});
