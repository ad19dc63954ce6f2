// An MCP client of the real tool server, bound to one run through its id and token exactly as an agent is, over an
// in-memory transport so a test needs no HTTP server. Tool answers come back as the agent reads them.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createToolServer } from "@/lib/mcp/create-tool-server";
import { resolveRunBinding } from "@/lib/mcp/binding";

/** A tool's answer: `json` is the parsed text, or null when the text is not JSON (an `isError` message). */
export type ToolResult = { isError: boolean; text: string; json: any };

export type ToolClient = {
  callTool: (name: string, args?: Record<string, unknown>) => Promise<ToolResult>;
  /** The names of the tools the server registers. */
  listTools: () => Promise<string[]>;
  close: () => Promise<void>;
};

export async function connectToolClient(binding: { runId: number; token: string }): Promise<ToolClient> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createToolServer(await resolveRunBinding(binding)).connect(serverSide);
  const client = new Client({ name: "outreach-tests", version: "1" });
  await client.connect(clientSide);
  return {
    callTool: async (name, args = {}) => {
      const res = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }> };
      const text = res.content[0]!.text;
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // An error message, not JSON.
      }
      return { isError: res.isError === true, text, json };
    },
    listTools: async () => (await client.listTools()).tools.map((t) => t.name),
    close: () => client.close(),
  };
}
