import type { PostState } from "~/data/studio-posts.server";

import { stateBadgeClass, stateLabels } from "./ui";

export function StateBadge({ state }: { state: PostState }) {
  return <span className={stateBadgeClass(state)}>{stateLabels[state]}</span>;
}
