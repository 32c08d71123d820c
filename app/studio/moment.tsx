import { useHydrated } from "~/lib/hydrated";

import { formatMomentLocal, formatMomentUtc } from "./ui";

/** A moment: UTC in the server's HTML, the owner's own time zone once hydrated. */
export function Moment({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso}>
      {hydrated ? formatMomentLocal(iso) : formatMomentUtc(iso)}
    </time>
  );
}
