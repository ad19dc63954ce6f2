import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, versionConflict } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";
import { log } from "@/lib/log/logger";

const quiet = log.child({});

describe("error responses", () => {
  it("maps AppError codes to statuses with the one shape", async () => {
    const res = errorResponse(new AppError("not_found", "Project not found"), quiet, "r1");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not_found", message: "Project not found" });
    expect(res.headers.get("x-request-id")).toBe("r1");
  });

  it("sends the spec's exact version_conflict body", async () => {
    const res = errorResponse(versionConflict(7), quiet, "r2");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "version_conflict", current_version: 7 });
  });

  it("turns zod errors into 400 with the failing paths", async () => {
    const parsed = z.object({ name: z.string() }).safeParse({ name: 1 });
    const res = errorResponse(parsed.error, quiet, "r3");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("bad_request");
    expect(body.issues[0].path).toBe("name");
  });

  it("hides the internals of unknown errors", async () => {
    const res = errorResponse(new Error("connection string postgres://secret"), log.child({ silent: true }), "r4");
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("secret");
  });
});
