/**
 * ListMcpResources and ReadMcpResource: the model's read-only way to the
 * resources connected servers offer (resources.ts does the work). Offered
 * only while some connected server declares resources.
 */
import { listResourcesText, readResource, resourceServers, type ResourceSource } from "./resources.ts";
import { textResult, type Tool, type ToolContext, type ToolResult } from "../../tools/tool.ts";
import type { Env } from "../../env.ts";

export class ListMcpResourcesTool implements Tool {
  readonly name = "ListMcpResources";
  readonly description =
    "Lists the resources (uri, name, mimeType, description) and resource templates (uriTemplate) that connected MCP servers offer. " +
    "Give `server` to list one server's. Read one with ReadMcpResource; fill a template's {placeholders} to read it.";
  readonly inputSchema = {
    type: "object",
    properties: { server: { type: "string", description: "Only this server's resources" } },
    additionalProperties: false,
  };
  readonly readOnly = true;
  readonly #source: ResourceSource;

  constructor(source: ResourceSource) {
    this.#source = source;
  }

  async run(input: Record<string, unknown>): Promise<ToolResult> {
    const server = typeof input.server === "string" && input.server !== "" ? input.server : undefined;
    return listResourcesText(this.#source.getSnapshot(), server);
  }
}

export class ReadMcpResourceTool implements Tool {
  readonly name = "ReadMcpResource";
  readonly description =
    "Reads one resource from an MCP server by its URI (from ListMcpResources, or a filled-in resource template).";
  readonly inputSchema = {
    type: "object",
    properties: {
      server: { type: "string", description: "The MCP server's name" },
      uri: { type: "string", description: "The resource's URI" },
    },
    required: ["server", "uri"],
    additionalProperties: false,
  };
  readonly readOnly = true;
  readonly #source: ResourceSource;
  readonly #env: Env;

  constructor(source: ResourceSource, env: Env) {
    this.#source = source;
    this.#env = env;
  }

  summarize(input: Record<string, unknown>): string {
    return `${String(input.server ?? "")}:${String(input.uri ?? "")}`;
  }

  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const { server, uri } = input;
    if (typeof server !== "string" || typeof uri !== "string" || server === "" || uri === "") {
      return textResult("ReadMcpResource needs `server` and `uri` (strings).", true);
    }
    return readResource(this.#source, server, uri, this.#env, ctx.signal);
  }
}

/** The two resource tools, built once; `offered` gives them only while a connected server has resources. */
export function mcpResourceTools(source: ResourceSource, env: Env): { offered(): readonly Tool[] } {
  const tools = [new ListMcpResourcesTool(source), new ReadMcpResourceTool(source, env)];
  return { offered: () => (resourceServers(source.getSnapshot()).length > 0 ? tools : []) };
}
