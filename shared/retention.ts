// How long the trash keeps what is put in it (posts, section rows,
// messages) before the purge forgets it: the one number, read by the purge
// (database/trash.ts), every screen that says it, and the tests.

/** Days anything in the trash stays before it is purged. */
export const TRASH_DAYS = 30;

/** The period as the screens say it ("N days"). */
export const TRASH_PERIOD = `${TRASH_DAYS} days`;

/** The period in milliseconds. */
export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;
