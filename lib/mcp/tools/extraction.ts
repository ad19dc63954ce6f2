// project_extract_start / _files / _read / _finish: the project-extractor's contract. Sources are read through these
// tools because under the cloud runner the sources exist only on the client (SPEC "Agent tool interface"); this tool
// server runs there. Only `project_extraction` runs bound to a project may call them; every path is relative to the
// project's source (a folder under the operator's roots, or an archive or repository the tenant handed over, unpacked
// by the server) and anything that leads outside it is refused as `forbidden_path: …`.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool, toolError } from "@/lib/mcp/tool-result";
import { AppError } from "@/lib/http/errors";
import { ForbiddenPathError } from "@/lib/extraction/forbidden-path-error";
import { getExtractionContext } from "@/lib/extraction/get-extraction-context";
import { openSourceRoot } from "@/lib/extraction/open-source-root";
import { listSourceFiles } from "@/lib/extraction/list-source-files";
import { readSourceFile } from "@/lib/extraction/read-source-file";
import { finishExtraction } from "@/lib/extraction/finish-extraction";
import { DEFAULT_LIST_LIMIT, MAX_READ_BYTES, ZExtractFilesInput, ZExtractFinishInput, ZExtractReadInput } from "@/lib/extraction/schemas";

function projectOf(binding: RunBinding, tool: string): number {
  requireRunKind(binding, tool, "project_extraction");
  if (binding.projectId === null) throw new AppError("conflict", `${tool} needs a run bound to a project; run ${binding.runId} has none`);
  return binding.projectId;
}

/** runTool, with refused paths reported under their own code so the agent can tell them from a missing file. */
async function runExtractionTool(name: string, body: () => Promise<unknown>): Promise<CallToolResult> {
  let refused: ForbiddenPathError | null = null;
  const result = await runTool(name, async () => {
    try {
      return await body();
    } catch (err) {
      if (err instanceof ForbiddenPathError) refused = err;
      throw err;
    }
  });
  return refused ? toolError(`forbidden_path: ${(refused as ForbiddenPathError).message}`) : result;
}

export function registerExtractionTools(server: McpServer, binding: RunBinding) {
  const root = async (tool: string) =>
    (await openSourceRoot({ orgId: binding.orgId, projectId: projectOf(binding, tool), runId: binding.runId })).root;

  server.registerTool(
    "project_extract_start",
    {
      title: "Open the project's sources",
      description:
        "Call first. Returns the project (id, name, current description), what its source is (source.kind: a folder, " +
        "an uploaded archive or a Git repository) and the entries at the top of it (files with sizes, folders). " +
        "Dependency, build and version-control folders and files that usually hold secrets are left out.",
      inputSchema: {},
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runExtractionTool("project_extract_start", () =>
        getExtractionContext({ orgId: binding.orgId, projectId: projectOf(binding, "project_extract_start"), runId: binding.runId }),
      ),
  );

  server.registerTool(
    "project_extract_files",
    {
      title: "List source files",
      description:
        "Lists the text files under a folder of the source (default: all of it), shallow ones first, as paths relative " +
        `to the source folder with their sizes in bytes; at most limit paths (default ${DEFAULT_LIST_LIMIT}), with ` +
        "truncated true when there were more. Skips .git, node_modules and other dependency or build folders, binary " +
        "files and secrets.",
      inputSchema: ZExtractFilesInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ dir, limit }) =>
      runExtractionTool("project_extract_files", async () => listSourceFiles({ root: await root("project_extract_files"), dir, limit })),
  );

  server.registerTool(
    "project_extract_read",
    {
      title: "Read a source file",
      description:
        `Reads a text file of the source, at most ${MAX_READ_BYTES / 1024} KB per call: {path, content, size, nextOffset}. ` +
        "When nextOffset is not null there is more; call again with offset = nextOffset. Paths are relative to the " +
        "source folder; absolute paths, .. and links that lead outside it are refused.",
      inputSchema: ZExtractReadInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ path, offset, maxBytes }) =>
      runExtractionTool("project_extract_read", async () => {
        const slice = await readSourceFile({ root: await root("project_extract_read"), path, offset, maxBytes });
        return { path: slice.path, content: slice.content, size: slice.size, nextOffset: slice.nextOffset };
      }),
  );

  server.registerTool(
    "project_extract_finish",
    {
      title: "Save the project description",
      description:
        "Call last, once. Replaces the project's description with yours (Markdown: what the project is, who it is for, " +
        "what it offers, in plain words drafts can lean on). Closes the run as a success; answers {projectId}.",
      inputSchema: ZExtractFinishInput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    ({ description }) =>
      runExtractionTool("project_extract_finish", () =>
        finishExtraction({ orgId: binding.orgId, runId: binding.runId, projectId: projectOf(binding, "project_extract_finish"), description }),
      ),
  );
}
