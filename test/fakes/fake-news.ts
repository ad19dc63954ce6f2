// A fake of the news site's search API (`/api/v1/search`) on a loopback port, answering its real response shape for
// the stories a test adds. OUTREACH_NEWS_BASE_URL = url.
import { startFakeServer, type FakeServer, type RecordedRequest } from "./fake-http";

export interface FakeStoryInput {
  title: string;
  url?: string | null;
  author: string;
  points?: number;
  comments?: number;
  /** Default: now minus the order of insertion in minutes. */
  createdAt?: Date;
}

export interface FakeNews extends FakeServer {
  addStory(input: FakeStoryInput): { objectID: string };
}

export async function start(opts: { port?: number } = {}): Promise<FakeNews> {
  const stories: Array<Record<string, unknown> & { created_at_i: number; title: string; points: number }> = [];
  let seq = 40_000_000;

  const handler = (req: RecordedRequest) => {
    if (req.method !== "GET" || req.path !== "/api/v1/search") return { status: 404, json: { message: "Not Found", status: 404 } };
    const words = (req.query.get("query") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const after = /created_at_i>(\d+)/.exec(req.query.get("numericFilters") ?? "")?.[1];
    const perPage = Math.min(Number(req.query.get("hitsPerPage") ?? 20) || 20, 1000);
    const matches = stories
      .filter((s) => words.every((w) => s.title.toLowerCase().includes(w)))
      .filter((s) => (after ? s.created_at_i > Number(after) : true))
      .sort((a, b) => b.points - a.points);
    const hits = matches.slice(0, perPage).map((s) => ({ ...s, _tags: ["story", `author_${s.author}`, `story_${s.objectID}`] }));
    return {
      json: {
        hits,
        nbHits: matches.length,
        page: 0,
        nbPages: Math.ceil(matches.length / perPage),
        hitsPerPage: perPage,
        exhaustiveNbHits: true,
        query: req.query.get("query") ?? "",
        params: req.query.toString(),
        processingTimeMS: 1,
      },
    };
  };

  const server = await startFakeServer(handler, opts);
  return {
    ...server,
    addStory: (input) => {
      seq++;
      const created = input.createdAt ?? new Date(Date.now() - stories.length * 60_000);
      const story = {
        objectID: String(seq),
        title: input.title,
        url: input.url ?? null,
        author: input.author,
        points: input.points ?? 1,
        num_comments: input.comments ?? 0,
        story_text: null,
        created_at: created.toISOString(),
        created_at_i: Math.floor(created.getTime() / 1000),
        story_id: seq,
      };
      stories.push(story);
      return { objectID: story.objectID };
    },
  };
}
