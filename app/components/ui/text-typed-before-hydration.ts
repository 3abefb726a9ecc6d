/**
 * The page's forms work before its scripts arrive, so a person can type before it is hydrated.
 * React (19.3) keeps what was typed into an input, but while hydrating a textarea it puts the
 * server's text back over it: an editor's changes, or a visitor's description on a form the server
 * sent back, would be gone without a word. And no handler heard the typing (a character count
 * stays at 0). Called as the module of the kit's text area loads, before hydration starts, this
 * notes what is typed into the page's textareas; the returned function, called once they are
 * hydrated, puts the text back where it was replaced, and tells the page's handlers of it as if
 * it were typed then. A page served without a textarea has nothing to keep.
 */
export function keepTextTypedBeforeHydration(page: Document): () => void {
  if (!page.querySelector("textarea")) return () => {};
  const typed = new Map<HTMLTextAreaElement, string>();
  const note = (field: EventTarget | null) => {
    if (field instanceof HTMLTextAreaElement) typed.set(field, field.value);
  };
  // Typed before this module ran, then whatever comes until hydration is over.
  for (const field of page.querySelectorAll("textarea")) if (field.value !== field.defaultValue) note(field);
  const onInput = (event: Event) => note(event.target);
  page.addEventListener("input", onInput, true);

  return function putBack() {
    page.removeEventListener("input", onInput, true);
    const setTypedValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    for (const [field, value] of typed) {
      if (!field.isConnected || value === field.defaultValue) continue;
      // A text that was not replaced keeps its caret: the person may be typing in the middle of it.
      const kept = field.value === value ? ([field.selectionStart, field.selectionEnd] as const) : null;
      // Through the field's own setter (React's change tracking notes it), then the prototype's (it
      // does not): the handlers see the typed text as a change, whether or not it was replaced.
      field.value = "";
      setTypedValue?.call(field, value);
      if (kept) field.setSelectionRange(...kept);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    typed.clear();
  };
}
