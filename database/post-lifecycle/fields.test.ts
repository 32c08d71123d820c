// The field description is the one list: each field it names is a column of
// both post tables and a key of a content file's front matter, and every
// such column is one of its fields.
import { getTableColumns } from "drizzle-orm";
import { expect, test } from "vitest";

import { postFrontMatterSchema } from "~database/content-schemas";
import { posts, studioPosts } from "~database/schema";

import { FRONT_MATTER_FIELDS, POST_FIELD_NAMES } from "./fields";
import { POST_FIELDS } from "./fields";

const ROW_ONLY = {
  posts: ["id", "createdAt"],
  studioPosts: [
    "postId",
    "version",
    "publishedVersion",
    "scheduledAt",
    "createdAt",
    "updatedAt",
  ],
};

test("every column a post's fields have in either table is described, and nothing else", () => {
  const described = [...POST_FIELD_NAMES].sort();
  expect(
    Object.keys(getTableColumns(posts))
      .filter((name) => !ROW_ONLY.posts.includes(name))
      .sort(),
  ).toEqual(described);
  expect(
    Object.keys(getTableColumns(studioPosts))
      .filter((name) => !ROW_ONLY.studioPosts.includes(name))
      .sort(),
  ).toEqual(described);
});

test("every field but the body and the address is a front-matter key a content file may carry", () => {
  const keys = Object.keys(postFrontMatterSchema.shape);
  for (const name of FRONT_MATTER_FIELDS)
    expect(keys).toContain(POST_FIELDS[name].frontMatter);
  expect(POST_FIELDS.slug.frontMatter).toBe("slug");
  expect(keys).toContain("slug");
});
