// The edit screen's form: every field of a post, its category's details and
// the body, saved as the owner types (autosave), on Ctrl/Cmd+S, and by the
// buttons that publish, update, schedule or unpublish. Every save carries the
// version it was based on; a refused one opens the conflict screen.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";

import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import type { StudioPost } from "~/data/studio-posts.server";
import { useHydrated } from "~/lib/hydrated";
import { Icon } from "~/lib/icons";
import { toast } from "~/lib/toast";

import { CategoryDetails } from "./category-details";
import { ConflictScreen } from "./conflict-screen";
import { Moment } from "./moment";
import {
  detailsForForm,
  emptyDetails,
  isDetailedCategory,
  postInputSchema,
  publishProblems,
  fieldErrors,
  slugify,
} from "./post-schema";
import type { PostInput } from "./post-schema";
import { EditorPlaceholder } from "./editor-placeholder";
import { MediaPickerDialog } from "./media/media-picker-dialog";
import type { SaveResponse } from "./save-response";
import { StateBadge } from "./state-badge";
import { errorTextClass, fieldClass, hintClass, labelClass } from "./ui";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

/** Quiet time after the last keystroke before the working copy is saved. */
const AUTOSAVE_DELAY_MS = 1500;

type SaveIntent =
  "save" | "autosave" | "publish" | "schedule" | "unschedule" | "unpublish";

type SaveStatus =
  | { kind: "saved"; at: string }
  | { kind: "unsaved" }
  | { kind: "saving" }
  | { kind: "failed"; message: string };

export function formOf(post: StudioPost): PostInput {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    category: post.category,
    author: post.author,
    date: post.date,
    image: post.image ?? "",
    content: post.content,
    meta: detailsForForm(post.category, post.meta),
  };
}

/** A slug still following its title: never published, and untouched (or the starting 'untitled-…'). */
function followsTitle(post: StudioPost): boolean {
  return (
    !post.live &&
    (post.slug === slugify(post.title) ||
      /^untitled-[0-9a-f]{8}$/.test(post.slug))
  );
}

export function PostEditor({
  post: initialPost,
  categories,
}: {
  post: StudioPost;
  categories: string[];
}) {
  const navigate = useNavigate();
  const [post, setPost] = useState(initialPost);
  const [form, setForm] = useState<PostInput>(() => formOf(initialPost));
  const [slugFollows, setSlugFollows] = useState(() =>
    followsTitle(initialPost),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<SaveStatus>({
    kind: "saved",
    at: initialPost.updatedAt,
  });
  const [conflict, setConflict] = useState<StudioPost | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const mounted = useHydrated();
  const [scheduling, setScheduling] = useState(false);
  const [pickingHero, setPickingHero] = useState(false);
  const version = useRef(initialPost.version);
  const latest = useRef(form);
  const dirty = useRef(false);
  const conflictRef = useRef<StudioPost | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const bodyLabelId = useId();
  const scheduleId = useId();

  // What the next save sends: always the newest form.
  useEffect(() => {
    latest.current = form;
  }, [form]);

  const send = useCallback(
    (intent: SaveIntent, extra: { scheduledAt?: string } = {}) => {
      clearTimeout(timer.current);
      const run = async (): Promise<SaveResponse | null> => {
        if (conflictRef.current) return null;
        if (intent === "autosave" && !dirty.current) return null;
        const sentForm = latest.current;
        if (intent !== "unpublish" && intent !== "unschedule") {
          const checked = postInputSchema.safeParse(sentForm);
          const problems =
            intent === "publish" || intent === "schedule"
              ? publishProblems(sentForm)
              : {};
          if (!checked.success || Object.keys(problems).length > 0) {
            setErrors({
              ...(checked.success ? {} : fieldErrors(checked.error)),
              ...problems,
            });
            setStatus({
              kind: "failed",
              message: "Not saved: some fields need attention.",
            });
            return null;
          }
        }
        setStatus({ kind: "saving" });
        dirty.current = false;
        let result: SaveResponse;
        try {
          const response = await fetch(`/studio/posts/${post.id}/save`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              intent,
              baseVersion: version.current,
              post: sentForm,
              ...extra,
            }),
          });
          result = (await response.json()) as SaveResponse;
        } catch {
          dirty.current = true;
          setStatus({
            kind: "failed",
            message:
              "Not saved: the server could not be reached, or you were signed out. Your text is still here.",
          });
          return null;
        }
        if (result.status === "saved") {
          version.current = result.post.version;
          setPost(result.post);
          setErrors({});
          setStatus({ kind: "saved", at: result.post.updatedAt });
          // Typing during the save made the form newer than what was sent.
          if (latest.current !== sentForm) {
            dirty.current = true;
            setStatus({ kind: "unsaved" });
          }
        } else if (result.status === "conflict") {
          dirty.current = true;
          conflictRef.current = result.current;
          setConflict(result.current);
          setStatus({
            kind: "failed",
            message: "Not saved: this post changed elsewhere.",
          });
        } else {
          dirty.current = true;
          setErrors(result.errors);
          setStatus({
            kind: "failed",
            message: `Not saved: ${result.message}`,
          });
        }
        return result;
      };
      const next = queue.current.then(run, run);
      queue.current = next;
      return next;
    },
    [post.id],
  );

  const update = (changes: Partial<PostInput>) => {
    setForm((current) => {
      const next = { ...current, ...changes };
      if (slugFollows && changes.title !== undefined) {
        next.slug = slugify(changes.title) || current.slug;
      }
      return next;
    });
    dirty.current = true;
    setStatus({ kind: "unsaved" });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send("autosave"), AUTOSAVE_DELAY_MS);
  };

  // Ctrl/Cmd+S saves now, wherever the focus is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void send("save");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [send]);

  // Leaving with unsaved text asks first.
  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", onLeave);
    return () => {
      window.removeEventListener("beforeunload", onLeave);
      clearTimeout(timer.current);
    };
  }, []);

  async function act(intent: SaveIntent, extra?: { scheduledAt?: string }) {
    const result = await send(intent, extra);
    if (result?.status !== "saved") return;
    const notices: Partial<Record<SaveIntent, [string, string]>> = {
      publish: post.live
        ? ["Updated", "Visitors now see this version."]
        : ["Published", `Visitors can read it at /post/${result.post.slug}.`],
      schedule: ["Scheduled", "It will be published at the chosen time."],
      unschedule: ["Schedule cancelled", "The post stays a draft."],
      unpublish: [
        "Unpublished",
        "The post is a draft again; visitors no longer see it.",
      ],
      save: ["Saved", "The working copy is saved."],
    };
    const notice = notices[intent];
    if (notice) toast({ title: notice[0], description: notice[1] });
    if (intent === "schedule") setScheduling(false);
  }

  async function preview() {
    const result = await send("save");
    if (result?.status === "saved")
      void navigate(`/studio/posts/${post.id}/preview`);
  }

  if (conflict) {
    return (
      <ConflictScreen
        mine={form}
        theirs={conflict}
        onKeepMine={() => {
          version.current = conflict.version;
          conflictRef.current = null;
          setConflict(null);
          void send("save");
        }}
        onUseTheirs={() => {
          version.current = conflict.version;
          conflictRef.current = null;
          dirty.current = false;
          setPost(conflict);
          setForm(formOf(conflict));
          setEditorKey((key) => key + 1);
          setConflict(null);
          setStatus({ kind: "saved", at: conflict.updatedAt });
        }}
      />
    );
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
      <div className="space-y-5">
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
          onChange={(slug) => {
            setSlugFollows(false);
            update({ slug });
          }}
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
          <div className="flex flex-col gap-2">
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
                className="text-xs font-normal text-slate-400"
                aria-hidden="true"
              >
                Ctrl+S
              </span>
            </button>
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
          <Link
            to={`/studio/posts/${post.id}/history`}
            className={`block text-sm ${textLinkClass}`}
          >
            History
          </Link>
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
      </aside>
    </div>
  );
}

