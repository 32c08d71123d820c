// The editor's one way to change a post: validate with the shared schema,
// sanitise the body with the display rules, then save / publish / schedule
// through the studio's data layer, answering JSON the editor understands. A
// publish or schedule carries its text into the same transaction.
import {
  publishPost,
  schedulePost,
  unpublishPost,
} from "~database/post-lifecycle/publish";
import { createDraft, savePost } from "~database/post-lifecycle/edit";
import type { ChangeResult, PostFields } from "~database/post-lifecycle/model";
import { setScheduledSend } from "~database/newsletter-scheduled";
import { queueSend } from "~database/newsletter-sends";
import { posts, studioPosts } from "~database/schema";
import { eq } from "drizzle-orm";
import { readNewsletterSettings } from "~/data/newsletter-settings.server";
import { sanitizePostHtml } from "~/lib/sanitize.server";

import { imagesMissingAlt } from "./media/alt-text";
import {
  isPostId,
  fieldErrors,
  isDetailedCategory,
  postInputSchema,
  publishProblems,
  saveRequestSchema,
} from "./post-schema";
import { NEW_POST_ID } from "./blank-post";
import type { StudioRequest } from "./gate.server";
import type { SaveResponse } from "./save-response";

/** The sentence for a body whose images are not all described. */
export function missingAltMessage(sources: string[]): string {
  const named = sources.map((src) => src || "an image without an address");
  return `Every image in the body needs alt text (a description for people who cannot see it). Describe ${named.length === 1 ? "this image" : "these images"} or remove ${named.length === 1 ? "it" : "them"}: ${named.join(", ")}.`;
}

const invalid = (message: string, errors: Record<string, string> = {}) =>
  Response.json({ status: "invalid", message, errors } satisfies SaveResponse, {
    status: 400,
  });

/** The fields to store: checked, body sanitised, details only for their category. */
export function parsePostFields(
  input: unknown,
): { fields: PostFields } | { errors: Record<string, string> } {
  const parsed = postInputSchema.safeParse(input);
  if (!parsed.success) return { errors: fieldErrors(parsed.error) };
  const { meta, content, ...rest } = parsed.data;
  const body = sanitizePostHtml(content);
  const undescribed = imagesMissingAlt(body);
  if (undescribed.length > 0)
    return { errors: { content: missingAltMessage(undescribed) } };
  return {
    fields: {
      ...rest,
      content: body,
      // Another category's details never travel with a post; posts of other
      // categories keep whatever meta they were given by hand.
      meta: isDetailedCategory(rest.category) ? meta : (meta ?? null),
    },
  };
}

/** The editor's notice after a change, said by the server that knows what happened. */
type Notice = { title: string; description: string };

function answer(result: ChangeResult, notice?: Notice): Response {
  switch (result.status) {
    case "done":
      return Response.json({
        status: "saved",
        post: result.post,
        notice,
      } satisfies SaveResponse);
    case "conflict":
      return Response.json(
        { status: "conflict", current: result.current } satisfies SaveResponse,
        { status: 409 },
      );
    case "slug-taken":
      return invalid("Another post already uses this address.", {
        slug: `Another post already uses /post/${result.slug}. Choose another address.`,
      });
    case "refused":
      return invalid(result.message);
    case "missing":
      return Response.json(
        {
          status: "invalid",
          message: "This post no longer exists.",
          errors: {},
        } satisfies SaveResponse,
        { status: 404 },
      );
  }
}

