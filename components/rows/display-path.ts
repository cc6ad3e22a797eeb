/**
 * Paths as the footer shows them: `~/proj` rather than `/home/ann/proj`.
 */

/** `~/proj` for a directory under home; the path itself otherwise. */
export function displayPath(path: string, home: string): string {
  if (home === "" || home === "/") return path;
  if (path === home) return "~";
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** A file relative to the working directory when it is inside it: `.mcp.json`. */
export function displayFile(file: string, cwd: string): string {
  if (!file.startsWith("/") || cwd === "") return file;
  if (file.startsWith(`${cwd}/`)) return file.slice(cwd.length + 1);
  return file;
}
