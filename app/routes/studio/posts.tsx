import { useId } from "react";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";

import { restorePost, trashPost } from "~database/post-lifecycle/trash";
import type { Route } from "./+types/posts";
import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import { PageLinks } from "~/components/page/page-links";
import { useNotice } from "~/studio/notice";
import { viewsByPost } from "~/data/readers.server";
import { listStudioPostPage } from "~/data/studio-lists.server";
import type { StudioPostRow } from "~/data/studio-lists.server";
import { listCategories } from "~/data/studio-posts.server";
import { readFormWith } from "~/lib/form.server";
import { Icon } from "~/lib/icons";
import { pageHref } from "~/lib/page-href";
import { pageFromUrl } from "~/lib/page-param";
import { formatPostDate } from "~/lib/posts";
import type { ToastInput } from "~/lib/toast";
import { DataTable } from "~/studio/data-table";
import type { DataColumn } from "~/studio/data-table";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { Moment } from "~/studio/moment";
import { isPostId } from "~/studio/post-schema";
import { StateBadge } from "~/studio/state-badge";
import {
  fieldClass,
  headingClass,
  labelClass,
  POST_STATES,
  stateLabels,
} from "~/studio/ui";
import { TRASH_PERIOD } from "~shared/retention";

const filterSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  category: z.string().trim().max(60).catch(""),
  state: z.enum(POST_STATES).or(z.literal("")).catch(""),
});

export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const url = new URL(args.request.url);
  const page = pageFromUrl(url);
  if (page === null) throw data(null, { status: 404 });
  const params = url.searchParams;
  const filter = filterSchema.parse({
    q: params.get("q") ?? "",
    category: params.get("category") ?? "",
    state: params.get("state") ?? "",
  });
  const [list, categories] = await Promise.all([
    listStudioPostPage(
      db,
      {
        query: filter.q || undefined,
        category: filter.category || undefined,
        state: filter.state || undefined,
      },
      page,
    ),
    listCategories(db),
  ]);
  // A page emptied by the trash (or an old link) shows the last page instead.
  if (page > list.pageCount) {
    throw redirect(
      pageHref(url.pathname, list.pageCount, filterParams(filter)),
    );
  }
  const views = await viewsByPost(
    db,
    list.posts.map((post) => post.id),
    new Date(),
  );
  return data({
    filter,
    categories,
    total: list.total,
    pages: { page: list.page, pageCount: list.pageCount },
    posts: list.posts.map((post) => ({
      views: views.get(post.id) ?? 0,
      id: post.id,
      title: post.title,
      slug: post.slug,
      category: post.category,
      date: post.date,
      state: post.state,
      unpublishedChanges: post.unpublishedChanges,
      scheduledAt: post.scheduledAt,
      deletedAt: post.deletedAt,
    })),
  });
}

/** The filter as the URL carries it (only what is set), for the page links. */
function filterParams(filter: z.infer<typeof filterSchema>) {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== ""),
  );
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("trash"), id: z.string() }),
  z.object({ intent: z.literal("restore"), id: z.string() }),
]);

export async function action(args: Route.ActionArgs) {
  const { db, owner } = await requireStudioOwner(args);
  const form = await readFormWith(args.request, actionSchema);
  const notice = (title: string, description: string, status: number) =>
    data(
      { notice: { title, description, variant: "destructive" } as ToastInput },
      { status },
    );
  if (!form.ok) {
    return notice("Not done", "The request did not say what to do.", 400);
  }
  const context = { actor: owner.name };
  if (!isPostId(form.data.id)) {
    return notice("Not found", "This post no longer exists.", 404);
  }
  const change =
    form.data.intent === "trash"
      ? await trashPost(db, { id: form.data.id }, context)
      : await restorePost(db, { id: form.data.id }, context);
  if (change.status === "slug-taken") {
    return notice(
      "Not restored",
      `Another post now uses /post/${change.slug}. Change that post's address first.`,
      409,
    );
  }
  if (change.status !== "done") {
    return notice("Not found", "This post no longer exists.", 404);
  }
  return data({
    notice: {
      title: form.data.intent === "trash" ? "Moved to trash" : "Restored",
      description:
        form.data.intent === "trash"
          ? `“${change.post.title}” is in the trash for ${TRASH_PERIOD}.`
          : `“${change.post.title}” is back${change.post.live ? " on the site" : ""}.`,
    } as ToastInput,
  });
}

