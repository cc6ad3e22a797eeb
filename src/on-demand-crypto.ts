/**
 * node:crypto, loaded at its first use. Loading it costs Node about 6 ms
 * (some seventeen internal modules), and nothing the TUI's first frame shows
 * needs it: imported statically, it would be paid before every first frame.
 */
import { createRequire } from "node:module";
import type * as Crypto from "node:crypto";

let crypto: typeof Crypto | undefined;

function nodeCrypto(): typeof Crypto {
  // getBuiltinModule came with Node 22.3; an older 22 gets it through a require (any absolute path serves a built-in).
  crypto ??=
    process.getBuiltinModule?.("node:crypto") ?? (createRequire(process.execPath)("node:crypto") as typeof Crypto);
  return crypto;
}

/** The SHA-256 of `data` in hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return nodeCrypto().createHash("sha256").update(data).digest("hex");
}

export function randomBytes(size: number): Buffer {
  return nodeCrypto().randomBytes(size);
}

export function randomUUID(): string {
  return nodeCrypto().randomUUID();
}
