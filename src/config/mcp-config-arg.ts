/**
 * One `--mcp-config` value: a config file path, or the config as inline JSON.
 * The CLI checks every value up front so a bad one is a usage error.
 */
import { resolve } from "node:path";
import { formatSyntaxProblem, parseJsonText, readSmallTextFile } from "../fs/json-file.ts";
import { locateServers } from "./scope-files.ts";
import { MiniCcError } from "../errors.ts";

/** A parsed --mcp-config value. `file` is the resolved path, or "--mcp-config" for inline JSON. */
export interface McpConfigArg {
  readonly file: string;
  /** The `mcpServers` object as written. */
  readonly servers: Record<string, unknown>;
}

/** Text that starts with `{` is inline JSON; anything else is a path relative to `cwd`. */
export async function parseMcpConfigArg(arg: string, cwd: string): Promise<McpConfigArg> {
  const inline = arg.trimStart().startsWith("{");
  const file = inline ? "--mcp-config" : resolve(cwd, arg);
  let text = arg;
  if (!inline) {
    try {
      text = await readSmallTextFile(file);
    } catch (error) {
      const err = error as NodeJS.ErrnoException;
      const reason = err.code === "ENOENT" ? "no such file, and not inline JSON" : `cannot read: ${err.message}`;
      throw new MiniCcError("invalid-mcp-config", `--mcp-config ${arg}: ${reason}`, { file });
    }
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const where = inline ? "--mcp-config (inline JSON)" : `--mcp-config ${file}`;
    throw new MiniCcError("invalid-mcp-config", formatSyntaxProblem(where, parsed), { file });
  }
  const located = locateServers(parsed.value, "flag", "");
  const label = inline ? "--mcp-config (inline JSON)" : `--mcp-config ${file}`;
  if (!located.ok) throw new MiniCcError("invalid-mcp-config", `${label}: ${located.error}`, { file });
  // A flag file without mcpServers is almost always the wrapper forgotten: say so.
  if (!located.servers) throw new MiniCcError("invalid-mcp-config", `${label}: mcpServers: missing`, { file });
  return { file, servers: located.servers };
}
