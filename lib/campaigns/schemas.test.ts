import { describe, expect, it } from "vitest";
import { ZCampaignInput } from "@/lib/campaigns/schemas";
import { ZCron } from "@/lib/campaigns/cron-field";

describe("campaign validation", () => {
  it("accepts five-field cron expressions and refuses others", () => {
    expect(ZCron.safeParse("0 9 * * 1-5").success).toBe(true);
    expect(ZCron.safeParse("*/15 * * * *").success).toBe(true);
    expect(ZCron.safeParse("0 9 * *").success).toBe(false);
    expect(ZCron.safeParse("0 25 * * *").success).toBe(false);
    expect(ZCron.safeParse("every day").success).toBe(false);
  });

  it("requires a skill of the campaign's platform and defaults the runner to cloud", () => {
    const ok = ZCampaignInput.parse({ projectId: 1, name: "x", platform: "forum", skill: "forum-poster" });
    expect(ok.runner).toBe("cloud");
    expect(ZCampaignInput.safeParse({ projectId: 1, name: "x", platform: "forum", skill: "federated-scout" }).success).toBe(false);
  });

  it("allows autoPost only on the federated platform", () => {
    expect(ZCampaignInput.safeParse({ projectId: 1, name: "x", platform: "forum", skill: "forum-scout", autoPost: true }).success).toBe(false);
    expect(ZCampaignInput.safeParse({ projectId: 1, name: "x", platform: "federated", skill: "federated-poster", autoPost: true }).success).toBe(true);
  });
});
