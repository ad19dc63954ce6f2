// Open streams keep alive on one tick per instance, and the access checks of that tick are one statement for every
// session and one for every API key (lib/events/stream-access.ts; docs/performance.md "Live stream"): 40 streams of 20
// sessions and 10 keys make two statements a tick, not 50. A session signed out in between ends its streams only.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getPool } from "@/lib/db/client";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { resolveApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { openEventStream } from "@/lib/events/open-event-stream";
import { streamAccessCheck } from "@/lib/events/stream-access";
import * as logout from "@/app/api/auth/logout/route";
import { call } from "./http";
import { createOrg } from "./fixtures";
import { addMember } from "./org-fixtures";

const TICK_MS = 200;

/** Collects a stream's text as it arrives; `ended` settles when the server ends it. */
function collect(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const state = { text: "", ended: false };
  const done = (async () => {
    for (;;) {
      const { done: over, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (over) break;
      state.text += decoder.decode(value);
    }
    state.ended = true;
  })();
  return { state, done };
}

const pings = (text: string) => text.split("event: ping").length - 1;

afterEach(() => vi.restoreAllMocks());

describe("the keep-alive's access checks", () => {
  it("are two statements a tick for forty streams, and a signed-out session ends only its own streams", async () => {
    const A = await createOrg();
    const people = [A, ...(await Promise.all(Array.from({ length: 19 }, () => addMember(A.orgId, "member"))))];
    const keys = await Promise.all(Array.from({ length: 10 }, (_, i) => createApiKey({ orgId: A.orgId, userId: A.userId, name: `stream ${i}`, role: "read_only" })));
    const pool = getPool();
    const names: string[] = [];
    const query = pool.query.bind(pool);
    vi.spyOn(pool, "query").mockImplementation(((config: unknown, ...rest: unknown[]) => {
      const name = (config as { name?: string })?.name;
      if (name === "stream-sessions" || name === "stream-api-keys") names.push(name);
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as never);

    const aborts: AbortController[] = [];
    const open = (req: Request, caller: Parameters<typeof streamAccessCheck>[1]) => {
      const abort = new AbortController();
      aborts.push(abort);
      return collect(openEventStream(A.orgId, abort.signal, { stillAllowed: streamAccessCheck(req, caller), pingEveryMs: TICK_MS }));
    };
    // Two tabs for each of the twenty people, one stream per key.
    const sessionStreams = people.flatMap((p) =>
      [0, 1].map(() => ({ who: p, ...open(new Request("http://localhost/api/stream", { headers: { cookie: p.cookie } }), { orgId: A.orgId, userId: p.userId }) })),
    );
    const keyStreams = await Promise.all(
      keys.map(async ({ key }) => open(new Request("http://localhost/api/stream", { headers: { authorization: `Bearer ${key}` } }), await resolveApiKeyCaller(key))),
    );

    const everyStream = () => [...sessionStreams.map((s) => s.state), ...keyStreams.map((s) => s.state)];
    await vi.waitFor(() => expect(everyStream().every((s) => pings(s.text) >= 2)).toBe(true), { timeout: 10_000, interval: 50 });
    // However many ticks went by, each made exactly one statement of each kind.
    const sessionsChecked = names.filter((n) => n === "stream-sessions").length;
    expect(sessionsChecked).toBeGreaterThanOrEqual(2);
    expect(names.filter((n) => n === "stream-api-keys").length).toBe(sessionsChecked);
    expect(sessionsChecked).toBeLessThanOrEqual(Math.max(...everyStream().map((s) => pings(s.text))) + 1);

    // One person signs out: their two streams end at the next tick, everyone else's go on.
    const leaver = people[3]!;
    await call(logout.POST, { method: "POST", cookie: leaver.cookie });
    const theirs = sessionStreams.filter((s) => s.who === leaver);
    await Promise.all(theirs.map((s) => s.done));
    const before = sessionStreams.filter((s) => s.who !== leaver).map((s) => pings(s.state.text));
    await vi.waitFor(() => expect(sessionStreams.filter((s) => s.who !== leaver).every((s, i) => pings(s.state.text) > before[i]!)).toBe(true), { timeout: 10_000, interval: 50 });
    expect(sessionStreams.filter((s) => s.who !== leaver).some((s) => s.state.ended)).toBe(false);
    for (const a of aborts) a.abort();
  });
});
