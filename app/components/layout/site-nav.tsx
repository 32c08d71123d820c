import { NavLink } from "react-router";
import type { NavLinkProps } from "react-router";

import { navigation } from "~/config/navigation";

/**
 * The main navigation, in the header (wide screens) and in the mobile menu.
 * Each link fetches its screen's code on intent (hover, focus, touch).
 */
export function SiteNav({
  className,
  listClassName,
  linkClassName,
  onChoose,
}: {
  className: string;
  listClassName: string;
  linkClassName: NavLinkProps["className"];
  onChoose?: () => void;
}) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className={listClassName}>
        {navigation.map((item) => (
          <li key={item.href}>
            <NavLink
              to={item.href}
              end={item.href === "/"}
              prefetch="intent"
              onClick={onChoose}
              className={linkClassName}
            >
              {item.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
