// Demo reply drafts: our answers inside conversation threads (lib/demo/threads.ts), one per drafting run.
import type { DraftSpec } from "@/lib/demo/drafts/draft-spec";

export const REPLY_DRAFTS: DraftSpec[] = [
  {
    key: "r1", run: "rr1", kind: "reply_dm", state: "sent", targetUser: "freelance_fern", targetCommunity: "freelance",
    replyTo: { thread: "t1", message: 1 },
    body:
      "Yes: the CLI writes to a local SQLite file and syncs when you're back online, so nothing gets lost on the " +
      "train. The web UI needs the server, but you can run that on your laptop too. If anything breaks, open an issue " +
      "and I'll look at it.",
    quality: [87, "Answers the offline question directly in two sentences."],
    reviewH: 262.2, armedH: 262.05, sentH: 262,
  },
  {
    key: "r2", run: "rr2", kind: "reply_dm", state: "pending_review", targetUser: "freelance_fern", targetCommunity: "freelance",
    replyTo: { thread: "t1", message: 3 },
    body:
      "Glad the import worked. Rounding is per client: open the client's settings and set 'Round to' to 15 minutes. " +
      "It applies on export, so your raw entries stay exact.",
    quality: [91, "Exact steps for her question, short, and keeps the friendly tone of the thread."],
  },
  {
    key: "r3", run: "rr3", kind: "reply_dm", state: "pending_review", targetUser: "kettle_and_code", targetCommunity: "selfhosted",
    replyTo: { thread: "t2", message: 1 }, placeholder: true,
    body: "Drafting a reply to kettle_and_code...",
    quality: null,
  },
  {
    key: "r4", run: "rr4", kind: "reply_comment", state: "approved", targetUser: "metadata_marta", targetCommunity: "privacy",
    replyTo: { thread: "t3", message: 1 },
    body:
      "That matches what I saw: some messaging apps keep it when you send the picture as a file rather than as a photo. " +
      "Sending as a photo usually strips it. Worth re-testing after app updates, they change this more often than you'd " +
      "think.",
    quality: [88, "Confirms her finding and adds the file-vs-photo detail that explains it."],
    reviewH: 200,
  },
  {
    key: "r5", run: "rr5", kind: "reply_comment", state: "sent", targetUser: "hannah@social.example", targetCommunity: "#selfhosted",
    replyTo: { thread: "t4", message: 1 },
    body:
      "Mostly copy the file, but `ticklog backup` takes a consistent snapshot while it's running, so you can put it in " +
      "cron. Restoring is just pointing it at the file.",
    quality: [85, "Precise answer to the backup question with a command she can use."],
    reviewH: 186.3, sentH: 186,
  },
];
