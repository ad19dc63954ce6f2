// Every operation an API key may call (the withOrg routes that do not say `apiKeys: false`), one entry each, with the
// very zod schemas the route parses. The OpenAPI document and the reference page are built from this table, and
// build-openapi-document.test.ts fails when it drifts from the route files in either direction.
import type { ZodObject, ZodType } from "zod";
import { ZAccountInput, ZAccountPatch } from "@/lib/accounts/schemas";
import { ZSendingPolicyPatch } from "@/lib/sending/sending-policy";
import { ZContactPatch } from "@/lib/contacts/schemas";
import { ZErasePersonBody, ZPersonQuery } from "@/lib/privacy/schemas";
import { ZRetentionPut } from "@/lib/privacy/retention";
import { ZAuditQuery } from "@/lib/audit/schemas";
import { ZSearchQuery } from "@/lib/search/schemas";
import { ZBlocklistInput } from "@/lib/blocklist/schemas";
import { ZCampaignInput, ZCampaignPatch, ZListCampaignsQuery } from "@/lib/campaigns/schemas";
import { ZSendAccountsBody } from "@/lib/campaigns/send-accounts-schemas";
import { ZAppConfigPatch } from "@/lib/config/schemas";
import {
  ZBulkApproveBody,
  ZBulkRescheduleBody, ZBulkRejectBody, ZDraftFilter,
  ZListDraftsQuery,
  ZPatchDraftBody,
  ZRegenerateBody,
  ZUndoBody,
} from "@/lib/drafts/schemas";
import { EXPORT_QUERIES } from "@/lib/export/schemas";
import { ZDeviceIdParams } from "@/lib/extension/schemas";
import { ZRequestExtractionBody } from "@/lib/extraction/schemas";
import { ZRequestInsightsBody } from "@/lib/insights/schemas";
import { ZNotificationPatch, ZNotificationsQuery } from "@/lib/notifications/schemas";
import { ZOutcomesQuery } from "@/lib/outcomes/schemas";
import { ZJudgeQuery, ZInboxQualityBody } from "@/lib/outcomes/judge-schemas";
import { ZPlaybookCreate, ZPlaybookPatch } from "@/lib/playbooks/schemas";
import { ZProjectInput, ZProjectPatch } from "@/lib/projects/schemas";
import { ZArchiveQuery, ZRefreshSourceBody } from "@/lib/sources/schemas";
import { ARCHIVE_CONTENT_TYPES } from "@/lib/sources/upload-project-archive";
import { ZReplyIntentBody, ZRetryReplyDraftingBody } from "@/lib/replies/schemas";
import { ZRunnerConfigPut } from "@/lib/runners/runner-config";
import { ZRunEventsQuery, ZStartRunBody } from "@/lib/runs/schemas";
import { ZVisibilityCheckBody } from "@/lib/removal-checks/schemas";
import { ZStartSkillRunBody } from "@/lib/skill-generation/schemas";
import { ZListTemplatesQuery, ZTemplateInput, ZTemplatePatch } from "@/lib/templates/schemas";
import { ZDeliveriesQuery, ZEndpointInput, ZEndpointPatch, ZSettingsWebhook } from "@/lib/webhooks/schemas";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** The least role a caller needs. An API key always acts as a member, so "admin" operations refuse keys with 403. */
export type LeastRole = "member" | "admin";

/** What a success answers, when it is not JSON. */
export type ResponseFormat = "json" | "csv" | "event-stream";

export interface PublicOperation {
  method: HttpMethod;
  /** OpenAPI form: `/api/drafts/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  role: LeastRole;
  /**
   * Path parameters. Left out, every `{name}` in the path is the shared positive-integer id (ZId), which is what the
   * routes parse; the document test checks that against the route files.
   */
  params?: ZodObject;
  query?: ZodObject;
  body?: ZodType;
  /** A body that is not JSON (an uploaded archive): the media types taken, and what the bytes are. */
  rawBody?: { contentTypes: string[]; description: string };
  /** Error statuses beyond the shared ones (413 for an upload over its limit). */
  extraErrors?: number[];
  /** Success statuses and what each means. */
  success: Partial<Record<200 | 201 | 202 | 204, string>>;
  format?: ResponseFormat;
  /**
   * Starts an agent run: a cloud run past the plan's included minutes is refused with 402 `plan_limit`, a runner that
   * is not available here with 422 `runner_unavailable`.
   */
  startsRun?: boolean;
  /** A stale `version` answers 409 `{error: "version_conflict", current_version}` instead of the usual error. */
  versioned?: boolean;
}

