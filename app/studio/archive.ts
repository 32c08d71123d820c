// The content archive's screen and its limits, shared by the screen and the server.

/** Where the studio's export screen lives; its form imports an archive. */
export const ARCHIVE_PATH = "/studio/export";
/** Where "Export everything" posts to download the archive. */
export const ARCHIVE_DOWNLOAD_PATH = "/studio/export/download";
/** Largest archive the studio takes as an upload (a site's text and images). */
export const ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
/** The request body may carry the form's other fields beside the file. */
export const ARCHIVE_IMPORT_BODY_BYTES = ARCHIVE_MAX_BYTES + 64 * 1024;
