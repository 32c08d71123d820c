// The content archive's screen and its limits, shared by the screen and the server.

/** Where the studio's export screen lives; its form imports an archive. */
export const ARCHIVE_PATH = "/studio/export";
/** Where "Export everything" posts to download the archive. */
export const ARCHIVE_DOWNLOAD_PATH = "/studio/export/download";
/** Largest archive the studio takes as an upload (a site's text and images). */
export const ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
/** The request body may carry the form's other fields beside the file. */
export const ARCHIVE_IMPORT_BODY_BYTES = ARCHIVE_MAX_BYTES + 64 * 1024;
/**
 * How far an archive may expand when it is read. Most of an export is images,
 * which gzip cannot shrink, so a real archive expands to little more than its
 * size; twice the largest upload leaves room for a site of text, and stops a
 * small file that inflates to gigabytes long before it costs the process.
 */
export const ARCHIVE_MAX_EXPANDED_BYTES = 2 * ARCHIVE_MAX_BYTES;
/**
 * How many entries an archive may hold: each image is a handful of files
 * (its variants), a post one; this is far past any site the studio serves
 * (a fixture site of 2,000 posts exports fewer than 3,000 entries) and bounds
 * the bookkeeping an archive of empty entries would cost.
 */
export const ARCHIVE_MAX_ENTRIES = 100_000;
