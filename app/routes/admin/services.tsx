import { cardClass } from "#app/components/ui/card.ts";
import { serviceIcons } from "#app/domain/icons.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { SelectField, TextArea, TextField } from "#app/features/content/editor-fields.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { ImageField } from "#app/features/content/image-upload.tsx";
import { servicesSchema, type ServicesForm } from "#app/features/content/schemas.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = () => [{ title: "Services | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "services");
export const action = (args: Route.ActionArgs) => editorAction(args, "services");

type Card = ServicesForm["cards"][number];

/** After a refused save without JavaScript, the page shows what was sent rather than what is stored. */
function withSent(card: Card, sent: Partial<Record<keyof Card, unknown>> | undefined): Card {
  if (!sent) return card;
  const text = (value: unknown, stored: string) => (typeof value === "string" ? value : stored);
  const subcategories = Array.isArray(sent.subcategories) ? sent.subcategories : [];
  return {
    ...card,
    title: text(sent.title, card.title),
    subtitle: text(sent.subtitle, card.subtitle),
    summary: text(sent.summary, card.summary),
    description: text(sent.description, card.description),
    subcategories: card.subcategories.map((stored, at) => text(subcategories[at], stored)),
    featured: sent.featured === "on",
    imageUrl: text(sent.imageUrl, card.imageUrl ?? ""),
  };
}

function CardFields({ card, index }: { card: Card; index: number }) {
  const prefix = `cards.${index}`;
  const titleId = `card-${card.slug}-title`;
  return (
    <fieldset aria-labelledby={titleId} className={`${cardClass} space-y-4`}>
      <h2 id={titleId} className="text-xl font-black text-navy-900">
        Card {index + 1}: {card.title}
      </h2>
      <input type="hidden" name={`${prefix}.slug`} value={card.slug} />
      <TextField name={`${prefix}.title`} label="Title" defaultValue={card.title} />
      <TextField name={`${prefix}.subtitle`} label="Subtitle" defaultValue={card.subtitle} />
      <TextArea
        name={`${prefix}.summary`}
        label="Summary"
        hint={index < 3 ? "Shown on the home page's services trio." : "Shown where the services are listed briefly."}
        defaultValue={card.summary}
        rows={2}
      />
      <TextArea name={`${prefix}.description`} label="Description" defaultValue={card.description} rows={3} />
      <fieldset>
        <legend className="font-semibold">Subcategories</legend>
        <div className="mt-1 grid gap-3 sm:grid-cols-2">
          {card.subcategories.map((subcategory, at) => (
            <TextField key={at} name={`${prefix}.subcategories.${at}`} label={`Subcategory ${at + 1}`} defaultValue={subcategory} />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name={`${prefix}.icon`} label="Icon" options={serviceIcons} defaultValue={card.icon} />
        <label className="flex min-h-11 items-center gap-3 self-end font-semibold">
          <input type="checkbox" name={`${prefix}.featured`} defaultChecked={card.featured} className="size-5" />
          Featured (marked “Most requested”)
        </label>
      </div>
      <ImageField name={`${prefix}.imageUrl`} label="Image" defaultValue={card.imageUrl} folder="backgrounds" />
    </fieldset>
  );
}

export default function ServicesEditor({ loaderData, actionData }: Route.ComponentProps) {
  const sent = (actionData?.values as { cards?: Partial<Record<keyof Card, unknown>>[] } | undefined)?.cards;
  const cards = loaderData.content.cards.map((card, index) => withSent(card, sent?.[index]));
  return (
    <ContentEditor
      section="services"
      intro="The four service cards: the home page's services (the first three), the services carousel and the footer's list."
      schema={servicesSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      {cards.map((card, index) => (
        <CardFields key={card.slug} card={card} index={index} />
      ))}
    </ContentEditor>
  );
}
