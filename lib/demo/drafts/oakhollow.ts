// Demo drafts of Oakhollow Games: forum posts (one A/B/C variant group) and federated design-diary posts.
import type { DraftSpec } from "@/lib/demo/drafts/draft-spec";

export const OAKHOLLOW_DRAFTS: DraftSpec[] = [
  // ---- Oakhollow, forum poster ------------------------------------------------------------------------
  {
    key: "d19", run: "b1-1", kind: "post", state: "sent", targetUser: "boardgames", targetCommunity: "boardgames",
    title: "Looking for blind playtesters for a 2-4 player co-op (free print and play)",
    body:
      "We're a two-person studio and we've been playtesting Lanternfall, a co-op about keeping lighthouse lamps lit " +
      "through a storm season, with friends for a year. Friends are too nice. We're looking for groups who have never " +
      "seen it to play from the rulebook alone and tell us where they got stuck.\n\n" +
      "The print-and-play is 9 pages and black-and-white friendly. There's a short form afterwards, about 5 minutes. " +
      "No mailing list signup needed.\n\nHappy to answer rules questions here, though ideally you'd try it without us.",
    quality: [84, "Clear ask, honest context and no pressure; fits the community's playtest-post format."],
    reviewH: 268, sentH: 266,
  },
  {
    key: "d24", run: "b1-1", kind: "post", state: "rejected", targetUser: "gaming", targetCommunity: "gaming",
    title: "Our co-op board game Lanternfall needs YOU!",
    body:
      "Calling all gamers! Lanternfall is the co-op board game you've been waiting for. Grab the free print-and-play " +
      "today and join our community!",
    quality: [31, "Announcement tone in a video-game community that bans self-promotion."],
    reviewH: 270, rejectReason: "Wrong community, and their rules forbid this kind of post.",
  },
  {
    key: "d20", run: "b1-3", kind: "post", state: "approved", targetUser: "tabletopdesign", targetCommunity: "tabletopdesign",
    title: "How do you stop quarterbacking in a co-op?",
    body:
      "One problem we keep hitting with Lanternfall: in every playtest one experienced player ends up running the " +
      "table. We've tried hidden hands and a sand timer on turns. The timer helped; the hidden hands made people feel " +
      "shut out.\n\nFor those who have designed co-ops: what actually worked for you? Not looking for feedback on our " +
      "game specifically, more the general approaches.",
    quality: [90, "A genuine discussion question with what was already tried; the game is incidental."],
    reviewH: 60, scheduledInH: 40,
  },
  {
    key: "d21", run: "b1-3", kind: "post", state: "pending_review", targetUser: "boardgamedesign", targetCommunity: "boardgamedesign",
    title: "What we learned from 40 playtests of a co-op",
    body:
      "After 40 playtests of Lanternfall, three things surprised us: players ignored the optional fog deck, the " +
      "storm track did more for tension than any card, and the rulebook example of play was read more than the rules. " +
      "Happy to go into detail on any of them.",
    quality: [81, "Specific lessons; would be stronger with one concrete number per point."],
    variant: { group: "g1", label: "A" },
  },
  {
    key: "d22", run: "b1-3", kind: "post", state: "pending_review", targetUser: "boardgamedesign", targetCommunity: "boardgamedesign",
    title: "40 playtests in: the three rules we cut from our co-op",
    body:
      "We cut three rules from Lanternfall after 40 playtests: the fog deck (nobody remembered to draw), the lamp oil " +
      "market (too fiddly for the tension it added) and individual win conditions (they turned a co-op into a " +
      "negotiation). Curious what others have cut and regretted.",
    quality: [87, "Concrete, ends with an open question that invites discussion."],
    variant: { group: "g1", label: "B" },
  },
  {
    key: "d23", run: "b1-3", kind: "post", state: "pending_review", targetUser: "boardgamedesign", targetCommunity: "boardgamedesign",
    title: "Cutting rules from a co-op after 40 playtests",
    body:
      "Quick notes from our design journal: removing rules made Lanternfall harder, not easier, because players stopped " +
      "spending turns on bookkeeping and started feeling the storm. Has anyone else seen difficulty go up when they " +
      "simplified?",
    quality: [69, "Interesting angle but vaguer than the other variants."],
    variant: { group: "g1", label: "C" },
  },

  // ---- Oakhollow, federated poster --------------------------------------------------------------------
  {
    key: "d25", run: "b2-1", kind: "post", state: "sent", targetUser: "#boardgamedesign", targetCommunity: "#boardgamedesign",
    body:
      "Design diary, week 31: we removed the fog deck from Lanternfall. It added tension on paper, but in practice " +
      "people forgot to draw from it. The storm track now does that job. Fewer components, same dread. " +
      "#boardgamedesign #tabletop",
    quality: [85, "Reads like a real diary entry: one decision, the reason, no ask."],
    reviewH: 141, sentH: 140,
  },
  {
    key: "d26", run: "b2-1", kind: "post", state: "pending_review", targetUser: "#printandplay", targetCommunity: "#printandplay",
    body:
      "The Lanternfall print-and-play is up, free, 9 pages. If you play it, the thing we most want to know is where " +
      "the rulebook lost you. #boardgamedesign #printandplay",
    quality: [80, "Plain and specific about the feedback wanted; the edit removed the hype."],
    edited: {
      atH: 100,
      previousBody:
        "Exciting news!! The Lanternfall print-and-play is out NOW - grab it free and tell all your friends! " +
        "#boardgames #tabletop #gamedev #indiegames #printandplay",
    },
  },
  {
    key: "d27", run: "b2-1", kind: "post", state: "proposed", targetUser: "#gamedev", targetCommunity: "#gamedev",
    body:
      "Small art question for other designers: our lighthouse tiles read fine in daylight but vanish under warm lamp " +
      "light at a game table. Has anyone found a palette trick that survives both? #boardgamedesign #gamedev",
    quality: [77, "Genuine question that invites replies; no promotion at all."],
  },
];
