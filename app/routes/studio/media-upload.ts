import { data } from "react-router";

import type { Route } from "./+types/media-upload";
import { readForm } from "~/lib/form.server";
import { requireStudioOwner } from "~/studio/gate.server";
import { receiveUpload } from "~/studio/media/upload.server";

// POST /studio/media/upload: one image as multipart form data ('file', and
// optionally 'alt'), answered with JSON (UploadResult) for the studio's
// uploader, which shows the transfer's progress. The library's own form
// posts to /studio/media instead, for use without JavaScript.
export async function action(args: Route.ActionArgs) {
  const { db, logger, owner } = await requireStudioOwner(args);
  const form = await readForm(args.request);
  const { result, status } = await receiveUpload(db, logger, form, owner.name);
  return data(result, { status });
}
