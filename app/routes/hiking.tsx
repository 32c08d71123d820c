import { pageTitle } from "~/config/site";

export default function HikingPage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-4xl font-bold text-white">
        Hiking & Nature
      </h1>
    </section>
  );
}

export function meta() {
  return [{ title: pageTitle("Hiking & Nature") }];
}
