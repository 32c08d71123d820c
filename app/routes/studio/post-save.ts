import type { Route } from "./+types/post-save";
import { readJson } from "~/lib/form.server";
import { requireStudioOwner } from "~/studio/gate.server";
import { handleSave } from "~/studio/save-post.server";

// The editor's saves (autosave, Ctrl/Cmd+S, publish, schedule, ...): JSON in, JSON out.
export async function action(args: Route.ActionArgs) {
  const studio = await requireStudioOwner(args);
  return handleSave(studio, args.params.id, await readJson(args.request));
}
