/**
 * `private_key_jwt` (RFC 7523 §2.2) for a machine client: each token request
 * carries a short-lived JWT signed with the client's private key, read from
 * the entry's `oauth.privateKeyFile` at that moment — never copied, printed
 * or logged; an error names the file and the field, never its content.
 */
import { readFile } from "node:fs/promises";
import { type AddClientAuthentication, createPrivateKeyJwtAuth } from "@modelcontextprotocol/client";
import type { SigningAlgorithm } from "../../../config/types.ts";
import { MiniCcError } from "../../../errors.ts";

/** Signs the client assertion with the key in `keyFile` (PEM, PKCS#8) for `clientId`. */
export function privateKeyJwt(
  clientId: string,
  keyFile: string,
  algorithm: SigningAlgorithm | undefined,
): AddClientAuthentication {
  return async (headers, params, url, metadata) => {
    if (algorithm === undefined) throw keyProblem(keyFile, "oauth.signingAlgorithm is missing");
    const pem = await readFile(keyFile, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw keyProblem(keyFile, `cannot read it (${error.code ?? "error"})`);
    });
    if (!pem.includes("-----BEGIN PRIVATE KEY-----"))
      throw keyProblem(keyFile, "not a PEM PKCS#8 private key (-----BEGIN PRIVATE KEY-----)");
    const sign = createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: pem, alg: algorithm });
    try {
      await sign(headers, params, url, metadata);
    } catch {
      // jose's message may quote the key material: only what went wrong is said.
      throw keyProblem(keyFile, `cannot sign with it as ${algorithm} (a key of another type?)`);
    }
  };
}

function keyProblem(keyFile: string, what: string): MiniCcError {
  return new MiniCcError("auth-failed", `oauth.privateKeyFile ${JSON.stringify(keyFile)}: ${what}`);
}
