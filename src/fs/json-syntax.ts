/**
 * Finds where a JSON text first goes wrong. JSON.parse reports a position for
 * only some of its errors, and a user fixing a config file needs line:column
 * for every one; this scanner follows the JSON grammar (RFC 8259) to find it.
 */

/** Offset of the first syntax error in `text`, or -1 when the text is valid JSON. */
export function findJsonSyntaxError(text: string): number {
  const scanner = new Scanner(text);
  try {
    scanner.skipSpace();
    scanner.value(0);
    scanner.skipSpace();
    return scanner.pos < text.length ? scanner.pos : -1;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.pos;
    throw error;
  }
}

/** 1-based line and column of an offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === "\n") {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class SyntaxAt {
  readonly pos: number;
  constructor(pos: number) {
    this.pos = pos;
  }
}

// Deeper than JSON.parse's own practical limit is not a config file.
const MAX_DEPTH = 1_000;

class Scanner {
  readonly text: string;
  pos = 0;

  constructor(text: string) {
    this.text = text;
  }

  skipSpace(): void {
    while (this.pos < this.text.length && " \t\n\r".includes(this.text[this.pos]!)) this.pos++;
  }

  fail(): never {
    throw new SyntaxAt(this.pos);
  }

  expect(char: string): void {
    if (this.text[this.pos] !== char) this.fail();
    this.pos++;
  }

  value(depth: number): void {
    if (depth > MAX_DEPTH) this.fail();
    const char = this.text[this.pos];
    if (char === "{") return this.object(depth);
    if (char === "[") return this.array(depth);
    if (char === '"') return this.string();
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return this.number();
    for (const word of ["true", "false", "null"]) {
      if (char === word[0]) {
        for (const expected of word) this.expect(expected);
        return;
      }
    }
    this.fail();
  }

  object(depth: number): void {
    this.members("}", () => {
      if (this.text[this.pos] !== '"') this.fail();
      this.string();
      this.skipSpace();
      this.expect(":");
      this.skipSpace();
      this.value(depth + 1);
    });
  }

  array(depth: number): void {
    this.members("]", () => this.value(depth + 1));
  }

  /** An object's or array's comma-separated members up to `close`; `pos` is on the opening bracket. */
  members(close: string, member: () => void): void {
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === close) {
      this.pos++;
      return;
    }
    for (;;) {
      member();
      this.skipSpace();
      if (this.text[this.pos] === close) {
        this.pos++;
        return;
      }
      this.expect(",");
      this.skipSpace();
    }
  }

  string(): void {
    this.pos++;
    for (;;) {
      const char = this.text[this.pos];
      if (char === undefined || char < " ") this.fail();
      if (char === '"') {
        this.pos++;
        return;
      }
      if (char === "\\") {
        this.pos++;
        const escape = this.text[this.pos];
        if (escape === "u") {
          for (let i = 0; i < 4; i++) {
            this.pos++;
            if (!/^[0-9A-Fa-f]$/.test(this.text[this.pos] ?? "")) this.fail();
          }
        } else if (escape === undefined || !'"\\/bfnrt'.includes(escape)) {
          this.fail();
        }
      }
      this.pos++;
    }
  }

  number(): void {
    if (this.text[this.pos] === "-") this.pos++;
    if (this.text[this.pos] === "0") this.pos++;
    else this.digits();
    if (this.text[this.pos] === ".") {
      this.pos++;
      this.digits();
    }
    if (this.text[this.pos] === "e" || this.text[this.pos] === "E") {
      this.pos++;
      if (this.text[this.pos] === "+" || this.text[this.pos] === "-") this.pos++;
      this.digits();
    }
  }

  digits(): void {
    const start = this.pos;
    while (this.pos < this.text.length && this.text[this.pos]! >= "0" && this.text[this.pos]! <= "9") this.pos++;
    if (this.pos === start) this.fail();
  }
}
