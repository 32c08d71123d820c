// A large, realistic set of posts for measuring the site at scale
// (docs/PERFORMANCE.md, "At 2,000 posts") and for the archive journeys: years
// of writing spread evenly over hiking, live music, travel and leadership,
// each with a multi-paragraph HTML body and its category's meta. The same
// count always gives the same posts (a seeded generator), so figures compare.
import { createHash } from "node:crypto";

import { sql } from "drizzle-orm";

import type { Database } from "./client";
import { media, mediaVariants, posts } from "./schema";

type NewPost = typeof posts.$inferInsert;

/** mulberry32: small, fast and good enough for sample text. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: ReadonlyArray<T>): T =>
    items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const places = [
  "Sawtooth Wilderness",
  "Table Rock",
  "Payette River",
  "Mount Rainier",
  "Zion Narrows",
  "Glacier Point",
  "Olympic Coast",
  "Wind River Range",
  "Boise Foothills",
  "Columbia Gorge",
];
const artists = [
  "The Lanterns",
  "Marisol Vega Trio",
  "North Fork Ramblers",
  "Harbor Lights",
  "Juniper & Ash",
  "The Copper Years",
  "Elena Park Quartet",
  "Slow Meridian",
];
const venues = [
  "The Knitting Factory",
  "Egyptian Theatre",
  "Grange Hall",
  "Julia Davis Bandshell",
  "Neurolux",
  "Red Rocks Amphitheatre",
];
const countries = [
  { location: "Kyoto, Japan", coordinates: [35.0116, 135.7681] },
  { location: "Lisbon, Portugal", coordinates: [38.7223, -9.1393] },
  { location: "Oaxaca, Mexico", coordinates: [17.0732, -96.7266] },
  { location: "Reykjavík, Iceland", coordinates: [64.1466, -21.9426] },
  { location: "Cape Town, South Africa", coordinates: [-33.9249, 18.4241] },
  { location: "Hanoi, Vietnam", coordinates: [21.0278, 105.8342] },
] as const;
const highlightTypes = [
  "Cultural Immersion",
  "Nature & Scenery",
  "Local Experience",
  "Adventure & Hiking",
  "Relaxation",
];
export const topics = {
  hiking: [
    "ridge",
    "switchbacks",
    "alpine lake",
    "trailhead",
    "summit",
    "wildflowers",
    "headlamp",
    "river crossing",
  ],
  music: [
    "encore",
    "setlist",
    "harmony",
    "bassline",
    "opening act",
    "soundcheck",
    "front row",
    "ballad",
  ],
  travel: [
    "market",
    "night train",
    "street food",
    "old town",
    "harbour",
    "temple",
    "tram",
    "homestay",
  ],
  leadership: [
    "mentoring",
    "feedback",
    "trust",
    "delegation",
    "one-on-ones",
    "hiring",
    "culture",
    "coaching",
  ],
} as const;
export const sentences = [
  "We started before first light, when the {topic} was still quiet and the day felt wide open.",
  "Nobody planned for the {topic}, and that turned out to be the best part of it.",
  "I keep coming back to the {topic}: it asks for patience and gives back perspective.",
  "The lesson from the {topic} was simple: pace matters more than speed.",
  "By the end the {topic} had taught the whole group something about listening.",
  "It is easy to rush the {topic}; the people who slow down notice what the rest of us miss.",
  "Later, over coffee, we argued about the {topic} and agreed on almost nothing.",
  "Every {topic} is a small rehearsal for the harder conversations at work.",
];

const categories = [
  { key: "hiking", name: "Hiking & Nature" },
  { key: "music", name: "Live Music" },
  { key: "travel", name: "Travel Log" },
  { key: "leadership", name: "Leadership" },
] as const;

const images = [
  "/images/posts/alpine-lakes-loop.svg",
  "/images/posts/basement-jazz-quartet.svg",
  "/images/posts/iceland-ring-road.svg",
  "/images/posts/kyoto-in-the-quiet-hours.svg",
  "/images/posts/leading-across-generations.svg",
  null,
];

function body(
  random: ReturnType<typeof generator>,
  topic: ReadonlyArray<string>,
) {
  const paragraph = () =>
    Array.from({ length: 4 + Math.floor(random.next() * 4) }, () =>
      random.pick(sentences).replace("{topic}", random.pick(topic)),
    ).join(" ");
  const parts: string[] = [];
  const sections = 2 + Math.floor(random.next() * 3);
  for (let section = 0; section < sections; section += 1) {
    parts.push(`<h2>${capitalise(random.pick(topic))}</h2>`);
    for (let count = 0; count < 2; count += 1)
      parts.push(`<p>${paragraph()}</p>`);
  }
  return parts.join("\n");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `count` posts, newest dated `newest` (yyyy-MM-dd) and one every ~day before it, in four categories in turn. */
