// The raw-SDK floor as a process: `node sdk-floor.mjs SERVER N` connects N clients, lists their
// tools and closes. mcp-list.ts bundles it the way the CLI is bundled, so both load one file.
import { connectAndList, newClients } from "./sdk-floor.ts";

const [server, n] = [process.argv[2] ?? "", Number(process.argv[3])];
const clients = newClients(n);
await connectAndList(clients, server);
await Promise.all(clients.map((client) => client.close()));
