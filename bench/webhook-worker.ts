// One webhook worker process for bench/webhooks: it drains at once when a notification commits (wake-on-due, as an
// app instance does) and also every 200 ms, so nothing waits for the 30 s tick. Killed by the bench when done.
export {};
const { wakeOnDue } = await import("../lib/webhooks/wake-on-due");
const { deliverDue } = await import("../lib/webhooks/deliver-due");
process.stdout.write("ready\n");
// The bench says when to start, so the workers' start-up is not counted in the drain.
await new Promise<void>((r) => process.stdin.once("data", () => r()));
await wakeOnDue({ allowPrivate: true });
const loop = async () => {
  for (;;) {
    await deliverDue({ allowPrivate: true }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
  }
};
await loop();
