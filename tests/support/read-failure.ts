// A ReadFailure for tests of list readers: records what it logs and whether
// it marked the page incomplete, as the request's services would.
import { ReadFailure } from "~/data/read-failure.server";
import type { ToastInput } from "~/lib/toast";

export interface RecordedReadFailure {
  failure: ReadFailure;
  /** The errors logged, by their message. */
  logged: string[];
  /** How many times the page was marked incomplete. */
  incomplete: number;
}

export function recordedReadFailure(notice?: ToastInput): RecordedReadFailure {
  const recorded: RecordedReadFailure = {
    logged: [],
    incomplete: 0,
    failure: new ReadFailure(
      {
        logger: {
          debug: () => {},
          info: () => {},
          warn: () => {},
          error: (_msg, fields) => recorded.logged.push(String(fields?.error)),
        },
        pageIncomplete: () => {
          recorded.incomplete += 1;
        },
      },
      "test lists",
      notice,
    ),
  };
  return recorded;
}
