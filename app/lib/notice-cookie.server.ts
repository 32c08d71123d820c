// Notices that must survive a redirect ('Post Deleted!' shows on the
// Content Hub the deletion sends you to). The cookie names a known notice and
// is read once; works the same with and without JavaScript.
import { createCookie } from "react-router";

import type { ToastInput } from "./toast";

const notices = {
  "post-deleted": {
    title: "Post Deleted!",
    description: "The post has been successfully deleted.",
  },
} as const satisfies Record<string, ToastInput>;

export type RedirectNotice = keyof typeof notices;

const noticeCookie = createCookie("notice", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/** Headers for a redirect whose destination should show `notice`. */
export async function withRedirectNotice(
  notice: RedirectNotice,
): Promise<HeadersInit> {
  return { "Set-Cookie": await noticeCookie.serialize(notice) };
}

/** The notice a redirect carried here, if any, and the headers that clear it. */
export async function takeRedirectNotice(request: Request): Promise<{
  notice: ToastInput | undefined;
  headers: HeadersInit | undefined;
}> {
  const key: unknown = await noticeCookie.parse(request.headers.get("Cookie"));
  if (typeof key !== "string" || !Object.hasOwn(notices, key)) {
    return { notice: undefined, headers: undefined };
  }
  return {
    notice: notices[key as RedirectNotice],
    headers: {
      "Set-Cookie": await noticeCookie.serialize("", { maxAge: 0 }),
    },
  };
}
