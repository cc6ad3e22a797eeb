/**
 * Resuming a long session: spawn → first frame (the prompt box, and the
 * session's last reply in the transcript) for `--continue` of a 500-turn
 * session, against a fresh start in the same folder, measured in the same
 * run. Then compaction's own overhead on that conversation (building the
 * summary request, estimating, replacing the conversation, saving the
 * boundary), with a model that answers at once, so the model's time is excluded.
 *
 *   npm run build && npx node bench/resume.ts        (BENCH_REPS=7 by default; BENCH_DIST=/other/dist to time another build)
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CompactionRunner } from "../src/agent/compaction-runner.ts";
import { Conversation } from "../src/agent/conversation.ts";
import type { ConversationEntry } from "../src/agent/conversation.ts";
import type { Model, ModelRequest } from "../src/model/model.ts";
import { projectSessionsDir } from "../src/session/saved-sessions.ts";
import { SessionLog } from "../src/session/session-log.ts";
import { interactiveEnv } from "../tests/helpers/pty-screen.ts";
import { median, ratio, rotatingRuns } from "./stats.ts";
import { timeScreen } from "./tui-pty-clock.ts";

const REPS = Number(process.env.BENCH_REPS ?? 7);
const TURNS = 500;
const PROMPT = "Ask anything, or /help";
const LAST_REPLY = `Turn ${TURNS} is done.`;
const CLI = join(process.env.BENCH_DIST ?? join(import.meta.dirname, "..", "dist"), "cli.js");
const SIZE = { cols: 120, rows: 36 };

const work = mkdtempSync(join(tmpdir(), "resume-bench-"));
const project = join(work, "project");
const home = join(work, "home");
mkdirSync(project);

/** A turn as a coding session has them: a prompt, a Read, its result, a reply. */
function turnEntries(n: number): ConversationEntry[] {
  const id = `toolu_${n}`;
  const usage = { input_tokens: 1_000 + n, output_tokens: 80 };
  return [
    { type: "prompt", content: `Turn ${n}: look at src/module-${n}.ts and tell me what the exported function does.` },
    {
      type: "assistant",
      message: {
        role: "assistant",
        content: [
          { type: "text", text: "Let me read it." },
          { type: "tool_use", id, name: "Read", input: { file_path: `src/module-${n}.ts` } },
        ],
      },
      usage,
      model: "claude-sonnet-4-5",
    },
    {
      type: "tool_results",
      content: [
        {
          type: "tool_result",
          tool_use_id: id,
          content: Array.from(
            { length: 12 },
            (_, i) => `${String(i + 1).padStart(6)}\texport const value${i} = compute(${i}, "module-${n}");`,
          ).join("\n"),
        },
      ],
    },
    {
      type: "assistant",
      message: {
        role: "assistant",
        content: [
          {
            type: "text",
            text:
              n === TURNS
                ? LAST_REPLY
                : `Module ${n} exports **twelve values**, each computed from its index:\n\n- \`value0\` … \`value11\`\n- all through \`compute\`.`,
          },
        ],
      },
      usage,
      model: "claude-sonnet-4-5",
    },
  ];
}
const entries = Array.from({ length: TURNS }, (_, i) => turnEntries(i + 1)).flat();
const id = "22222222-2222-4222-8222-222222222222";
const log = new SessionLog({
  file: join(projectSessionsDir(join(home, "projects"), project), `${id}.jsonl`),
  sessionId: id,
  cwd: project,
  model: () => "offline",
  warn: (m) => console.error(m),
});
for (const entry of entries) log.append(entry);
log.close();

const env = interactiveEnv({ MINI_CC_HOME: home });
for (const key of ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_MODEL"]) delete env[key];
const options = { ...SIZE, cwd: project, env };

const sides = {
  fresh: async () => (await timeScreen(process.execPath, [CLI], [PROMPT], options)).at[PROMPT]!,
  "--continue, 500 turns": async () => {
    const times = await timeScreen(process.execPath, [CLI, "--continue"], [PROMPT, LAST_REPLY], options);
    promptAt.push(times.at[PROMPT]!);
    return Math.max(times.at[PROMPT]!, times.at[LAST_REPLY]!);
  },
};
/** When the resumed side's prompt box showed (its first frame, whatever the transcript). */
const promptAt: number[] = [];
for (const run of Object.values(sides)) await run();
promptAt.length = 0;
const runs = await rotatingRuns(REPS, sides);

// Compaction's overhead: everything but the model, which answers at once.
const instant: Model = {
  name: "claude-sonnet-4-5",
  async *stream(_request: ModelRequest) {
    yield {
      type: "message",
      message: { role: "assistant", content: [{ type: "text", text: "SUMMARY" }] },
      stopReason: "end_turn",
      usage: { input_tokens: 1, output_tokens: 1 },
    };
  },
};
const overheads: number[] = [];
const compactLog = new SessionLog({
  file: join(work, "compact.jsonl"),
  sessionId: id,
  cwd: project,
  model: () => "m",
  warn: () => {},
});
for (let rep = 0; rep < REPS; rep++) {
  const conversation = new Conversation();
  conversation.replay(entries);
  const runner = new CompactionRunner({ model: instant, conversation, record: (entry) => compactLog.append(entry) });
  const base: ModelRequest = {
    system: [{ id: "base", text: "You are mini-cc." }],
    tools: [],
    messages: [...conversation.messages],
  };
  const started = performance.now();
  const run = runner.run({ trigger: "manual", base, signal: new AbortController().signal });
  for (let step = await run.next(); !step.done; step = await run.next());
  compactLog.sync();
  overheads.push(performance.now() - started);
}
compactLog.close();
rmSync(work, { recursive: true, force: true });

const fresh = median(runs.fresh);
const resumed = median(runs["--continue, 500 turns"]);
console.log(
  `first frame, spawn → "${PROMPT}" (and, resumed, the session's last reply) on screen, median of ${REPS}, ${SIZE.cols}×${SIZE.rows} pty`,
);
console.log(`  fresh start                 ${fresh.toFixed(1).padStart(7)} ms`);
console.log(
  `  --continue, ${TURNS} turns (${entries.length} entries): prompt box ${median(promptAt).toFixed(1).padStart(7)} ms  ${ratio(median(promptAt), fresh)}`,
);
console.log(
  `    …with the last reply in the transcript     ${resumed.toFixed(1).padStart(7)} ms  ${ratio(resumed, fresh)} (goal: under 1.2×)`,
);
console.log(
  `compaction of the ${TURNS}-turn conversation, model time excluded: median ${median(overheads).toFixed(1)} ms (goal: under 50 ms)`,
);
