import { describe, expect, it } from "vitest";
import { listResourcesText } from "../../../src/mcp/features/resources.ts";
import type { McpSnapshot } from "../../../src/mcp/state/server-state.ts";

describe("ListMcpResources", () => {
  it("cuts a server's thousands of resources at the built-in tools' cap, saying how to list fewer", () => {
    const resources = Array.from({ length: 5_000 }, (_, i) => ({
      uri: `file:///docs/page-${i}.md`,
      name: `page ${i}`,
      mimeType: "text/markdown",
    }));
    const snapshot = {
      servers: [
        {
          name: "docs",
          state: { status: "connected", capabilities: { resources: {} }, resources, resourceTemplates: [] },
        },
      ],
    } as unknown as McpSnapshot;
    const text = String(listResourcesText(snapshot).content);
    expect(text.length).toBeLessThan(100_300);
    expect(text).toMatch(
      /\(Output cut at about 25,000 tokens, [\d,]+ characters in all\. Give `server` to list one server's resources\.\)$/,
    );
    expect(text.startsWith('[\n  {\n    "server": "docs",\n    "uri": "file:///docs/page-0.md"')).toBe(true);
  });
});
