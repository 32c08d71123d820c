import { isRouteErrorResponse } from "react-router";

import type { Route } from "./+types/post-save";
import { servicesContext } from "~/context";
import { readJson } from "~/lib/form.server";
import { requireStudioOwner } from "~/studio/gate.server";
import { handleSave } from "~/studio/save-post.server";
import type { SaveResponse } from "~/studio/save-response";
import { errorMessage } from "~shared/error-message";

/** What the editor shows when the database cannot take the save (its text stays in the editor). */
export const DATABASE_UNAVAILABLE =
  "the database is unavailable right now. Your text is still here; try again in a moment.";

// The editor's saves (autosave, Ctrl/Cmd+S, publish, schedule, ...): JSON in, JSON out.
export async function action(args: Route.ActionArgs) {
  try {
    const studio = await requireStudioOwner(args);
    return await handleSave(
      studio,
      args.params.id,
      await readJson(args.request),
    );
  } catch (error) {
    // The gate's redirect to sign in, 403, a refused body: answers, not failures.
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    if (
      error &&
      typeof error === "object" &&
      "type" in error &&
      error.type === "DataWithResponseInit"
    )
      throw error;
    // Like the public pages' failed reads: the database is away, so 503.
    args.context.get(servicesContext).logger.error("studio save failed", {
      error: errorMessage(error),
      ...(error instanceof Error && error.cause
        ? { cause: errorMessage(error.cause) }
        : {}),
    });
    return Response.json(
      {
        status: "unavailable",
        message: DATABASE_UNAVAILABLE,
        errors: {},
      } satisfies SaveResponse,
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
}
