import { createContext, lazy, Suspense, use, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import type RequestDialogComponent from "./request-dialog.tsx";
import type { RequestTopic } from "./topics.ts";

/** The server-rendered request page: where every request link goes without JavaScript. */
const requestPagePath = "/request";

type DialogModule = { default: typeof RequestDialogComponent };
let dialogModule: Promise<DialogModule> | undefined;

/** Loads the dialog's code once; a failed load may be tried again. */
function loadRequestDialog(): Promise<DialogModule> {
  dialogModule ??= import("./request-dialog.tsx").catch((error: unknown) => {
    dialogModule = undefined;
    throw error;
  });
  return dialogModule;
}

function preloadRequestDialog() {
  loadRequestDialog().catch(() => {
    // Tried again when the dialog opens.
  });
}

// If the code cannot be loaded when it is needed, the visitor still gets the form: the page.
const RequestDialog = lazy(() =>
  loadRequestDialog().catch(() => {
    window.location.assign(requestPagePath);
    return new Promise<never>(() => {});
  }),
);

type RequestDialogApi = { open(opener: HTMLElement, fallback: Element | null, topic?: RequestTopic): void };
const RequestDialogContext = createContext<RequestDialogApi | null>(null);

type Opener = { element: HTMLElement; fallback: Element | null };

export function RequestDialogProvider({ phone, telHref, children }: { phone: string; telHref: string; children: ReactNode }) {
  const [state, setState] = useState<"never-opened" | "open" | "closed">("never-opened");
  const [topic, setTopic] = useState<RequestTopic | undefined>();
  const opener = useRef<Opener | null>(null);

  // Fetch the dialog's code once the page has loaded and the browser has nothing better to do.
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === "function") {
        const id = window.requestIdleCallback(preloadRequestDialog, { timeout: 5000 });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(preloadRequestDialog, 2000);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      window.removeEventListener("load", whenIdle);
      cancel();
    };
  }, []);

  const api = useMemo<RequestDialogApi>(
    () => ({
      open(element, fallback, about) {
        opener.current = { element, fallback };
        setTopic(about);
        setState("open");
      },
    }),
    [],
  );

  /** Runs after the dialog element has closed; focus goes back to what opened it. */
  const onClose = () => {
    setState((current) => (current === "open" ? "closed" : current));
    const from = opener.current;
    opener.current = null;
    if (!from) return;
    // A link inside a drawer that has closed since cannot take focus: use what had focus when the dialog opened.
    const target = from.element.isConnected && from.element.getClientRects().length > 0 ? from.element : from.fallback;
    if (target instanceof HTMLElement) target.focus();
  };

  return (
    <RequestDialogContext value={api}>
      {children}
      {state !== "never-opened" && (
        <Suspense fallback={null}>
          <RequestDialog open={state === "open"} topic={topic} onClose={onClose} phone={phone} telHref={telHref} />
        </Suspense>
      )}
    </RequestDialogContext>
  );
}

type RequestServiceLinkProps = {
  className?: string;
  children: ReactNode;
  /** Runs before the dialog opens (the menu drawer closes itself). */
  onOpen?: () => void;
  /** What the request is about, written into its comments for the office (the visitor sees and may change it). */
  topic?: RequestTopic;
};

/** A link to the request page that, once JavaScript runs, opens the request dialog instead. */
export function RequestServiceLink({ className, children, onOpen, topic }: RequestServiceLinkProps) {
  const dialog = use(RequestDialogContext);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dialog || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const element = event.currentTarget;
    onOpen?.();
    dialog.open(element, document.activeElement, topic);
  };

  return (
    <a
      href={topic ? `${requestPagePath}?topic=${topic}` : requestPagePath}
      className={className}
      onClick={onClick}
      onPointerEnter={dialog ? preloadRequestDialog : undefined}
      onFocus={dialog ? preloadRequestDialog : undefined}
    >
      {children}
    </a>
  );
}
