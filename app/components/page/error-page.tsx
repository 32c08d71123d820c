import type { ReactNode } from "react";

/** What a missing page says, wherever one is answered (the not-found route, root's boundary). */
export const notFoundText = {
  heading: "Page not found",
  detail:
    "The page you were looking for isn't here. It may have moved, or the link may be mistyped.",
} as const;

/**
 * The one page for a 404 or an error: a heading, a sentence that says what
 * happened, and the way back (`children`, links drawn as the kit's buttons;
 * left out where the frame around the page already shows the way, as the
 * studio's navigation does). `alert` announces the sentence when it replaces
 * a form the visitor just sent.
 */
export function ErrorPage({
  heading,
  detail,
  alert = false,
  children,
}: {
  heading: string;
  detail: ReactNode;
  alert?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="font-serif text-4xl font-bold tracking-tight text-white">
        {heading}
      </h1>
      <p role={alert ? "alert" : undefined} className="mt-4 text-slate-300">
        {detail}
      </p>
      {children === undefined ? null : (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {children}
        </div>
      )}
    </section>
  );
}
