import type { PostState } from "~database/post-lifecycle/model";
import { stateBadgeClass, stateLabels } from "./ui";

export function StateBadge({ state }: { state: PostState }) {
  return <span className={stateBadgeClass(state)}>{stateLabels[state]}</span>;
}
