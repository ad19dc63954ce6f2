import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "@": import.meta.dirname };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "e2e/fixtures/**/*.test.ts", "extension/**/*.test.ts", "trigger/**/*.test.ts", "runner-relay/**/*.test.ts", "test/fakes/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "int",
          include: ["lib/**/*.int.test.ts", "app/**/*.int.test.ts", "test/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["test/int/global-setup.ts"],
          setupFiles: ["test/int/setup-env.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits on a condition; its own default (1 s) is shorter than a loaded 2-core machine needs for
          // a child process or a database round trip, and a wait that is too short fails for no reason.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
