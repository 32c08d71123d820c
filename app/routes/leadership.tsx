import { pageTitle } from "~/config/site";

export default function LeadershipPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-4xl font-bold text-white">
        Leadership & Mentoring
      </h1>
    </section>
  );
}

export function meta() {
  return [{ title: pageTitle("Leadership & Mentoring") }];
}
