import { desc } from "drizzle-orm";

import type { Route } from "./+types/settings";
import {
  readNewsletterSettings,
  saveNewsletterSettings,
} from "~/data/newsletter-settings.server";
import { readSettings, saveSettings } from "~/data/site-settings.server";
import { newsletterSettingsSchema } from "~/lib/newsletter-schema";
import { readForm } from "~/lib/form.server";
import { mediaUrl, variantSizes } from "~/lib/media";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import {
  newsletterErrorsOf,
  NewsletterSettingsForm,
} from "~/studio/newsletter-settings-form";
import type { NewsletterSettingsErrors } from "~/studio/newsletter-settings-form";
import { doneNotice, refusedNotice } from "~/studio/notice";
import { SettingsForm } from "~/studio/settings-form";
import type { SettingsErrors } from "~/studio/settings-form";
import { settingsErrors, settingsSchema } from "~/studio/settings-schema";
import { headingClass } from "~/studio/ui";
import { recordActivity } from "~database/activity";
import { media } from "~database/schema";
import { fediverseHost } from "~shared/fediverse-handle";

/** Pictures offered for the portrait: the library's newest. */
const PORTRAIT_CHOICES = 60;

export async function loader(args: Route.LoaderArgs) {
  const { db, env } = await requireStudioOwner(args);
  const [settings, newsletter, pictures] = await Promise.all([
    // Straight from the table, not the request's copy: the screen shows
    // what is stored even while another instance's change is on its way.
    readSettings(db),
    // Read here, not in the site config every studio page loads.
    readNewsletterSettings(db),
    db
      .select({
        hash: media.hash,
        filename: media.filename,
        width: media.width,
        height: media.height,
      })
      .from(media)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(PORTRAIT_CHOICES),
  ]);
  return {
    settings,
    newsletter,
    contactToOverride: Boolean(env.CONTACT_TO),
    socialHost: fediverseHost(env.SITE_URL),
    timeZones: Intl.supportedValuesOf("timeZone"),
    pictures: pictures.map((picture) => {
      const largest = { width: picture.width, height: picture.height };
      return {
        value: mediaUrl(picture.hash, largest, "jpeg"),
        thumbnail: mediaUrl(
          picture.hash,
          variantSizes(largest)[0] ?? largest,
          "jpeg",
        ),
        filename: picture.filename,
      };
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const { db, owner } = await requireStudioOwner(args);
  const submitted = Object.fromEntries(await readForm(args.request));
  if (submitted.intent === "newsletter") return saveNewsletter(db, submitted);
  const form = settingsSchema.safeParse(submitted);
  if (!form.success) {
    const fields: SettingsErrors = settingsErrors(form.error);
    const count = Object.keys(fields).length;
    return refusedNotice(
      "Settings not saved",
      count === 1
        ? (Object.values(fields)[0] ?? "Check the form.")
        : `${count} fields need a change; each says why.`,
      400,
      { fields },
    );
  }
  await saveSettings(db, form.data);
  await recordActivity(db, {
    action: "update-settings",
    subjectType: "settings",
    subjectId: "site",
    summary: `Live ${form.data.productName}`,
    actor: owner.name,
  });
  return doneNotice(
    "Settings saved",
    "Every page shows them from its next visit.",
    { fields: {} as SettingsErrors },
  );
}

async function saveNewsletter(
  db: Parameters<typeof saveNewsletterSettings>[0],
  submitted: Record<string, unknown>,
) {
  const form = newsletterSettingsSchema.safeParse(submitted);
  if (!form.success) {
    const newsletterFields = newsletterErrorsOf(form.error.issues);
    return refusedNotice(
      "Newsletter not saved",
      Object.values(newsletterFields)[0] ?? "Check the form.",
      400,
      { newsletterFields },
    );
  }
  await saveNewsletterSettings(db, form.data);
  return doneNotice(
    form.data.newsletter === "on" ? "Newsletter on" : "Newsletter off",
    form.data.newsletter === "on"
      ? "Readers can subscribe from the next visit of each page."
      : "The join form sends nothing; every subscriber is kept.",
    { newsletterFields: {} as NewsletterSettingsErrors },
  );
}

export default function StudioSettings({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <h1 className={headingClass}>Settings</h1>
      <p className="mt-2 max-w-2xl text-slate-300">
        The site&apos;s name, words, links and picture, whether readers are
        counted, and whether the fediverse can follow it. Each page shows a
        change from its next visit.
      </p>
      <SettingsForm
        saved={loaderData.settings}
        pictures={loaderData.pictures}
        timeZones={loaderData.timeZones}
        contactToOverride={loaderData.contactToOverride}
        socialHost={loaderData.socialHost}
        serverErrors={
          actionData && "fields" in actionData ? actionData.fields : undefined
        }
        notice={actionData?.notice}
      />
      <NewsletterSettingsForm
        saved={loaderData.newsletter}
        serverErrors={
          actionData && "newsletterFields" in actionData
            ? actionData.newsletterFields
            : undefined
        }
      />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Settings");
}
