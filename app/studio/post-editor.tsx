// The edit screen's form: every field of a post, its category's details and
// the body, saved as the owner types (autosave), on Ctrl/Cmd+S, and by the
// buttons that publish, update, schedule or unpublish (use-post-saving.ts).
// A new post ("New post") is stored by its first save, not before.
import { lazy, Suspense, useCallback, useId, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import type { Location } from "react-router";

import type { StudioPost } from "~database/post-lifecycle/model";
import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import { useHydrated } from "~/lib/hydrated";
import { Icon } from "~/lib/icons";
import { toast } from "~/lib/toast";

import { CategoryDetails } from "./category-details";
import { ConflictScreen } from "./conflict-screen";
import { EditorPlaceholder } from "./editor-placeholder";
import { LeaveGuard } from "./leave-guard";
import { MediaPickerDialog } from "./media/media-picker-dialog";
import { Moment } from "./moment";
import type { SaveIntent } from "./post-editor-state";
import { SaveStatusLine, ScheduleForm, TextField } from "./post-fields";
import { PostSearchFields } from "./post-search-fields";
import { emptyDetails, isDetailedCategory } from "./post-schema";
import { StateBadge } from "./state-badge";
import { errorTextClass, labelClass } from "./ui";
import { NEW_POST_ID } from "./blank-post";
import { usePostSaving } from "./use-post-saving";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

export function PostEditor({
  post: initialPost,
  categories,
  alsoSendTo = 0,
  wished = false,
}: {
  post: StudioPost;
  categories: string[];
  /** Confirmed subscribers a first publish (or schedule) may mail the post to; 0: not offered. */
  alsoSendTo?: number;
  /** The owner asked for the post to be mailed when its schedule publishes it. */
  wished?: boolean;
}) {
  const navigate = useNavigate();
  const onCreated = useCallback(
    (created: StudioPost) =>
      // The stored post's own address, with the same editor (see post-edit.tsx).
      void navigate(`/studio/posts/${created.id}`, {
        replace: true,
        state: { editorKey: NEW_POST_ID },
      }),
    [navigate],
  );
  const saving = usePostSaving(initialPost, onCreated);
  const { post, form, errors, status, conflict, slugFollows, editorKey } =
    saving.state;
  const { send, update } = saving;
  const mounted = useHydrated();
  const [scheduling, setScheduling] = useState(false);
  const [pickingHero, setPickingHero] = useState(false);
  const [alsoSend, setAlsoSend] = useState(wished);
  const bodyLabelId = useId();
  const scheduleId = useId();
  const stored = post.id !== NEW_POST_ID;
  const { currentId } = saving;
  const staysHere = useCallback(
    (next: Location) => next.pathname === `/studio/posts/${currentId()}`,
    [currentId],
  );

  async function act(intent: SaveIntent, extra?: { scheduledAt?: string }) {
    // The server says what happened (mailed or not) in the notice.
    const result = await send(intent, { ...extra, alsoSend });
    if (result?.status !== "saved") return;
    if (result.notice) toast(result.notice);
    if (intent === "schedule") setScheduling(false);
  }

  async function preview() {
    const result = await send("save");
    if (result?.status === "saved")
      void navigate(`/studio/posts/${result.post.id}/preview`);
  }

  if (conflict) {
    return (
      <ConflictScreen
        mine={form}
        theirs={conflict}
        onKeepMine={saving.keepMine}
        onUseTheirs={saving.takeTheirs}
      />
    );
  }

  return (
    <div className="grid gap-8 max-lg:pb-24 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <LeaveGuard isDirty={saving.isDirty} staysHere={staysHere} />
      <div className="min-w-0 space-y-5">
        <TextField
          label="Title"
          value={form.title}
          error={errors.title}
          onChange={(title) => update({ title })}
          large
        />
        <TextField
          label="Address"
          hint={`/post/${form.slug}${slugFollows ? " (follows the title until you change it or publish)" : ""}`}
          value={form.slug}
          error={errors.slug}
          onChange={saving.updateSlug}
        />
        <TextField
          label="Excerpt"
          value={form.excerpt}
          error={errors.excerpt}
          onChange={(excerpt) => update({ excerpt })}
          multiline
        />
        <div>
          <p id={bodyLabelId} className={labelClass}>
            Body
          </p>
          <div className="mt-1.5">
            {mounted ? (
              <Suspense fallback={<EditorPlaceholder />}>
                <RichTextEditor
                  key={editorKey}
                  initialHtml={form.content}
                  labelledBy={bodyLabelId}
                  onChange={(content) => update({ content })}
                />
              </Suspense>
            ) : (
              <EditorPlaceholder />
            )}
          </div>
          {errors.content ? (
            <p className={errorTextClass}>{errors.content}</p>
          ) : null}
        </div>
        {isDetailedCategory(form.category) ? (
          <CategoryDetails
            category={form.category}
            value={form.meta}
            errors={errors}
            onChange={(meta) => update({ meta })}
          />
        ) : null}
        <PostSearchFields
          post={post}
          form={form}
          errors={errors}
          onChange={update}
        />
      </div>

      <aside aria-label="Publishing" className="space-y-5">
        <div className={`${cardClass} space-y-4 p-4`}>
          <div className="flex flex-wrap items-center gap-2">
            <StateBadge state={post.state} />
            {post.unpublishedChanges ? (
              <span className="text-xs text-amber-200">
                Unpublished changes
              </span>
            ) : null}
          </div>
          <SaveStatusLine status={status} />
          {post.scheduledAt ? (
            <p className="text-sm text-slate-300">
              Publishes <Moment iso={post.scheduledAt} />
            </p>
          ) : null}
          {/* On a phone the publishing card comes after every field, so its
              two main actions stay on screen in a bar at the bottom. */}
          <div className="editor-action-bar flex flex-col gap-2 max-lg:fixed max-lg:inset-x-0 max-lg:bottom-0 max-lg:z-30 max-lg:flex-row max-lg:border-t max-lg:border-white/10 max-lg:bg-slate-950/95 max-lg:p-3 max-lg:*:flex-1">
            <button
              type="button"
              onClick={() => void act("publish")}
              className={buttonClass("primary", "md")}
            >
              {post.live ? "Update" : "Publish"}
            </button>
            <button
              type="button"
              onClick={() => void act("save")}
              className={buttonClass("secondary", "md")}
            >
              Save
              <span
                className="text-xs font-normal text-slate-400 max-lg:hidden"
                aria-hidden="true"
              >
                Ctrl+S
              </span>
            </button>
          </div>
          {alsoSendTo > 0 && !post.live ? (
            <label className="flex gap-2 text-sm">
              <input
                type="checkbox"
                checked={alsoSend}
                onChange={(event) => setAlsoSend(event.target.checked)}
              />
              Also send to {alsoSendTo} subscriber{alsoSendTo === 1 ? "" : "s"}
            </label>
          ) : null}
          <div className="flex flex-col gap-2">
            <button
              type="button"
              onClick={() => void preview()}
              className={buttonClass("secondary", "md")}
            >
              Preview
            </button>
            {post.scheduledAt ? (
              <button
                type="button"
                onClick={() => void act("unschedule")}
                className={buttonClass("secondary", "md")}
              >
                Cancel schedule
              </button>
            ) : (
              <button
                type="button"
                aria-expanded={scheduling}
                aria-controls={scheduleId}
                onClick={() => setScheduling((open) => !open)}
                className={buttonClass("secondary", "md")}
              >
                Schedule...
              </button>
            )}
            {scheduling && !post.scheduledAt ? (
              <ScheduleForm
                id={scheduleId}
                error={errors.scheduledAt}
                onSchedule={(at) => void act("schedule", { scheduledAt: at })}
              />
            ) : null}
            {post.live ? (
              <button
                type="button"
                onClick={() => void act("unpublish")}
                className={buttonClass("danger", "md")}
              >
                Unpublish
              </button>
            ) : null}
          </div>
          {post.live ? (
            <a
              href={`/post/${post.liveSlug ?? post.slug}`}
              className={`text-sm ${textLinkClass}`}
            >
              View the live post
              <Icon
                name="ExternalLink"
                aria-hidden="true"
                className="h-4 w-4"
              />
            </a>
          ) : null}
          {stored ? (
            <Link
              to={`/studio/posts/${post.id}/history`}
              className={`block text-sm ${textLinkClass}`}
            >
              History
            </Link>
          ) : null}
        </div>

        <div className={`${cardClass} space-y-4 p-4`}>
          <TextField
            label="Category"
            value={form.category}
            error={errors.category}
            list={categories}
            onChange={(category) =>
              update({
                category,
                meta:
                  isDetailedCategory(category) && category !== form.category
                    ? emptyDetails(category)
                    : form.meta,
              })
            }
          />
          <TextField
            label="Author"
            value={form.author}
            error={errors.author}
            onChange={(author) => update({ author })}
          />
          <TextField
            label="Date"
            type="date"
            value={form.date}
            error={errors.date}
            onChange={(date) => update({ date })}
          />
          <TextField
            label="Hero image address"
            hint="An image on this site (/…) or https://…; leave empty for the default."
            value={form.image ?? ""}
            error={errors.image}
            onChange={(image) => update({ image })}
          />
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setPickingHero(true)}
            className={`${buttonClass("secondary", "sm")} w-full`}
          >
            Choose or upload a hero image
          </button>
          {form.image ? (
            <img
              src={form.image}
              alt="The hero image as chosen"
              className="aspect-video w-full rounded-lg border border-white/10 object-cover"
            />
          ) : null}
        </div>

        <MediaPickerDialog
          open={pickingHero}
          title="Hero image"
          describe={false}
          submitLabel="Use as hero image"
          onClose={() => setPickingHero(false)}
          onPick={(image) => update({ image: image.url })}
        />

        {stored ? (
          <Form method="post" action="/studio/posts">
            <input type="hidden" name="id" value={post.id} />
            <button
              type="submit"
              name="intent"
              value="trash"
              className={`${buttonClass("danger", "sm")} w-full`}
            >
              <Icon name="Trash2" aria-hidden="true" className="h-4 w-4" />
              Move to trash
            </button>
          </Form>
        ) : null}
      </aside>
    </div>
  );
}
