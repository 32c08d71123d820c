import { readNewsletterSettings } from "~/data/newsletter-settings.server";
import { requireStudioOwner } from "~/studio/gate.server";
import { previewMail } from "~/studio/newsletter.server";

import type { Route } from "./+types/newsletter-preview";

// GET /studio/newsletter/:id/preview: the post's mail as subscribers get it,
// its HTML as sent (styles inlined), for the owner to look at first.
export async function loader(args: Route.LoaderArgs) {
  const { db, env } = await requireStudioOwner(args);
  const { listName } = await readNewsletterSettings(db);
  const mail = /^[0-9a-f-]{36}$/.test(args.params.id)
    ? await previewMail(
        db,
        env.SITE_URL,
        listName || "Newsletter",
        args.params.id,
      )
    : undefined;
  if (!mail)
    return new Response("No published post has this id.", { status: 404 });
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // The mail's styles are attributes, as mail clients need; nothing runs.
      "Content-Security-Policy":
        "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'",
      "Cache-Control": "private, no-store",
    },
  });
}
