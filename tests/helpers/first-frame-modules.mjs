// Preloaded (NODE_OPTIONS=--import) into a TUI under test: when the first frame with the prompt is written,
// saves the Node modules loaded so far ($FIRST_FRAME_MODULES_FILE, one per line). Changes nothing else.
import { writeFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";

const write = process.stdout.write.bind(process.stdout);
let saved = false;
process.stdout.write = (chunk, ...rest) => {
  if (!saved && stripVTControlCharacters(String(chunk)).includes("Ask anything, or /help")) {
    saved = true;
    writeFileSync(process.env.FIRST_FRAME_MODULES_FILE, process.moduleLoadList.join("\n"));
  }
  return write(chunk, ...rest);
};
