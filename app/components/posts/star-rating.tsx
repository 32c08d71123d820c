import { Icon } from "~/lib/icons";
import { ratingStars } from "~/lib/posts";

const fillWidth = { full: "w-full", half: "w-1/2", empty: "w-0" } as const;

/** Five stars with halves; read out as one image, e.g. 'Rated 3.5 out of 5'. */
export function StarRating({ rating }: { rating: number | null }) {
  const { stars, label } = ratingStars(rating);
  return (
    <div role="img" aria-label={label} className="flex items-center gap-0.5">
      {stars.map((fill, index) => (
        <span key={index} data-fill={fill} className="relative h-5 w-5">
          <Icon
            name="Star"
            aria-hidden="true"
            className="h-5 w-5 text-slate-500"
          />
          <span
            className={`absolute inset-0 overflow-hidden ${fillWidth[fill]}`}
          >
            <Icon
              name="Star"
              aria-hidden="true"
              className="h-5 w-5 fill-amber-400 text-amber-400"
            />
          </span>
        </span>
      ))}
    </div>
  );
}
