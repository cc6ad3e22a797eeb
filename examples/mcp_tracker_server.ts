/**
 * A fake issue tracker served over MCP stdio: the demo's "real" server.
 * In-memory data, no network. Run it with `node examples/mcp_tracker_server.ts`
 * (Node 22 strips the types). stdout is the protocol; logs go to stderr.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

type Status = "Todo" | "In Progress" | "Done";

interface Issue {
  id: string;
  title: string;
  status: Status;
  comments: string[];
}

const issues: Issue[] = [
  {
    id: "BUG-101",
    title: "list_posts has no pagination; the home page returns 5000 posts",
    status: "Todo",
    comments: ["The home page takes about 4 seconds to load on a cold cache."],
  },
  {
    id: "BUG-102",
    title: "Safari styling broken on the posts page",
    status: "In Progress",
    comments: [],
  },
];

const STATUSES = ["Todo", "In Progress", "Done"] as const;

const server = new McpServer(
  { name: "tracker", version: "1.0.0" },
  {
    instructions:
      "An issue tracker for this project. Call list_issues first to find issue ids, then get_issue for the details. " +
      "Use add_comment only when the user asks you to comment on an issue.",
  },
);

/** Logs to stderr (the client keeps it in its log file) and fails the call with a message the model reads. */
function fail(tool: string, message: string): never {
  process.stderr.write(`INFO tracker: ${tool} failed: ${message}\n`);
  throw new Error(message);
}

function find(tool: string, id: string): Issue {
  const issue = issues.find((i) => i.id === id.trim().toUpperCase());
  return issue ?? fail(tool, `No issue ${id}. Use list_issues to see ids.`);
}

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

server.registerTool(
  "list_issues",
  {
    description: "List issues, one line each: id, [status], title. Optionally only those with one status.",
    inputSchema: { status: z.enum(STATUSES).optional().describe("Only issues with this status") },
    annotations: { title: "List issues", readOnlyHint: true },
  },
  ({ status }) => {
    const found = issues.filter((i) => status === undefined || i.status === status);
    if (found.length === 0) return text(status ? `No issues with status ${status}.` : "No issues.");
    return text(found.map((i) => `${i.id} [${i.status}] ${i.title}`).join("\n"));
  },
);

server.registerTool(
  "get_issue",
  {
    description: "Get one issue by id (for example BUG-101): title, status and comments.",
    inputSchema: { id: z.string().describe("The issue id, e.g. BUG-101") },
    annotations: { title: "Get an issue", readOnlyHint: true },
  },
  ({ id }) => {
    const issue = find("get_issue", id);
    const comments =
      issue.comments.length === 0
        ? "comments: (none)"
        : ["comments:", ...issue.comments.map((c) => `- ${c}`)].join("\n");
    return text(`${issue.id}: ${issue.title}\nstatus: ${issue.status}\n${comments}`);
  },
);

server.registerTool(
  "add_comment",
  {
    description: "Add a comment to an issue. Everyone on the team sees it: only when the user asks.",
    inputSchema: {
      id: z.string().describe("The issue id, e.g. BUG-101"),
      body: z.string().min(1).describe("The comment text"),
    },
    annotations: { title: "Add a comment", readOnlyHint: false, destructiveHint: false },
  },
  ({ id, body }) => {
    const issue = find("add_comment", id);
    issue.comments.push(body);
    return text(`Comment added to ${issue.id} (${issue.comments.length} total).`);
  },
);

await server.connect(new StdioServerTransport());
