// How long the studio's trash keeps what the owner deleted. Posts, section
// rows and messages each purge their own trash, all with this one cut-off.

/** Days anything in the trash (posts, section rows, messages) stays before it is purged. */
const TRASH_DAYS = 30;

/** The purge's cut-off: what was trashed at or before this moment has been kept TRASH_DAYS. */
export function trashPurgeCutoff(now: Date): Date {
  return new Date(now.getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000);
}
