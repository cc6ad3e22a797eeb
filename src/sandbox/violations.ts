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

/** Node's `EROFS: read-only file system, open '/x'`, Python's `[Errno 30] Read-only file system: '/x'`, and the like. */
const WRITE_REFUSED =
  /(?:EROFS|EACCES|EPERM|[Rr]ead-only file system|Permission denied|not permitted)[^'"\n]{0,80}'(\/[^'\n]+)'/g;

/**
 * Writes a server reported failing where its profile does not let it write:
 * the runtime's monitor sees them too, but later than the reply that names
 * them, and the reply is where the model and the transcript need the word.
 */
export function blockedWritesIn(text: string, profile: SandboxProfile): Blocked[] {
  const found = new Set<string>();
  for (const match of text.matchAll(WRITE_REFUSED)) if (!writeAllowed(match[1]!, profile)) found.add(match[1]!);
  return [...found].map((target) => ({ kind: "write", target }));
}

/**
 * A server's reply with the sandbox's word added after its own: a tool
 * result gains a text block, an error its message, so the model and the
 * transcript read "Blocked by the sandbox: write ~/.bashrc (…)" beside EROFS.
 */
export function withSandboxNote<T extends object>(message: T, lines: readonly string[]): T {
  if (lines.length === 0) return message;
  const note = lines.map((line) => line.replace(/^blocked: /, "Blocked by the sandbox: ")).join("\n");
  const reply = message as { result?: { content?: unknown }; error?: { message?: unknown } };
  if (reply.result && Array.isArray(reply.result.content)) {
    return {
      ...message,
      result: { ...reply.result, content: [...reply.result.content, { type: "text", text: note }] },
    };
  }
  if (reply.error && typeof reply.error.message === "string")
    return { ...message, error: { ...reply.error, message: `${reply.error.message} (${note})` } };
  return message;
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
      const next: ServerViolations = {
        count: (before?.count ?? 0) + 1,
        recent: [...(before?.recent ?? []), line].slice(-RECENT),
      };
      return { ...prev, [server]: next };
    });
  }
}
