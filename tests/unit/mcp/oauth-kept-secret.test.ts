import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StoredOAuthProvider } from "../../../src/mcp/connection/oauth/provider.ts";
import { OAuthStore } from "../../../src/mcp/connection/oauth/token-store.ts";
import { systemClock } from "../../../src/clock.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("a client secret kept by mcp add --client-secret", () => {
  it("is sent with the entry's client id, and only with that id", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mini-cc-oauth-"));
    dirs.push(dir);
    const store = new OAuthStore({ file: join(dir, "mcp-oauth.json"), clock: systemClock, warn: () => {} });
    await store.update("https://x/mcp", (current) => ({
      ...current,
      clientSecret: { clientId: "app", secret: "s3cr3t" },
    }));
    const provider = (clientId: string, clientSecret?: string) =>
      new StoredOAuthProvider({
        store,
        serverUrl: "https://x/mcp",
        client: { clientId, ...(clientSecret ? { clientSecret } : {}) },
      });
    expect(await provider("app").clientInformation()).toEqual({ client_id: "app", client_secret: "s3cr3t" });
    expect(await provider("other").clientInformation()).toEqual({ client_id: "other" });
    expect(await provider("app", "from-entry").clientInformation()).toEqual({
      client_id: "app",
      client_secret: "from-entry",
    });
  });
});