export default function StudioPosts({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { filter, categories, posts, total, pages } = loaderData;
  const { pathname } = useLocation();
  useNotice(actionData?.notice);
  const resultsId = useId();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className={headingClass}>Posts</h1>
        {/* Opens an empty editor; nothing is stored until the owner writes. */}
        <Link to="/studio/posts/new" className={buttonClass("primary", "md")}>
          <Icon name="Pencil" aria-hidden="true" className="h-4 w-4" />
          New post
        </Link>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Find posts"
        className={`${cardClass} mt-6 grid gap-4 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end`}
      >
        <div>
          <label htmlFor="posts-q" className={labelClass}>
            Search by title
          </label>
          <input
            id="posts-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            className={fieldClass}
          />
        </div>
        <FilterSelect
          name="category"
          label="Category"
          value={filter.category}
          all="All categories"
          options={categories
            .filter((category) => category !== "")
            .map((category) => ({ value: category, label: category }))}
        />
        <FilterSelect
          name="state"
          label="State"
          value={filter.state}
          all="All states"
          options={POST_STATES.map((state) => ({
            value: state,
            label: stateLabels[state],
          }))}
        />
        <button type="submit" className={buttonClass("secondary", "md")}>
          Filter
        </button>
      </Form>

      <p id={resultsId} className="mt-6 text-sm text-slate-400" role="status">
        {total === 1 ? "1 post" : `${total} posts`}
      </p>
      <DataTable
        look="list"
        caption="Posts"
        columns={postColumns}
        rows={posts}
        rowKey={(post) => post.id}
        empty="No posts match."
        describedBy={resultsId}
      />
      <PageLinks
        pathname={pathname}
        info={pages}
        label="Posts"
        params={filterParams(filter)}
      />
    </>
  );
}

/** One of the list's filters: a choice, or everything. */
function FilterSelect({
  name,
  label,
  value,
  all,
  options,
}: {
  name: string;
  label: string;
  value: string;
  all: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const id = `posts-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={fieldClass}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

type PostRowData = Omit<StudioPostRow, "live" | "updatedAt"> & {
  views: number;
};

const postColumns: ReadonlyArray<DataColumn<PostRowData>> = [
  {
    key: "title",
    heading: "Title",
    cell: (post) => (
      <>
        {post.state === "trash" ? (
          <span className="font-semibold text-white">{post.title}</span>
        ) : (
          <Link
            to={`/studio/posts/${post.id}`}
            className="font-semibold text-white hover:text-emerald-200 hover:underline"
          >
            {post.title}
          </Link>
        )}
        <div className="text-xs text-slate-400">/post/{post.slug}</div>
      </>
    ),
  },
  {
    key: "state",
    heading: "State",
    cell: (post) => (
      <>
        <StateBadge state={post.state} />
        {post.unpublishedChanges ? (
          <div className="mt-1 text-xs text-amber-200">Unpublished changes</div>
        ) : null}
        {post.scheduledAt ? (
          <div className="mt-1 text-xs text-slate-300">
            <Moment iso={post.scheduledAt} />
          </div>
        ) : null}
        {post.deletedAt ? (
          <div className="mt-1 text-xs text-slate-400">
            Deleted <Moment iso={post.deletedAt} />
          </div>
        ) : null}
      </>
    ),
  },
  {
    key: "category",
    heading: "Category",
    className: "text-slate-300",
    cell: (post) => post.category || "—",
  },
  {
    key: "date",
    heading: "Date",
    className: "whitespace-nowrap text-slate-300",
    cell: (post) => (
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
    ),
  },
  {
    key: "views",
    heading: "Views, 30 days",
    align: "right",
    className: "text-slate-300",
    cell: (post) => post.views.toLocaleString("en-US"),
  },
  {
    key: "actions",
    heading: <span className="sr-only">Actions</span>,
    className: "text-right whitespace-nowrap",
    cell: (post) => <PostActions post={post} />,
  },
];

/** Trash, or Restore from the trash. */
function PostActions({ post }: { post: PostRowData }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="id" value={post.id} />
      {post.state === "trash" ? (
        <button
          type="submit"
          name="intent"
          value="restore"
          className={textLinkClass}
        >
          Restore<span className="sr-only"> {post.title}</span>
        </button>
      ) : (
        <button
          type="submit"
          name="intent"
          value="trash"
          className="inline-flex items-center gap-1.5 font-semibold text-rose-200 hover:underline"
        >
          <Icon name="Trash2" aria-hidden="true" className="h-4 w-4" />
          Trash<span className="sr-only"> {post.title}</span>
        </button>
      )}
    </Form>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Posts");
}
