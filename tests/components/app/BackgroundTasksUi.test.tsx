/**
 * The session's background tasks on the screen, with real shells in the real
 * store: listed under the servers (the panel shows even with no server),
 * counted in the footer, opened to their live output, stopped with x (the
 * whole group, the row turning `killed`), listed by /tasks; quitting while
 * one runs asks first, and only Enter or a second Ctrl+C twice quits.
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanup } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../../components/app/App.tsx";
import { MotionContext } from "../../../components/runtime/useMotion.ts";
import { ChatSession } from "../../../components/session/chat-session.ts";
import { BackgroundTasks } from "../../../src/background/background-tasks.ts";
import { systemClock } from "../../../src/clock.ts";
import { liveGroups } from "../../../src/processes/process-table.ts";
import { fakeRuntime } from "../../helpers/tui-fixtures.ts";
import { startTestShell } from "../../helpers/shell-task.ts";
import { eventually, renderUntilRendered, screen, typeKeys, untilRendered } from "../../helpers/tui-screen.ts";

const ENTER = "\r";
const ESC = "\u001b";
const TAB = "\t";

const groups: number[] = [];
afterEach(() => {
  cleanup();
  for (const pgid of groups.splice(0)) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // Gone, as it should be.
    }
  }
});

async function app() {
  const background = new BackgroundTasks({
    dir: join(tmpdir(), `mini-cc-tui-background-${randomUUID()}`),
    clock: systemClock,
  });
  const runtime = fakeRuntime({ background });
  const session = new ChatSession(runtime);
  let exits = 0;
  const ui = await renderUntilRendered(
    <MotionContext value={false}>
      <App runtime={runtime} session={session} home="/home/ann" height={30} onExit={() => void (exits += 1)} />
    </MotionContext>,
  );
  await untilRendered(() => {
    Object.defineProperty(ui.stdout, "columns", { get: () => 120 });
    ui.stdout.emit("resize");
  });
  const shell = (command: string) => {
    const started = startTestShell(background, command);
    groups.push(started.pgid);
    return started;
  };
  return {
    background,
    shell,
    type: (...keys: string[]) => typeKeys(ui.stdin, ...keys),
    text: () => screen(ui.lastFrame()),
    exits: () => exits,
  };
}

describe("background tasks on the screen", () => {
  it("are listed and counted, open to their live output, and x stops the whole group", async () => {
    const { background, shell, type, text } = await app();
    const { pgid } = shell("echo first line; sleep 0.3; echo second line; sleep 30");
    await eventually(() => expect(text()).toContain("◐ 1 background task"));
    expect(text()).toContain("Background");
    expect(text()).toMatch(/b1 echo first line; sleep … 0s/);
    await type(TAB);
    await eventually(() => expect(text()).toContain("Enter/→ output"));
    expect(text()).toContain("❯ b1");
    await type(ENTER);
    await eventually(() => expect(text()).toContain("Output (live)"));
    // Read again as it grows.
    await eventually(() => expect(text()).toContain("second line"), 3000);
    expect(text()).toContain("first line");
    await type("x");
    await eventually(() => expect(text()).toContain("b1 · killed (SIGTERM by the user)"), 5000);
    expect(background.get("b1")?.status).toBe("killed");
    expect(liveGroups([pgid]).size).toBe(0);
    await eventually(() => expect(text()).not.toContain("background task"));
    await type(ESC);
    await eventually(() => expect(text()).toContain("killed"));
  }, 20_000);

  it("/tasks lists them with their status; /tasks stop ID stops one", async () => {
    const { shell, type, text } = await app();
    shell("exit 3");
    shell("sleep 30");
    await eventually(() => expect(text()).toContain("exit 3"));
    await type("/tasks", ENTER);
    await eventually(() => expect(text()).toMatch(/b1 {2}failed \(exit 3\) {2}\d+s {2}exit 3/));
    expect(text()).toMatch(/b2 {2}running {2}\d+s {2}sleep 30/);
    await type("/tasks stop b2", ENTER);
    await eventually(() => expect(text()).toContain("b2: killed (SIGTERM by the user)"), 5000);
    await type("/tasks stop b9", ENTER);
    await eventually(() => expect(text()).toContain('No background task with id "b9": the known ids are b1, b2'));
  }, 20_000);

  it("quitting while one runs asks first: Esc stays, Enter quits (the runtime's close stops it)", async () => {
    const { shell, type, text, exits } = await app();
    shell("sleep 30");
    await eventually(() => expect(text()).toContain("1 background task"));
    await type("/exit", ENTER);
    await eventually(() => expect(text()).toContain("1 background task still runs. Stop it and quit?"));
    expect(text()).toContain("Enter stop and quit · Esc stay, it keeps running");
    expect(exits()).toBe(0);
    await type(ESC);
    await eventually(() => expect(text()).not.toContain("Stop it and quit?"));
    expect(exits()).toBe(0);
    await type("/exit", ENTER);
    await eventually(() => expect(text()).toContain("Stop it and quit?"));
    await type(ENTER);
    await eventually(() => expect(exits()).toBe(1));
  }, 20_000);

  it("with nothing running, /exit quits at once", async () => {
    const { shell, type, text, exits } = await app();
    shell("true");
    await eventually(() => expect(text()).toContain("exit 0"));
    await type("/exit", ENTER);
    await eventually(() => expect(exits()).toBe(1));
  }, 20_000);
});
