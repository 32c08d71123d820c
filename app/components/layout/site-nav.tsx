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
 * Plain links marked from the location: on a public page, a document, each
 * is an ordinary link (the speculation rules make the next page ready on
 * intent); in the owner's app they navigate within it.
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
