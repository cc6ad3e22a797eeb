/**
 * McpManager as the benches run it: user-scope stdio servers, every one
 * approved, started the non-interactive way print mode starts them.
 */
import type { ServerConfig } from "../src/config/types.ts";
import { McpManager } from "../src/mcp/manager.ts";
import type { TransportFactory } from "../src/mcp/connection/transports.ts";

/** A user-scope server that runs `node script`. */
export function benchServer(name: string, script: string): ServerConfig {
  const entry = { command: process.execPath, args: [script] };
  return { name, source: "user", file: "bench", entry, resolved: entry };
}

/** A manager whose approvals say yes to everything; `transportFactory` defaults to the real transports. */
export function benchManager(options: {
  projectDir: string;
  logDir: string;
  transportFactory?: TransportFactory | undefined;
}): McpManager {
  return new McpManager({
    projectDir: options.projectDir,
    approvals: { status: async () => "approved", previous: async () => undefined, approve: async () => {} },
    logDir: options.logDir,
    env: process.env,
    interactive: false,
    ...(options.transportFactory ? { transportFactory: options.transportFactory } : {}),
  });
}
