// A webhook worker in a process of its own, for the crash test in webhook-crash.int.test.ts: it drains the given
// organization's due deliveries (loopback receivers allowed) and is killed with SIGKILL while a call is in flight.
export {};
const orgId = Number(process.argv[2]);
const { deliverDue } = await import("@/lib/webhooks/deliver-due");
process.stdout.write("ready\n");
await deliverDue({ orgIds: [orgId], allowPrivate: true });
process.stdout.write("drained\n");
process.exit(0);