const STARTED = "Started in the background: `{runId}`";
const SOURCE_NOTE =
  "`source` is a Git repository (cloned before the project is saved; 422 when the clone fails, 400 when its address is refused) or, on self-hosted " +
  "installs whose operator lists source roots, a folder under one of them (400 otherwise). Archives are uploaded with PUT /api/projects/{id}/source/archive.";
const ALREADY_RUNNING = "One is already running: `{runId, alreadyRunning: true}`";

export const PUBLIC_OPERATIONS: PublicOperation[] = [
  // Projects and what hangs off them.
  { method: "get", path: "/api/projects", tag: "Projects", summary: "List projects", role: "member", success: { 200: "`{projects}` with account and campaign counts" } },
  {
    method: "post", path: "/api/projects", tag: "Projects", summary: "Create a project", role: "member", body: ZProjectInput,
    description: SOURCE_NOTE, success: { 201: "The new project" },
  },
  { method: "get", path: "/api/projects/{id}", tag: "Projects", summary: "Read a project", role: "member", success: { 200: "The project" } },
  {
    method: "patch", path: "/api/projects/{id}", tag: "Projects", summary: "Edit a project", role: "member", body: ZProjectPatch,
    description: `${SOURCE_NOTE} The same repository and branch again is not fetched again (use the refresh operation).`, success: { 200: "The project as saved" },
  },
  { method: "delete", path: "/api/projects/{id}", tag: "Projects", summary: "Delete a project", role: "admin", success: { 204: "Deleted" } },
  {
    method: "put", path: "/api/projects/{id}/source/archive", tag: "Projects", summary: "Upload an archive as the project's source", role: "member",
    description:
      "The body is the archive itself (a .zip, or a .tar.gz sent as application/gzip), not JSON. It replaces the project's source once it has been unpacked and checked: " +
      "entries with absolute paths or `..`, links, device files, and archives over the entry, per-file or unpacked-size limits are refused with 422 and the previous source is kept. " +
      "413 when the upload itself is over its limit.",
    query: ZArchiveQuery, rawBody: { contentTypes: ARCHIVE_CONTENT_TYPES, description: "The archive's bytes" }, extraErrors: [413],
    success: { 200: "The project, with `source: {kind: \"archive\", name, fileCount, bytes, fetchedAt}`" },
  },
  {
    method: "post", path: "/api/projects/{id}/source/refresh", tag: "Projects", summary: "Fetch the project's Git repository again", role: "member",
    description: "A shallow clone of the repository's branch or tag, within the clone time limit. 409 when the source is not a repository; 422 when the fetch fails (the previous files are kept and `source.error` says why).",
    body: ZRefreshSourceBody, success: { 200: "The project, with the new `source.commit` and `source.fetchedAt`" },
  },
  { method: "delete", path: "/api/projects/{id}/source", tag: "Projects", summary: "Remove the project's source", description: "An uploaded archive's or a clone's files are deleted.", role: "member", success: { 204: "Removed" } },
  {
    method: "post", path: "/api/projects/{id}/extract", tag: "Projects", summary: "Extract the description from the project's source", role: "member",
    description: "An agent reads the project's source (a folder, an uploaded archive or a Git repository) and writes its description. 422 `unprocessable` when the project has no usable source.",
    body: ZRequestExtractionBody, success: { 202: STARTED, 200: ALREADY_RUNNING }, startsRun: true,
  },
  { method: "get", path: "/api/projects/{id}/insights", tag: "Insights", summary: "Read the latest insight brief", role: "member", success: { 200: "`{insight | null, running, liveRunId, draftCount, minimumDrafts}`" } },
  {
    method: "post", path: "/api/projects/{id}/insights", tag: "Insights", summary: "Write a new insight brief", role: "member",
    body: ZRequestInsightsBody, success: { 202: STARTED, 200: ALREADY_RUNNING }, startsRun: true,
  },
  { method: "get", path: "/api/projects/{id}/accounts", tag: "Accounts", summary: "List a project's accounts", role: "member", success: { 200: "`{accounts}`; credentials are never returned, only `hasCredentials`" } },
  { method: "post", path: "/api/projects/{id}/accounts", tag: "Accounts", summary: "Add an account to a project", role: "member", body: ZAccountInput, success: { 201: "The new account" } },
  { method: "patch", path: "/api/accounts/{id}", tag: "Accounts", summary: "Edit an account", description: "Make it the default, rename it, or replace or erase its credentials (`credentials: null`).", role: "member", body: ZAccountPatch, success: { 200: "The account as saved" } },
  { method: "delete", path: "/api/accounts/{id}", tag: "Accounts", summary: "Delete an account", role: "member", success: { 204: "Deleted" } },
  { method: "patch", path: "/api/accounts/{id}/sending-policy", tag: "Accounts", summary: "Change an account's sending limits", description: "Daily and hourly caps, the gap between sends and its jitter, the warm-up ramp (docs/sending-limits.md). Only the fields sent change; `null` puts one back to the platform's default.", role: "member", body: ZSendingPolicyPatch, success: { 200: "`{policy, overrides, sentLast24h, sentLastHour, dayCap, nextSendAllowedAt, words, ...}`" } },
  {
    method: "get", path: "/api/people/export", tag: "People", summary: "Export everything held about one person",
    description: "For a person who asks what is held about them (docs/privacy.md): contact history, conversations and messages, drafts written to them with their history, opt-out state, research notes and blocklist entries, across all the organization's projects. `format=html` answers the same as a readable page. A person about whom nothing is held gets an export with empty lists.",
    role: "member", query: ZPersonQuery, success: { 200: "The export (`outreach.person-export.v1`), or an HTML page" },
  },
  {
    method: "post", path: "/api/people/erase", tag: "People", summary: "Erase everything held about one person",
    description: "At the person's request (docs/privacy.md): deletes their messages, the drafts to them in any state, threads, contact history, and scrubs their handle and words from every other row, in one transaction. Leaves a suppression (a keyed hash, not the handle) that refuses new drafts and holds sends, an audit entry with counts, and a `contact.erased` webhook. `confirm` must repeat the handle. Repeating an erasure changes nothing and answers `replayed: true`.",
    role: "admin", body: ZErasePersonBody, success: { 200: "`{erasureId, replayed, erasedAt, counts}`" },
  },
  { method: "put", path: "/api/messages/{id}/intent", tag: "People", summary: "Correct what a reply means", description: "Sets an inbound reply's intent (`interested`, `question`, `not_now`, `not_interested`, `out_of_office`, `opt_out`, `other`) as a reviewer's word: kept as a correction, shown on the thread and the inbox, counted on Outcomes, and never overwritten by a later drafting run. `opt_out` also opts the person out. 404 for a message that is not an inbound reply of the organization (docs/conversations.md \"Reply intent\").", role: "member", body: ZReplyIntentBody, success: { 200: "`{messageId, threadId, intent, previousIntent, source}`" } },
  { method: "patch", path: "/api/contacts/{id}", tag: "People", summary: "Mark a contact opted out, or undo it", description: "`{optedOut: true}`: no new drafts to the person and pending ones held at send; `false` undoes it and releases those holds (docs/sending-limits.md \"Opt-outs\").", role: "member", body: ZContactPatch, success: { 200: "The contact" } },
  { method: "get", path: "/api/projects/{id}/templates", tag: "Templates", summary: "List a project's templates", role: "member", query: ZListTemplatesQuery, success: { 200: "`{templates}`" } },
  { method: "post", path: "/api/projects/{id}/templates", tag: "Templates", summary: "Create a template", role: "member", body: ZTemplateInput, success: { 201: "The new template" } },
  { method: "patch", path: "/api/projects/{id}/templates/{templateId}", tag: "Templates", summary: "Edit or archive a template", description: "`isActive: false` archives it.", role: "member", body: ZTemplatePatch, success: { 200: "The template as saved" } },

  // Campaigns and their tuning runs.
  { method: "get", path: "/api/campaigns", tag: "Campaigns", summary: "List campaigns", role: "member", query: ZListCampaignsQuery, success: { 200: "`{campaigns}`" } },
  { method: "post", path: "/api/campaigns", tag: "Campaigns", summary: "Create a campaign", role: "member", body: ZCampaignInput, success: { 201: "The new campaign" } },
  { method: "get", path: "/api/campaigns/{id}", tag: "Campaigns", summary: "Read a campaign", role: "member", success: { 200: "The campaign" } },
  { method: "patch", path: "/api/campaigns/{id}", tag: "Campaigns", summary: "Edit, pause or resume a campaign", role: "member", body: ZCampaignPatch, success: { 200: "The campaign as saved" } },
  { method: "delete", path: "/api/campaigns/{id}", tag: "Campaigns", summary: "Delete a campaign", role: "admin", success: { 204: "Deleted" } },
  {
    method: "get", path: "/api/campaigns/{id}/send-accounts", tag: "Campaigns", summary: "The accounts a campaign sends from", role: "member",
    description: "Each account the campaign's drafts without an account may be sent from, with its room under its sending limits today (`sending`: sends in the last 24 hours, the day's cap, `roomToday`, the next time a send may go, in words) and its health (`health`: its credentials as the platform last judged them, posts the removal checks found removed in 30 days); `available` lists the project's other accounts on the campaign's platform.",
    success: { 200: "`{campaignId, platform, accounts, available}`" },
  },
  {
    method: "put", path: "/api/campaigns/{id}/send-accounts", tag: "Campaigns", summary: "Set the accounts a campaign sends from", role: "member",
    description: "Replaces the list. Each id must be an account of the campaign's project on its platform (404 otherwise, 422 for another platform's). A draft of the campaign made without an account is then given, when it is sent, the listed account with the most room under its limits (round-robin among equals), except that a person already sent to from an account of the project stays with that account. `[]` turns the spread off.",
    body: ZSendAccountsBody, success: { 200: "`{campaignId, platform, accounts, available}` as GET" },
  },
  { method: "get", path: "/api/campaigns/{id}/skill-runs", tag: "Tuning", summary: "List profile generations", description: "The last 20, newest first.", role: "member", success: { 200: "`{runs}`" } },
  {
    method: "post", path: "/api/campaigns/{id}/skill-runs", tag: "Tuning", summary: "Generate the campaign profile", role: "member",
    description: "`preview` waits for Adopt or Discard; `apply` writes the profile directly.",
    body: ZStartSkillRunBody, success: { 202: STARTED, 200: ALREADY_RUNNING }, startsRun: true,
  },
  {
    method: "get", path: "/api/campaigns/{id}/judge", tag: "Tuning", summary: "How well quality scores predict approval", role: "member",
    description: "Over the campaign's scored drafts that reviewers decided in the last `weeks`: approval rate per score band, agreement at the campaign's inbox threshold, and a suggested threshold with what it would have hidden and kept.",
    query: ZJudgeQuery, success: { 200: "`{weeks, decided, bands, current, suggestion, thresholds}`" },
  },
  {
    method: "put", path: "/api/campaigns/{id}/inbox-quality", tag: "Tuning", summary: "Set the campaign's inbox quality filter default", role: "member",
    description: "The inbox hides this campaign's drafts scored below `minQuality` when it is filtered to the campaign and its address names no minQuality. `null` removes the default.",
    body: ZInboxQualityBody, success: { 200: "`{campaignId, inboxMinQuality}`" },
  },
  { method: "get", path: "/api/campaigns/{id}/skill-runs/{runId}", tag: "Tuning", summary: "Read a profile generation", role: "member", success: { 200: "The run with its previous and generated config" } },
  { method: "post", path: "/api/campaigns/{id}/skill-runs/{runId}/adopt", tag: "Tuning", summary: "Adopt a generated profile", description: "Copies the generated config into the campaign and activates a draft campaign. 409 unless the run is a finished, undecided preview.", role: "member", success: { 200: "`{run, campaign}`" } },
  { method: "post", path: "/api/campaigns/{id}/skill-runs/{runId}/discard", tag: "Tuning", summary: "Discard a generated profile", description: "The campaign config stays as it is. 409 as for adopt.", role: "member", success: { 200: "`{run, campaign}`" } },

  // Playbooks.
  { method: "get", path: "/api/playbooks", tag: "Playbooks", summary: "List playbooks", description: "Built-in playbooks first; bodies as excerpts.", role: "member", success: { 200: "`{playbooks}`" } },
  { method: "post", path: "/api/playbooks", tag: "Playbooks", summary: "Create or duplicate a playbook", description: "Send `{slug, title, body}` for a new playbook, or `{duplicateOf}` to copy one (built-ins included). 409 when the slug is taken.", role: "member", body: ZPlaybookCreate, success: { 201: "The new playbook" } },
  { method: "get", path: "/api/playbooks/{id}", tag: "Playbooks", summary: "Read a playbook", role: "member", success: { 200: "The playbook with its full body" } },
  { method: "patch", path: "/api/playbooks/{id}", tag: "Playbooks", summary: "Edit a playbook", description: "Built-in playbooks are read-only (409); duplicate one to change it.", role: "member", body: ZPlaybookPatch, success: { 200: "The playbook as saved" } },
  { method: "delete", path: "/api/playbooks/{id}", tag: "Playbooks", summary: "Delete a playbook", role: "member", success: { 204: "Deleted" } },

  // Drafts: the review inbox.
  { method: "get", path: "/api/drafts", tag: "Drafts", summary: "List drafts", description: "The review inbox: filters, sorting and keyset pages (pass `nextCursor` back as `cursor`).", role: "member", query: ZListDraftsQuery, success: { 200: "`{drafts, nextCursor}`" } },
  { method: "get", path: "/api/drafts/{id}", tag: "Drafts", summary: "Read a draft", role: "member", success: { 200: "The draft" } },
  {
    method: "patch", path: "/api/drafts/{id}", tag: "Drafts", summary: "Edit or review a draft", role: "member",
    description: "Either a body edit or a review transition, never both. Send the `version` you last saw to be told when someone else changed the draft. `state: \"sent\"` records a message you sent yourself; add `permalink` (the sent post's or comment's http(s) address, at most 2000 characters) so the removal checks look at it 1 h and 24 h later. 422 `blocklisted` when the draft breaks the blocklist; 409 `held` when the account's sending limits or the person's opt-out hold the send.",
    body: ZPatchDraftBody, success: { 200: "The draft as saved" }, versioned: true,
  },
  { method: "post", path: "/api/drafts/bulk-approve", tag: "Drafts", summary: "Approve many drafts", role: "member", body: ZBulkApproveBody, success: { 200: "`{results: [{id, status, reason?}]}`, one per id" } },
  { method: "post", path: "/api/drafts/bulk-reschedule", tag: "Drafts", summary: "Reschedule many drafts", role: "member", body: ZBulkRescheduleBody, success: { 200: "`{results: [{id, status, reason?}]}`, one per id" } },
  { method: "post", path: "/api/drafts/bulk-reject", tag: "Drafts", summary: "Reject many drafts", description: "Send `{ids}` or `{filter}` (the list's filters: every matching draft, at most 5,000 per call, newest first; `truncated` says when more matched) and an optional `reason`.", role: "member", body: ZBulkRejectBody, success: { 200: "`{results: [{id, status, reason?}], truncated?}`, one per id" } },
  { method: "get", path: "/api/drafts/counts", tag: "Drafts", summary: "Count drafts per inbox tab", description: "The list's filters (the state is ignored): `{review, approved, sent, replied, rejected, all, atLeast}`. With a search `q` each tab is exact up to 1,000; the tabs past it (and `all`) are named in `atLeast`, their numbers floors.", role: "member", query: ZDraftFilter, success: { 200: "`{review, approved, sent, replied, rejected, all, atLeast}`" } },
  {
    method: "post", path: "/api/drafts/{id}/regenerate", tag: "Drafts", summary: "Rewrite a draft", role: "member",
    description: "The draft shows as regenerating until the run finishes. 409 when it is not under review or already regenerating.",
    body: ZRegenerateBody, success: { 202: "`{draft, runId}`" }, startsRun: true,
  },
  { method: "post", path: "/api/drafts/{id}/regenerate/undo", tag: "Drafts", summary: "Undo the last rewrite", description: "Restores the body the last regeneration replaced; 409 when there is nothing to undo.", role: "member", body: ZUndoBody, success: { 200: "The draft as restored" }, versioned: true },
  {
    method: "post", path: "/api/drafts/{id}/visibility-check", tag: "Drafts", summary: "Check whether a sent post is still visible", role: "member",
    description: "Looks at a sent public post or comment as a visitor who is not signed in and keeps the verdict on the draft (`removalCheck`: visible, removed, deleted or not_visible). An optional `permalink` tells where the post is. 422 for a draft that is not a sent post or comment, or has no link; 429 with `Retry-After` within a minute of the last check of the same draft, or past 20 checks a minute in the organization.",
    body: ZVisibilityCheckBody, success: { 200: "`{draft}` with its `removalCheck`" },
  },
  {
    method: "post", path: "/api/drafts/{id}/reply-drafting", tag: "Drafts", summary: "Retry drafting a reply", role: "member",
    description: "For a reply placeholder whose drafting run failed. 409 while a drafting run is alive or once the reply is drafted.",
    body: ZRetryReplyDraftingBody, success: { 202: STARTED }, startsRun: true,
  },

  // Runs.
  { method: "post", path: "/api/run", tag: "Runs", summary: "Start a campaign run", role: "member", body: ZStartRunBody, success: { 202: STARTED, 200: "The campaign already has a live run: `{runId, alreadyRunning: true}`" }, startsRun: true },
  { method: "delete", path: "/api/run/{id}", tag: "Runs", summary: "Cancel a live run", description: "409 once the run has finished.", role: "member", success: { 200: "`{run}`, now failed with reason cancelled" } },
  { method: "get", path: "/api/runs/{id}/events", tag: "Runs", summary: "Read a run's event log", description: "In order; page on with `afterSeq`.", role: "member", query: ZRunEventsQuery, success: { 200: "`{events, hasMore}`" } },
  { method: "get", path: "/api/runners", tag: "Runners", summary: "List runners", description: "The cached detection of the agent runners this install offers (the hosted edition: the cloud runner only), and those whose latest run in this organization (last 24 hours) failed to sign in.", role: "member", success: { 200: "`{runners, signInFailures: [{runner, runId, failedAt, error}]}`" } },
  { method: "post", path: "/api/runners", tag: "Runners", summary: "Detect runners again", description: "At most once every 30 seconds per server: sooner is answered 429 with `Retry-After`.", role: "admin", success: { 200: "`{runners, signInFailures}`, freshly probed" } },

  // Reporting.
  { method: "get", path: "/api/audit", tag: "Audit", summary: "Read the audit feed", description: "Draft events and run events in one feed, newest first, in keyset pages.", role: "member", query: ZAuditQuery, success: { 200: "`{rows, nextCursor}`" } },
  { method: "get", path: "/api/search", tag: "Audit", summary: "Find by name", description: "Campaigns, projects, playbooks and drafts (by recipient or #id) of the organization whose names contain the words, a few of each kind, newest first.", role: "member", query: ZSearchQuery, success: { 200: "`{results: [{type, id, label, detail, href}]}`" } },
  {
    method: "get", path: "/api/outcomes", tag: "Outcomes", summary: "Read outcomes: the funnel, approval, edits and cost", role: "member",
    description: "Drafted, approved, rejected, sent and replied drafts (each counted on the UTC day it was drafted), approval and reply rates, the median edit distance between the agent's text and the sent text, and drafting cost per approved draft and per reply: in total, per campaign, per playbook, per runner and model, and per week. Each reply rate comes with its 95% Wilson interval (`replyRateInterval: {low, high}`); `byVariant` counts sent A/B variants by label, and `verdicts.variants` / `verdicts.campaigns` judge the leader against the runner-up (`kind`: `ahead`, `not_enough` with `morePerSide`, `even`, `nothing_to_compare`; `sentence` says it in words). Read from daily rollups refreshed every minute. 404 when `campaignId` names no campaign of the organization.",
    query: ZOutcomesQuery, success: { 200: "`{from, to, totals, byCampaign, byPlaybook, byRunnerModel, weekly, byVariant, verdicts, countedThrough}`" },
  },
  // One route serves three resources with different filters; each is documented on its own so its query is exact.
  { method: "get", path: "/api/export/drafts", tag: "Export", summary: "Export drafts as CSV", description: "The inbox's filters apply.", role: "member", query: EXPORT_QUERIES.drafts, success: { 200: "A CSV download" }, format: "csv" },
  { method: "get", path: "/api/export/contacts", tag: "Export", summary: "Export contacts as CSV", role: "member", query: EXPORT_QUERIES.contacts, success: { 200: "A CSV download" }, format: "csv" },
  { method: "get", path: "/api/export/conversations", tag: "Export", summary: "Export conversations as CSV", role: "member", query: EXPORT_QUERIES.conversations, success: { 200: "A CSV download" }, format: "csv" },
  { method: "get", path: "/api/notifications", tag: "Notifications", summary: "List notifications", description: "Newest first, in keyset pages, with the unread count.", role: "member", query: ZNotificationsQuery, success: { 200: "`{notifications, unread, nextCursor}`" } },
  { method: "post", path: "/api/notifications", tag: "Notifications", summary: "Mark every notification read", role: "member", success: { 200: "`{unread: 0}`" } },
  { method: "patch", path: "/api/notifications/{id}", tag: "Notifications", summary: "Mark a notification read", role: "member", body: ZNotificationPatch, success: { 200: "`{id, read, unread}`" } },
  {
    method: "get", path: "/api/stream", tag: "Events", summary: "Follow live events", role: "member",
    description: "Server-Sent Events of the organization: `hello`, `run:started`, `run:finished`, `run:log`, `drafts:changed`, `project:description:updated`, and a `:ping` comment every 15 seconds.",
    success: { 200: "An event stream that stays open" }, format: "event-stream",
  },

  // Blocklist.
  { method: "get", path: "/api/blocklist", tag: "Blocklist", summary: "List blocklist entries", description: "Global entries and per-project ones.", role: "member", success: { 200: "`{entries}`" } },
  { method: "post", path: "/api/blocklist", tag: "Blocklist", summary: "Block a user, community or keyword", description: "409 when the entry exists already.", role: "member", body: ZBlocklistInput, success: { 201: "The new entry" } },
  { method: "delete", path: "/api/blocklist/{id}", tag: "Blocklist", summary: "Remove a blocklist entry", role: "member", success: { 204: "Removed" } },

  // Settings.
  { method: "get", path: "/api/settings/app-config", tag: "Settings", summary: "Read the organization's settings", role: "member", success: { 200: "`{dedup_policy, quality_rubric, runner_configs}`" } },
  { method: "put", path: "/api/settings/app-config", tag: "Settings", summary: "Change deduplication or the quality rubric", role: "admin", body: ZAppConfigPatch, success: { 200: "The settings as saved" } },
  { method: "get", path: "/api/settings/retention", tag: "Settings", summary: "Read the data retention setting", description: "Off when `days` is null. `lastRun` and `total` count what the nightly passes deleted (docs/privacy.md \"Retention\").", role: "member", success: { 200: "`{days, lastRunAt, lastRun, total}`" } },
  { method: "put", path: "/api/settings/retention", tag: "Settings", summary: "Turn data retention on or off", description: "`{days: N}` deletes conversations and rejected or expired drafts older than N days (7-3650) every night; `{days: null}` turns it off.", role: "admin", body: ZRetentionPut, success: { 200: "The setting as saved" } },
  { method: "get", path: "/api/settings/runner-config", tag: "Settings", summary: "Read per-runner settings", role: "member", success: { 200: "`{runner_configs}`" } },
  { method: "put", path: "/api/settings/runner-config", tag: "Settings", summary: "Change one runner's settings", description: "The config is checked against that runner's own settings schema.", role: "admin", body: ZRunnerConfigPut, success: { 200: "`{runner_configs}`" } },
  { method: "get", path: "/api/settings/extension/devices", tag: "Extension devices", summary: "List paired extension devices", role: "member", success: { 200: "`{devices}` with last sync and channel state" } },
  { method: "delete", path: "/api/settings/extension/devices/{id}", tag: "Extension devices", summary: "Revoke an extension device", description: "Its token is refused from then on.", role: "admin", params: ZDeviceIdParams, success: { 200: "`{device}`, revoked" } },

  // Webhooks.
  { method: "get", path: "/api/settings/webhooks", tag: "Webhooks", summary: "Read the organization's webhook URL", role: "admin", success: { 200: "`{url, enabled, endpoint}`; all empty when none is set" } },
  { method: "put", path: "/api/settings/webhooks", tag: "Webhooks", summary: "Set or clear the webhook URL", description: "`null` or an empty string turns it off. A new endpoint's secret is in the answer, once.", role: "admin", body: ZSettingsWebhook, success: { 200: "The setting as saved" } },
  { method: "get", path: "/api/webhooks/endpoints", tag: "Webhooks", summary: "List webhook endpoints", role: "admin", success: { 200: "`{endpoints}`" } },
  { method: "post", path: "/api/webhooks/endpoints", tag: "Webhooks", summary: "Create a webhook endpoint", description: "Its signing secret is in the answer, once.", role: "admin", body: ZEndpointInput, success: { 201: "`{endpoint, secret}`" } },
  { method: "get", path: "/api/webhooks/endpoints/{id}", tag: "Webhooks", summary: "Read a webhook endpoint", role: "admin", success: { 200: "The endpoint" } },
  { method: "patch", path: "/api/webhooks/endpoints/{id}", tag: "Webhooks", summary: "Edit a webhook endpoint", role: "admin", body: ZEndpointPatch, success: { 200: "The endpoint as saved" } },
  { method: "delete", path: "/api/webhooks/endpoints/{id}", tag: "Webhooks", summary: "Delete a webhook endpoint", role: "admin", success: { 200: "`{id, deleted: true}`" } },
  { method: "get", path: "/api/webhooks/endpoints/{id}/deliveries", tag: "Webhooks", summary: "List an endpoint's deliveries", description: "Newest first, in keyset pages.", role: "admin", query: ZDeliveriesQuery, success: { 200: "`{deliveries, nextCursor}`" } },
  { method: "get", path: "/api/webhooks/endpoints/{id}/secret", tag: "Webhooks", summary: "Reveal an endpoint's signing secret", role: "admin", success: { 200: "`{id, secret}`, never cached" } },
  { method: "post", path: "/api/webhooks/endpoints/{id}/rotate-secret", tag: "Webhooks", summary: "Rotate an endpoint's signing secret", description: "The old secret keeps signing beside the new one for 24 hours.", role: "admin", success: { 200: "`{endpoint, secret}`: the new secret, answered once" } },
  { method: "post", path: "/api/webhooks/endpoints/{id}/test", tag: "Webhooks", summary: "Send a test event", role: "admin", success: { 202: "`{deliveryId}` of the `webhook.test` delivery" } },
  { method: "get", path: "/api/webhooks/deliveries/{id}", tag: "Webhooks", summary: "Read a delivery", role: "admin", success: { 200: "The delivery with its body and every attempt" } },
  { method: "post", path: "/api/webhooks/deliveries/{id}/retry", tag: "Webhooks", summary: "Retry a dead delivery", description: "Back to pending with no attempts, sent at once; 409 unless the delivery is dead.", role: "admin", success: { 200: "The delivery" } },
  { method: "post", path: "/api/webhooks/deliveries/{id}/replay", tag: "Webhooks", summary: "Replay a delivery", description: "Sends the same message again as a new delivery.", role: "admin", success: { 201: "The new delivery" } },
];

