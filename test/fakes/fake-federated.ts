// A fake federated instance (Mastodon's REST API) on a loopback port: hashtag timelines, statuses by id, search that
// resolves a status URL, and posting with a bearer token and Idempotency-Key (a repeated key answers the status it
// already created, as the real API does). Every received post is recorded with its Authorization header.
// OUTREACH_FEDERATED_BASE_URL = url, or an account's credentials {instanceUrl: url, accessToken}.
// For the removal checks a test can delete a status (as its author or a moderator: the real API answers 404 to a
// signed-out visitor either way) or suspend its account (410 Gone for every status of it), and a status that is not
// public or unlisted is 404 to a request without a token.
import { startFakeServer, type FakeAnswer, type FakeServer, type RecordedRequest } from "./fake-http";

export interface FakeAccountInput {
  username: string;
  /** Another server's domain: the account is remote and its acct is username@domain. */
  domain?: string;
  displayName?: string;
  /** HTML, like the real API's note. */
  note?: string;
  bot?: boolean;
  /** Profile fields; values are HTML. */
  fields?: { name: string; value: string }[];
}

export interface FakeAccount {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean;
  group: boolean;
  created_at: string;
  note: string;
  url: string;
  uri: string;
  avatar: string;
  header: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  emojis: unknown[];
  fields: { name: string; value: string; verified_at: string | null }[];
}

export interface FakeStatusInput {
  account: FakeAccount;
  /** HTML content. */
  content: string;
  /** Hashtags without #. */
  tags?: string[];
  inReplyToId?: string | null;
  createdAt?: Date;
  replies?: number;
  favourites?: number;
  visibility?: "public" | "unlisted" | "private" | "direct";
}

export interface FakeStatus {
  id: string;
  created_at: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  sensitive: boolean;
  spoiler_text: string;
  visibility: string;
  language: string | null;
  uri: string;
  url: string;
  replies_count: number;
  reblogs_count: number;
  favourites_count: number;
  content: string;
  reblog: null;
  account: FakeAccount;
  media_attachments: unknown[];
  mentions: { id: string; username: string; acct: string; url: string }[];
  tags: { name: string; url: string }[];
  emojis: unknown[];
  card: null;
  poll: null;
}

export interface ReceivedPost {
  authorization: string | null;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
  /** The status created (or answered again for a repeated key). */
  statusId: string | null;
  status: number;
}

export interface FakeFederated extends FakeServer {
  host: string;
  addAccount(input: FakeAccountInput): FakeAccount;
  addStatus(input: FakeStatusInput): FakeStatus;
  /** Lets `token` post as `account`. */
  addToken(token: string, account: FakeAccount): void;
  /** Every POST /api/v1/statuses, in order (including refused ones). */
  received: ReceivedPost[];
  /** Statuses created through the API (not through addStatus). */
  created: FakeStatus[];
  statusById(id: string): FakeStatus | undefined;
  /** The status is gone (deleted by its author or removed by a moderator): 404 from then on. */
  deleteStatus(id: string): void;
  /** A moderator suspends the account: its statuses answer 410 Gone. */
  suspendAccount(account: FakeAccount): void;
}

