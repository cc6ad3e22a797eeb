/**
 * The worker thread Grep's searches run in (see grep-scan.ts). One request at
 * a time: a message in, its result (or the error's message) out.
 */
import { parentPort } from "node:worker_threads";
import { scanFiles, type ScanRequest } from "./grep-scan.ts";
import { errorText } from "../errors.ts";

parentPort?.on("message", (request: ScanRequest) => {
  parentPort?.postMessage({ started: true });
  scanFiles(request).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, message: errorText(error) }),
  );
});
