import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { KeyRouter } from "../../../../components/keys/key-router.tsx";
import { FakeClock } from "../../../helpers/fake-clock.ts";

const PLAIN = { tab: false, return: false, ctrl: false, meta: false, shift: false } as Key;

function routed(): { router: KeyRouter; clock: FakeClock; got: string[] } {
  const clock = new FakeClock();
  const router = new KeyRouter(clock);
  const got: string[] = [];
  router.add({ active: { current: true }, handler: { current: (input, key) => void got.push(key.tab ? "⇥" : input) } });
  return { router, clock, got };
}

describe("KeyRouter", () => {
  it("holds the keys after a Tab that drew nothing until the hold passes on its clock", () => {
    const { router, clock, got } = routed();
    router.deliver("\tdraft", PLAIN);
    expect(got).toEqual(["⇥"]);
    clock.advance(49);
    expect(got).toEqual(["⇥"]);
    clock.advance(1);
    expect(got).toEqual(["⇥", "draft"]);
  });

  it("lets them go once a frame is committed, without waiting for the hold", async () => {
    const { router, got } = routed();
    router.deliver("\tdraft", PLAIN);
    router.committed();
    await Promise.resolve();
    expect(got).toEqual(["⇥", "draft"]);
  });
});
