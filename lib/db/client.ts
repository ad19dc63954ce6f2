// The Prisma client, created on first use so boot can publish the embedded database's URL before it.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseUrl } from "@/lib/env";

const globalForDb = globalThis as unknown as { __outreachPrisma?: PrismaClient };

export function getDb(): PrismaClient {
  if (!globalForDb.__outreachPrisma) {
    globalForDb.__outreachPrisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: databaseUrl() }),
      // Short transactions queue for a pooled connection under bursts (bulk review, concurrent edits) instead of
      // failing after Prisma's default 2 s wait.
      transactionOptions: { maxWait: 10_000, timeout: 15_000 },
    });
  }
  return globalForDb.__outreachPrisma;
}

/** Lazy handle: `db.project.findMany(...)` resolves the client on first property access. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, key) {
    const client = getDb();
    const value = Reflect.get(client, key, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
