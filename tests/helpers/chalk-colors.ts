/**
 * Turns chalk's colours on (16 colours) around each test of the describe
 * block that calls it: line builders style with chalk, which has no colour
 * under a test runner, so their styles could not be seen otherwise.
 */
import chalk from "chalk";
import { afterEach, beforeEach } from "vitest";

export function withChalkColors(): void {
  let level: typeof chalk.level;
  beforeEach(() => {
    level = chalk.level;
    chalk.level = 1;
  });
  afterEach(() => {
    chalk.level = level;
  });
}
