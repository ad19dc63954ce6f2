// `npm run cloud`: the hosted stack on one machine, for trying the cloud edition and for small deployments. It runs
// the dashboard in the cloud edition with sign-in (on the embedded PostgreSQL unless DATABASE_URL is set, building once
// when there is no build, as `npm start` does) and the cloud runner's relay beside it on loopback, wired together with
// secrets it generates once into the data directory. The relay's agent is the operator's choice (RELAY_BACKEND,
// RELAY_MODEL and the agent's key, in the environment or .env). docs/cloud-edition.md, "Running the hosted stack".
import path from "node:path";
import { runCloudStack } from "./cloud-stack/supervise";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
try {
  process.loadEnvFile(path.join(root, ".env"));
} catch {
  // no .env: the environment alone
}
process.exit(await runCloudStack({ root, env: process.env }));
