import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..", "..");

it("the bin shim's Node floor is package.json's engines.node", () => {
  const engines = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node as string;
  const shim = readFileSync(join(root, "bin", "mini-cc.cjs"), "utf8");
  const floor = /var neededMajor = (\d+);/.exec(shim)?.[1];
  expect(floor).toBeDefined();
  expect(engines).toBe(`>=${floor}`);
});
