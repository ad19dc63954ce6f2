// Bad-input cases of people's data requests: the export's query and the erasure's body.
import * as personExport from "@/app/api/people/export/route";
import * as personErase from "@/app/api/people/erase/route";
import * as retention from "@/app/api/settings/retention/route";
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function privacyBadInputCases(expect400: Expect400): Record<string, () => Promise<void>> {
  return {
    "/api/people/export": async () => {
      await expect400(personExport.GET, { path: "/api/people/export" });
      await expect400(personExport.GET, { path: "/api/people/export?platform=forum" });
      await expect400(personExport.GET, { path: "/api/people/export?platform=myspace&handle=alice" });
      await expect400(personExport.GET, { path: "/api/people/export?platform=forum&handle=%40" });
      await expect400(personExport.GET, { path: "/api/people/export?platform=forum&handle=%20%20" });
      await expect400(personExport.GET, { path: `/api/people/export?platform=forum&handle=${"a".repeat(201)}` });
      await expect400(personExport.GET, { path: "/api/people/export?platform=forum&handle=alice&format=pdf" });
      await expect400(personExport.GET, { path: "/api/people/export?platform=forum&handle=alice&extra=1" });
    },
    "/api/people/erase": async () => {
      const at = { method: "POST", headers: { origin: "http://localhost" } };
      await expect400(personErase.POST, { ...at, body: {} });
      await expect400(personErase.POST, { ...at, body: { platform: "forum", handle: "alice" } });
      await expect400(personErase.POST, { ...at, body: { platform: "forum", handle: "alice", confirm: "bob" } });
      await expect400(personErase.POST, { ...at, body: { platform: "forum", handle: "u/", confirm: "u/" } });
      await expect400(personErase.POST, { ...at, body: { platform: "elsewhere", handle: "alice", confirm: "alice" } });
      await expect400(personErase.POST, { ...at, body: { platform: "forum", handle: "alice", confirm: "alice", also: true } });
      await expect400(personErase.POST, { ...at, body: { platform: "forum", handle: "ali\u0000ce", confirm: "alice" } });
      await expect400(personErase.POST, { ...at, rawBody: "{nope", headers: { origin: "http://localhost", "content-type": "application/json" } });
    },
    "/api/settings/retention": async () => {
      const at = { method: "PUT", headers: { origin: "http://localhost" } };
      await expect400(retention.PUT, { ...at, body: {} });
      await expect400(retention.PUT, { ...at, body: { days: 6 } });
      await expect400(retention.PUT, { ...at, body: { days: 3651 } });
      await expect400(retention.PUT, { ...at, body: { days: 30.5 } });
      await expect400(retention.PUT, { ...at, body: { days: "30" } });
      await expect400(retention.PUT, { ...at, body: { days: 30, also: 1 } });
    },
  };
}
