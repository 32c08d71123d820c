import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";

import type { Route } from "./+types/post-history";
import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import { useNotice } from "~/studio/notice";
import { listRevisions } from "~/data/studio-posts.server";
import type { PostRevision } from "~/data/studio-posts.server";
import { readFormWith } from "~/lib/form.server";
import { Icon } from "~/lib/icons";
import type { ToastInput } from "~/lib/toast";
import { restoreRevision } from "~database/post-lifecycle/edit";
import { POST_FIELD_NAMES, POST_FIELDS } from "~database/post-lifecycle/fields";
import { requireStudioOwner, requireStudioPost } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { Moment } from "~/studio/moment";
import { isPostId } from "~/studio/post-schema";
import { headingClass } from "~/studio/ui";

const KIND_LABELS: Record<string, string> = {
  create: "Created",
  save: "Saved",
  autosave: "Autosaved",
  publish: "Published",
  restore: "Restored from an earlier revision",
  import: "Imported from an archive",
};

function changedFields(
  revision: PostRevision,
  older: PostRevision | undefined,
) {
  if (!older) return [];
  return POST_FIELD_NAMES.filter(
    (name) =>
      JSON.stringify(revision.fields[name] ?? null) !==
      JSON.stringify(older.fields[name] ?? null),
  ).map((name) => ({
    field: POST_FIELDS[name].label,
    // Short fields show old → new; the body and details just say they changed.
    from:
      name === "content" || name === "meta"
        ? null
        : String(older.fields[name] ?? "—"),
    to:
      name === "content" || name === "meta"
        ? null
        : String(revision.fields[name] ?? "—"),
  }));
}

export async function loader(args: Route.LoaderArgs) {
  const { db, post } = await requireStudioPost(args);
  const revisions = await listRevisions(db, post.id);
  return data({
    post: { id: post.id, title: post.title, version: post.version },
    revisions: revisions.map((revision, index) => ({
      id: revision.id,
      version: revision.version,
      kind: revision.kind,
      createdAt: revision.createdAt,
      title: revision.fields.title,
      changes: changedFields(revision, revisions[index + 1]),
    })),
  });
}

const restoreSchema = z.object({
  intent: z.literal("restore"),
  revisionId: z.uuid(),
  baseVersion: z.coerce.number().int().min(0),
});

export async function action(args: Route.ActionArgs) {
  const { db, owner } = await requireStudioOwner(args);
  const form = await readFormWith(args.request, restoreSchema);
  const id = args.params.id;
  const refused = (description: string, status: number) =>
    data(
      {
        notice: {
          title: "Not restored",
          description,
          variant: "destructive",
        } as ToastInput,
      },
      { status },
    );
  if (!form.ok || !isPostId(id)) {
    return refused("The request did not say which revision to restore.", 400);
  }
  const result = await restoreRevision(
    db,
    {
      id,
      revisionId: form.data.revisionId,
      baseVersion: form.data.baseVersion,
    },
    { actor: owner.name },
  );
  switch (result.status) {
    case "done":
      throw redirect(`/studio/posts/${id}`);
    case "conflict":
      return refused(
        "The post was saved since this page was opened. The list below is now current; try again.",
        409,
      );
    case "slug-taken":
      return refused(
        `Another post now uses /post/${result.slug}, this revision's address.`,
        409,
      );
    default:
      return refused("This revision or post no longer exists.", 404);
  }
}

export default function StudioPostHistory({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { post, revisions } = loaderData;
  useNotice(actionData?.notice);
  return (
    <>
      <Link
        to={`/studio/posts/${post.id}`}
        className={`text-sm ${textLinkClass}`}
      >
        <Icon name="ArrowLeft" aria-hidden="true" className="h-4 w-4" />
        Back to the editor
      </Link>
      <h1 className={`${headingClass} mt-3`}>History: {post.title}</h1>
      <p className="mt-2 text-slate-300">
        Every save and publish, newest first. Restoring one makes it the working
        copy again, as a new revision; nothing here is lost.
      </p>
      <ol className="mt-6 space-y-4">
        {revisions.map((revision, index) => (
          <li key={revision.id} className={`${cardClass} p-4`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="font-semibold text-white">
                  {KIND_LABELS[revision.kind] ?? revision.kind}
                  {" · "}
                  <Moment iso={revision.createdAt} />
                </h2>
                <p className="text-sm text-slate-400">
                  Version {revision.version}: {revision.title}
                </p>
              </div>
              {index > 0 ? (
                <Form method="post">
                  <input type="hidden" name="revisionId" value={revision.id} />
                  <input
                    type="hidden"
                    name="baseVersion"
                    value={post.version}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="restore"
                    className={buttonClass("secondary", "sm")}
                  >
                    Restore
                    <span className="sr-only">
                      {" "}
                      version {revision.version} from {revision.createdAt}
                    </span>
                  </button>
                </Form>
              ) : (
                <span className="text-sm text-slate-400">Current</span>
              )}
            </div>
            {revision.changes.length > 0 ? (
              <ul className="mt-3 space-y-1 text-sm text-slate-200">
                {revision.changes.map((change) => (
                  <li key={change.field}>
                    <span className="font-semibold">{change.field}</span>
                    {change.from !== null ? (
                      <>
                        : <del className="text-rose-200">{change.from}</del> →{" "}
                        <ins className="text-emerald-200 no-underline">
                          {change.to}
                        </ins>
                      </>
                    ) : (
                      " changed"
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-400">
                {index === revisions.length - 1
                  ? "The first revision."
                  : "No field changed."}
              </p>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return studioMeta(
    { matches },
    loaderData ? `History: ${loaderData.post.title}` : "History",
  );
}
