import { RelativeTime } from "@/app/_components/relative-time";
import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { CodeSpans } from "@/app/_components/code-spans";
import { excerpt, formatDateTime } from "@/app/_components/format";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { RunnerStatus } from "@/lib/runners/detect-runners";
import type { RunnerSignInFailure } from "@/lib/runners/get-runner-sign-in-failures";
import { runnerSignInFix } from "@/lib/runners/runner-sign-in-fix";
import { RedetectButton } from "./redetect-button";

/**
 * Settings > Agent runners: each backend's spec (data in lib/runners/backends.ts), its detection state and hint.
 * Detection proves a CLI is installed, not that it can sign in: a runner whose last run here just failed to sign in
 * says so, with the fix, instead of "Ready to run campaigns" (the rule: docs/runners.md, "Sign-in failures").
 */
export function RunnersCard({ runners, signInFailures, canRedetect, cloudOnly, cloudEdition }: {
  runners: RunnerStatus[];
  signInFailures: RunnerSignInFailure[];
  /** Re-detect is for admins (POST /api/runners). */
  canRedetect: boolean;
  /** Only the cloud runner is offered (the cloud edition without local runners): no CLI is named. */
  cloudOnly: boolean;
  /** Customers read this page: no environment variables. */
  cloudEdition: boolean;
}) {
  const detectedAt = runners[0]?.detectedAt;
  const checked = detectedAt ? ` (last checked ${formatDateTime(detectedAt)})` : "";
  const failureOf = new Map(signInFailures.map((f) => [f.runner, f]));
  return (
    <Card
      title={cloudEdition ? "Other agents" : "Agent runners"}
      description={
        cloudEdition
          ? "Agents this service also offers for your campaigns, and whether each is ready."
          : cloudOnly
            ? `Campaigns run on the cloud runner: the agent works on the service's side and every tool call comes back to this dashboard${checked}.`
            : `Local agent CLIs are detected with --version, the cloud runner by a hello to its relay, when the server starts${checked}. A runner whose last run failed to sign in says so here for a day, or until a run on it succeeds.`
      }
    >
      <div className="space-y-4">
        <Table label="Agent runners">
          <THead>
            <tr>
              <Th>{cloudEdition ? "Agent" : "Runner"}</Th>
              <Th>Status</Th>
              {/* The command line is the host's inventory: the operator's to read, on a self-hosted install. */}
              {cloudEdition ? null : <Th>Command</Th>}
              <Th>Notes</Th>
            </tr>
          </THead>
          <TBody>
            {runners.map((r) => {
              // A runner that is not installed says so first: signing it in comes after installing it.
              const signInFailure = r.available ? failureOf.get(r.slug) : undefined;
              return (
                <Tr key={r.slug}>
                  <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                    {r.label}
                    {cloudEdition ? null : <div className="font-mono text-xs font-normal text-zinc-500 dark:text-zinc-400">{r.slug}</div>}
                  </Td>
                  <Td>
                    {r.available ? (
                      <div className="flex flex-col items-start gap-1">
                        <Badge tone="success">
                          {r.spec ? "Installed" : "Connected"}
                          {r.version ? ` · ${r.version}` : ""}
                        </Badge>
                        {signInFailure ? <Badge tone="warning">Sign-in failed</Badge> : null}
                      </div>
                    ) : (
                      <Badge tone={r.spec ? "neutral" : "warning"}>{r.spec ? "Not installed" : "Unavailable"}</Badge>
                    )}
                  </Td>
                  {cloudEdition ? null : (
                    <Td className="font-mono text-xs">
                      {r.spec ? `${r.spec.binary} ${r.spec.acpArgs.join(" ")}` : "relay over WebSocket (OUTREACH_CLOUD_RELAY_URL)"}
                      {r.spec ? (
                        <div className="mt-1 font-sans text-zinc-500 dark:text-zinc-400" title={r.spec.envPassthrough.join(", ")}>
                          passes {r.spec.envPassthrough.length} environment variables
                        </div>
                      ) : null}
                    </Td>
                  )}
                  <Td className="max-w-md text-sm text-zinc-600 dark:text-zinc-300">
                    {signInFailure ? <SignInFailureNote failure={signInFailure} /> : r.available ? "Ready to run campaigns." : r.reason}
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
        {canRedetect ? <RedetectButton /> : null}
      </div>
    </Card>
  );
}

function SignInFailureNote({ failure }: { failure: RunnerSignInFailure }) {
  return (
    <div className="space-y-1.5" data-sign-in-failed={failure.runner}>
      <p className="font-medium text-amber-800 dark:text-amber-300">
        Failed to sign in <RelativeTime at={failure.failedAt} />
        {failure.error ? `: ${excerpt(failure.error, 160)}` : "."}
      </p>
      <p>
        <CodeSpans text={runnerSignInFix(failure.runner)} />
      </p>
      <Link href={`/runs/${failure.runId}`} className="inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        View the run<span className="sr-only"> that failed to sign in ({failure.runner})</span>
      </Link>
    </div>
  );
}