export async function start(opts: { port?: number } = {}): Promise<FakeFederated> {
  const statuses: FakeStatus[] = [];
  const created: FakeStatus[] = [];
  const received: ReceivedPost[] = [];
  const tokens = new Map<string, FakeAccount>();
  const idempotent = new Map<string, FakeStatus>();
  const deleted = new Set<string>();
  const suspended = new Set<string>();
  let accountSeq = 100;
  let statusSeq = 110_000_000_000_000_000n;
  let base = "";

  const nextStatusId = () => (statusSeq += 1n).toString();

  const makeStatus = (input: FakeStatusInput & { mentions?: FakeStatus["mentions"] }): FakeStatus => {
    const id = nextStatusId();
    const remote = input.account.acct.includes("@");
    const origin = remote ? `https://${input.account.acct.split("@")[1]}` : base;
    // A remote status has its own id on its home server; here it is known by a local id.
    const homeId = remote ? `9${id.slice(-8)}` : id;
    const tags = (input.tags ?? []).map((t) => t.toLowerCase());
    return {
      id,
      created_at: (input.createdAt ?? new Date(Date.now() - statuses.length * 60_000)).toISOString(),
      in_reply_to_id: input.inReplyToId ?? null,
      in_reply_to_account_id: input.inReplyToId ? (statuses.find((s) => s.id === input.inReplyToId)?.account.id ?? null) : null,
      sensitive: false,
      spoiler_text: "",
      visibility: input.visibility ?? "public",
      language: "en",
      uri: `${origin}/users/${input.account.username}/statuses/${homeId}`,
      url: `${origin}/@${input.account.username}/${homeId}`,
      replies_count: input.replies ?? 0,
      reblogs_count: 0,
      favourites_count: input.favourites ?? 0,
      content: input.content,
      reblog: null,
      account: input.account,
      media_attachments: [],
      mentions: input.mentions ?? [],
      tags: tags.map((name) => ({ name, url: `${base}/tags/${name}` })),
      emojis: [],
      card: null,
      poll: null,
    };
  };

  const handler = (req: RecordedRequest): FakeAnswer => {
    const tag = /^\/api\/v1\/timelines\/tag\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && tag) {
      const name = decodeURIComponent(tag[1]!).toLowerCase();
      const limit = Math.min(Number(req.query.get("limit") ?? 20) || 20, 40);
      const found = statuses
        .filter((s) => s.visibility === "public" && s.tags.some((t) => t.name === name))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
        .slice(0, limit);
      return { json: found };
    }
    const one = /^\/api\/v1\/statuses\/(\d+)$/.exec(req.path);
    if (req.method === "GET" && one) {
      const s = statuses.find((x) => x.id === one[1] && !deleted.has(x.id));
      if (s && suspended.has(s.account.id)) return { status: 410, json: { error: "Gone" } };
      const signedOut = !req.headers.authorization;
      if (!s || (signedOut && (s.visibility === "private" || s.visibility === "direct"))) return { status: 404, json: { error: "Record not found" } };
      return { json: s };
    }
    if (req.method === "GET" && req.path === "/api/v2/search") {
      const q = req.query.get("q") ?? "";
      const found = statuses.filter((s) => s.url === q || s.uri === q);
      return { json: { accounts: [], statuses: found.slice(0, 1), hashtags: [] } };
    }
    if (req.method === "POST" && req.path === "/api/v1/statuses") return post(req);
    return { status: 404, json: { error: "Record not found" } };
  };

  const post = (req: RecordedRequest): FakeAnswer => {
    const authorization = (req.headers.authorization as string | undefined) ?? null;
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const body = req.body ?? {};
    const record = (status: number, statusId: string | null) => received.push({ authorization, idempotencyKey, body, statusId, status });
    const token = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
    const account = token ? tokens.get(token) : undefined;
    if (!account) {
      record(401, null);
      return { status: 401, json: { error: "The access token is invalid" } };
    }
    const key = idempotencyKey ? `${token}:${idempotencyKey}` : null;
    const again = key ? idempotent.get(key) : undefined;
    if (again) {
      record(200, again.id);
      return { json: again };
    }
    const text = typeof body.status === "string" ? body.status : "";
    if (!text.trim()) {
      record(422, null);
      return { status: 422, json: { error: "Validation failed: Text can't be blank" } };
    }
    const inReplyToId = typeof body.in_reply_to_id === "string" ? body.in_reply_to_id : null;
    if (inReplyToId && !statuses.some((s) => s.id === inReplyToId)) {
      record(404, null);
      return { status: 404, json: { error: "Record not found" } };
    }
    const visibility = (["public", "unlisted", "private", "direct"].includes(String(body.visibility)) ? body.visibility : "public") as FakeStatus["visibility"];
    const mentions = [...text.matchAll(/@([\w.]+(?:@[\w.:-]+)?)/g)].map((m) => ({ id: "0", username: m[1]!.split("@")[0]!, acct: m[1]!, url: "" }));
    const status = makeStatus({
      account,
      content: `<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`,
      tags: [...text.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => m[1]!),
      inReplyToId,
      visibility: visibility as FakeStatusInput["visibility"],
      createdAt: new Date(),
      mentions,
    });
    statuses.push(status);
    created.push(status);
    if (key) idempotent.set(key, status);
    record(200, status.id);
    return { json: status };
  };

  const server = await startFakeServer(handler, opts);
  base = server.url;
  return {
    ...server,
    host: new URL(base).host,
    received,
    created,
    statusById: (id) => statuses.find((s) => s.id === id),
    addAccount: (input) => {
      accountSeq++;
      const acct = input.domain ? `${input.username}@${input.domain}` : input.username;
      const origin = input.domain ? `https://${input.domain}` : base;
      return {
        id: String(accountSeq),
        username: input.username,
        acct,
        display_name: input.displayName ?? input.username,
        locked: false,
        bot: input.bot ?? false,
        discoverable: true,
        group: false,
        created_at: "2023-01-01T00:00:00.000Z",
        note: input.note ?? "<p></p>",
        url: `${origin}/@${input.username}`,
        uri: `${origin}/users/${input.username}`,
        avatar: `${base}/avatars/original/missing.png`,
        header: `${base}/headers/original/missing.png`,
        followers_count: 10,
        following_count: 10,
        statuses_count: 1,
        last_status_at: null,
        emojis: [],
        fields: (input.fields ?? []).map((f) => ({ ...f, verified_at: null })),
      };
    },
    addStatus: (input) => {
      const s = makeStatus(input);
      statuses.push(s);
      return s;
    },
    addToken: (token, account) => void tokens.set(token, account),
    deleteStatus: (id) => void deleted.add(id),
    suspendAccount: (account) => void suspended.add(account.id),
  };
}
