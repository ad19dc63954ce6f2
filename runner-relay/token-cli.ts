// `npm run relay:token -- <command>`: the operator's commands for cloud runner tokens (docs/cloud-runner.md).
//   keygen                          prints a new Ed25519 key pair: the private key stays with whoever issues tokens
//                                   (OUTREACH_CLOUD_SIGNING_KEY), the public key goes to the relay (RELAY_TOKEN_PUBLIC_KEY)
//   issue --org <id> [--days <n>]   prints a token for organization <id>, valid n days (default 90), signed with
//                                   OUTREACH_CLOUD_SIGNING_KEY; its id (jti) goes to stderr, for revocation
import { parseArgs } from "node:util";
import { generateCloudKeyPair, privateKeyFrom, signCloudToken } from "@/lib/relay-protocol/token";

const USAGE = "usage: relay:token keygen | relay:token issue --org <id> [--days <n>]";

function main(argv: string[]): number {
  const [command, ...rest] = argv;
  if (command === "keygen") {
    const pair = generateCloudKeyPair();
    process.stdout.write(`OUTREACH_CLOUD_SIGNING_KEY=${pair.privateKey}\nRELAY_TOKEN_PUBLIC_KEY=${pair.publicKey}\n`);
    return 0;
  }
  if (command === "issue") {
    const { values } = parseArgs({ args: rest, options: { org: { type: "string" }, days: { type: "string", default: "90" } } });
    const org = Number(values.org);
    const days = Number(values.days);
    if (!Number.isInteger(org) || org < 1) return usage("--org must be an organization id");
    if (!Number.isFinite(days) || days <= 0 || days > 3650) return usage("--days must be between 1 and 3650");
    const key = process.env.OUTREACH_CLOUD_SIGNING_KEY;
    if (!key) return usage("OUTREACH_CLOUD_SIGNING_KEY is not set (make one with `keygen`)");
    const { token, claims } = signCloudToken({ org, ttlSeconds: Math.round(days * 86_400) }, privateKeyFrom(key));
    process.stdout.write(`${token}\n`);
    process.stderr.write(`token id ${claims.jti}, organization ${claims.org}, expires ${new Date(claims.exp * 1000).toISOString()}\n`);
    return 0;
  }
  return usage();
}

function usage(problem?: string): number {
  process.stderr.write(`${problem ? `${problem}\n` : ""}${USAGE}\n`);
  return 2;
}

process.exitCode = main(process.argv.slice(2));
