// The inbox's inputs, one schema each, shared by the screens and their actions.
import { z } from "zod";

export const INBOX_FOLDERS = ["inbox", "archived", "trash"] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

/** What the owner can do to a message (besides retrying its mail). */
export const MESSAGE_CHANGES = [
  "unread",
  "archive",
  "unarchive",
  "trash",
  "restore",
] as const;
export type MessageChange = (typeof MESSAGE_CHANGES)[number];

/** ?folder= on the inbox: anything unknown is the inbox itself. */
export const folderSchema = z.enum(INBOX_FOLDERS).catch("inbox");

export const messageIdSchema = z.uuid();

/** What the buttons on one message send. */
export const messageActionSchema = z.object({
  intent: z.enum([...MESSAGE_CHANGES, "retry"]),
});
export type MessageAction = z.infer<typeof messageActionSchema>["intent"];

/**
 * The owner's reply, in their own mail program: the visitor's address, "Re:"
 * with the product name as saved, and the message quoted.
 */
export function replyHref(
  message: {
    name: string;
    email: string;
    message: string;
    createdAt: string;
  },
  productName: string,
): string {
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const when = new Date(message.createdAt).toUTCString();
  const body = `\n\nOn ${when}, ${message.name} wrote:\n${quoted}\n`;
  const params = new URLSearchParams({
    subject: `Re: Your message to Live ${productName}`,
    body,
  });
  // mailto: wants %20 for spaces, not the + of a query string.
  return `mailto:${message.email}?${params.toString().replaceAll("+", "%20")}`;
}
