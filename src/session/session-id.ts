/**
 * A new session's id: a version-4 UUID, as Claude Code's are. Its random bits
 * come from Math.random, which V8 seeds for each process from the system's
 * entropy: the id names the session's files and is printed for --resume, it
 * guards nothing, and taking it from node:crypto would load that module
 * (about 6 ms) before the TUI's first frame.
 */
export function newSessionId(): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(Math.random() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
