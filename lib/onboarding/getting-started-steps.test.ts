import { describe, expect, it } from "vitest";
import { gettingStartedSteps, showGettingStarted } from "./getting-started-steps";

describe("gettingStartedSteps", () => {
  it("a campaign without the extension leaves the card up, with the download linked", () => {
    const steps = gettingStartedSteps({ firstProjectId: 7, accounts: 1, campaigns: 1, devices: 0 });
    expect(steps.filter((s) => s.done).map((s) => s.key)).toEqual(["project", "account", "campaign"]);
    expect(showGettingStarted(steps, false)).toBe(true);
    const extension = steps.find((s) => s.key === "extension")!;
    expect(extension.extra).toEqual({ href: "/extension.zip", label: "Download the extension", download: true });
    expect(steps.find((s) => s.key === "account")!.href).toBe("/projects/7?tab=accounts");
  });

  it("goes when every step is done, or when it is hidden", () => {
    expect(showGettingStarted(gettingStartedSteps({ firstProjectId: 1, accounts: 1, campaigns: 2, devices: 1 }), false)).toBe(false);
    expect(showGettingStarted(gettingStartedSteps({ firstProjectId: null, accounts: 0, campaigns: 0, devices: 0 }), true)).toBe(false);
  });

  it("without a project, the account step sends to Projects", () => {
    const account = gettingStartedSteps({ firstProjectId: null, accounts: 0, campaigns: 0, devices: 0 }).find((s) => s.key === "account")!;
    expect(account.href).toBe("/projects");
    expect(account.done).toBe(false);
  });
});
