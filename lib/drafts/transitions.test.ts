import { describe, expect, it } from "vitest";
import { checkTransition, type DraftAction } from "@/lib/drafts/transitions";
import type { DraftState } from "@/lib/generated/prisma/enums";

const STATES: DraftState[] = ["pending_review", "proposed", "approved", "rejected", "sent", "armed", "replied"];
const allowed = (action: DraftAction) =>
  STATES.filter((state) => checkTransition(action, { state, kind: "dm", draftingRunId: null }).ok);

describe("draft state table", () => {
  it("matches docs/drafts.md", () => {
    expect(allowed("approve")).toEqual(["pending_review", "proposed"]);
    expect(allowed("reject")).toEqual(["pending_review", "proposed", "approved", "armed"]);
    expect(allowed("reopen")).toEqual(["approved", "rejected"]);
    expect(allowed("arm")).toEqual(["pending_review", "proposed", "approved", "armed"]);
    expect(allowed("send")).toEqual(["pending_review", "proposed", "approved", "armed"]);
    expect(allowed("reply")).toEqual(["sent"]);
    expect(allowed("edit_body")).toEqual(["pending_review", "proposed"]);
    expect(allowed("regenerate")).toEqual(["pending_review", "proposed"]);
  });

  it("gives the target state and a readable refusal", () => {
    expect(checkTransition("approve", { state: "proposed", kind: "dm", draftingRunId: null })).toEqual({ ok: true, to: "approved" });
    expect(checkTransition("approve", { state: "sent", kind: "dm", draftingRunId: null }).reason).toBe("A draft in state sent cannot be approved");
  });

  it("a placeholder reply cannot be approved, armed or sent, but can be rejected or edited", () => {
    const placeholder = { state: "proposed" as const, kind: "reply_dm" as const, draftingRunId: 9 };
    for (const action of ["approve", "arm", "send"] as const) expect(checkTransition(action, placeholder).ok).toBe(false);
    for (const action of ["reject", "edit_body"] as const) expect(checkTransition(action, placeholder).ok).toBe(true);
  });
});
