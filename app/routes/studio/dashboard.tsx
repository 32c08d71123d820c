import { data } from "react-router";

import type { Route } from "./+types/dashboard";
import { requireStudioOwner } from "~/studio/gate.server";

export async function loader(args: Route.LoaderArgs) {
  const { owner } = await requireStudioOwner(args);
  return data({ ownerName: owner.name });
}

export default function StudioDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-white">Dashboard</h1>
      <p className="mt-2 text-slate-300">
        Welcome back, {loaderData.ownerName}.
      </p>
    </>
  );
}
