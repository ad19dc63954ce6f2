// Bad-input cases of the project-source routes: each answers 400 with the error shape and writes nothing (the suite's
// snapshot covers the projects table; none of these requests gets as far as the data directory).
import * as sourceRoute from "@/app/api/projects/[id]/source/route";
import * as archiveRoute from "@/app/api/projects/[id]/source/archive/route";
import * as refreshRoute from "@/app/api/projects/[id]/source/refresh/route";
import { zipOf } from "../fakes/make-archive";
import type { CallOptions } from "./http";

type Expect400 = (handler: (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>, opts: CallOptions) => Promise<void>;

export function sourceBadInputCases(expect400: Expect400, projectId: () => string): Record<string, () => Promise<void>> {
  const zip = () => zipOf([{ name: "README.md", data: "# x" }]) as unknown as string;
  const put = (opts: { path?: string; id?: string; type?: string | null }): CallOptions => ({
    method: "PUT",
    params: { id: opts.id ?? projectId() },
    path: opts.path ?? `/api/projects/${opts.id ?? projectId()}/source/archive`,
    rawBody: zip(),
    headers: opts.type === null ? {} : ({ "content-type": opts.type ?? "application/zip" } as Record<string, string>),
  });
  return {
    "/api/projects/[id]/source": async () => {
      await expect400(sourceRoute.DELETE, { method: "DELETE", params: { id: "abc" } });
      await expect400(sourceRoute.DELETE, { method: "DELETE", params: { id: "0" } });
    },
    "/api/projects/[id]/source/archive": async () => {
      await expect400(archiveRoute.PUT, put({ id: "x" }));
      await expect400(archiveRoute.PUT, put({ path: `/api/projects/${projectId()}/source/archive?colour=red` }));
      await expect400(archiveRoute.PUT, put({ path: `/api/projects/${projectId()}/source/archive?name=` }));
      await expect400(archiveRoute.PUT, put({ path: `/api/projects/${projectId()}/source/archive?name=a%00b.zip` }));
      await expect400(archiveRoute.PUT, put({ type: "application/json" }));
      await expect400(archiveRoute.PUT, put({ type: "multipart/form-data; boundary=x" }));
      await expect400(archiveRoute.PUT, put({ type: null }));
    },
    "/api/projects/[id]/source/refresh": async () => {
      await expect400(refreshRoute.POST, { method: "POST", params: { id: "-1" }, body: {} });
      await expect400(refreshRoute.POST, { method: "POST", params: { id: projectId() }, body: { force: true } });
      await expect400(refreshRoute.POST, { method: "POST", params: { id: projectId() }, rawBody: "{", headers: { "content-type": "application/json" } });
    },
  };
}