function SaveStatusLine({ status }: { status: SaveStatus }) {
  let text: ReactNode;
  switch (status.kind) {
    case "saved":
      text = (
        <>
          Saved <Moment iso={status.at} />
        </>
      );
      break;
    case "saving":
      text = "Saving...";
      break;
    case "unsaved":
      text = "Unsaved changes";
      break;
    case "failed":
      text = status.message;
  }
  return (
    <p
      role="status"
      className={`text-sm ${status.kind === "failed" ? "text-rose-300" : "text-slate-300"}`}
    >
      {text}
    </p>
  );
}

function ScheduleForm({
  id,
  error,
  onSchedule,
}: {
  id: string;
  error: string | undefined;
  onSchedule(iso: string): void;
}) {
  const inputId = useId();
  const [value, setValue] = useState(() => {
    // The start of the minute after next (one to two minutes away, so it is
    // still ahead when the owner presses Schedule), in their own time zone.
    const soon = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 16);
  });
  return (
    <div id={id} className="rounded-lg border border-white/10 p-3">
      <label htmlFor={inputId} className={labelClass}>
        Publish at (your time)
      </label>
      <input
        id={inputId}
        type="datetime-local"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className={fieldClass}
      />
      {error ? <p className={errorTextClass}>{error}</p> : null}
      <button
        type="button"
        onClick={() => {
          const at = new Date(value);
          if (!Number.isNaN(at.getTime())) onSchedule(at.toISOString());
        }}
        className={`${buttonClass("primary", "sm")} mt-3 w-full`}
      >
        Schedule
      </button>
    </div>
  );
}

function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  multiline = false,
  large = false,
  list,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  type?: "text" | "date";
  multiline?: boolean;
  large?: boolean;
  list?: string[];
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const shared = {
    id,
    value,
    "aria-invalid": error !== undefined,
    "aria-describedby": describedBy || undefined,
    className: `${fieldClass}${large ? " font-serif text-2xl" : ""}`,
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={3}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...shared}
          type={type}
          list={list ? `${id}-list` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {list ? (
        <datalist id={`${id}-list`}>
          {list.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorTextClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
