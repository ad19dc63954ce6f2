// Demo drafts of Quiet Ledger: forum how-to comments and federated DMs to readers who asked.
import { post, type DraftSpec } from "@/lib/demo/drafts/draft-spec";

export const QUIETLEDGER_DRAFTS: DraftSpec[] = [
  // ---- Quiet Ledger, forum commenter ------------------------------------------------------------------
  {
    key: "d28", run: "c1-1", kind: "post_comment", state: "replied", targetUser: "metadata_marta", targetCommunity: "privacy",
    targetUrl: post("privacy", "1kb2q8", "does_stripping_location_from_photos_actually_work"),
    body:
      "Mostly yes, but it depends on how you share. Both major phone systems have a toggle in the share sheet to drop " +
      "location, and some apps leave it on by default. The reliable check is to send the photo to yourself and open " +
      "it in any EXIF viewer. I wrote the steps up with screenshots in my newsletter (Quiet Ledger) if that helps, but " +
      "the check above is the important part.",
    quality: [89, "Fully answers the question in the comment; the newsletter is a footnote."],
    reviewH: 247, sentH: 246, repliedH: 230,
  },
  {
    key: "d29", run: "c1-1", kind: "post_comment", state: "sent", targetUser: "linux_lurker", targetCommunity: "linux",
    targetUrl: post("linux", "1kb3r1", "least_painful_way_to_move_calendars_off_a_big_provider"),
    body:
      "I did this last year. Export the .ics from the old provider's settings, import it into whatever you're moving " +
      "to, then keep the old calendar read-only for a month so invites don't fall through the cracks. The painful bit " +
      "is shared calendars: those have to be re-shared by hand.",
    quality: [84, "Step-by-step and honest about the hard part; no link needed."],
    reviewH: 246, sentH: 245,
  },
  {
    key: "d30", run: "c1-1", kind: "post_comment", state: "sent", targetUser: "cautious_carl", targetCommunity: "privacy",
    targetUrl: post("privacy", "1kb4s6", "is_a_vpn_enough"),
    body:
      "A VPN moves who can see your traffic from your ISP to the VPN company, and that's about it. It doesn't stop " +
      "tracking through logins, cookies or fingerprinting. If your worry is coffee-shop wifi it helps; if it's ad " +
      "tracking, a content blocker does more.",
    quality: [86, "Accurate, calm and answers the actual question."],
    reviewH: 245.5, sentH: 244,
  },
  {
    key: "d31", run: "c1-3", kind: "post_comment", state: "armed", targetUser: "homelab_hal", targetCommunity: "homelab",
    targetUrl: post("homelab", "1ke8t2", "dns_blocking_broke_my_banking_app"),
    body:
      "Had the same thing. Usually it's one tracking domain the app refuses to work without. Open the query log right " +
      "when the app fails and allowlist that single domain instead of turning blocking off. I covered this in issue 112 " +
      "of Quiet Ledger, but the query-log trick is really all you need.",
    quality: [82, "Practical fix first; the issue reference is optional context."],
    reviewH: 4, armedH: 3,
  },
  {
    key: "d34", run: "c1-3", kind: "post_comment", state: "rejected", targetUser: "newbie_nadia", targetCommunity: "privacy",
    targetUrl: post("privacy", "1ke9u4", "where_do_i_even_start"),
    body: "You should subscribe to Quiet Ledger, it covers all of this every week!",
    quality: [25, "Doesn't answer the question; a bare subscribe pitch."],
    reviewH: 100, rejectReason: "Pure plug. She asked where to start; answer that instead.",
  },
  {
    key: "d32", run: "c1-5", kind: "post_comment", state: "pending_review", targetUser: "linux_lurker", targetCommunity: "linux",
    targetUrl: post("linux", "1kh1v7", "calendar_migration_part_two_shared_calendars"),
    body:
      "Following up on shared calendars: most providers let you subscribe to the old calendar's private .ics link " +
      "during the move, so you keep seeing shared events until people re-invite you. It's read-only, but it bridges " +
      "the gap.",
    quality: [66, "Useful detail, but it's a second reply to the same person within ten days."],
    dedupOf: "d29",
  },
  {
    key: "d33", run: "c1-5", kind: "post_comment", state: "pending_review", targetUser: "quiet_quokka", targetCommunity: "android",
    targetUrl: post("android", "1kh2w3", "why_does_my_phone_suggest_people_from_my_email"),
    body:
      "Your phone is reading your email to guess who you know. You can switch that off: in Settings, look for " +
      "'Suggestions' under search and turn it off for the mail app. Existing suggestions fade after a few days.",
    quality: [85, "Plain-language answer that matches her stated comfort level."],
    regenerations: [
      {
        atH: 30, hint: "Less jargon, she said she's not technical",
        previousBody:
          "That's contact-suggestion inference from the mail client's on-device index. Disable the per-app learning " +
          "toggle in the system search settings and clear the suggestion cache.",
      },
    ],
  },
  {
    key: "d35", run: "c1-5", kind: "post_comment", state: "approved", targetUser: "vlan_victor", targetCommunity: "homelab",
    targetUrl: post("homelab", "1kh3x9", "putting_smart_plugs_on_their_own_network"),
    body:
      "If you're putting the smart plugs on their own network anyway, the cheap win is blocking them from the internet " +
      "entirely and seeing what breaks. Most keep working locally. The ones that don't are the ones worth worrying " +
      "about.",
    quality: [84, "Concrete, testable advice with no promotion."],
    reviewH: 8,
  },

  // ---- Quiet Ledger, federated scout (DMs) --------------------------------------------------------------
  {
    key: "d36", run: "c2-2", kind: "dm", state: "proposed", targetUser: "noor@infosec.example", targetCommunity: "#privacy",
    body:
      "Hi Noor, you asked last week if anyone had a plain-language guide to phone permissions for your parents. Issue " +
      "98 of my newsletter did exactly that: https://quietledger.example/98. No need to subscribe, it reads fine on " +
      "its own.",
    quality: [77, "She asked for a resource, so a direct link is appropriate; short and respectful."],
  },
  {
    key: "d37", run: "c2-2", kind: "dm", state: "pending_review", targetUser: "ivo@floss.example", targetCommunity: "#infosec",
    body:
      "Saw you asking which password manager handles shared family vaults well. I tested four for my newsletter; " +
      "the short version is that the ones with per-item sharing caused the fewest arguments. Happy to send details if " +
      "you want them.",
    quality: [58, "Friendly, but teases the answer instead of giving it."],
  },
];
