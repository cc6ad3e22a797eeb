/**
 * An environment as mini-cc reads it: passed in (never process.env read deep
 * inside), so tests hand each part the variables they mean.
 */
export type Env = Readonly<Record<string, string | undefined>>;
