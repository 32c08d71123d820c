import { describe, expect, test } from "vitest";

import {
  CONTACT_LIMITS,
  contactNotice,
  contactTextOf,
  contactValuesFrom,
} from "./contact";
import { checkContact } from "./contact-schema";

const good = {
  name: "Dana O'Brien-Núñez",
  email: "dana@example.org",
  message: "Would you speak at our leadership breakfast?\n\nThanks!",
};

function form(entries: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe("contact validation", () => {
  test("a complete message passes, trimmed", () => {
    const result = checkContact({ ...good, name: `  ${good.name}  ` });
    expect(result).toEqual({ ok: true, data: good });
  });

  test.each([
    ["an absent field", { name: "Dana", email: "dana@example.org" }],
    ["an empty field", { ...good, email: "" }],
    ["a field of only whitespace", { ...good, name: "   \n\t " }],
  ])("%s counts as missing information", (_case, entries) => {
    const result = checkContact(contactValuesFrom(form(entries)));
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.missing).toBe(true);
  });

  test.each([
    ["email", "jordan@localhost", "Please enter a valid email address"],
    ["email", "not an email", "Please enter a valid email address"],
    ["email", `${"a".repeat(250)}@example.org`, "under 254 characters"],
    ["name", "x".repeat(CONTACT_LIMITS.name + 1), "under 100 characters"],
    ["name", "<script>alert(1)</script>", "can't contain"],
    ["name", "Robert'); DROP TABLE messages;--", "can't contain"],
    ["name", "Dana\r\nBcc: victim@example.org", "single line"],
    ["name", "Dana \uFFFD", "could not be read"],
    ["message", "m".repeat(CONTACT_LIMITS.message + 1), "under 5000"],
    ["message", "Hi <img src=x onerror=alert(1)>", "without HTML tags"],
    ["message", "<script>alert(1)</script>", "without HTML tags"],
    ["message", "null byte \u0000 here", "could not be read"],
  ] as const)(
    "%s %j is refused with a clear reason",
    (field, value, reason) => {
      const result = checkContact({ ...good, [field]: value });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.missing).toBe(false);
      expect(result.errors[field]).toContain(reason);
    },
  );

  test("plain text that merely looks like code is a message like any other", () => {
    for (const message of [
      "Is 3 < 4? And 5 > 2 :)",
      "SELECT * FROM mentors WHERE kind = 'patient'; -- a joke",
      "I <3 your trail notes",
    ]) {
      expect(checkContact({ ...good, message }).ok).toBe(true);
    }
  });

  test("a file in place of text is refused, and reads as empty when shown again", () => {
    const values = contactValuesFrom(
      form({ ...good, name: new Blob(["Dana"]) }),
    );
    const result = checkContact(values);
    expect(result.ok === false && result.errors.name).toBe(
      "The name must be text.",
    );
    expect(contactTextOf(values).name).toBe("");
  });
});

describe("contact notices", () => {
  test("are worded exactly as the site has them", () => {
    expect(contactNotice({ status: "sent" })).toEqual({
      title: "Message Sent!",
      description: "Thanks for reaching out. I'll get back to you soon!",
    });
    expect(
      contactNotice({
        status: "invalid",
        missing: true,
        errors: {},
        values: { name: "", email: "", message: "" },
      }),
    ).toEqual({
      title: "Missing Information",
      description: "Please fill out all fields before sending.",
    });
    expect(contactNotice({ status: "failed" })).toEqual({
      title: "Error Sending Message",
      description: "Something went wrong. Please try again later.",
    });
  });
});
