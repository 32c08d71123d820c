// What a studio action answers: a notice (a toast) for the owner, and the
// HTTP status saying whether it was done.
import { useEffect } from "react";
import { data } from "react-router";

import { toast } from "~/lib/toast";
import type { ToastInput } from "~/lib/toast";

/** Done: a notice saying what happened, plus anything else the screen shows. */
export function doneNotice<Extra extends object = object>(
  title: string,
  description: string,
  extra?: Extra,
) {
  return data({
    notice: { title, description } as ToastInput,
    ...(extra as Extra),
  });
}

/** Not done: a destructive notice saying why, with its status, plus anything else the screen shows. */
export function refusedNotice<Extra extends object = object>(
  title: string,
  description: string,
  status: number,
  extra?: Extra,
) {
  return data(
    {
      notice: { title, description, variant: "destructive" } as ToastInput,
      ...(extra as Extra),
    },
    { status },
  );
}

/** Shows a notice once per value: the studio's action results carry their notices to the owner this way. */
export function useNotice(notice: ToastInput | undefined) {
  useEffect(() => {
    if (notice) toast(notice);
  }, [notice]);
}
