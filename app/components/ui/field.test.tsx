import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox, Select, TextArea, TextInput } from "./field.tsx";

/** The attributes of the first element with this id, read from the markup. */
function attributesOf(html: string, id: string): string {
  const tag = html.match(new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`No element with id ${id} in ${html}`);
  return tag;
}

describe("TextInput", () => {
  it("labels the control and leaves it valid and undescribed without a hint or error", () => {
    const html = renderToStaticMarkup(<TextInput id="email" name="email" label="Email" />);
    expect(html).toContain('<label for="email"');
    expect(html).toContain(">Email</label>");
    const input = attributesOf(html, "email");
    expect(input).not.toContain(" aria-invalid=");
    expect(input).not.toContain(" aria-describedby=");
  });

  it("describes the control by its hint, then its error, and marks it invalid", () => {
    const html = renderToStaticMarkup(<TextInput id="phone" name="phone" label="Phone" hint="Ten digits." error="Enter a phone number." />);
    const input = attributesOf(html, "phone");
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="phone-hint phone-error"');
    expect(attributesOf(html, "phone-hint")).toBeTruthy();
    expect(html).toContain('id="phone-error"');
    expect(html).toContain("Enter a phone number.</p>");
  });


  it("is marked invalid and described by a message for the whole form", () => {
    const input = attributesOf(renderToStaticMarkup(<TextInput id="pw" name="pw" label="Password" invalid describedBy="form-message" />), "pw");
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="form-message"');
  });
});

describe("TextArea", () => {
  it("reads the extra description between the hint and the error, and can be labelled by another element", () => {
    const html = renderToStaticMarkup(
      <TextArea id="notes" name="notes" labelledBy="step-5" hint="Optional." describedBy="notes-count" error="Too long." after={<p id="notes-count">3/10</p>} />,
    );
    const area = attributesOf(html, "notes");
    expect(area).toContain('aria-describedby="notes-hint notes-count notes-error"');
    expect(area).toContain('aria-labelledby="step-5"');
    expect(area).toContain('aria-invalid="true"');
    expect(html).not.toContain("<label");
  });
});

describe("Select", () => {
  it("offers each option by its label and wires its error", () => {
    const html = renderToStaticMarkup(<Select id="icon" name="icon" label="Icon" options={["a", "b"]} optionLabels={{ a: "Alpha", b: "Beta" }} error="Pick one." />);
    expect(html).toContain('<option value="a">Alpha</option>');
    expect(attributesOf(html, "icon")).toContain('aria-describedby="icon-error"');
  });
});

describe("Checkbox", () => {
  it("puts the box inside its label and wires its error", () => {
    const html = renderToStaticMarkup(<Checkbox id="shown" name="shown" label="Shown on the site" error="Choose." />);
    const box = attributesOf(html, "shown");
    expect(box).toContain('type="checkbox"');
    expect(box).toContain('aria-invalid="true"');
    expect(box).toContain('aria-describedby="shown-error"');
  });
});
