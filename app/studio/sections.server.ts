import { data } from "react-router";

import { requireStudioOwner } from "./gate.server";
import { sectionConfigBySlug } from "./sections";

type GateArgs = Parameters<typeof requireStudioOwner>[0];

/** The owner, and the section table named by the route's `:table` (404 when there is none). */
export async function requireStudioSection(
  args: GateArgs & { params: { table?: string } },
) {
  const studio = await requireStudioOwner(args);
  const config = sectionConfigBySlug(args.params.table);
  if (!config) {
    throw data({ message: "There is no such list." }, { status: 404 });
  }
  return { ...studio, config };
}
