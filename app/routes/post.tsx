import { data, Link, redirect } from "react-router";
import { z } from "zod";

import { trashPost } from "~database/post-lifecycle/trash";
import { checkOwner } from "~/auth/viewer.server";
import { DeferredValue } from "~/components/deferred-value";
import { ErrorPage } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { DeletePostDialog } from "~/components/posts/delete-post-dialog";
import { SharePost } from "~/components/posts/share-post";
import { NewsletterAfterPost } from "~/components/newsletter/join-form";
import { activityLink, PostResponses } from "~/components/posts/post-responses";
import { WhereNext } from "~/components/posts/where-next";
import type { DeletePostResult } from "~/components/posts/delete-post-dialog";
import {
  BackToAllPosts,
  POST_HERO_SIZES,
  PostArticle,
  useDocumentTitle,
} from "~/components/posts/post-article";
import { LoadingText } from "~/components/section-list";
import { PageNotice } from "~/components/ui/page-notices";
import { servicesContext } from "~/context";
import type { AppServices } from "~/context";
import { readPostBySlug } from "~/data/posts.server";
import { newsletterForPage } from "~/data/newsletter-settings.server";
import { readPostResponses } from "~/data/fediverse-responses.server";
import type { PostResponses as PostResponsesData } from "~/data/fediverse-responses.server";
import { readWhereNext } from "~/data/where-next.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { findMovedPostSlug } from "~/data/studio-posts.server";
import type { Post } from "~/data/posts.server";
import type { WhereNext as WhereNextPosts } from "~/data/where-next.server";
import { readFormWith } from "~/lib/form.server";
import { Icon } from "~/lib/icons";
import type { NewsletterSettings } from "~/lib/newsletter-schema";
import { imagePreloadLink } from "~/lib/image-preload.server";
import { inlineImage } from "~/lib/inline-image.server";
import { withRedirectNotice } from "~/lib/notice-cookie.server";
import {
  anchorHeadings,
  CONTENTS_MIN_HEADINGS,
} from "~/lib/post-contents.server";
import type { ContentsEntry } from "~/lib/post-contents.server";
import { isRouteSlug } from "~/lib/posts";
import { postSearchView } from "~/lib/post-search";
import type { PostSearchView } from "~/lib/post-search";
import { pageMeta } from "~/lib/seo";
import { shareLinks } from "~/lib/share-links.server";
import type { ShareLink } from "~/lib/share-links.server";
import {
  addStructuredData,
  blogPostingJsonLd,
} from "~/lib/structured-data.server";
import type { ToastInput } from "~/lib/toast";
import { errorMessage } from "~shared/error-message";
import { fediverseHandle } from "~shared/fediverse-handle";

import type { Route } from "./+types/post";

type PostRead =
  | {
      status: "found";
      post: Post;
      /** The hero image inside the page, when it is small (inline-image.server.ts). */
      heroSrc: string | null;
      /** The contents list (none for a post with fewer than three headings). */
      headings: ContentsEntry[];
      /** What search results and shared cards show of it (decision 043); its own `url` is what the share links carry. */
      search: PostSearchView;
      share: ShareLink[];
      whereNext: WhereNextPosts;
      /** Off: no join form under the post. */
      newsletter: NewsletterSettings;
      /** The social web's handle and responses, while the owner has it on. */
      social: {
        handle: string;
        siteUrl: string;
        responses: PostResponsesData;
      } | null;
    }
  | { status: "missing" }
  | { status: "failed"; notice: ToastInput };

export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, env } = services;
  if (!isRouteSlug(params.slug)) {
    return data({ post: { status: "missing" } as PostRead }, { status: 404 });
  }
  let movedTo: string;
  try {
    const found = await readPostBySlug(db, params.slug);
    if (found) {
      const { search: searchFields, ...post } = found;
      const shown = { ...post, ...searchFields };
      addStructuredData(
        services,
        blogPostingJsonLd(shown, env.SITE_URL, services.settings),
      );
      const [heroSrc, whereNext, newsletter, social] = await Promise.all([
        inlineImage(post.image),
        readWhereNextOrNothing(services, post.id),
        newsletterForPage(services),
        readSocialOrNothing(services, post.id),
      ]);
      const preload = heroSrc
        ? null
        : imagePreloadLink(post.image, POST_HERO_SIZES);
      const { html, headings } = anchorHeadings(post.html);
      const search = postSearchView(shown, {
        siteUrl: env.SITE_URL,
        productName: services.settings.productName,
      });
      const read: PostRead = {
        status: "found",
        post: { ...post, html },
        heroSrc,
        headings: headings.length >= CONTENTS_MIN_HEADINGS ? headings : [],
        search,
        share: shareLinks(search.url, post.title),
        whereNext,
        newsletter,
        social,
      };
      return data(
        { post: read },
        preload ? { headers: { Link: preload } } : undefined,
      );
    }
    // A post whose slug changed in the studio keeps its old links alive.
    const moved = await findMovedPostSlug(db, params.slug);
    if (!moved) {
      return data({ post: { status: "missing" } as PostRead }, { status: 404 });
    }
    movedTo = moved;
  } catch (error) {
    const notice: ToastInput = {
      title: "Error",
      description: "Could not fetch the post.",
    };
    reportReadFailure(services, `post ${params.slug}`, notice).report(error);
    return data(
      { post: { status: "failed", notice } as PostRead },
      { status: 503 },
    );
  }
  throw redirect(`/post/${encodeURIComponent(movedTo)}`, 301);
}

