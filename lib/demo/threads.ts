// Demo conversations: one thread per replied draft, with the messages in order.
// Outbound messages carry the key of the draft whose body was sent; inbound ones carry their own text and time.

export interface ThreadSpec {
  key: string;
  parentDraft: string;
  externalId: string;
  messages: ({ dir: "out"; draft: string } | { dir: "in"; body: string; atH: number })[];
}

export const THREADS: ThreadSpec[] = [
  {
    key: "t1", parentDraft: "d1", externalId: "forum:conv:7f3k2q",
    messages: [
      { dir: "out", draft: "d1" },
      {
        dir: "in", atH: 270,
        body:
          "oh nice, does it work offline? I'm on trains half the week and my current one loses entries when the " +
          "connection drops",
      },
      { dir: "out", draft: "r1" },
      {
        dir: "in", atH: 240,
        body:
          "installed it last night, the import from my old csv worked first try. one thing: is there a way to round " +
          "entries to 15 min? one client insists on it",
      },
    ],
  },
  {
    key: "t2", parentDraft: "d2", externalId: "forum:conv:7f3m8w",
    messages: [
      { dir: "out", draft: "d2" },
      {
        dir: "in", atH: 0.05,
        body: "thanks! does it support more than one user? my partner and I share a tiny studio and we'd both log time",
      },
    ],
  },
  {
    key: "t3", parentDraft: "d28", externalId: "forum:comment:t1_mq81az",
    messages: [
      { dir: "out", draft: "d28" },
      {
        dir: "in", atH: 230,
        body:
          "huh, I just tested it and the location was still there when I sent it through my messaging app. thanks for " +
          "the tip about checking it myself",
      },
    ],
  },
  {
    key: "t4", parentDraft: "d14", externalId: "federated:status:113402290114877120",
    messages: [
      { dir: "out", draft: "d14" },
      {
        dir: "in", atH: 190,
        body: "30 MB is tempting. does it have a proper backup story or is it just copy the sqlite file and pray?",
      },
      { dir: "out", draft: "r5" },
    ],
  },
];
