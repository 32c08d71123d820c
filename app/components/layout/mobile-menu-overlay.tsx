import { NavLink } from "react-router";

import { Modal } from "~/components/ui/modal";
import { navigation } from "~/config/navigation";
import { Icon } from "~/lib/icons";

/** The full-screen menu itself (loaded on demand by <MobileMenu>). */
export function MobileMenuOverlay({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      id="mobile-menu"
      open={open}
      onClose={onClose}
      labelledBy="mobile-menu-title"
      className="mobile-menu fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none flex-col overflow-y-auto bg-slate-950 px-6 py-4 text-white backdrop:bg-slate-950 open:flex"
    >
      <div className="flex h-12 items-center justify-between">
        <h2 id="mobile-menu-title" className="font-serif text-lg font-semibold">
          Menu
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-2 text-slate-200 hover:bg-white/10"
          aria-label="Close menu"
        >
          <Icon name="X" aria-hidden="true" className="h-6 w-6" />
        </button>
      </div>
      <nav aria-label="Main" className="mt-6">
        <ul className="flex flex-col gap-1">
          {navigation.map((item) => (
            <li key={item.href}>
              <NavLink
                to={item.href}
                end={item.href === "/"}
                onClick={onClose}
                className={({ isActive }) =>
                  [
                    "block rounded-lg px-4 py-3 text-lg font-medium",
                    isActive
                      ? "bg-emerald-500/15 text-emerald-300"
                      : "text-slate-200 hover:bg-white/5",
                  ].join(" ")
                }
              >
                {item.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Modal>
  );
}
