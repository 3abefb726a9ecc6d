import { useRef, useState, type ReactNode } from "react";
import { buttonClass } from "#app/components/ui/button.ts";
import { cardClass } from "#app/components/ui/card.ts";
import { useEditor } from "./editor-form.tsx";

/** The list with one item moved; the rest keep their order. */
export function moveItem<Item>(items: Item[], from: number, to: number): Item[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > items.length - 1) return items;
  next.splice(to, 0, moved);
  return next;
}

/** What a screen reader hears after a change to the list, which sighted people see happen. */
export const listChangeMessages = {
  added: (noun: string, position: number) => `${noun} ${position} added at the end of the list.`,
  moved: (label: string, position: number, count: number) => `Moved ${label} to position ${position} of ${count}.`,
  removed: (label: string) => `Removed ${label}.`,
};

/**
 * An item's buttons: up and down (the keyboard's way to reorder; focus follows the item it moved)
 * and remove.
 */
function ItemButtons({
  itemKey,
  index,
  count,
  itemLabel,
  onMove,
  onRemove,
}: {
  itemKey: string;
  index: number;
  count: number;
  itemLabel: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const move = (direction: "up" | "down") => {
    onMove(index, direction === "up" ? index - 1 : index + 1);
    requestAnimationFrame(() => {
      const same = document.getElementById(`move-${itemKey}-${direction}`) as HTMLButtonElement | null;
      const other = document.getElementById(`move-${itemKey}-${direction === "up" ? "down" : "up"}`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };
  const button = buttonClass("secondary", { size: "compact" });
  return (
    <div className="flex flex-wrap gap-2">
      <button id={`move-${itemKey}-up`} type="button" className={button} disabled={index === 0} onClick={() => move("up")}>
        <span aria-hidden="true">↑</span>
        <span className="sr-only">Move {itemLabel} up</span>
      </button>
      <button id={`move-${itemKey}-down`} type="button" className={button} disabled={index === count - 1} onClick={() => move("down")}>
        <span aria-hidden="true">↓</span>
        <span className="sr-only">Move {itemLabel} down</span>
      </button>
      <button type="button" className={button} onClick={() => onRemove(index)}>
        Remove<span className="sr-only"> {itemLabel}</span>
      </button>
    </div>
  );
}

/**
 * An editable list of an editor (badges, reasons, projects, reviews): each item on a card with
 * its title and its up, down and remove buttons, then an add button. Items keep a stable key while
 * they move; a new item takes the focus (its `<key>-<focusField>` input), and after a removal the
 * focus goes to the add button. Each change is said in a polite live region, there from the first
 * render, and marks the form as changed.
 */
export function EditableList<Item extends { key: string }>({
  initial,
  keyPrefix,
  focusField,
  noun,
  addLabel,
  max,
  blank,
  empty,
  itemLabel,
  itemTitle,
  itemAriaLabel,
  children,
}: {
  initial: Item[];
  keyPrefix: string;
  focusField: string;
  /** What one item is called in the announcements ("Badge"). */
  noun: string;
  addLabel: string;
  max: number;
  blank: Omit<Item, "key">;
  /** What shows while the list is empty. */
  empty: ReactNode;
  /** How the buttons and announcements name an item ("the review by Ann"). */
  itemLabel: (item: Item, index: number) => string;
  itemTitle: (item: Item, index: number) => ReactNode;
  itemAriaLabel: (item: Item, index: number) => string;
  /** An item's fields; `update` changes the item as the person types. */
  children: (item: Item, index: number, update: (patch: Partial<Item>) => void) => ReactNode;
}) {
  const { markDirty } = useEditor();
  const [items, setItems] = useState(initial);
  const [announcement, setAnnouncement] = useState("");
  const nextKey = useRef(initial.length);
  const addButtonId = `add-${keyPrefix}`;
  const change = (next: Item[], message: string) => {
    setItems(next);
    setAnnouncement(message);
    markDirty();
  };
  const labelAt = (index: number) => {
    const item = items[index];
    return item ? itemLabel(item, index) : "";
  };

  const add = () => {
    const key = `${keyPrefix}-${nextKey.current++}`;
    change([...items, { ...blank, key } as Item], listChangeMessages.added(noun, items.length + 1));
    requestAnimationFrame(() => document.getElementById(`${key}-${focusField}`)?.focus());
  };
  const move = (from: number, to: number) => {
    const next = moveItem(items, from, to);
    const moved = next[to];
    change(next, moved ? listChangeMessages.moved(itemLabel(moved, to), to + 1, next.length) : "");
  };
  const remove = (index: number) => {
    change(
      items.filter((_, at) => at !== index),
      listChangeMessages.removed(labelAt(index)),
    );
    requestAnimationFrame(() => document.getElementById(addButtonId)?.focus());
  };
  const update = (index: number) => (patch: Partial<Item>) => {
    setItems((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item)));
    markDirty();
  };

  return (
    <>
      {items.length === 0 && <p className="text-slate-700">{empty}</p>}
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.key} className={`${cardClass} space-y-4`} aria-label={itemAriaLabel(item, index)}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-black text-navy-900">{itemTitle(item, index)}</p>
              <ItemButtons itemKey={item.key} index={index} count={items.length} itemLabel={labelAt(index)} onMove={move} onRemove={remove} />
            </div>
            {children(item, index, update(index))}
          </li>
        ))}
      </ol>
      <button id={addButtonId} type="button" className={buttonClass("secondary", { size: "compact" })} disabled={items.length >= max} onClick={add}>
        {addLabel}
      </button>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
