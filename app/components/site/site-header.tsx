import { useRef, type MouseEvent } from "react";
import { Link } from "react-router";
import { telHref, type CompanySettings } from "#app/content/company.ts";
import { mainNavigation } from "#app/content/services.ts";
import { RequestServiceLink } from "#app/features/service-request/request-dialog-host.tsx";
import { TopBar } from "./top-bar.tsx";
import { CloseIcon, MenuIcon, PhoneIcon, ShieldIcon } from "#app/components/ui/icons.tsx";

const menuId = "site-menu";

const callButton =
  "inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-brand-red-700 px-3 font-bold text-white hover:bg-brand-red-800 sm:px-4";
const requestButton =
  "inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-md bg-navy-900 px-3 text-xs font-bold tracking-wide text-white hover:bg-navy-700 sm:px-4 sm:text-sm";

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

export function SiteHeader({ company }: { company: CompanySettings }) {
  const menu = useRef<HTMLDialogElement>(null);
  const closeMenu = () => menu.current?.close();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <TopBar />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Link to="/" className="mr-auto flex items-center gap-2 text-navy-900" aria-label={`${company.name}, home`}>
          <ShieldIcon className="size-9 text-brand-red-700" />
          <span className="flex flex-col leading-none">
            <span className="text-lg font-black tracking-tight">SERVICE READY</span>{" "}
            <span className="text-xs font-bold tracking-[0.2em] text-slate-600">RESTORATION</span>
          </span>
        </Link>
        <a href={telHref(company.phone)} className={`${callButton} order-3 flex-1 md:order-none md:flex-none`}>
          <PhoneIcon className="size-5" />
          <span>
            <span className="sr-only">Call </span>
            {company.phone}
          </span>
        </a>
        <RequestServiceLink className={`${requestButton} order-4 flex-1 md:order-none md:flex-none`}>
          REQUEST SERVICE NOW
        </RequestServiceLink>
        <button
          type="button"
          commandfor={menuId}
          command="show-modal"
          onClick={runDialogCommand}
          aria-haspopup="dialog"
          className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50"
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
        <div className="flex h-full flex-col gap-6 p-6">
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
          <nav aria-label="Main">
            <ul className="flex flex-col gap-1 text-lg font-semibold">
              {mainNavigation.map((item) => (
                <li key={item.label}>
                  <Link to={item.href} onClick={closeMenu} className="block rounded px-2 py-3 hover:bg-navy-50">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto flex flex-col gap-3">
            <a href={telHref(company.phone)} className={callButton}>
              <PhoneIcon className="size-5" />
              <span>
                <span className="sr-only">Call </span>
                {company.phone}
              </span>
            </a>
            <RequestServiceLink onOpen={closeMenu} className={requestButton}>
              REQUEST SERVICE NOW
            </RequestServiceLink>
          </div>
        </div>
      </dialog>
    </header>
  );
}
