/**
 * Splitting a command line as sh splits words, without running a shell: the
 * opener in $BROWSER and the sandbox's recorded bwrap command line both need it.
 */

/** `text` split into words the way sh would split them, quotes and backslashes removed; no expansion of any kind. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (ch === "\\" && i + 1 < text.length && (quote === undefined || /["\\$`]/.test(text[i + 1]!))) {
      word = (word ?? "") + text[++i];
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word ??= "";
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + ch;
  }
  if (word !== undefined) words.push(word);
  return words;
}
