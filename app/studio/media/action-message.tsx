// What the last action on a part of the media screen did, as the screen
// shows it: the answer type the page's action and the cards' forms share.

/** What an action tells the screen: which image, and a sentence for the owner. */
export interface MediaActionResult {
  intent: "upload" | "alt" | "delete";
  id?: string;
  ok: boolean;
  message: string;
  /** The image is unused and the owner is asked to confirm its deletion. */
  confirm?: boolean;
}

/** What the last action on this part of the screen did. */
export function ActionMessage({
  result,
}: {
  result: MediaActionResult | undefined;
}) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-2 text-sm ${result.ok ? "text-emerald-300" : "text-rose-300"}`}
    >
      {result.message}
    </p>
  );
}
