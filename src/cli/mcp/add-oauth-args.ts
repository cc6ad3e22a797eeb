/**
 * The OAuth client `mcp add` declares for an http or sse server: a client
 * registered beforehand (`--client-id`, `--client-secret`, `--callback-port`),
 * or a machine client (`--client-credentials`) authenticated by its secret or
 * by a private key (`--client-key-file PEM --client-key-alg ALG`). The key file
 * is named, never read or copied here: it stays where the user keeps it.
 */
import { resolve } from "node:path";
import { SIGNING_ALGORITHMS, type OAuthClientEntry } from "../../config/types.ts";
import { usageError } from "../../errors.ts";
import { oneOf } from "../one-of.ts";
import { lastValue, type ParsedArgs } from "./arg-parser.ts";

export const OAUTH_OPTIONS = [
  { long: "client-id", value: true },
  { long: "client-secret", value: true, optionalValue: true },
  { long: "callback-port", value: true },
  { long: "client-credentials", value: false },
  { long: "client-key-file", value: true },
  { long: "client-key-alg", value: true },
] as const;

export const OAUTH_FLAGS = "--client-id, --client-secret, --callback-port, --client-credentials and --client-key-*";

/** The OAuth client the flags give; undefined when none is. `cwd` makes a relative key path absolute. */
export function oauthFromArgs(args: ParsedArgs, cwd = process.cwd()): OAuthClientEntry | undefined {
  const clientId = lastValue(args, "client-id");
  const clientSecret = lastValue(args, "client-secret");
  const port = lastValue(args, "callback-port");
  const keyFile = lastValue(args, "client-key-file");
  const keyAlg = lastValue(args, "client-key-alg");
  const machine = args.flags.has("client-credentials");
  const any = [clientId, clientSecret, port, keyFile, keyAlg].some((value) => value !== undefined);
  if (!any && !machine) return undefined;
  if (clientId === undefined || clientId === "")
    throw usageError("--client-secret, --callback-port, --client-credentials and --client-key-* need --client-id");
  let callbackPort: number | undefined;
  if (port !== undefined) {
    callbackPort = Number(port);
    if (!/^\d+$/.test(port) || callbackPort < 1 || callbackPort > 65535)
      throw usageError(`invalid --callback-port value "${port}": expected a port from 1 to 65535`);
  }
  const key = keyOptions(keyFile, keyAlg, machine, clientSecret, cwd);
  // `--client-secret` alone: asked for in run(), kept out of the entry.
  const written = clientSecret !== undefined && clientSecret !== "" ? { clientSecret } : {};
  return {
    clientId,
    ...written,
    ...(callbackPort !== undefined ? { callbackPort } : {}),
    ...(machine ? { grantType: "client_credentials" as const } : {}),
    ...key,
  };
}

/** `--client-key-file` and `--client-key-alg`: both, for a machine client with no secret. */
function keyOptions(
  keyFile: string | undefined,
  keyAlg: string | undefined,
  machine: boolean,
  clientSecret: string | undefined,
  cwd: string,
): Pick<OAuthClientEntry, "privateKeyFile" | "signingAlgorithm"> {
  if (keyFile === undefined && keyAlg === undefined) return {};
  if (!machine)
    throw usageError("--client-key-file and --client-key-alg are for a machine client: add --client-credentials");
  if (keyFile === undefined || keyFile === "") throw usageError("--client-key-alg needs --client-key-file PEM");
  if (keyAlg === undefined)
    throw usageError(`--client-key-file needs --client-key-alg (${SIGNING_ALGORITHMS.join(", ")})`);
  if (clientSecret !== undefined) throw usageError("give --client-secret or --client-key-file, not both");
  const signingAlgorithm = oneOf("--client-key-alg", keyAlg, SIGNING_ALGORITHMS);
  // A ${VAR} is kept as written; a path is made absolute, so the entry works from any directory.
  const privateKeyFile = keyFile.startsWith("${") ? keyFile : resolve(cwd, keyFile);
  return { privateKeyFile, signingAlgorithm };
}
