import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";

import { navigation } from "~/config/navigation";

/**
 * The small-screen menu: a full-screen overlay. Radix Dialog moves focus in,
 * traps it, closes on Escape, locks page scroll and returns focus to the
 * menu button.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="inline-flex items-center gap-2 rounded-md p-2 text-slate-200 hover:bg-white/10 xl:hidden"
        aria-label="Open menu"
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        {/* Radix locks page scroll through the overlay. */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950" />
        <Dialog.Content
          aria-describedby={undefined}
          className="mobile-menu fixed inset-0 z-50 flex flex-col overflow-y-auto bg-slate-950 px-6 py-4 text-white"
        >
          <div className="flex h-12 items-center justify-between">
            <Dialog.Title className="font-serif text-lg font-semibold">
              Menu
            </Dialog.Title>
            <Dialog.Close
              className="rounded-md p-2 text-slate-200 hover:bg-white/10"
              aria-label="Close menu"
            >
              <X aria-hidden="true" className="h-6 w-6" />
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="mt-6">
            <ul className="flex flex-col gap-1">
              {navigation.map((item) => (
                <li key={item.href}>
                  <NavLink
                    to={item.href}
                    end={item.href === "/"}
                    onClick={() => setOpen(false)}
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
