// What each tool of the agent tool server (lib/mcp/tools) did, in an outreach team's words: "Looked at 12 posts in
// r/warehouse", "Checked 8 people against your contact history", "Drafted 3 messages (2 DMs, 1 comment)". Each entry
// reads the call's real input and answer; an answer it cannot read (a failed call, an older log, another agent's
// shape) falls back to words that need none of it. Pure, so the live view and the server render the same words. The
// entries live by domain in lib/runs/tool-words/; describe-tool-call.test.ts fails when a registered tool has none.
import { CAMPAIGN_TOOL_WORDS } from "@/lib/runs/tool-words/campaign-tools";
import { CONTRACT_TOOL_WORDS } from "@/lib/runs/tool-words/contract-tools";
import type { ToolWords } from "@/lib/runs/tool-words/helpers";
import { RESEARCH_TOOL_WORDS } from "@/lib/runs/tool-words/research-tools";

export const TOOL_WORDS: Record<string, ToolWords> = { ...CAMPAIGN_TOOL_WORDS, ...RESEARCH_TOOL_WORDS, ...CONTRACT_TOOL_WORDS };
