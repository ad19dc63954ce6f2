// A running run is held by the process that dispatches it: the lease on its row is renewed every RENEW_MS, and once
// it has passed by, that process is gone (killed, crashed, its machine lost) and the run rescuer fails the run
// (lib/jobs/run-rescuer.ts). The lease is three renewals long, so a slow database or a busy event loop is not
// mistaken for a dead server.
import { db } from "@/lib/db/client";
import { log } from "@/lib/log/logger";

export const RUN_LEASE_RENEW_MS = 15_000;
export const RUN_LEASE_MS = 3 * RUN_LEASE_RENEW_MS;

export function leaseUntil(now: Date = new Date()): Date {
  return new Date(now.getTime() + RUN_LEASE_MS);
}

/** Renews the run's lease until the returned function is called (the dispatcher calls it when the run ends). */
export function keepRunLeased({ orgId, runId }: { orgId: number; runId: number }): () => void {
  const renew = () =>
    void db.run
      .updateMany({ where: { id: runId, organizationId: orgId, status: "running" }, data: { leaseExpiresAt: leaseUntil() } })
      .catch((err) => log.warn("run lease not renewed", { runId, error: (err as Error).message }));
  renew();
  const timer = setInterval(renew, RUN_LEASE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
