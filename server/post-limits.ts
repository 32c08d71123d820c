// Which limit a post meets depends on who sends it: a reader's form, the
// owner's studio, or a mailbox provider's one-click unsubscribe.
import type { RequestHandler } from "express";

import type { Database } from "~database/client";
import type { Logger } from "~shared/logger";

import { pathKey, postRateLimit } from "./limits";
import { isStudioPath } from "./security";

/** Posts one client may make to one path per minute (contact, sign-in, ...). */
const POSTS_PER_MINUTE = 10;
/** Posts one client may make per minute to the public paths together (the studio's are counted apart). */
const ALL_POSTS_PER_MINUTE = 20;
/** The studio saves as the owner types (autosave): its paths get more room. */
const STUDIO_POSTS_PER_MINUTE = 120;
/**
 * One-click unsubscribes (RFC 8058) come from the mailbox provider's servers,
 * many readers' through one address, and are not retried when refused: they
 * are counted apart, with the room of a server rather than a reader.
 */
const UNSUBSCRIBES_PER_MINUTE = 300;
const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** The site's limits on posts: the studio's, the one-click unsubscribe's, and the public forms'. */
export function sitePostLimits(db: Database, logger: Logger): RequestHandler {
  const windowMs = 60_000;
  const publicPosts = postRateLimit({
    db,
    logger,
    limit: POSTS_PER_MINUTE,
    overallLimit: ALL_POSTS_PER_MINUTE,
    windowMs,
  });
  const studioPosts = postRateLimit({
    db,
    logger,
    limit: STUDIO_POSTS_PER_MINUTE,
    overallLimit: STUDIO_POSTS_PER_MINUTE * 2,
    overallScope: "studio",
    windowMs,
  });
  const unsubscribes = postRateLimit({
    db,
    logger,
    limit: UNSUBSCRIBES_PER_MINUTE,
    overallLimit: UNSUBSCRIBES_PER_MINUTE,
    overallScope: "unsubscribe",
    windowMs,
  });
  return (req, res, next) => {
    if (isStudioPath(req.path)) return studioPosts(req, res, next);
    if (pathKey(req.path) === UNSUBSCRIBE_PATH)
      return unsubscribes(req, res, next);
    return publicPosts(req, res, next);
  };
}
