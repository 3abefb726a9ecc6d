import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Select, TextArea as KitTextArea, TextInput } from "#app/components/ui/field.tsx";
import { useEditor } from "./editor-form.tsx";

/**
 * An editor's fields: the kit's, with the message taken from the form's errors by name, and the
 * id `field-<name>` unless an item of a list gives its own (which stays while the item moves and
 * its name changes).
 */
type EditorFieldProps = {
  name: string;
  label: ReactNode;
  hint?: string;
  className?: string;
  id?: string;
};

export function TextField({ name, id = `field-${name}`, ...input }: EditorFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  return <TextInput id={id} name={name} error={useEditor().errors[name]} {...input} />;
}

export function TextArea({ name, id = `field-${name}`, ...area }: EditorFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  return <KitTextArea id={id} name={name} error={useEditor().errors[name]} {...area} />;
}

/** A choice among fixed words (icon names), shown as they are, or by the label `optionLabels` gives them. */
export function SelectField({
  name,
  id = `field-${name}`,
  ...select
}: EditorFieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & { options: readonly string[]; optionLabels?: Readonly<Record<string, string>> }) {
  return <Select id={id} name={name} error={useEditor().errors[name]} {...select} />;
}
