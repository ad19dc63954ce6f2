// What the customer-words spec seeds for a customer of its own: a project, an account, a campaign on the cloud
// runner, a webhook endpoint and an invitation through the API, and a conversation through SQL (the API cannot make
// one without the extension).
import type { Page } from "@playwright/test";
import pg from "pg";
import { expect } from "./fixtures/hydration";
import { describeNetworkError } from "../lib/net/net-error";
import type { Seeds } from "./customer-pages";

export async function withDb<T>(url: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/** A project, a forum account, a campaign on the cloud runner and a webhook endpoint, through the API. */
export async function setUpCustomer(page: Page) {
  const request = page.context().request;
  const post = async <T,>(url: string, data: unknown) => {
    const res = await request.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return (await res.json()) as T;
  };
  const project = await post<{ id: number }>("/api/projects", { name: "Cold storage", description: "Shelving for small warehouses." });
  const account = await post<{ id: number }>(`/api/projects/${project.id}/accounts`, { platform: "forum", platformId: "harbor_goods" });
  const campaign = await post<{ id: number; runner: string }>("/api/campaigns", {
    projectId: project.id,
    name: "Warehouse owners",
    platform: "forum",
    skill: "forum-scout",
    config: { audience: "small warehouse owners", communities: ["logistics"], tone: "Plain", offer: "Shelving", rules: [], maxDraftsPerRun: 3 },
  });
  expect(campaign.runner).toBe("cloud");
  const { endpoint: webhook } = await post<{ endpoint: { id: number } }>("/api/webhooks/endpoints", { url: "https://hooks.example.com/outreach", description: "Team chat" });
  const invite = await post<{ token: string }>("/api/invites", { role: "member" });
  const playbooks = (await (await request.get("/api/playbooks")).json()) as { playbooks: Array<{ id: number }> };
  const orgId = ((await (await request.get("/api/organizations")).json()) as { activeId: number }).activeId;
  return { orgId, projectId: project.id, accountId: account.id, campaignId: campaign.id, webhookId: webhook.id, inviteToken: invite.token, playbookId: playbooks.playbooks[0]!.id };
}

/** A conversation on one of the run's drafts: the draft was sent and its target answered. */
export async function seedThread(url: string, orgId: number, draftId: number): Promise<number> {
  return withDb(url, async (db) => {
    await db.query(`UPDATE drafts SET state = 'replied', sent_at = now() - interval '1 hour' WHERE id = $1 AND organization_id = $2`, [draftId, orgId]);
    const thread = await db.query<{ id: number }>(
      `INSERT INTO conversation_threads (organization_id, platform, account_handle, target_user, kind, parent_draft_id, last_message_at, message_count)
       SELECT organization_id, platform, account_handle, target_user, 'dm', id, now(), 2 FROM drafts WHERE id = $1 RETURNING id`,
      [draftId],
    );
    const threadId = thread.rows[0]!.id;
    await db.query(
      `INSERT INTO conversation_messages (organization_id, thread_id, direction, author, body, sent_at) VALUES
         ($1, $2, 'outbound', 'harbor_goods', 'Hi Marina, your post on cold storage was useful.', now() - interval '1 hour'),
         ($1, $2, 'inbound', 'marina_k', 'Thanks! What do the racks cost?', now())`,
      [orgId, threadId],
    );
    return threadId;
  });
}

/**
 * A day's rows the API cannot make on a service without a relay (a failed run with its log, a draft, a thread on it,
 * a webhook delivery that failed the way the sender records a host that does not resolve), and the seeds that fill
 * every dynamic segment of the app's routes with the customer's own rows.
 */
export async function seedCustomerDay(url: string, s: Awaited<ReturnType<typeof setUpCustomer>>): Promise<Seeds> {
  const { runId, draftId } = await withDb(url, async (db) => {
    const run = await db.query<{ id: number }>(
      `INSERT INTO runs (organization_id, campaign_id, project_id, kind, status, runner, failure_reason, error, started_at, finished_at)
       VALUES ($1, $2, $3, 'campaign', 'failed', 'cloud', 'network', 'getaddrinfo ENOTFOUND relay.internal', now() - interval '1 hour', now() - interval '59 minutes') RETURNING id`,
      [s.orgId, s.campaignId, s.projectId],
    );
    const id = run.rows[0]!.id;
    await db.query(
      `INSERT INTO run_events (organization_id, run_id, seq, type, payload) VALUES
         ($1, $2, 1, 'lifecycle', '{"phase":"starting","detail":"Cloud runner: playbook from snapshot"}'),
         ($1, $2, 2, 'lifecycle', '{"phase":"finished","detail":"failed (network)"}')`,
      [s.orgId, id],
    );
    const draft = await db.query<{ id: number }>(
      `INSERT INTO drafts (organization_id, project_id, campaign_id, run_id, account_id, account_handle, platform, kind, state, target_user, body, quality_score, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'harbor_goods', 'forum', 'dm', 'pending_review', 'marina_k', 'Hi Marina, your post on cold storage was useful.', 71, now()) RETURNING id`,
      [s.orgId, s.projectId, s.campaignId, id, s.accountId],
    );
    return { runId: id, draftId: draft.rows[0]!.id };
  });
  const threadId = await seedThread(url, s.orgId, draftId);
  const deliveryId = await withDb(url, async (db) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO webhook_deliveries (organization_id, endpoint_id, webhook_id, event_type, message_id, status, attempts, last_error, payload)
         SELECT organization_id, id, webhook_id, 'run.failed', 'msg_ntf_1', 'pending', 1, $2, '{"type":"run.failed","data":{}}' FROM webhook_endpoints WHERE id = $1 RETURNING id`,
        [s.webhookId, describeNetworkError({ code: "ENOTFOUND" }, "hooks.example.com", "443")],
      )
    ).rows[0]!.id,
  );
  return {
    "campaigns/id": s.campaignId,
    "projects/id": s.projectId,
    "playbooks/id": s.playbookId,
    "runs/id": runId,
    "conversations/id": threadId,
    "webhooks/id": s.webhookId,
    "deliveries/deliveryId": deliveryId,
    "join/token": s.inviteToken,
    "reset-password/token": "no-such-link",
    "verify-email/token": "no-such-link",
  };
}
