/**
 * The permission chain's judge of what a session rule covers, with the real
 * shell parser, as the TUI hands it to its permission queue (loaded once per
 * test file that needs it).
 */
import { PermissionChain } from "../../src/agent/permissions.ts";
import { loadShellParser } from "../../src/agent/shell-parser.ts";

const chain = new PermissionChain({ mode: "default", allow: [], deny: [], cwd: "/", shell: await loadShellParser() });

export const covers = chain.covers;
