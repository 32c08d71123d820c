// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * Text a visitor sent, as it may be stored: PostgreSQL refuses a NUL in
 * text (and a lone surrogate cannot be written as UTF-8), and no path,
 * query value or header this site keeps needs a control character.
 */
export function storableText(value: string): string {
  return value.toWellFormed().replace(CONTROL_CHARACTERS, "");
}
