import { expect, test } from "vitest";

import { leadershipBreakfast } from "~/config/events";
import { defaultSettings as site } from "~/config/default-settings";

import {
  blogPostingJsonLd,
  eventJsonLd,
  personJsonLd,
} from "./structured-data.server";

test("the owner is a Person with the site's links", () => {
  const person = personJsonLd("https://example.org", site);
  expect(person).toMatchObject({
    "@type": "Person",
    name: site.ownerName,
    url: "https://example.org/",
  });
  expect(person.sameAs).toContain(site.linkedInUrl);
});

const firstLight = {
  slug: "first-light",
  title: "First Light",
  excerpt: "Up early.",
  date: "2025-06-14",
  author: "Jordan Avery",
  category: "Hiking & Nature",
};

test("a post without an image points at its generated card", () => {
  const post = blogPostingJsonLd(firstLight, "https://example.org", site);
  expect(post).toMatchObject({
    "@type": "BlogPosting",
    headline: "First Light",
    datePublished: "2025-06-14",
    image: "https://example.org/social/post/first-light.png",
    url: "https://example.org/post/first-light",
  });
});

test("a post's search fields lead its BlogPosting; its id stays its own address", () => {
  const post = blogPostingJsonLd(
    {
      ...firstLight,
      image: "/images/ridge.jpg",
      searchTitle: "Sunrise hikes, explained",
      searchDescription: "Why a 5 a.m. start pays off.",
      socialImage: "/media/0123456789abcdef0123-1200x630.jpg",
      canonicalUrl: "https://elsewhere.example.com/first-light",
    },
    "https://example.org",
    site,
  );
  expect(post).toMatchObject({
    "@id": "https://example.org/post/first-light#post",
    headline: "Sunrise hikes, explained",
    description: "Why a 5 a.m. start pays off.",
    image: "https://example.org/media/0123456789abcdef0123-1200x630.jpg",
    url: "https://elsewhere.example.com/first-light",
    mainEntityOfPage: "https://elsewhere.example.com/first-light",
  });
});

test("an event carries local times with the owner's offset", () => {
  const event = eventJsonLd(leadershipBreakfast, "https://example.org", site);
  expect(event).toMatchObject({
    "@type": "Event",
    name: "Leadership Breakfast",
    startDate: "2025-07-25T07:30:00-06:00",
    endDate: "2025-07-25T09:00:00-06:00",
  });
});
