import type { ReactNode } from "react";
import { data, redirect, useLocation, useRevalidator } from "react-router";
import { z } from "zod";

import type { Route } from "./+types/media";
import { PageLinks } from "~/components/page/page-links";
import { parseForm, readForm } from "~/lib/form.server";
import { pageHref } from "~/lib/page-href";
import { pageFromUrl } from "~/lib/page-param";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { ActionMessage } from "~/studio/media/action-message";
import type { MediaActionResult } from "~/studio/media/action-message";
import { ALT_MAX_LENGTH } from "~/studio/media/limits";
import { MediaCard } from "~/studio/media/media-card";
import {
  deleteMedia,
  findMediaUses,
  listMediaPage,
  updateMediaAlt,
} from "~/studio/media/media.server";
import { MediaUploader } from "~/studio/media/media-uploader";
import { receiveUpload } from "~/studio/media/upload.server";

export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const url = new URL(args.request.url);
  const page = pageFromUrl(url);
  if (page === null) throw data(null, { status: 404 });
  const list = await listMediaPage(db, page);
  // A page emptied by deletions shows the last page instead.
  if (page > list.pageCount) {
    throw redirect(pageHref(url.pathname, list.pageCount));
  }
  return data({
    items: list.items,
    pages: { page, pageCount: list.pageCount },
  });
}

const mediaFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("alt"),
    id: z.uuid(),
    alt: z
      .string()
      .trim()
      .max(
        ALT_MAX_LENGTH,
        `Alt text can be at most ${ALT_MAX_LENGTH} characters.`,
      ),
  }),
  z.object({
    intent: z.literal("delete"),
    id: z.uuid(),
    // The first Delete asks; only the second, confirmed one deletes.
    confirm: z.literal("yes").optional(),
  }),
]);
function answer(result: MediaActionResult, status = result.ok ? 200 : 400) {
  return data(result, { status });
}

export async function action(args: Route.ActionArgs) {
  const { db, logger, owner } = await requireStudioOwner(args);
  const form = await readForm(args.request);
  if (form.get("intent") === "upload") {
    // The library's form without JavaScript (with it, uploads go to /studio/media/upload).
    const { result, status } = await receiveUpload(
      db,
      logger,
      form,
      owner.name,
    );
    return answer(
      result.ok
        ? {
            intent: "upload",
            id: result.image.id,
            ok: true,
            message: `${result.image.filename} was uploaded.`,
          }
        : { intent: "upload", ok: false, message: result.message },
      status,
    );
  }
  const parsed = parseForm(form, mediaFormSchema);
  if (!parsed.ok) {
    return answer({ intent: "alt", ok: false, message: parsed.message });
  }
  const input = parsed.data;
  if (input.intent === "alt") {
    const updated = await updateMediaAlt(db, input.id, input.alt);
    return answer(
      updated
        ? { intent: "alt", id: input.id, ok: true, message: "Alt text saved." }
        : {
            intent: "alt",
            id: input.id,
            ok: false,
            message: "This image is no longer in the library.",
          },
      updated ? 200 : 404,
    );
  }
  if (!input.confirm) {
    const found = await findMediaUses(db, input.id);
    if (found && found.usedIn.length === 0) {
      return answer({
        intent: "delete",
        id: input.id,
        ok: true,
        confirm: true,
        message: `Delete ${found.filename} for good? No post uses it; this cannot be undone.`,
      });
    }
  }
  const deleted = await deleteMedia(db, input.id, owner.name);
  switch (deleted.status) {
    case "deleted":
      logger.info("image deleted", { id: input.id });
      return answer({
        intent: "delete",
        id: input.id,
        ok: true,
        message: `${deleted.filename} was deleted.`,
      });
    case "missing":
      return answer(
        {
          intent: "delete",
          id: input.id,
          ok: false,
          message: "This image is no longer in the library.",
        },
        404,
      );
    case "in-use":
      return answer(
        {
          intent: "delete",
          id: input.id,
          ok: false,
          message: `${deleted.filename} is still used in ${deleted.usedIn
            .map((use) => `“${use.title}”${use.note ? ` (${use.note})` : ""}`)
            .join(", ")}. Remove it there first; nothing was deleted.`,
        },
        409,
      );
  }
}

export default function StudioMedia({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-white">Media</h1>
      <p className="mt-2 max-w-2xl text-slate-300">
        Photos for posts. Each upload is stored in several sizes and formats, so
        visitors download only what their screen needs.
      </p>
      <MediaSection id="upload-heading" title="Upload">
        <MediaUploader onUploaded={() => void revalidator.revalidate()} />
        {actionData?.intent === "upload" ? (
          <ActionMessage result={actionData} />
        ) : null}
      </MediaSection>
      <MediaSection id="library-heading" title="Library">
        {loaderData.items.length === 0 ? (
          <p className="text-slate-300">No images yet. Upload one above.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {loaderData.items.map((item) => (
              <MediaCard
                key={item.id}
                item={item}
                // Without JavaScript the card's forms answer through the page's action.
                answered={actionData?.id === item.id ? actionData : undefined}
              />
            ))}
          </ul>
        )}
        <PageLinks pathname={pathname} info={loaderData.pages} label="Images" />
      </MediaSection>
    </>
  );
}

function MediaSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="font-serif text-xl font-semibold text-white">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Media");
}
