/**
 * The site's buttons, as class strings so a link, a label or a button can look like one.
 * primary: the main action of an admin form (navy); accent: the public site's call to action and
 * urgent staff actions (brand red); secondary: any other action (outlined); danger: an action that
 * deletes or cannot be undone (brand red); link: an action shown as a text link.
 */
export type ButtonVariant = "primary" | "accent" | "secondary" | "danger" | "link";

/** compact: in a row or list item; regular: a form's own buttons; wide: the public request form's. */
export type ButtonSize = "compact" | "regular" | "wide";

const shape = "inline-flex min-h-11 items-center justify-center gap-2 rounded-md disabled:cursor-not-allowed disabled:opacity-60";

const looks: Record<Exclude<ButtonVariant, "link">, string> = {
  primary: "bg-navy-900 font-bold text-white hover:bg-navy-800",
  accent: "bg-brand-red-700 font-bold text-white hover:bg-brand-red-800",
  secondary: "border-2 border-navy-900 bg-white font-bold text-navy-900 hover:bg-navy-50",
  danger: "bg-brand-red-700 font-bold text-white hover:bg-brand-red-800",
};

const paddings: Record<ButtonSize, string> = { compact: "px-3", regular: "px-4", wide: "px-6" };

const linkLook = "inline-flex min-h-11 items-center font-semibold text-navy-900 underline underline-offset-4 hover:text-navy-700";

export function buttonClass(variant: ButtonVariant = "secondary", { size = "regular", full = false }: { size?: ButtonSize; full?: boolean } = {}): string {
  if (variant === "link") return linkLook;
  return `${shape} ${paddings[size]} ${looks[variant]}${full ? " w-full" : ""}`;
}
