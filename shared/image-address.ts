/**
 * A post's image address: one on this site ('/…', but never '//…' or
 * '/\\…', which browsers read as another host) or a web address, with no
 * backslash anywhere (browsers read one as a slash).
 */
export const IMAGE_ADDRESS = /^(?:\/(?![/\\])|https?:\/\/)[^\\]*$/;
