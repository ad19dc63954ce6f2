// A worker killed with SIGKILL in the middle of an HTTP call loses nothing: the row it claimed stays pending under a
// lease that runs out, and another worker delivers it (at least once). The worker is the process that is killed
// (`node --import tsx`, no wrapper in between), and it is gone afterwards.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";
import { createNotification } from "@/lib/notifications/create-notification";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import { createOrg, uid } from "./fixtures";
import { startReceiver, type Receiver } from "./webhook-receiver";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver.close());

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("a worker killed mid-flight", () => {
  it("leaves the row to its lease, and a later worker delivers it", async () => {
    const org = await createOrg();
    const route = `/crash-${uid()}`;
    const { secret, endpoint } = await createEndpoint({ orgId: org.orgId, input: { url: receiver.url(route) } });
    receiver.secrets.set(route, [secret]);
    // The first request hangs (the worker is killed while waiting); the next is answered.
    receiver.answer(route, (n) => (n === 0 ? "hang" : { status: 200 }));
    await db.$transaction((tx) => createNotification(tx, { orgId: org.orgId, kind: "run.success", title: "t", data: { runId: 7 } }));

    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("test/int/webhook-worker-child.ts"), String(org.orgId)], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((r) => child.once("exit", r));
    await receiver.waitFor(route, 1, 20_000);
    const inFlight = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(inFlight.status).toBe("pending");
    expect(inFlight.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    child.kill("SIGKILL");
    await exited;
    expect(alive(child.pid!)).toBe(false);

    // Before the lease runs out, nobody takes the row; after it, the next worker delivers it.
    expect((await deliverDue({ orgIds: [org.orgId], allowPrivate: true, log })).claimed).toBe(0);
    const later = new Date(inFlight.lockedUntil!.getTime() + 1000);
    await deliverDue({ now: () => later, orgIds: [org.orgId], allowPrivate: true, log });
    const delivered = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivered).toMatchObject({ status: "delivered", attempts: 1, lockedUntil: null });
    const got = await receiver.waitFor(route, 2);
    expect(got.every((r) => r.verified && r.messageId === delivered.messageId)).toBe(true);
  });
});
