import { Link, useLocation } from "react-router";

import { navigation } from "~/config/navigation";

/**
 * Whether a navigation item stands for the page at `pathname`: its own path,
 * or a path below it, but Home only for itself. The rule NavLink applies
 * (case aside: every path here is lower case).
 */
export function isCurrent(pathname: string, href: string): boolean {
  const path =
    pathname.length > 1 && pathname.endsWith("/")
      ? pathname.slice(0, -1)
      : pathname;
  if (href === "/") return path === "/";
  return path === href || path.startsWith(`${href}/`);
}

/**
 * The main navigation, in the header (wide screens) and in the mobile menu.
 * Each link fetches its screen's code on intent (hover, focus, touch).
 *
 * Plain Links marked from the location rather than NavLinks: a NavLink reads
 * the router's whole state, so every change to it (the route discovery's
 * answer just after hydration, each loader settling) drew all of the
 * header's and the menu's links again. The location changes only with a
 * navigation.
 */
export function SiteNav({
  className,
  listClassName,
  linkClassName,
  onChoose,
}: {
  className: string;
  listClassName: string;
  linkClassName: (state: { isActive: boolean }) => string;
  onChoose?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={className}>
      <ul className={listClassName}>
        {navigation.map((item) => {
          const isActive = isCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                prefetch="intent"
                onClick={onChoose}
                aria-current={isActive ? "page" : undefined}
                className={linkClassName({ isActive })}
              >
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
