// A second app instance for sending-concurrency.int.test.ts: its own process and connection pool, calling the
// extension's sent route for each draft id at once when told "go", and printing each answer as one JSON line.
import readline from "node:readline";
import { NextRequest } from "next/server";
import * as extSent from "@/app/api/extension/draft/[id]/sent/route";

const [token, ids] = [process.argv[2]!, process.argv[3]!.split(",").map(Number)];

async function sendOne(id: number) {
  const req = new NextRequest(`http://localhost/api/extension/draft/${id}/sent`, {
    method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", host: "localhost" }, body: "{}",
  });
  const res = await extSent.POST(req, { params: Promise.resolve({ id: String(id) }) });
  const json = (await res.json()) as { error?: string };
  process.stdout.write(JSON.stringify({ id, status: res.status, error: json.error ?? null }) + "\n");
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  if (line !== "go") return;
  await Promise.all(ids.map(sendOne));
  process.stdout.write("DONE\n");
  process.exit(0);
});
process.stdout.write("READY\n");
