// XML text and attribute escaping, and removal of the characters XML 1.0
// cannot carry at all (control characters pasted into content).
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
