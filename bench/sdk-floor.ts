/**
 * The raw-SDK floor the MCP benches measure against: SDK clients, each on its
 * own stdio connection to a server, connected and their tools listed all at
 * once. It imports nothing but the SDK, so its process form
 * (sdk-floor-process.ts, bundled) loads what the floor needs and no more.
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

/**
 * The SDK's stdio transport asking server/discover on its own connection, as mini-cc's does
 * (the SDK starts a second process to ask it on the base class, not on a subclass).
 */
export class InPlaceStdioTransport extends StdioClientTransport {}

/** `n` v2 SDK clients speaking 2026-07-28 first as mini-cc does, not yet connected. */
export function newClients(n: number): Client[] {
  return Array.from(
    { length: n },
    () => new Client({ name: "bench", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } }),
  );
}

/** Connects every client to its own `node server` process and lists its tools, all at once. */
export async function connectAndList(clients: readonly Client[], server: string): Promise<void> {
  await Promise.all(
    clients.map(async (client) => {
      await client.connect(new InPlaceStdioTransport({ command: process.execPath, args: [server], stderr: "ignore" }));
      await client.listTools();
    }),
  );
}

/** The floor in-process: milliseconds from connect to the last tool list for `n` servers (closing not timed). */
export async function sdkFloorMs(server: string, n: number): Promise<number> {
  const clients = newClients(n);
  const started = performance.now();
  await connectAndList(clients, server);
  const ms = performance.now() - started;
  await Promise.all(clients.map((client) => client.close()));
  return ms;
}
