import { buttonClass } from "~/components/page/styles";
import { ICS_PATH } from "~/lib/feeds/ical";
import { Icon } from "~/lib/icons";
import { useSiteUrl } from "~/lib/root-data";

/**
 * Subscribe to the site's events (/events.ics): webcal:// opens the
 * visitor's calendar app with a subscription that stays up to date; the
 * plain link downloads the file for apps that import instead.
 */
export function CalendarSubscribeLinks({ className }: { className?: string }) {
  const siteUrl = useSiteUrl();
  const webcal = `${siteUrl.replace(/^https?:/, "webcal:")}${ICS_PATH}`;
  return (
    <div className={`flex flex-wrap gap-3 ${className ?? ""}`}>
      <a href={webcal} className={buttonClass("primary", "sm")}>
        <Icon name="CalendarPlus" aria-hidden="true" className="h-4 w-4" />
        Subscribe to the calendar
      </a>
      <a
        href={ICS_PATH}
        type="text/calendar"
        className={buttonClass("secondary", "sm")}
      >
        <Icon name="Download" aria-hidden="true" className="h-4 w-4" />
        Download events (.ics)
      </a>
    </div>
  );
}
