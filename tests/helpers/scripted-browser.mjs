// A scripted "browser" for OAuth login tests: `$BROWSER` runs it with the
// authorization URL as its last argument. It follows the authorization
// server's redirects up to the loopback callback, as a browser whose user
// clicks "allow" would, and appends each URL it visited to $BROWSER_LOG.
// BROWSER_MODE=ignore: it records the URL and never visits it (a user who
// never comes back).
import { appendFileSync } from "node:fs";

let url = process.argv.at(-1);
const log = (line) => process.env.BROWSER_LOG && appendFileSync(process.env.BROWSER_LOG, `${line}\n`);
log(url);
if (process.env.BROWSER_MODE !== "ignore") {
  for (let hop = 0; hop < 5 && url; hop++) {
    const response = await fetch(url, { redirect: "manual" });
    const next = response.headers.get("location");
    await response.body?.cancel();
    url = next ? new URL(next, url).href : undefined;
    if (url) log(url);
  }
}