export async function handleSave(
  studio: Pick<StudioRequest, "db" | "owner">,
  id: string,
  body: unknown,
  now = new Date(),
): Promise<Response> {
  const creating = id === NEW_POST_ID;
  if (!creating && !isPostId(id)) return answer({ status: "missing" });
  const request = saveRequestSchema.safeParse(body);
  if (!request.success)
    return invalid("The editor sent a request the server does not understand.");
  const { intent } = request.data;
  const context = { actor: studio.owner.name, now };
  const { db } = studio;
  if (creating && (intent === "unpublish" || intent === "unschedule"))
    return answer({ status: "missing" });
  if (intent === "unpublish")
    return answer(
      await unpublishPost(
        db,
        { id, baseVersion: request.data.baseVersion },
        context,
      ),
      {
        title: "Unpublished",
        description: "The post is a draft again; visitors no longer see it.",
      },
    );
  if (intent === "unschedule") {
    // The wish to mail the post goes with its schedule.
    const cancelled = await schedulePost(
      db,
      { id, baseVersion: request.data.baseVersion, at: null },
      context,
      (tx, postId) => setScheduledSend(tx, postId, false),
    );
    return answer(cancelled, {
      title: "Schedule cancelled",
      description: "The post stays a draft.",
    });
  }

  const parsed = parsePostFields(request.data.post);
  if ("errors" in parsed)
    return invalid(
      // A lone problem in the body (an undescribed image) is the message itself.
      Object.keys(parsed.errors).length === 1 && parsed.errors.content
        ? parsed.errors.content
        : "Some fields need attention.",
      parsed.errors,
    );
  if (intent === "publish" || intent === "schedule") {
    const problems = publishProblems(parsed.fields);
    if (Object.keys(problems).length > 0)
      return invalid("Some fields need attention before publishing.", problems);
  }
  const at = request.data.scheduledAt
    ? new Date(request.data.scheduledAt)
    : null;
  if (intent === "schedule" && !at)
    return invalid("Choose when to publish the post.", {
      scheduledAt: "Choose a date and time.",
    });
  const followsTitle = request.data.slugFollows === true;
  const saving = intent === "save" || intent === "autosave";
  let target = { id, baseVersion: request.data.baseVersion, followsTitle };
  if (creating) {
    // "New post" stored nothing; its first save stores it. A draft takes
    // the next free address; a typed one about to be published must be free.
    const created = await createDraft(db, parsed.fields, context, {
      followsTitle: followsTitle || saving,
    });
    if (created.status !== "done" || saving)
      return answer(created, savedNotice(intent));
    target = {
      id: created.post.id,
      baseVersion: created.post.version,
      followsTitle,
    };
  }
  if (saving)
    return answer(
      await savePost(
        db,
        {
          ...target,
          fields: parsed.fields,
          kind: intent === "autosave" ? "autosave" : "save",
        },
        context,
      ),
      savedNotice(intent),
    );
  const mail = request.data.alsoSend === true;
  // The text and the publish (or schedule) are one transaction.
  if (intent === "publish") {
    const before = creating ? undefined : await liveState(db, target.id);
    const published = await publishPost(
      db,
      { ...target, fields: parsed.fields },
      context,
    );
    if (published.status !== "done") return answer(published);
    const { post } = published;
    // An update changed what visitors see; a resent first publish (its
    // answer lost) changed nothing and answers as the first one did.
    const updated =
      before?.live === true &&
      (before.version !== post.version || !before.current);
    // "Also send to N subscribers": after the publish, so a mail never goes
    // for a post that is not out; queued once ever, whatever is clicked. A
    // wish left by a schedule is settled by this publish either way.
    await setScheduledSend(db, post.id, false);
    const queued =
      mail &&
      (await readNewsletterSettings(db)).enabled &&
      (await queueSend(db, post.id, post.title)).queued;
    const mailed = queued ? " It is queued for the newsletter." : "";
    return answer(
      published,
      updated
        ? { title: "Updated", description: "Visitors now see this version." }
        : {
            title: "Published",
            description: `Visitors can read it at /post/${post.slug}.${mailed}`,
          },
    );
  }
  // The wish is recorded with the schedule, in its transaction; the
  // scheduler queues it once the post is out.
  const wished = mail && (await readNewsletterSettings(db)).enabled;
  const scheduled = await schedulePost(
    db,
    { ...target, at, fields: parsed.fields },
    context,
    (tx, postId) => setScheduledSend(tx, postId, wished),
  );
  return answer(scheduled, {
    title: "Scheduled",
    description: `It will be published at the chosen time.${wished ? " The newsletter will mail it then." : ""}`,
  });
}

function savedNotice(intent: string): Notice | undefined {
  return intent === "save"
    ? { title: "Saved", description: "The working copy is saved." }
    : undefined;
}

/** Whether visitors see the post, and whether they see its working copy as it is. */
async function liveState(
  db: StudioRequest["db"],
  id: string,
): Promise<{ live: boolean; current: boolean; version?: number }> {
  const [live] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.id, id));
  const [row] = await db
    .select({
      version: studioPosts.version,
      publishedVersion: studioPosts.publishedVersion,
    })
    .from(studioPosts)
    .where(eq(studioPosts.postId, id));
  return {
    live: live !== undefined,
    current: row !== undefined && row.publishedVersion === row.version,
    version: row?.version,
  };
}