const NOWHERE_NEXT: WhereNextPosts = {
  previous: null,
  next: null,
  related: [],
};

/** The post stays readable when its neighbours cannot be read; the page is then not kept. */
async function readWhereNextOrNothing(
  services: AppServices,
  postId: string,
): Promise<WhereNextPosts> {
  try {
    return await readWhereNext(services.db, postId);
  } catch (error) {
    reportReadFailure(services, "where next").report(error);
    return NOWHERE_NEXT;
  }
}

/** The post stays readable when its responses cannot be read. */
async function readSocialOrNothing(
  services: AppServices,
  postId: string,
): Promise<{
  handle: string;
  siteUrl: string;
  responses: PostResponsesData;
} | null> {
  if (services.settings.socialWeb !== "on") return null;
  try {
    return {
      handle: fediverseHandle(
        services.settings.socialHandle,
        services.env.SITE_URL,
      ),
      siteUrl: services.env.SITE_URL,
      responses: await readPostResponses(services.db, postId),
    };
  } catch (error) {
    reportReadFailure(services, "responses").report(error);
    return null;
  }
}

// The hero image's preload (the loader's Link header) goes with the document.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const deleteFormSchema = z.object({
  intent: z.literal("delete"),
  id: z.uuid(),
});

function refused(description: string, status: number) {
  const result: DeletePostResult = {
    notice: { title: "Error Deleting Post", description },
  };
  return data(result, { status });
}

/** Moves the post to the studio's trash, for the site owner only (the server decides who may: docs/AUTH.md). */
export async function action({ context, request }: Route.ActionArgs) {
  const { auth, db, logger } = context.get(servicesContext);
  const form = await readFormWith(request, deleteFormSchema);
  try {
    const owner = await checkOwner(request, auth);
    if (!owner.ok) {
      return refused(
        owner.status === 403
          ? "Only the site owner can delete posts."
          : "Only the site owner can delete posts. Please sign in.",
        403,
      );
    }
    if (!form.ok) {
      return refused("The request did not say which post to delete.", 400);
    }
    // Into the studio's trash, restorable for 30 days; never lost at once.
    const trashed = await trashPost(
      db,
      { id: form.data.id },
      { actor: owner.owner.name },
    );
    if (trashed.status !== "done") {
      return refused("This post no longer exists.", 404);
    }
  } catch (error) {
    logger.error("post delete failed", { error: errorMessage(error) });
    return refused("Something went wrong. Please try again later.", 500);
  }
  return redirect("/content-hub", {
    headers: await withRedirectNotice("post-deleted"),
  });
}

export default function PostPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <PageNotice notice={actionData?.notice} />
      <DeferredValue
        value={loaderData.post}
        fallback={<LoadingText text="Loading post..." />}
      >
        {(read) =>
          read.status === "found" ? (
            <PostArticle
              post={read.post}
              heroSrc={read.heroSrc}
              headings={read.headings}
              documentTitle={read.search.documentTitle}
              after={
                <>
                  <SharePost
                    url={read.search.url}
                    title={read.post.title}
                    links={read.share}
                  />
                  {read.social ? (
                    <PostResponses
                      handle={read.social.handle}
                      responses={read.social.responses}
                    />
                  ) : null}
                  {read.newsletter.enabled ? (
                    <NewsletterAfterPost
                      settings={read.newsletter}
                      source={`/post/${read.post.slug}`}
                    />
                  ) : null}
                  <WhereNext posts={read.whereNext} />
                </>
              }
              actions={
                <>
                  <Link
                    to={`/edit-post/${read.post.slug}`}
                    className={buttonClass("secondary", "sm")}
                  >
                    <Icon
                      name="Pencil"
                      aria-hidden="true"
                      className="h-4 w-4"
                    />
                    Edit
                  </Link>
                  <DeletePostDialog
                    postId={read.post.id}
                    postTitle={read.post.title}
                  />
                </>
              }
            />
          ) : (
            <PostNotFound
              notice={read.status === "failed" ? read.notice : undefined}
            />
          )
        }
      </DeferredValue>
    </>
  );
}

function PostNotFound({ notice }: { notice: ToastInput | undefined }) {
  useDocumentTitle("Post not found");
  return (
    <>
      <PageNotice notice={notice} />
      <ErrorPage
        heading="Post not found."
        detail="It may have been moved or removed. Every post is listed in the Content Hub."
      >
        <BackToAllPosts />
      </ErrorPage>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const read = args.loaderData?.post;
  if (read && !(read instanceof Promise) && read.status === "found") {
    // The post's search fields, or what stands in for them (post-search.ts).
    const { search } = read;
    const alternate = read.social
      ? [
          activityLink(
            new URL(
              `/post/${encodeURIComponent(read.post.slug)}`,
              read.social.siteUrl,
            ).href,
          ),
        ]
      : [];
    return [
      ...pageMeta(args, {
        page: read.post.title,
        title: search.documentTitle,
        description: search.description,
        image: search.image,
        canonical: search.canonical,
        type: "article",
        article: {
          publishedTime: read.post.date,
          section: read.post.category,
          author: read.post.author,
        },
      }),
      ...alternate,
    ];
  }
  return pageMeta(args, {
    page: read && !(read instanceof Promise) ? "Post not found" : "Post",
    description: "A post from the Content Hub.",
    noindex: true,
  });
}
