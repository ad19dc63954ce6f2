// A user of two organizations works in one at a time: the session's active organization decides what the extension
// pairs with and what the live stream carries, and a stream ends once its user no longer belongs there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import { openEventStream } from "@/lib/events/open-event-stream";
import { isMember } from "@/lib/members/is-member";
import * as autoPair from "@/app/api/extension/auto-pair/route";
import * as switchOrg from "@/app/api/auth/switch-organization/route";
import * as organizations from "@/app/api/organizations/route";
import { call } from "./http";
import { createOrg, type OrgFixture } from "./fixtures";

let A: OrgFixture;
let B: OrgFixture;
const saved = process.env.OUTREACH_EDITION;

beforeAll(async () => {
  process.env.OUTREACH_EDITION = "cloud";
  A = await createOrg();
  B = await createOrg();
  // A's user is also a member of B.
  await db.membership.create({ data: { organizationId: B.orgId, userId: A.userId, role: "member" } });
});

afterAll(() => {
  if (saved === undefined) delete process.env.OUTREACH_EDITION;
  else process.env.OUTREACH_EDITION = saved;
});

const cookieFrom = (headers: Headers) => /outreach_session=[^;]+/.exec(headers.get("set-cookie") ?? "")![0];

describe("the active organization", () => {
  it("auto-pair pairs the extension with the organization the tab is working in, and switching moves it", async () => {
    const inA = await call(autoPair.POST, { method: "POST", cookie: A.cookie, body: { name: "Work laptop" } });
    expect(inA.status).toBe(201);

    const switched = await call(switchOrg.POST, { method: "POST", cookie: A.cookie, body: { organizationId: B.orgId } });
    expect(switched.status).toBe(200);
    const inBCookie = cookieFrom(switched.headers);
    const listed = await call(organizations.GET, { cookie: inBCookie });
    expect(listed.json.activeId).toBe(B.orgId);

    const inB = await call(autoPair.POST, { method: "POST", cookie: inBCookie, body: { name: "Work laptop" } });
    expect(inB.status).toBe(201);
    const owner = async (deviceId: number) => (await db.extensionDevice.findUniqueOrThrow({ where: { id: deviceId } })).organizationId;
    expect([await owner(inA.json.deviceId), await owner(inB.json.deviceId)]).toEqual([A.orgId, B.orgId]);
    expect(inB.json.organization).toBe((await db.organization.findUniqueOrThrow({ where: { id: B.orgId } })).name);
  });

  it("the live stream ends at its next keep-alive once its user is removed from the organization, and carried only that organization's events", async () => {
    const user = await db.user.create({ data: { username: `leaver-${Date.now()}`, passwordHash: "x" } });
    const membership = await db.membership.create({ data: { organizationId: B.orgId, userId: user.id, role: "member" } });
    const abort = new AbortController();
    const stream = openEventStream(B.orgId, abort.signal, { stillAllowed: () => isMember({ orgId: B.orgId, userId: user.id }), pingEveryMs: 100 });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before "${needle}": ${text}`);
        text += decoder.decode(value);
      }
    };
    await readUntil("event: hello");
    await publish({ o: A.orgId, t: "drafts:changed", ids: [999_001] });
    await publish({ o: B.orgId, t: "drafts:changed", ids: [999_002] });
    await readUntil("999002");
    await readUntil("event: ping");
    expect(text).not.toContain("999001");

    await db.membership.delete({ where: { id: membership.id } });
    // The stream closes by itself: read to its end (a hung stream fails the test's timeout).
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    abort.abort();
  });
});
