// Run cost (SPEC "Cost"): a total the backend reports is used as given; otherwise tokens are priced with the table
// of the run's backend and model. Anything not in a table stays unpriced (null), never priced at a default rate.

export interface RunUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  cacheCreationTokens: number | null;
}

/** USD per million tokens. */
export interface PriceTable {
  input: number;
  output: number;
  cacheRead: number;
  cacheCreation: number;
}

const SONNET: PriceTable = { input: 3, output: 15, cacheRead: 0.3, cacheCreation: 3.75 };
const OPUS_4: PriceTable = { input: 15, output: 75, cacheRead: 1.5, cacheCreation: 18.75 };
const OPUS_4_5: PriceTable = { input: 5, output: 25, cacheRead: 0.5, cacheCreation: 6.25 };
const HAIKU_4_5: PriceTable = { input: 1, output: 5, cacheRead: 0.1, cacheCreation: 1.25 };
const HAIKU_3_5: PriceTable = { input: 0.8, output: 4, cacheRead: 0.08, cacheCreation: 1 };

/** Model ids are matched by prefix, so dated ids (claude-sonnet-4-5-20250929) and aliases resolve alike. */
const TABLES: Record<string, { defaultModel: PriceTable; models: Array<[prefix: string, table: PriceTable]> }> = {
  "claude-code": {
    // The backend's default model (no model configured) is a Sonnet model.
    defaultModel: SONNET,
    models: [
      ["claude-sonnet-4", SONNET],
      ["claude-3-7-sonnet", SONNET],
      ["claude-3-5-sonnet", SONNET],
      ["sonnet", SONNET],
      ["claude-opus-4-5", OPUS_4_5],
      ["claude-opus-4-6", OPUS_4_5],
      ["claude-opus-4", OPUS_4],
      ["opus", OPUS_4_5],
      ["claude-haiku-4-5", HAIKU_4_5],
      ["haiku", HAIKU_4_5],
      ["claude-3-5-haiku", HAIKU_3_5],
    ],
  },
};

export function priceTableFor(runner: string, model: string | null | undefined): PriceTable | null {
  const tables = TABLES[runner];
  if (!tables) return null;
  if (!model) return tables.defaultModel;
  const id = model.trim().toLowerCase();
  return tables.models.find(([prefix]) => id.startsWith(prefix))?.[1] ?? null;
}

export function priceRun({ runner, model, usage, reportedCostUsd }: { runner: string; model: string | null; usage: RunUsage | null; reportedCostUsd: number | null }): number | null {
  if (reportedCostUsd !== null && Number.isFinite(reportedCostUsd) && reportedCostUsd >= 0) return round6(reportedCostUsd);
  if (!usage) return null;
  const table = priceTableFor(runner, model);
  if (!table) return null;
  const usd =
    ((usage.inputTokens ?? 0) * table.input +
      (usage.outputTokens ?? 0) * table.output +
      (usage.cacheReadTokens ?? 0) * table.cacheRead +
      (usage.cacheCreationTokens ?? 0) * table.cacheCreation) /
    1_000_000;
  return round6(usd);
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
