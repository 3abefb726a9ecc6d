import { useEffect, useRef, type MouseEvent } from "react";
import { Link } from "react-router";
import { telHref, type CompanySettings } from "#app/content/company.ts";
import { guideLinks, mainNavigation, servicePageLinks } from "#app/content/services.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";
import { TopBar } from "./top-bar.tsx";
import { CloseIcon, MenuIcon, PhoneIcon, ShieldIcon } from "#app/components/ui/icons.tsx";
import { useDialogScrollLock } from "#app/components/ui/use-scroll-lock.ts";

const menuId = "site-menu";

const callButton =
  "inline-flex min-h-11 shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-brand-red-700 px-3 font-bold text-white hover:bg-brand-red-800 sm:px-4";
const requestButton =
  "min-h-11 items-center justify-center whitespace-nowrap rounded-md bg-navy-900 px-3 text-xs font-bold tracking-wide text-white hover:bg-navy-700 sm:px-4 sm:text-sm";
const navItem = "inline-flex min-h-11 items-center rounded-md px-3 hover:bg-navy-50";

/** The desktop row's links after Services (the drawer has Home too). */
const desktopLinks = mainNavigation.filter((item) => item.label !== "Home" && item.label !== "Services");

/** Invoker commands open the dialog without JavaScript; older browsers get the same from this handler. */
function runDialogCommand(event: MouseEvent<HTMLButtonElement>) {
  if ("command" in HTMLButtonElement.prototype) return;
  const dialog = document.getElementById(menuId);
  if (!(dialog instanceof HTMLDialogElement)) return;
  if (event.currentTarget.getAttribute("command") === "show-modal") {
    if (!dialog.open) dialog.showModal();
  } else {
    dialog.close();
  }
}

/**
 * The desktop navigation: Services opens the list of service pages (a disclosure that works before
 * hydration), then Areas, About and Contact. Phones reach the same pages through the menu drawer.
 */
function DesktopNavigation() {
  const services = useRef<HTMLDetailsElement>(null);
  const closeServices = () => services.current?.removeAttribute("open");
  // The list closes on a pointer outside it and on Escape; focus inside it goes back to its summary.
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      if (services.current?.open && !services.current.contains(event.target as Node)) closeServices();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      const details = services.current;
      if (event.key !== "Escape" || !details?.open) return;
      closeServices();
      if (details.contains(document.activeElement)) details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1 font-semibold text-navy-900">
        <li className="relative">
          <details ref={services} className="group">
            <summary className={`${navItem} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              Services
              <span aria-hidden="true" className="ml-1 text-xs group-open:rotate-180">
                ▼
              </span>
            </summary>
            <ul className="absolute top-full left-0 z-50 mt-1 w-72 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
              {[...servicePageLinks, ...guideLinks].map((page) => (
                <li key={page.path}>
                  <Link to={page.path} onClick={closeServices} className="block rounded px-3 py-2 hover:bg-navy-50">
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        </li>
        {desktopLinks.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className={navItem}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The call button's words: "Call" on narrow phones, the number where it fits; its name is always "Call" and the number. */
function CallLabel({ phone }: { phone: string }) {
  return (
    <span>
      <span className="min-[420px]:sr-only">Call</span> <span className="sr-only min-[420px]:not-sr-only">{phone}</span>
    </span>
  );
}

/**
 * The top bar scrolls away; the header that stays is one row: logo, call and menu on a phone (the
 * request button is in the drawer and every page's first screen), and the navigation and the
 * request button beside them on wider screens.
 */
export function SiteHeader({ company }: { company: CompanySettings }) {
  const menu = useRef<HTMLDialogElement>(null);
  const closeMenu = () => menu.current?.close();
  useDialogScrollLock(menu);

  return (
    <>
      <TopBar />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-2 py-2 sm:gap-4 sm:px-4">
          <Link to="/" className="mr-auto flex min-w-0 items-center gap-2 text-navy-900" aria-label={`${company.name}, home`}>
            <ShieldIcon className="size-7 shrink-0 text-brand-red-700 sm:size-9" />
            <span className="flex flex-col leading-none whitespace-nowrap">
              <span className="text-sm font-black tracking-tight min-[360px]:text-base sm:text-lg">SERVICE READY</span>{" "}
              <span className="text-[0.65rem] font-bold tracking-[0.2em] text-slate-600 sm:text-xs">RESTORATION</span>
            </span>
          </Link>
          <DesktopNavigation />
          <a href={telHref(company.phone)} className={callButton}>
            <PhoneIcon className="size-5 shrink-0" />
            <CallLabel phone={company.phone} />
          </a>
          <RequestServiceLink className={`${requestButton} hidden md:inline-flex`}>REQUEST SERVICE NOW</RequestServiceLink>
          <button
            type="button"
            commandfor={menuId}
            command="show-modal"
            onClick={runDialogCommand}
            aria-haspopup="dialog"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50"
          >
            <MenuIcon className="size-7" />
            <span className="sr-only">Open menu</span>
          </button>
        </div>

        <dialog
          id={menuId}
          ref={menu}
          closedby="any"
          aria-labelledby="site-menu-title"
          className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 text-slate-900 shadow-2xl"
        >
          <div className="flex h-full flex-col gap-6 overflow-y-auto overscroll-contain p-6">
            <div className="flex items-center justify-between">
              <h2 id="site-menu-title" className="text-lg font-black text-navy-900">
                Menu
              </h2>
              <button
                type="button"
                commandfor={menuId}
                command="close"
                onClick={runDialogCommand}
                className="inline-flex size-11 items-center justify-center rounded-md hover:bg-navy-50"
              >
                <CloseIcon className="size-6" />
                <span className="sr-only">Close menu</span>
              </button>
            </div>
            <div className="flex flex-col gap-3">
              <a href={telHref(company.phone)} className={callButton}>
                <PhoneIcon className="size-5" />
                <span>
                  <span className="sr-only">Call </span>
                  {company.phone}
                </span>
              </a>
              <RequestServiceLink onOpen={closeMenu} className={`${requestButton} inline-flex`}>
                REQUEST SERVICE NOW
              </RequestServiceLink>
            </div>
            <nav aria-label="Main">
              <ul className="flex flex-col gap-1 text-lg font-semibold">
                {mainNavigation.map((item) => (
                  <li key={item.label}>
                    <Link to={item.href} onClick={closeMenu} className="block rounded px-2 py-3 hover:bg-navy-50">
                      {item.label}
                    </Link>
                    {item.label === "Services" && (
                      <ul className="mb-2 ml-4 border-l-2 border-navy-100 text-base font-medium">
                        {[...servicePageLinks, ...guideLinks].map((page) => (
                          <li key={page.path}>
                            <Link to={page.path} onClick={closeMenu} className="block rounded px-3 py-2 hover:bg-navy-50">
                              {page.label}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </dialog>
      </header>
    </>
  );
}
