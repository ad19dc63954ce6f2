// A campaign's follow-up steps through the real routes and the campaign form's own logic (docs/sequences.md): saved
// and read back in the config, edited apart from the profile, re-arming the messages still waiting when they change.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import * as campaigns from "@/app/api/campaigns/route";
import * as campaign from "@/app/api/campaigns/[id]/route";
import { campaignFormState, campaignPatchFrom } from "@/lib/campaigns/campaign-form-state";
import { withFollowupsOf } from "@/lib/followups/followup-steps";
import { call } from "./http";
import { createAccountRow, createOrg, createProject, uid, VALID_PROFILE, type OrgFixture } from "./fixtures";

let A: OrgFixture;
beforeAll(async () => {
  A = await createOrg();
});

const patch = (id: number, body: Record<string, unknown>) => call(campaign.PATCH, { cookie: A.cookie, method: "PATCH", params: { id: String(id) }, body });
const read = async (id: number) => (await call(campaign.GET, { cookie: A.cookie, params: { id: String(id) } })).json;

describe("follow-up steps on a campaign", () => {
  it("are created, read back, edited from the form apart from the profile, and cleared", async () => {
    const p = await createProject(A.orgId);
    const steps = [{ afterDays: 3, guidance: "shorter, mention the case study" }, { afterDays: 7 }];
    const res = await call(campaigns.POST, {
      cookie: A.cookie, method: "POST",
      body: { projectId: p.id, platform: "forum", skill: "forum-scout", name: `C ${uid()}`, config: { ...VALID_PROFILE, followups: steps } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.config.followups).toEqual(steps);

    // The form shows the steps in their own section; the Advanced box does not carry them.
    const opened = campaignFormState(await read(res.json.id));
    expect(opened.followups).toEqual([{ afterDays: 3, guidance: "shorter, mention the case study" }, { afterDays: 7, guidance: "" }]);
    expect(opened.extraJson).toBe("{}");
    // A rename leaves the config alone; a changed step sends the whole config with the profile kept.
    expect(campaignPatchFrom(opened, { ...opened, name: "Renamed" })).toEqual({ name: "Renamed" });
    const body = campaignPatchFrom(opened, { ...opened, followups: [{ afterDays: 4, guidance: "" }] });
    expect(body).toEqual({ config: { ...VALID_PROFILE, followups: [{ afterDays: 4 }] } });
    expect((await patch(res.json.id, body)).json.config).toEqual({ ...VALID_PROFILE, followups: [{ afterDays: 4 }] });

    // Removing every step saves a config without them.
    const again = campaignFormState(await read(res.json.id));
    const cleared = campaignPatchFrom(again, { ...again, followups: [] });
    expect(cleared).toEqual({ config: VALID_PROFILE });
    expect((await patch(res.json.id, cleared)).json.config).toEqual(VALID_PROFILE);
  });

  it("changing the days re-arms the messages still waiting; a generated profile keeps the steps", async () => {
    const p = await createProject(A.orgId);
    const acc = await createAccountRow(A.orgId, p.id);
    const c = await db.campaign.create({
      data: { organizationId: A.orgId, projectId: p.id, name: `C ${uid()}`, platform: "forum", skill: "forum-scout", runner: "cloud", state: "active", config: { followups: [{ afterDays: 3 }] } },
    });
    const waiting = await db.draft.create({
      data: {
        organizationId: A.orgId, projectId: p.id, accountId: acc.id, campaignId: c.id, state: "sent", kind: "dm", platform: "forum",
        accountHandle: acc.platformId, targetUser: `erin_${uid()}`, body: "Hi", sentAt: new Date(), followupDueAt: new Date(Date.now() + 3 * 86_400_000),
      },
    });
    expect((await patch(c.id, { config: { followups: [{ afterDays: 5 }] } })).status).toBe(200);
    expect((await db.draft.findUniqueOrThrow({ where: { id: waiting.id } })).followupDueAt).toBeNull();
    expect(withFollowupsOf((await read(c.id)).config, { tone: "Warm" })).toEqual({ tone: "Warm", followups: [{ afterDays: 5 }] });
  });
});
