import type { PostState } from "~database/post-lifecycle/model";
// The studio's form look, in the public site's visual language (page/styles.ts).

export const fieldClass =
  "mt-1.5 block w-full rounded-lg border border-white/15 bg-slate-900 px-3 py-2 text-white placeholder:text-slate-500 focus-visible:border-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 aria-[invalid=true]:border-rose-400";

export const labelClass = "text-sm font-medium text-slate-200";

export const hintClass = "mt-1 text-sm text-slate-400";

export const errorTextClass = "mt-1 text-sm text-rose-300";

export const headingClass = "font-serif text-3xl font-bold text-white";

/** Every state, in the order the studio shows them (the dashboard's counts, the list's filter). */
export const POST_STATES = [
  "published",
  "draft",
  "scheduled",
  "trash",
] as const satisfies ReadonlyArray<PostState>;

export const stateLabels: Record<PostState, string> = {
  published: "Published",
  draft: "Draft",
  scheduled: "Scheduled",
  trash: "In trash",
};

const stateClasses: Record<PostState, string> = {
  published: "border-emerald-400/40 bg-emerald-500/10 text-emerald-200",
  draft: "border-slate-400/40 bg-slate-500/10 text-slate-200",
  scheduled: "border-amber-300/50 bg-amber-300/10 text-amber-100",
  trash: "border-rose-400/40 bg-rose-500/10 text-rose-200",
};

export function stateBadgeClass(state: PostState): string {
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${stateClasses[state]}`;
}

const utcMoment = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A moment as the server can write it: in UTC, e.g. 'Nov 22, 2026, 9:30 PM UTC'. */
export function formatMomentUtc(iso: string): string {
  return `${utcMoment.format(new Date(iso))} UTC`;
}

/** The same moment in the owner's own time zone (in the browser). */
export function formatMomentLocal(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}
