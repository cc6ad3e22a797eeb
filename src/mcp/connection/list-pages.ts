/**
 * Reading a paginated list (tools, resources, templates, prompts) with a
 * bound on what one server may offer: at most MAX_LISTED items of a kind
 * are kept and at most MAX_PAGES pages read, so a server that keeps
 * paginating (100,000 tools, a first request of ~900k tokens) costs a
 * bounded list and a note saying what was left out.
 */

/** The most items of one kind a server may offer. */
export const MAX_LISTED = 1000;
/** The most pages read of one list: a server that never stops paginating is cut off. */
export const MAX_PAGES = 100;

/**
 * How long a 2026-07-28 server says its list stays fresh (`ttlMs`, 0: stale at once) and whether
 * caches shared between users may keep it (`cacheScope`). Older servers say nothing.
 */
export interface ListFreshness {
  ttlMs: number;
  cacheScope: "public" | "private";
}

/** One page: its items, the cursor of the next, if any, and the server's word on caching it. */
export type Page<T> = { items: readonly T[]; nextCursor?: string | undefined; freshness?: ListFreshness };

/**
 * A list read: the items kept, when some were left out what to tell the user (`offers more than
 * 1,000 tools: …`), and the first page's freshness (the spec puts it there).
 */
export interface ReadList<T> {
  items: T[];
  cut?: string;
  freshness?: ListFreshness;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Reads pages until the last one or the page bound; keeps the first
 * MAX_LISTED items and counts the rest. `what` names the kind, plural ("tools").
 */
export async function readPages<T>(
  what: string,
  fetch: (cursor: string | undefined) => Promise<Page<T>>,
): Promise<ReadList<T>> {
  const items: T[] = [];
  let leftOut = 0;
  let cursor: string | undefined;
  let pages = 0;
  let freshness: ListFreshness | undefined;
  do {
    const page = await fetch(cursor);
    if (pages === 0) freshness = page.freshness;
    pages++;
    const room = MAX_LISTED - items.length;
    items.push(...page.items.slice(0, Math.max(0, room)));
    leftOut += Math.max(0, page.items.length - Math.max(0, room));
    cursor = page.nextCursor || undefined;
  } while (cursor !== undefined && pages < MAX_PAGES);
  const read = { items, ...(freshness ? { freshness } : {}) };
  if (cursor !== undefined) {
    const more = leftOut > 0 ? `${count(leftOut)} more on those pages left out and ` : "";
    return {
      ...read,
      cut: `offers more than ${count(MAX_PAGES)} pages of ${what}: the first ${count(items.length)} are used, ${more}the rest not read`,
    };
  }
  if (leftOut === 0) return read;
  return {
    ...read,
    cut: `offers more than ${count(MAX_LISTED)} ${what}: the first ${count(MAX_LISTED)} are used, ${count(leftOut)} left out`,
  };
}
