import { useEffect, useRef } from "react";

/**
 * "Select all on this page". Without JavaScript it is a field of its own: the server then takes
 * every request the page listed. With it, it ticks and unticks the rows too, and shows a partial
 * selection as mixed; unticking one row unticks it, so the server takes exactly the rows ticked.
 */
export function BulkSelectAll({ count }: { count: number }) {
  const selectAll = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const box = selectAll.current;
    const form = box?.form;
    if (!box || !form) return;
    const rows = () => [...form.querySelectorAll<HTMLInputElement>("input[data-bulk-row]")];
    const onChange = (event: Event) => {
      if (event.target === box) {
        for (const row of rows()) row.checked = box.checked;
        box.indeterminate = false;
        return;
      }
      if (!(event.target instanceof HTMLInputElement) || !event.target.hasAttribute("data-bulk-row")) return;
      const ticked = rows().filter((row) => row.checked).length;
      box.checked = ticked > 0 && ticked === rows().length;
      box.indeterminate = ticked > 0 && !box.checked;
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, []);

  return (
    <label className="flex min-h-11 items-center gap-2 font-semibold">
      <input ref={selectAll} type="checkbox" name="all" value="page" className="size-6" />
      Select all {count} on this page
    </label>
  );
}
