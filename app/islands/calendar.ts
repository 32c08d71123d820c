// The calendar island (app/components/calendar/month-calendar.tsx): the keys
// of the WAI-ARIA date grid move its one tab stop (arrows by day and week,
// Home/End to the week's ends, Page Up/Down by month, with Shift by year);
// a key that leaves the month, or a month or day pressed, asks the server
// for the calendar it answers (?focus=) and puts it in place, the focus
// kept. Without it the calendar is a GET form and changes month all the same.

const two = (value: number) => String(value).padStart(2, "0");

const MOVES: Record<string, (weekday: number) => number> = {
  ArrowLeft: () => -1,
  ArrowRight: () => 1,
  ArrowUp: () => -7,
  ArrowDown: () => 7,
  Home: (weekday) => -weekday,
  End: (weekday) => 6 - weekday,
};

/** "yyyy-MM-dd" of the day a key leads to from `from`. */
export function keyTarget(
  from: string,
  key: string,
  shift: boolean,
): string | undefined {
  const months =
    (key === "PageUp" ? -1 : key === "PageDown" ? 1 : 0) * (shift ? 12 : 1);
  const move = MOVES[key];
  if (!months && !move) return undefined;
  const [year = 0, month = 1, day = 1] = from.split("-").map(Number);
  const date = new Date(year, month - 1, day, 12);
  if (months) {
    // Months clamp to their last day (January 31 + 1 month: February's last).
    date.setDate(1);
    date.setMonth(date.getMonth() + months);
    date.setDate(
      Math.min(
        day,
        new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate(),
      ),
    );
  } else if (move) {
    date.setDate(day + move(date.getDay()));
  }
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

export default function calendar(form: HTMLElement): void {
  if (!(form instanceof HTMLFormElement)) return;
  // One step after another: a key pressed while another month is on its
  // way goes on from that month once it is in place.
  let queue: Promise<unknown> = Promise.resolve();
  const later = (work: () => unknown) => {
    queue = queue.then(work).catch(() => undefined);
  };
  const chosenDay = () =>
    form.querySelector<HTMLInputElement>('input[name="day"]')?.value ?? "";

  // Another month, drawn by the server, in place of this one (the title
  // kept, so its live region announces the change).
  const showMonth = async (query: Record<string, string>) => {
    const address = new URL(form.action);
    address.search = new URLSearchParams(query).toString();
    try {
      const html = await (await fetch(address)).text();
      const next = new DOMParser()
        .parseFromString(html, "text/html")
        .getElementById(form.id);
      if (!next) throw new Error("no calendar in the answer");
      const title = form.querySelector("h3");
      const nextTitle = next.querySelector("h3");
      if (title && nextTitle) {
        title.textContent = nextTitle.textContent;
        nextTitle.replaceWith(title);
      }
      form.replaceChildren(...next.childNodes);
      history.replaceState(history.state, "", address);
      form
        .querySelector<HTMLElement>(
          `[data-step="${query.focus}"], td button[tabindex="0"]`,
        )
        ?.focus();
    } catch {
      location.assign(address);
    }
  };

  form.addEventListener("keydown", (event) => {
    const { key, shiftKey } = event;
    if (
      !(event.target instanceof Element) ||
      !event.target.closest("td button") ||
      !keyTarget("2000-01-01", key, shiftKey)
    ) {
      return;
    }
    event.preventDefault();
    later(() => {
      const from = form.querySelector<HTMLButtonElement>(
        'td button[tabindex="0"]',
      );
      const target = from && keyTarget(from.value, key, shiftKey);
      if (!from || !target) return;
      const next = form.querySelector<HTMLButtonElement>(
        `td button[value="${target}"]`,
      );
      if (!next) return showMonth({ day: chosenDay(), focus: target });
      from.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    });
  });

  form.addEventListener("submit", (event) => {
    const submitter = event.submitter;
    if (!(submitter instanceof HTMLButtonElement)) return;
    event.preventDefault();
    const { step } = submitter.dataset;
    const { value } = submitter;
    later(() => {
      // The month button as it is now: the month before may have changed it.
      const pressed = form.querySelector<HTMLButtonElement>(
        `[data-step="${step}"]`,
      );
      return showMonth(
        step && pressed
          ? { month: pressed.value, day: chosenDay(), focus: step }
          : { day: value, focus: value },
      );
    });
  });
  form.dataset.islandReady = "";
}
