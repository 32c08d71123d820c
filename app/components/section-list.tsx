import { Suspense } from "react";
import type { ReactNode } from "react";
import { Await } from "react-router";

import type { ListResult } from "~/lib/content";

import { PageNotice } from "./ui/page-notices";
import { Reveal } from "./reveal";

/** A section's list, or (during client navigation) the promise of it. */
export type SectionListSource<T> = ListResult<T> | Promise<ListResult<T>>;

export interface SectionListProps<T> {
  /** The list, or (during client navigation) the promise of it. */
  list: SectionListSource<T>;
  /** The list's loading text, e.g. 'Loading values...'. */
  loadingText: string;
  /** The list's empty state heading, e.g. 'No Core Values Yet!'. */
  emptyTitle: string;
  emptyDescription?: string;
  /** Classes of the list element: the grid or stack the section uses. */
  className?: string;
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T) => string;
  /** Animate items in as they scroll into view. */
  reveal?: boolean;
}

/**
 * The one mechanism behind every "read a table, show cards" block: loading
 * text while pending, the empty state, the failure notice, then the items.
 */
export function SectionList<T>(props: SectionListProps<T>) {
  return (
    <Suspense fallback={<LoadingText text={props.loadingText} />}>
      <Await resolve={props.list}>
        {(list) => <ResolvedList {...props} list={list} />}
      </Await>
    </Suspense>
  );
}

function ResolvedList<T>({
  list,
  emptyTitle,
  emptyDescription,
  className,
  renderItem,
  getKey,
  reveal = true,
}: SectionListProps<T> & { list: ListResult<T> }) {
  // Outside the kept part: a failure's notice shows on the first load too.
  const shown =
    list.items.length === 0 ? (
      <EmptyState title={emptyTitle} description={emptyDescription} />
    ) : (
      <ul className={className}>
        {list.items.map((item, index) => (
          <li key={getKey(item)} className="flex">
            {reveal ? (
              <Reveal index={index} className="flex w-full">
                {renderItem(item, index)}
              </Reveal>
            ) : (
              renderItem(item, index)
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <PageNotice notice={list.ok ? undefined : list.notice} />
      {shown}
    </>
  );
}

export function LoadingText({ text }: { text: string }) {
  return (
    <p role="status" className="py-10 text-center text-slate-400">
      {text}
    </p>
  );
}

export function EmptyState({
  title,
  description,
}: {
  title: string;
  description?: string | undefined;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-white/15 px-6 py-12 text-center">
      <p className="font-serif text-xl font-semibold text-white">{title}</p>
      {description ? (
        <p className="mt-2 text-slate-400">{description}</p>
      ) : null}
    </div>
  );
}
