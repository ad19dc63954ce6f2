// Where the agent's stdio bridge reaches this instance's tool server. The agent runs on this machine, so loopback
// and the port Next listens on; OUTREACH_TOOL_SERVER_URL overrides it (a server bound to one interface only).
export function toolServerUrl(): string {
  return process.env.OUTREACH_TOOL_SERVER_URL || `http://127.0.0.1:${process.env.PORT || 3000}/api/mcp`;
}
