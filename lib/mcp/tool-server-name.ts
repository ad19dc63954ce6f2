// The tool server's name as agents see it: its tools become `mcp__outreach__<tool>` (SPEC 4, "Agent tool interface").
// A module of its own so the dispatcher can name the server without importing the tools (and, through them, itself).
export const TOOL_SERVER_NAME = "outreach";
