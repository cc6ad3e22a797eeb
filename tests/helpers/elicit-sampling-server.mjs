// A stdio MCP server that asks its client things from inside tool calls:
//   ask_form    a form elicitation with one field of each kind the spec allows
//   ask_url     a URL-mode elicitation
//   ask_nested  a form whose schema nests an object (no client can render it)
//   ask_sample  sampling/createMessage with a system prompt and max tokens
//   ask_flood   {count}: that many form elicitations, not waited for, then returns
// Each tool returns what the client answered as JSON text, and also writes it
// to MCP_ASK_RESULT_FILE when set (a pty test reads it there).
import { writeFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** The form ask_form sends: string with format, integer with bounds, number, boolean, enums in all three spellings, multi-select. */
export const FORM_SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string", title: "Your name", minLength: 2, default: "Ann" },
    email: { type: "string", title: "Email", format: "email" },
    age: { type: "integer", title: "Age", minimum: 1, maximum: 150 },
    ratio: { type: "number", title: "Ratio", default: 0.5 },
    subscribe: { type: "boolean", title: "Subscribe", default: false },
    color: {
      type: "string",
      title: "Colour",
      oneOf: [
        { const: "r", title: "Red" },
        { const: "g", title: "Green" },
      ],
    },
    size: {
      type: "string",
      title: "Size",
      enum: ["s", "m", "l"],
      enumNames: ["Small", "Medium", "Large"],
      default: "m",
    },
    tags: {
      type: "array",
      title: "Tags",
      items: {
        anyOf: [
          { const: "a", title: "Alpha" },
          { const: "b", title: "Beta" },
        ],
      },
    },
  },
  required: ["name", "email", "age"],
};

const server = new McpServer({ name: "asker", version: "1.0.0" });

function answer(value) {
  const text = JSON.stringify(value);
  if (process.env.MCP_ASK_RESULT_FILE) writeFileSync(process.env.MCP_ASK_RESULT_FILE, text);
  return { content: [{ type: "text", text }] };
}

async function ask(run) {
  try {
    return answer(await run());
  } catch (error) {
    return answer({ error: { code: error.code, message: error.message } });
  }
}

server.registerTool("ask_form", { description: "Asks the user to fill in a form." }, () =>
  ask(() => server.server.elicitInput({ message: "Tell us about yourself", requestedSchema: FORM_SCHEMA })),
);

server.registerTool("ask_url", { description: "Asks the user to visit a page." }, () =>
  ask(() =>
    server.server.elicitInput({
      mode: "url",
      message: "Sign in to the example service",
      url: "https://example.com/login?session=42",
      elicitationId: "login-42",
    }),
  ),
);

server.registerTool("ask_nested", { description: "Sends a schema no client can render." }, () =>
  ask(() =>
    server.server.request(
      {
        method: "elicitation/create",
        params: {
          mode: "form",
          message: "Nested",
          requestedSchema: {
            type: "object",
            properties: { address: { type: "object", properties: { street: { type: "string" } } } },
          },
        },
      },
      ElicitResultSchema,
    ),
  ),
);

server.registerTool("ask_sample", { description: "Asks the client's model a question." }, () =>
  ask(() =>
    server.server.createMessage({
      systemPrompt: "You answer in one word.",
      messages: [{ role: "user", content: { type: "text", text: "What colour is the sky?" } }],
      maxTokens: 50,
      modelPreferences: { hints: [{ name: "claude-haiku" }] },
    }),
  ),
);

server.registerTool(
  "ask_flood",
  { description: "Asks many questions and does not wait for them.", inputSchema: { count: z.number() } },
  async ({ count }) => {
    const answers = [];
    for (let i = 0; i < count; i++) {
      answers.push(
        server.server
          .elicitInput({
            message: `Question ${i}`,
            requestedSchema: { type: "object", properties: { x: { type: "string" } } },
          })
          .catch(() => "error"),
      );
    }
    // Long enough for every request to reach the client, then the call ends with them unanswered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    answers.length = 0;
    return { content: [{ type: "text", text: `asked ${count}` }] };
  },
);

await server.connect(new StdioServerTransport());
