// The whole demo identity, the contact recipient and the counting of readers
// included: what a setting the owner never saved falls back to. A module of
// its own because app/config/site.ts is part of every page's first file
// (vite.config.ts), and what only the server needs stays out of every page's
// JavaScript.
import { defaultPublicSettings } from "./site";
import type { SiteSettings } from "./site";

export const defaultSettings: SiteSettings = {
  ...defaultPublicSettings,
  contactRecipient: "inbox@jordanavery.example",
  readerCounting: "on",
  socialWeb: "off",
  socialHandle: "jordan",
};
