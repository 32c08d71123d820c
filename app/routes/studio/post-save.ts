import type { Route } from "./+types/post-save";
import { requireStudioOwner } from "~/studio/gate.server";
import { handleSave } from "~/studio/save-post.server";

// The editor's saves (autosave, Ctrl/Cmd+S, publish, schedule, ...): JSON in, JSON out.
export async function action(args: Route.ActionArgs) {
  const studio = await requireStudioOwner(args);
  const body: unknown = await args.request.json().catch(() => null);
  return handleSave(studio, args.params.id, body);
}
