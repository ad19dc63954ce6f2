// Demo drafts of Ticklog: forum-scout DMs and federated comments, in every review state.
import { post, type DraftSpec } from "@/lib/demo/drafts/draft-spec";

export const TICKLOG_DRAFTS: DraftSpec[] = [
  // ---- Ticklog, forum scout (DMs) --------------------------------------------------------------------
  {
    key: "d1", run: "a1-1", kind: "dm", state: "replied", targetUser: "freelance_fern", targetCommunity: "freelance",
    targetUrl: post("freelance", "1k9q2a", "what_do_you_use_when_clients_want_weekly"),
    body:
      "Hey, saw your post in r/freelance about clients wanting weekly breakdowns. Full disclosure, I work on Ticklog, an " +
      "open-source tracker. It can export a per-client weekly CSV you can paste straight into an invoice, which sounds " +
      "like what you're after. If you'd rather not install anything, most hosted trackers' free tiers do weekly reports " +
      "fine too. Happy to answer questions either way.",
    quality: [86, "Answers her exact question, discloses the affiliation early and offers a no-install alternative."],
    reviewH: 288, armedH: 287.9, sentH: 287.85, repliedH: 270,
  },
  {
    key: "d2", run: "a1-1", kind: "dm", state: "replied", targetUser: "kettle_and_code", targetCommunity: "selfhosted",
    targetUrl: post("selfhosted", "1k9t7c", "time_tracker_that_doesnt_need_a_subscription"),
    body:
      "Hi, you asked in r/selfhosted about a tracker that doesn't need a subscription. I help maintain Ticklog; it's a " +
      "single binary with SQLite, so it runs fine on a Pi or a small VPS, and there's a docker-compose file in the repo " +
      "if that's your setup. No pressure, it just matched what you described.",
    quality: [82, "Specific to the self-hosting question and low-pressure; could mention resource usage."],
    reviewH: 289, armedH: 288.55, sentH: 288.5, repliedH: 0.05,
  },
  {
    key: "d3", run: "a1-1", kind: "dm", state: "sent", targetUser: "omar_invoices", targetCommunity: "freelance",
    targetUrl: post("freelance", "1ka0x4", "i_spend_every_sunday_rebuilding_my_hours"),
    body:
      "Saw your comment about rebuilding your week from calendar entries every Sunday; I used to do exactly the same. I " +
      "work on Ticklog (open source), which can import calendar events as draft time entries you just confirm. Might " +
      "save you the Sunday. If not, no worries.",
    quality: [79, "Relatable opener tied to his comment; the offer is concrete and easy to ignore."],
    reviewH: 287, armedH: 286.05, sentH: 286,
  },
  {
    key: "d4", run: "a1-3", kind: "dm", state: "sent", account: "mara_builds", targetUser: "pixel_and_pine", targetCommunity: "webdev",
    targetUrl: post("webdev", "1kd3m1", "which_time_trackers_have_a_decent_api"),
    body:
      "Hi, Mara here, one of the Ticklog contributors. You asked which trackers have a usable API: ours is plain REST " +
      "with a token, documented in the repo, and the CLI is built on top of it. It's AGPL and free to run yourself, so " +
      "there's nothing to sign up for if you just want to read the docs.",
    quality: [77, "Direct answer to the API question; slightly long for a first message."],
    reviewH: 152, armedH: 150.1, sentH: 150,
  },
  {
    key: "d5", run: "a1-3", kind: "dm", state: "armed", targetUser: "jules_tracks", targetCommunity: "productivity",
    targetUrl: post("productivity", "1kd5p0", "tracking_focus_time_vs_billable_time"),
    body:
      "Your post about tracking focus time separately from billable time got me thinking. Ticklog lets you tag entries " +
      "as non-billable and the weekly report splits them out. I'm on the team, so take that with a grain of salt, but " +
      "it's open source if you want to poke at it.",
    quality: [74, "Relevant and honest; the opener is a little generic."],
    reviewH: 22, armedH: 20,
  },
  {
    key: "d11", run: "a1-3", kind: "dm", state: "rejected", targetUser: "throwaway_8812", targetCommunity: "productivity",
    body:
      "Hey! Noticed you're into productivity. Have you tried Ticklog? It's a great way to track your time and boost " +
      "your productivity. Let me know what you think!",
    quality: [28, "Generic opener with no reference to the user's post; reads as a cold pitch."],
    reviewH: 168, rejectReason: "Generic, and it's a throwaway account.",
  },
  {
    key: "d13", run: "a1-3", kind: "dm", state: "rejected", targetUser: "grumpy_sysadmin", targetCommunity: "selfhosted",
    targetUrl: post("selfhosted", "1kd6r8", "every_saas_tool_is_500mb_of_electron_now"),
    body: "Saw your rant about bloated SaaS tools. Ticklog is a 12 MB binary with no telemetry, might be up your alley.",
    quality: [41, "On topic, but the user said in the same thread that he doesn't want vendor DMs."],
    reviewH: 166, rejectReason: "He asked not to be pitched; added him to the blocklist.",
  },
  {
    key: "d6", run: "a1-4", kind: "dm", state: "approved", targetUser: "dana_does_design", targetCommunity: "graphic_design",
    targetUrl: post("graphic_design", "1kg1b2", "clients_keep_questioning_my_hours"),
    body:
      "Hi Dana, you mentioned clients pushing back on your hour estimates. What helped a couple of designers I know is " +
      "sending the tracked breakdown per task along with the invoice. Ticklog does that export (disclosure: I work on " +
      "it), though a spreadsheet does the job too.",
    quality: [80, "Leads with a practical tip and keeps the product mention secondary."],
    reviewH: 30, scheduledInH: 18,
  },
  {
    key: "d7", run: "a1-4", kind: "dm", state: "approved", targetUser: "sam_r_consults", targetCommunity: "consulting",
    targetUrl: post("consulting", "1kg2c9", "tracking_time_against_monthly_retainers"),
    body:
      "You asked whether anyone tracks time against a retainer rather than per project. Ticklog treats retainers as a " +
      "first-class thing: you set the monthly hours and it shows what's left. I work on it; free to self-host, the " +
      "hosted plan is 4 USD a month.",
    quality: [76, "Matches the retainer question precisely; the pricing line could wait for a reply."],
    reviewH: 28,
  },
  {
    key: "d8", run: "a1-4", kind: "dm", state: "pending_review", targetUser: "omar_invoices", targetCommunity: "freelance",
    targetUrl: post("freelance", "1kg4d3", "calendar_import_breaks_on_recurring_events"),
    body:
      "Hey again, you mentioned that calendar imports choke on recurring events. Ticklog handles those properly as of " +
      "0.9, so I figured you'd want to know since it came up last time.",
    quality: [54, "Useful update, but it's a second contact within the dedup window with no reply to the first."],
    dedupOf: "d3",
  },
  {
    key: "d9", run: "a1-4", kind: "dm", state: "pending_review", targetUser: "lena_codes", targetCommunity: "productivity",
    targetUrl: post("productivity", "1kg5e7", "a_time_tracker_i_can_drive_from_the_terminal"),
    body:
      "Hi Lena, you asked about a tracker you can drive from the terminal. Ticklog has a CLI (`tl start client-x`, " +
      "`tl stop`) and can pick up the current git branch as the task name. I work on it; it's open source.",
    quality: [83, "Concrete commands that answer the question; the edit removed the salesy opener."],
    edited: {
      atH: 26,
      previousBody:
        "Hi Lena! Ticklog is the best open-source time tracker for developers who hate time tracking. It has a CLI, " +
        "git integration and much more. Try it free today!",
    },
  },
  {
    key: "d10", run: "a1-4", kind: "dm", state: "pending_review", targetUser: "mike_the_contractor", targetCommunity: "freelance",
    targetUrl: post("freelance", "1kg6f2", "tracking_hours_on_job_sites"),
    body:
      "Fair question about tracking on job sites. Honest answer: Ticklog's mobile app isn't ready yet. The web UI works " +
      "in a phone browser but needs signal, so if you mostly log at the end of the day it's fine. I work on it, ask me " +
      "anything.",
    quality: [72, "Honest about the limitation, which fits his situation; slightly abrupt start."],
    regenerations: [
      {
        atH: 27, hint: "Shorter, and don't lead with the product",
        previousBody:
          "Hi Mike! Ticklog is an open-source time tracker that works great for contractors. You can track hours per " +
          "job, export invoices and much more. It even works on your phone. Let me know if you'd like to try it!",
      },
      {
        atH: 25, hint: "Mention the mobile app isn't ready yet",
        previousBody:
          "Tracking on job sites is tricky. Ticklog works in a phone browser and exports per-job invoices. I work on " +
          "it; let me know if you want to try it.",
      },
    ],
  },
  {
    key: "d12", run: "a1-4", kind: "dm", state: "proposed", account: "mara_builds", targetUser: "ravi_builds", targetCommunity: "selfhosted",
    targetUrl: post("selfhosted", "1kg7h5", "anything_that_works_behind_my_own_sso"),
    body:
      "Hi Ravi, Mara from the Ticklog project. You were asking about trackers that can sit behind your own SSO; we " +
      "added OIDC last month and the config is a few environment variables. If you try it and something is off, I'd " +
      "genuinely like to hear about it.",
    quality: [78, "Answers the SSO requirement directly and invites feedback rather than a sale."],
  },

  // ---- Ticklog, federated commenter -------------------------------------------------------------------
  {
    key: "d14", run: "a2-1", kind: "post_comment", state: "replied", targetUser: "hannah@social.example", targetCommunity: "#selfhosted",
    targetUrl: "https://social.example/@hannah/113402211870015532",
    body:
      "I run Ticklog on a 1 GB VPS next to a few other things and it idles at about 30 MB of RAM. Disclosure: I " +
      "contribute to it. If you want something with a longer track record, a couple of the PHP trackers have been " +
      "around for years and are solid too.",
    quality: [88, "Specific numbers, clear disclosure and a fair nod to alternatives."],
    reviewH: 215, sentH: 214, repliedH: 190,
  },
  {
    key: "d15", run: "a2-1", kind: "post_comment", state: "sent", targetUser: "ben@tooting.example", targetCommunity: "#freelance",
    targetUrl: "https://tooting.example/@ben/113402876530117204",
    body:
      "On invoicing from tracked time: Ticklog can turn a date range into a draft invoice PDF. I work on it. It's rough " +
      "around the edges on tax rules outside the EU, so check that before relying on it.",
    quality: [75, "Useful and candid about the limitation; a bit terse."],
    reviewH: 214.5, sentH: 213,
  },
  {
    key: "d18", run: "a2-1", kind: "post_comment", state: "rejected", targetUser: "nico@tooting.example", targetCommunity: "#productivity",
    targetUrl: "https://tooting.example/@nico/113403011452287761",
    body: "Great thread! If you're looking for a time tracker, check out Ticklog, it's open source and free.",
    quality: [33, "Drive-by promotion that ignores what the thread is about."],
    reviewH: 215, rejectReason: "The thread is about burnout, not tools.",
  },
  {
    key: "d16", run: "a2-3", kind: "post_comment", state: "pending_review", targetUser: "yusuf@social.example", targetCommunity: "#freelance",
    targetUrl: "https://social.example/@yusuf/113441987320045518",
    body:
      "On tracking time without feeling watched: what helped me was tracking billable work only and nothing else. " +
      "Ticklog (which I work on) doesn't do screenshots or activity monitoring at all, by design.",
    quality: [81, "Engages with the feeling behind the question before the mention."],
  },
  {
    key: "d17", run: "a2-3", kind: "post_comment", state: "approved", targetUser: "clara@floss.example", targetCommunity: "#foss",
    targetUrl: "https://floss.example/@clara/113442104998871203",
    body:
      "You're right that most trackers assume a 9-to-5 with a running timer. Ticklog lets you log entries after the fact " +
      "with a start and end time, no timer needed. I contribute to it; happy to share my setup.",
    quality: [79, "Agrees with her point and offers a concrete workaround."],
    reviewH: 5,
  },
];
