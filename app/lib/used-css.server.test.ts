import { expect, test } from "vitest";

import { parseStylesheet } from "./css-parse.server";
import { documentClasses, documentTags, usedCss } from "./used-css.server";

const sheet = parseStylesheet(
  [
    "/*! tailwindcss */",
    "@layer theme,base,utilities;",
    "@layer theme{:root,:host{--color-red:red;--color-blue:blue;--font:var(--font-sans);--font-sans:serif}}",
    "@layer base{h1{margin:0}}",
    "@layer utilities{.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}",
    ".hover\\:bg-white\\/10:hover{background:#fff1}",
    "@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:grid{display:grid}}",
    ".group:hover .group-hover\\:underline{text-decoration:underline}",
    ":where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}",
    ".\\32 xl\\:px-2\\.5{padding-inline:.625rem}",
    ".\\[\\&_a\\]\\:underline a{text-decoration:underline}",
    "}",
    "body{font-family:var(--font)}",
    '@property --tw-used{syntax:"*";inherits:false}',
    '@property --tw-unused{syntax:"*";inherits:false}',
    ".ring{--tw-used:1px;box-shadow:0 0 0 var(--tw-used)}",
    '[data-reveal="pending"]{opacity:0}',
    "@keyframes spin{to{transform:rotate(1turn)}}",
  ].join(""),
);

test("keeps the rules whose classes the document uses, and every rule without a class", () => {
  const css = usedCss(
    sheet,
    new Set([
      "text-red",
      "hover:bg-white/10",
      "sm:flex",
      "2xl:px-2.5",
      "[&_a]:underline",
      "space-y-2",
    ]),
  );
  expect(css).toBe(
    [
      "@layer theme,base,utilities;",
      "@layer theme{:root,:host{--color-red:red;--font:var(--font-sans);--font-sans:serif}}",
      "@layer base{h1{margin:0}}",
      "@layer utilities{.text-red{color:var(--color-red)}",
      ".hover\\:bg-white\\/10:hover{background:#fff1}",
      "@media (width>=40rem){.sm\\:flex{display:flex}}",
      ":where(.space-y-2>:not(:last-child)){margin-block-end:.5rem}",
      ".\\32 xl\\:px-2\\.5{padding-inline:.625rem}",
      ".\\[\\&_a\\]\\:underline a{text-decoration:underline}",
      "}",
      "body{font-family:var(--font)}",
      '[data-reveal="pending"]{opacity:0}',
      "@keyframes spin{to{transform:rotate(1turn)}}",
    ].join(""),
  );
});

test("a rule needing two classes stays only when both are there; @property follows its variable", () => {
  expect(usedCss(sheet, new Set(["group-hover:underline"]))).not.toContain(
    "group-hover",
  );
  const css = usedCss(
    sheet,
    new Set(["group", "group-hover:underline", "ring"]),
  );
  expect(css).toContain(".group:hover .group-hover\\:underline");
  expect(css).toContain("@property --tw-used");
  expect(css).not.toContain("--tw-unused");
  expect(css).not.toContain("--color-blue");
});

test("reads classes from HTML and SVG class attributes, entities decoded", () => {
  expect(
    documentClasses(
      '<div class="a  b\n c"><svg class="icon"></svg><p class="[&amp;_a]:underline"></p><p data-class="x"></p></div>',
    ),
  ).toEqual(new Set(["a", "b", "c", "icon", "[&_a]:underline"]));
});

test("given the document's elements, a rule for elements it lacks goes; functions, :not() and alternatives never drop a rule", () => {
  const elements = parseStylesheet(
    [
      "hr{height:0}",
      "sub,sup{font-size:75%}",
      "table{border-collapse:collapse}",
      "li:nth-child(odd){color:red}",
      "p:not(code){margin:0}",
      ":is(kbd,p){font:inherit}",
      ":where(select:is([multiple],[size])) optgroup{font-weight:bolder}",
      ".post-content pre{overflow:auto}",
      ".post-content>p{margin:1em}",
      "::placeholder{opacity:1}",
    ].join(""),
  );
  const html =
    '<main class="post-content"><p>Hi<sup>1</sup></p><ul><li>a</li></ul></main>';
  expect(usedCss(elements, documentClasses(html), documentTags(html))).toBe(
    [
      "sub,sup{font-size:75%}",
      "li:nth-child(odd){color:red}",
      "p:not(code){margin:0}",
      ":is(kbd,p){font:inherit}",
      ".post-content>p{margin:1em}",
      "::placeholder{opacity:1}",
    ].join(""),
  );
  // Without the elements, only classes decide.
  expect(usedCss(elements, documentClasses(html))).toContain("hr{height:0}");
});

test("the reset's rules for the parts of date, number and file fields stay only where such a field is", () => {
  const reset = parseStylesheet(
    [
      "::-webkit-datetime-edit-year-field{padding-block:0}",
      "::-webkit-calendar-picker-indicator{line-height:1}",
      "::-webkit-inner-spin-button{height:auto}",
      "::file-selector-button{margin-inline-end:4px}",
      "::-webkit-search-decoration{-webkit-appearance:none}",
    ].join(""),
  );
  const kept = (html: string) =>
    usedCss(reset, documentClasses(html), documentTags(html));
  // A search field (every page's header) has none of those parts.
  expect(kept('<form><input type="search" name="q"></form>')).toBe(
    "::-webkit-search-decoration{-webkit-appearance:none}",
  );
  expect(kept('<input name="when" type="datetime-local">')).toBe(
    [
      "::-webkit-datetime-edit-year-field{padding-block:0}",
      "::-webkit-calendar-picker-indicator{line-height:1}",
      "::-webkit-inner-spin-button{height:auto}",
      "::-webkit-search-decoration{-webkit-appearance:none}",
    ].join(""),
  );
  expect(kept("<INPUT TYPE=number>")).toBe(
    "::-webkit-inner-spin-button{height:auto}::-webkit-search-decoration{-webkit-appearance:none}",
  );
  expect(kept('<input type="file" accept="image/*">')).toContain(
    "::file-selector-button{margin-inline-end:4px}",
  );
  // Without the elements, nothing is dropped.
  expect(usedCss(reset, new Set())).toContain("::file-selector-button");
});

test("reads the elements the markup opens, with the tbody a browser adds to a table", () => {
  expect(
    documentTags(
      '<DIV><svg><use href="#a"></use></svg><table><tr><td>1</td></tr></table></DIV>',
    ),
  ).toEqual(new Set(["div", "svg", "use", "table", "tbody", "tr", "td"]));
});
