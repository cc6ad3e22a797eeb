/**
 * A tool whose call is a run of its own the user watches as it goes: the Agent
 * tool's subagent. The runner yields its events while it runs, and calls of
 * it next to each other in one round run at once, `concurrency` at a time.
 */
import type { Tool, ToolContext, ToolResult } from "../tools/tool.ts";
import type { AgentEvent } from "./events.ts";

export interface StreamingTool extends Tool {
  /** At most this many calls of it run at once; the rest wait. */
  readonly concurrency?: number;
  /** Never throws; honours `ctx.signal` itself. */
  runStreaming(input: Record<string, unknown>, ctx: ToolContext): AsyncGenerator<AgentEvent, ToolResult>;
}

export function isStreamingTool(tool: Tool): tool is StreamingTool {
  return typeof (tool as Partial<StreamingTool>).runStreaming === "function";
}
