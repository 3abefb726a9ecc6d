import { useState } from "react";

/** An outcome told in a toast, titled 'Success' or 'Error'. */
export interface Toast {
  title: "Success" | "Error";
  message: string;
}

/** The toast on screen: the latest answer's, until the page shows one of its own or it is dismissed; a new answer replaces it. */
export function useToast<Answer extends { toast?: Toast } | undefined>(answer: Answer) {
  const [own, setOwn] = useState<{ toast: Toast | null; after: Answer } | null>(null);
  const toast = own && own.after === answer ? own.toast : (answer?.toast ?? null);
  return {
    toast,
    show: (next: Toast) => setOwn({ toast: next, after: answer }),
    dismiss: () => setOwn({ toast: null, after: answer }),
  };
}

export const toastRegionIds = { status: "toast-status", alert: "toast-alert" } as const;

/**
 * The toast's two live regions, a polite one for good news and an assertive one for failures.
 * Both are on the page, empty, from its first render: a screen reader announces text put into a
 * region it already knows, not a region that arrives with its text. The toast stays until it is
 * dismissed or replaced, so nobody misses it.
 */
export function ToastRegion({ toast, onDismiss }: { toast: Toast | null; onDismiss: () => void }) {
  const failed = toast?.title === "Error";
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col sm:inset-x-auto sm:right-6">
      <div id={toastRegionIds.status} role="status" className="flex justify-end">
        {toast && !failed && <ToastCard toast={toast} onDismiss={onDismiss} />}
      </div>
      <div id={toastRegionIds.alert} role="alert" className="flex justify-end">
        {toast && failed && <ToastCard toast={toast} onDismiss={onDismiss} />}
      </div>
    </div>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 bg-white p-4 shadow-lg ${
        toast.title === "Error" ? "border-brand-red-700" : "border-green-700"
      }`}
    >
      <div className="grow">
        <p className="font-bold text-navy-900">{toast.title}</p>
        <p className="text-slate-800">{toast.message}</p>
      </div>
      <button type="button" onClick={onDismiss} className="min-h-11 min-w-11 rounded-md font-bold text-navy-900 hover:bg-slate-100">
        <span aria-hidden="true">×</span>
        <span className="sr-only">Dismiss</span>
      </button>
    </div>
  );
}
