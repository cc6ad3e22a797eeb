/**
 * What the sandbox blocked, per server: the runtime's violation lines
 * (`deny openat /home/me/.bashrc`, `deny network-outbound 127.0.0.1:8080 (…)`)
 * and the reads a server reported failing on a denied path, as the words the
 * log, the panel and failure reasons use: `blocked: write ~/.bashrc`.
 */
import { Store } from "../store.ts";
import { allowingField, type SandboxProfile } from "./profile.ts";

export type BlockedKind = "read" | "write" | "connect";

/** One thing the sandbox refused a server. */
export interface Blocked {
  readonly kind: BlockedKind;
  /** A path or host:port. */
  readonly target: string;
}

/** The runtime's line as a Blocked, or undefined for one that is no refusal of ours. */
export function parseViolationLine(line: string): Blocked | undefined {
  const network = /^deny network-outbound (\S+)/.exec(line);
  if (network) return { kind: "connect", target: network[1]! };
  const write = /^deny \S+ (\/.*)$/.exec(line);
  if (write) return { kind: "write", target: write[1]! };
  return undefined;
}

/** A path with the home folder as `~`. */
export function shortPath(path: string, home: string): string {
  return path === home ? "~" : path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** `blocked: write ~/.bashrc (sandbox.allowWrite would allow it)`. */
export function blockedText(blocked: Blocked, profile: SandboxProfile, home: string): string {
  const target = blocked.kind === "connect" ? blocked.target : shortPath(blocked.target, home);
  const field = allowingField(blocked.kind, blocked.target, profile);
  return `blocked: ${blocked.kind} ${target}${field ? ` (${field} would allow it)` : " (never allowed in the sandbox)"}`;
}

/** Whether a write the monitor saw is one this server's profile allows (the monitor judges by the runtime's global lists). */
export function writeAllowed(path: string, profile: SandboxProfile): boolean {
  const under = (root: string) => path === root || path.startsWith(`${root}/`);
  if (path.startsWith("/dev/") || path.startsWith("/proc/")) return true;
  return profile.allowWrite.some(under) && !profile.denyWrite.some(under);
}

const ERROR_WORDS = /ENOENT|EACCES|EPERM|No such file|Permission denied|not permitted/;

/**
 * Reads a server reported failing inside a denied folder: the runtime cannot
 * see reads on Linux (a denied folder is an empty one there), so the server's
 * own error, in a reply, is the trace. Only paths under `denyRead` roots count.
 */
export function blockedReadsIn(text: string, profile: SandboxProfile): Blocked[] {
  if (!ERROR_WORDS.test(text)) return [];
  const found = new Set<string>();
  for (const root of profile.denyRead) {
    const base = root.endsWith("*") ? root.slice(0, -1) : root;
    if (profile.allowRead.some((allowed) => allowed === base || allowed.startsWith(`${base}/`))) continue;
    const pattern = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"'\\\\,)]*`, "g");
    for (const match of text.matchAll(pattern)) found.add(match[0]);
  }
  return [...found].map((target) => ({ kind: "read", target }));
}

/** What the sandbox blocked for one server this session: how many, and the latest lines. */
export interface ServerViolations {
  readonly count: number;
  readonly recent: readonly string[];
}

/** The lines kept per server for the panel. */
const RECENT = 20;

/** Every sandboxed server's violations, for the panel's rows and details. */
export class SandboxViolationsStore extends Store<Readonly<Record<string, ServerViolations>>> {
  constructor() {
    super({});
  }

  /** A server started sandboxed: listed (count 0) if it was not, so the panel can mark it. */
  launched(server: string): void {
    this.update((prev) => (Object.hasOwn(prev, server) ? prev : { ...prev, [server]: { count: 0, recent: [] } }));
  }

  add(server: string, line: string): void {
    this.update((prev) => {
      const before = Object.hasOwn(prev, server) ? prev[server] : undefined;
      const next: ServerViolations = { count: (before?.count ?? 0) + 1, recent: [...(before?.recent ?? []), line].slice(-RECENT) };
      return { ...prev, [server]: next };
    });
  }
}
