// The hosted stack's supervisor (`npm run cloud`, scripts/cloud.ts) with the dashboard double in place of the real
// dashboard, for test/int/cloud-stack.int.test.ts. Everything else is as `npm run cloud` runs it.
import path from "node:path";
import { runCloudStack } from "@/scripts/cloud-stack/supervise";

const root = path.resolve(import.meta.dirname, "..", "..");
process.exit(await runCloudStack({ root, env: process.env, dashboardCommand: [process.execPath, "--import", "tsx", "test/int/cloud-stack-dashboard-double.ts"] }));
