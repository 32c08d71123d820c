// A post's reading time, from the words of its body (counted by the
// database: `posts.words`, drizzle/0012_post_reading.sql) at a steady
// adult reading pace for screen text.

/** The stated rate: words a minute. */
export const WORDS_PER_MINUTE = 200;

/** Whole minutes, rounded up; never less than one. */
export function readingMinutes(words: number): number {
  if (!Number.isFinite(words) || words <= 0) return 1;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** What the page and the cards show: '6 min read'. */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
