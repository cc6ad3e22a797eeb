/**
 * Which names look like credentials, and the one place that says a
 * credential is written where it should not be: a `${TOKEN}` in a stdio
 * entry's `args` is expanded onto the server's command line, where `ps` (and
 * /proc/<pid>/cmdline) shows it to every user of the machine; `env` is where
 * a server should read it from. Warnings name the server, the field and the
 * variable, never a value.
 */
import { isRemote, type ServerEntry } from "./types.ts";

/** Names of headers and variables that usually hold a credential. */
export const SECRET_NAME = /authorization|cookie|key|token|secret|passw|credential|auth|private|session/i;

/** Every `${NAME}` (and `${NAME:-…}`) a string refers to, defaults' own included. */
function referencedNames(text: string): string[] {
  return [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
}

/** One warning per credential-looking variable in the entry's `args`: `server X: args[2] puts ${TOKEN} on the command line…`. */
export function credentialArgWarnings(name: string, entry: ServerEntry): string[] {
  if (isRemote(entry)) return [];
  const warnings: string[] = [];
  (entry.args ?? []).forEach((arg, index) => {
    for (const variable of new Set(referencedNames(arg).filter((found) => SECRET_NAME.test(found)))) {
      warnings.push(
        `Warning: server ${name}: args[${index}] puts \${${variable}} on the command line, where ps shows it to everyone on this machine. ` +
          `Pass it through env instead (-e ${variable}='\${${variable}}', read by the server from its environment).`,
      );
    }
  });
  return warnings;
}
