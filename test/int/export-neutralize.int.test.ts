// The export's CSV as PostgreSQL writes it: the formula rule in SQL agrees with neutralizeCell on the same cells, and
// an export read in several keyset batches is every row once, in id order, under one header row.
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { getPool } from "@/lib/db/client";
import { neutralizeCell, neutralizeSql } from "@/lib/export/neutralize-cell";
import { exportCsvChunks } from "@/lib/export/stream-export";
import { createDraftRow, createOrg, createProject } from "./fixtures";

describe("CSV export in SQL", () => {
  it("neutralises exactly the cells neutralizeCell does", async () => {
    const cells = ["=SUM(A1:A9)", "+1", "-2+3", "@cmd", "\tx", "\rx", "hello = world", "", "'quoted", "a,b", "100%", "é=1"];
    const { rows } = await getPool().query<{ v: string }>(`SELECT ${neutralizeSql("c")} AS v FROM unnest($1::text[]) WITH ORDINALITY AS u(c, n) ORDER BY n`, [cells]);
    expect(rows.map((r) => r.v)).toEqual(cells.map(neutralizeCell));
    const nul = await getPool().query(`SELECT ${neutralizeSql("NULL::text")} AS v`);
    expect(nul.rows[0].v).toBeNull();
  });

  it("an export over several batches has one header and every row once, in order", async () => {
    const org = await createOrg();
    const p = await createProject(org.orgId);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push((await createDraftRow(org.orgId, { projectId: p.id, targetUser: `person_${i}`, body: `line one, "${i}"\nline two` })).id);
    }
    for (const batch of [1, 3, 7, 50]) {
      const parts: Buffer[] = [];
      for await (const chunk of exportCsvChunks("drafts", org.orgId, {} as never, batch)) parts.push(Buffer.from(chunk));
      const [header, ...rows] = parse(Buffer.concat(parts).toString("utf8")) as string[][];
      expect(header![0]).toBe("id");
      expect(rows.map((r) => Number(r[0]))).toEqual(ids);
      expect(rows.map((r) => r[9])).toEqual(ids.map((_, i) => `line one, "${i}"\nline two`));
    }
  });
});
