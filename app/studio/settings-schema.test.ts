import { describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import {
  defaultPublicSettings,
  pageTitle,
  publicSettings,
  withPublicDefaults,
} from "~/config/site";

import {
  isTimeZone,
  settingsErrors,
  settingsSchema,
  settingsWithDefaults,
} from "./settings-schema";

const errorsOf = (changes: Record<string, string>) => {
  const result = settingsSchema.safeParse({ ...defaultSettings, ...changes });
  return result.success ? {} : settingsErrors(result.error);
};

describe("the settings form's schema", () => {
  test("the demo defaults pass as they are", () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings);
  });

  test("addresses must be https, each refused with its own message", () => {
    expect(errorsOf({ linkedInUrl: "http://www.linkedin.com/in/me" })).toEqual({
      linkedInUrl:
        "The LinkedIn address must be a full https:// address, like https://example.com/you.",
    });
    expect(errorsOf({ gitHubUrl: "github.com/me" }).gitHubUrl).toMatch(
      /^The GitHub address must be a full https:\/\/ address/,
    );
    expect(errorsOf({ twitterUrl: "javascript:alert(1)" }).twitterUrl).toMatch(
      /https:\/\//,
    );
    expect(errorsOf({ professionalUrl: "https://me.example/work" })).toEqual(
      {},
    );
  });

  test("mail addresses must be addresses", () => {
    expect(errorsOf({ email: "hello at example" })).toEqual({
      email:
        "The public mail address must be a mail address, like you@example.com.",
    });
    expect(errorsOf({ contactRecipient: "" }).contactRecipient).toMatch(
      /contact recipient must be a mail address/,
    );
  });

  test("counting readers is on or off, and a stored value that is neither is the default, on", () => {
    expect(errorsOf({ readerCounting: "off" })).toEqual({});
    expect(errorsOf({ readerCounting: "sometimes" })).toEqual({
      readerCounting: "Choose whether readers are counted.",
    });
    expect(settingsWithDefaults({ readerCounting: "off" }).readerCounting).toBe(
      "off",
    );
    expect(settingsWithDefaults({ readerCounting: true }).readerCounting).toBe(
      "on",
    );
  });

  test("the social web is off unless turned on, and its handle is a plain user name (a leading @ dropped)", () => {
    expect(settingsWithDefaults({}).socialWeb).toBe("off");
    expect(settingsWithDefaults({ socialWeb: "yes" }).socialWeb).toBe("off");
    expect(errorsOf({ socialWeb: "on" })).toEqual({});
    expect(errorsOf({ socialWeb: "maybe" })).toEqual({
      socialWeb: "Choose whether the site is followed from the social web.",
    });
    expect(
      settingsWithDefaults({ socialHandle: "@sam_lee" }).socialHandle,
    ).toBe("sam_lee");
    for (const handle of ["", "sam lee", "sam@example.com", "x".repeat(31)])
      expect(errorsOf({ socialHandle: handle }).socialHandle).toBe(
        "The handle is 1 to 30 letters, digits or underscores, like jordan.",
      );
  });

  test("words are trimmed and bounded, and cannot be empty", () => {
    expect(errorsOf({ ownerName: "   " })).toEqual({
      ownerName: "The owner's name cannot be empty.",
    });
    expect(errorsOf({ productName: "x".repeat(41) })).toEqual({
      productName: "The product name is at most 40 characters.",
    });
    expect(
      settingsSchema.parse({ ...defaultSettings, ownerName: "  Sam Lee " })
        .ownerName,
    ).toBe("Sam Lee");
  });

  test("words refuse line breaks and other control characters, and a stored one falls back", () => {
    expect(
      errorsOf({ ownerName: "Eve\r\nBEGIN:VEVENT\r\nSUMMARY:Free money" }),
    ).toEqual({
      ownerName:
        "The owner's name is one line: it cannot hold a line break, a tab or another control character.",
    });
    for (const control of ["\n", "\t", "\u0000", "\u007f", "\u0085"])
      expect(
        Object.keys(errorsOf({ description: `a${control}b` })),
        JSON.stringify(control),
      ).toEqual(["description"]);
    expect(
      settingsWithDefaults({ ownerName: "Eve\nBEGIN:VEVENT" }).ownerName,
    ).toBe(defaultSettings.ownerName);
  });

  test("time zones are IANA zones; locales are language tags; colours are #rrggbb", () => {
    expect(isTimeZone("Europe/Lisbon")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(errorsOf({ timeZone: "Nowhere" }).timeZone).toBe(
      "Choose a time zone from the list, like America/Boise.",
    );
    expect(errorsOf({ locale: "english" }).locale).toMatch(/language tag/);
    expect(errorsOf({ locale: "pt-BR" })).toEqual({});
    expect(errorsOf({ themeColor: "red" }).themeColor).toMatch(/#0f172a/);
    expect(
      settingsSchema.parse({ ...defaultSettings, themeColor: "#AABBCC" })
        .themeColor,
    ).toBe("#aabbcc");
  });

  test("the portrait is empty or a picture of the media library", () => {
    expect(
      errorsOf({
        portrait: "/media/0123456789abcdef0123-960x1200.jpg",
      }),
    ).toEqual({});
    expect(errorsOf({ portrait: "https://elsewhere.example/me.jpg" })).toEqual({
      portrait: "Choose a picture from the media library.",
    });
  });
});

describe("stored settings over the defaults", () => {
  test("nothing stored is the demo identity", () => {
    expect(settingsWithDefaults({})).toEqual(defaultSettings);
    expect(settingsWithDefaults(null)).toEqual(defaultSettings);
  });

  test("each saved field wins; a field that no longer fits falls back alone", () => {
    const settings = settingsWithDefaults({
      ownerName: "Sam Lee",
      productName: "Boldly",
      linkedInUrl: "http://insecure.example",
      email: 42,
      unknown: "ignored",
    });
    expect(settings).toEqual({
      ...defaultSettings,
      ownerName: "Sam Lee",
      productName: "Boldly",
    });
    expect(pageTitle("Home", settings.productName)).toBe("Home | Live Boldly");
  });

  test("pages carry only what the owner changed, never who receives the mail nor whether readers are counted", () => {
    expect(publicSettings(defaultSettings)).toEqual({});
    const shown = publicSettings({
      ...defaultSettings,
      productName: "Boldly",
      contactRecipient: "private@example.com",
      readerCounting: "off",
      socialWeb: "on",
      socialHandle: "sam",
    });
    expect(shown).toEqual({ productName: "Boldly" });
    expect(withPublicDefaults(shown)).toEqual({
      ...defaultPublicSettings,
      productName: "Boldly",
    });
  });
});
