// A second app instance for events.int.test.ts: its own process, its own LISTEN connection, subscribed to one
// organization; prints every event it receives as one JSON line.
import { subscribe } from "@/lib/events/bus";

const orgId = Number(process.argv[2]);
await subscribe(orgId, (event) => process.stdout.write(JSON.stringify(event) + "\n"));
process.stdout.write("READY\n");
setInterval(() => undefined, 1000);