/** Tags in the order the reference lists them, each with a line saying what it covers. */
export const TAGS: { name: string; description: string }[] = [
  { name: "Projects", description: "What you do outreach for." },
  { name: "Accounts", description: "The platform identities drafts are sent from." },
  { name: "Templates", description: "Example messages that anchor a project's drafts." },
  { name: "Insights", description: "Briefs on what worked, written from a project's drafts and replies." },
  { name: "Campaigns", description: "Scheduled agent runs that find people and write drafts." },
  { name: "Tuning", description: "Generating a campaign's profile." },
  { name: "Playbooks", description: "The instructions agent runs follow." },
  { name: "Drafts", description: "Review, edit and schedule what the agents wrote." },
  { name: "Runs", description: "Start, follow and cancel agent runs." },
  { name: "Runners", description: "The agent runners this install can use." },
  { name: "Outcomes", description: "What the drafts led to: approvals, sends, replies, edits and cost." },
  { name: "Audit", description: "Who did what, and when." },
  { name: "Export", description: "CSV downloads." },
  { name: "Notifications", description: "The organization's notification feed." },
  { name: "Events", description: "Live updates." },
  { name: "Blocklist", description: "People, communities and keywords never to contact." },
  { name: "People", description: "The people contacted, and who asked not to be." },
  { name: "Settings", description: "Organization-wide settings." },
  { name: "Extension devices", description: "Browsers paired with the extension." },
  { name: "Webhooks", description: "Endpoints that receive notifications, and their delivery log." },
];
