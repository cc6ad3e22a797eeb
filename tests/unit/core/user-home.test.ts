// The one rule for the user's home folder, which the settings, the sandbox and the panel's `~/…` paths share.
import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { userHomeDir } from "../../../src/home.ts";

describe("the user's home folder", () => {
  it("is the one handed in, else $HOME, else the system's", () => {
    expect(userHomeDir({ HOME: "/home/env" }, "/home/given")).toBe("/home/given");
    expect(userHomeDir({ HOME: "/home/env" })).toBe("/home/env");
    expect(userHomeDir({})).toBe(homedir());
  });
});
