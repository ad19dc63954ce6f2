// A cloud runner relay process for an app instance of a spec's own: it runs the scripted fake agent for every run
// (RELAY_BACKEND=fake-agent) and accepts the cloud runner tokens signed with the given key pair's private half.
import { spawn, type ChildProcess } from "node:child_process";
import { writeFakeBackends } from "./server";

export async function startRelay(publicKey: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", "runner-relay/main.ts"], {
    env: { ...process.env, OUTREACH_RELAY_PORT: "0", RELAY_BACKEND: "fake-agent", OUTREACH_EXTRA_BACKENDS: writeFakeBackends(), RELAY_TOKEN_PUBLIC_KEY: publicKey },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /RELAY_READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`the relay exited with ${code}: ${out}`)));
  });
  return { child, port };
}
