import { describe, expect, it } from "vitest";
import { newSessionId } from "../../../src/session/session-id.ts";

describe("newSessionId", () => {
  it("is a version-4 UUID, as --session-id takes, and a new one each time", () => {
    const ids = Array.from({ length: 2000 }, newSessionId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every hex digit outside the version and variant varies: no byte is left fixed by mistake.
    const varying = [...ids[0]!].map((_, at) => new Set(ids.map((id) => id[at])).size > 1);
    expect(varying.filter((v) => !v).length).toBe(4 + 1); // four dashes and the version digit
  });
});