export function fixturePosts(count: number, newest = "2025-06-30"): NewPost[] {
  const random = generator(count);
  const start = Date.parse(`${newest}T12:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const category = categories[index % categories.length] ?? categories[0];
    const topic = topics[category.key];
    const day = new Date(start - Math.floor(index * 0.9) * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const n = Math.floor(index / categories.length) + 1;
    const title = `${capitalise(random.pick(topic))} ${category.key === "music" ? "night" : "notes"} no. ${n}`;
    let meta: Record<string, unknown> | null = null;
    if (category.key === "hiking") {
      meta = {
        location: random.pick(places),
        difficulty: random.pick(["Easy", "Moderate", "Challenging"]),
        distance: `${(3 + random.next() * 15).toFixed(1)} miles`,
        elevationGain: `${Math.round(500 + random.next() * 4000)} ft`,
      };
    } else if (category.key === "music") {
      meta = {
        artist: random.pick(artists),
        venue: random.pick(venues),
        rating: Math.round(random.next() * 10) / 2,
      };
    } else if (category.key === "travel") {
      const country = random.pick(countries);
      meta = {
        location: country.location,
        coordinates: country.coordinates,
        status: "Visited",
        takeaway: "Every journey leaves an indelible mark.",
        highlights: [
          {
            name: `The ${random.pick(topic)}`,
            type: random.pick(highlightTypes),
          },
          {
            name: `A ${random.pick(topic)} at dusk`,
            type: random.pick(highlightTypes),
          },
        ],
      };
    }
    return {
      slug: `archive-${category.key}-${n}`,
      title,
      excerpt: `${capitalise(random.pick(sentences).replace("{topic}", random.pick(topic)))}`,
      content: body(random, topic),
      image: random.pick(images),
      date,
      category: category.name,
      author: "Jordan Avery",
      meta,
      createdAt: day,
    };
  });
}

/** Adds the fixture's posts (existing slugs are left alone); returns how many were new. */
export async function seedFixture(
  db: Database,
  count: number,
): Promise<number> {
  const all = fixturePosts(count);
  let added = 0;
  for (let start = 0; start < all.length; start += 250) {
    const rows = await db
      .insert(posts)
      .values(all.slice(start, start + 250))
      .onConflictDoNothing({ target: posts.slug })
      .returning({ id: posts.id });
    added += rows.length;
  }
  // Fresh statistics and visibility, as autovacuum would leave them on
  // PostgreSQL (PGlite has none), so plans are those of a settled site.
  await db.execute(sql`vacuum analyze posts`);
  return added;
}

/**
 * `count` uploaded images for the media library at scale: one small photo a
 * tone per image, each with the three formats the pipeline stores at a width
 * of 480 (one variant size, so the fixture stays a few megabytes). Encoded
 * once per tone; later images share those bytes under their own hash.
 */
export async function seedFixtureMedia(
  db: Database,
  count: number,
): Promise<number> {
  const { default: sharp } = await import("sharp");
  const tones = await Promise.all(
    Array.from({ length: 8 }, async (_, tone) => {
      const image = sharp({
        create: {
          width: 480,
          height: 320,
          channels: 3,
          background: { r: 40 + tone * 20, g: 110, b: 160 - tone * 12 },
        },
      });
      return {
        avif: await image.clone().avif({ quality: 55, effort: 0 }).toBuffer(),
        webp: await image.clone().webp({ quality: 78 }).toBuffer(),
        jpeg: await image.clone().jpeg({ quality: 80 }).toBuffer(),
      };
    }),
  );
  const start = Date.parse("2025-06-30T12:00:00Z");
  let added = 0;
  for (let first = 0; first < count; first += 100) {
    const batch = Array.from(
      { length: Math.min(100, count - first) },
      (_, offset) => first + offset,
    );
    const rows = await db
      .insert(media)
      .values(
        batch.map((index) => ({
          hash: createHash("sha256")
            .update(`fixture-image-${index}`)
            .digest("hex")
            .slice(0, 20),
          filename: `trail-photo-${String(index + 1).padStart(4, "0")}.jpg`,
          width: 480,
          height: 320,
          originalBytes: 1_800_000 + index * 37,
          alt: index % 3 === 0 ? "" : `Trail photo ${index + 1}`,
          createdAt: new Date(start - index * 3_600_000),
        })),
      )
      .onConflictDoNothing({ target: media.hash })
      .returning({ id: media.id, filename: media.filename });
    added += rows.length;
    if (rows.length === 0) continue;
    await db.insert(mediaVariants).values(
      rows.flatMap((row, index) => {
        const tone = tones[index % tones.length] ?? tones[0];
        if (!tone) return [];
        return (["avif", "webp", "jpeg"] as const).map((format) => ({
          mediaId: row.id,
          width: 480,
          height: 320,
          format,
          bytes: tone[format],
        }));
      }),
    );
  }
  await db.execute(sql`vacuum analyze media`);
  await db.execute(sql`analyze media_variants`);
  return added;
}
