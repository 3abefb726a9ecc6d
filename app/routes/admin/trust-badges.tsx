import { cardClass } from "#app/components/ui/card.ts";
import { Checkbox } from "#app/components/ui/field.tsx";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { EditableList } from "#app/features/content/editable-list.tsx";
import { TextArea, TextField } from "#app/features/content/editor-fields.tsx";
import { formValues, useEditor } from "#app/features/content/editor-form.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { ImageUpload } from "#app/features/content/image-upload.tsx";
import { mediaSrcSet } from "#app/domain/media.ts";
import { maxTrustBadges, trustBadgesSchema } from "#app/features/content/schemas.ts";
import type { Route } from "./+types/trust-badges";

export const meta: Route.MetaFunction = () => [{ title: "Trust badges | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "trust-badges");
export const action = (args: Route.ActionArgs) => editorAction(args, "trust-badges");

interface BadgeItem {
  key: string;
  name: string;
  logoUrl: string;
  isActive: boolean;
}

/** The list as stored, or as sent when a save was refused (form values: "on" for a ticked box). */
function badgeItems(badges: unknown): BadgeItem[] {
  if (!Array.isArray(badges)) return [];
  return badges.map((badge: { name?: unknown; logoUrl?: unknown; isActive?: unknown }, index) => ({
    key: `badge-${index}`,
    name: typeof badge.name === "string" ? badge.name : "",
    logoUrl: typeof badge.logoUrl === "string" ? badge.logoUrl : "",
    isActive: badge.isActive === true || badge.isActive === "on",
  }));
}

function BadgeList({ initial }: { initial: BadgeItem[] }) {
  const { errors } = useEditor();
  return (
    <section aria-labelledby="badges-title" className="space-y-4">
      <h2 id="badges-title" className="text-xl font-black text-navy-900">
        Badges and partner logos
      </h2>
      <p className="text-slate-700">
        The first two show as trust badges; the rest form the partner grid. Only badges with both a name and a logo are saved.
      </p>
      {errors.badges && <p className="font-semibold text-brand-red-700">{errors.badges}</p>}
      <EditableList
        initial={initial}
        keyPrefix="badge"
        focusField="name"
        noun="Badge"
        addLabel="Add Badge"
        max={maxTrustBadges}
        blank={{ name: "", logoUrl: "", isActive: true }}
        empty="No badges: the section shows its headline and description only."
        itemLabel={(item, index) => item.name || `badge ${index + 1}`}
        itemTitle={(_, index) => `${index + 1}. ${index < 2 ? "Trust badge" : "Partner logo"}`}
        itemAriaLabel={(item, index) => `Badge ${index + 1}: ${item.name || "no name yet"}`}
      >
        {(item, index, update) => {
          const label = item.name || `badge ${index + 1}`;
          const prefix = `badges.${index}`;
          const logoError = errors[`${prefix}.logoUrl`];
          return (
            <>
              <TextField
                id={`${item.key}-name`}
                name={`${prefix}.name`}
                label="Name"
                value={item.name}
                onChange={(event) => update({ name: event.currentTarget.value })}
              />
              <input type="hidden" name={`${prefix}.logoUrl`} value={item.logoUrl} />
              <div className="flex flex-wrap items-center gap-4">
                {item.logoUrl ? (
                  <img
                    src={item.logoUrl}
                    srcSet={mediaSrcSet(item.logoUrl)}
                    sizes="160px"
                    alt={`Logo of ${label}`}
                    className="h-16 w-40 rounded-md border border-slate-200 object-contain"
                  />
                ) : (
                  <p className="text-slate-700">No logo yet.</p>
                )}
                <ImageUpload
                  folder="logos"
                  label={`Upload logo for ${label}`}
                  onUploaded={(url) => update({ logoUrl: url })}
                />
              </div>
              {logoError && <p className="font-semibold text-brand-red-700">{logoError}</p>}
              <Checkbox
                id={`${item.key}-active`}
                name={`${prefix}.isActive`}
                label={
                  <>
                    Shown on the site<span className="sr-only"> ({label})</span>
                  </>
                }
                checked={item.isActive}
                onChange={(event) => update({ isActive: event.currentTarget.checked })}
              />
              {(!item.name || !item.logoUrl) && <p className="text-sm text-slate-700">Needs a name and a logo to be saved.</p>}
            </>
          );
        }}
      </EditableList>
    </section>
  );
}

export default function TrustBadgesEditor({ loaderData, actionData }: Route.ComponentProps) {
  const values = formValues(loaderData.content, actionData);
  return (
    <ContentEditor
      section="trust-badges"
      intro="The home page's certifications, ratings and partners, below the hero."
      schema={trustBadgesSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      <div className={`${cardClass} space-y-4`}>
        <TextField name="headline" label="Section headline" defaultValue={values.headline} />
        <TextArea
          name="description"
          label="Section description"
          hint="Line breaks show as typed."
          defaultValue={values.description}
          rows={4}
        />
      </div>
      <BadgeList initial={badgeItems(values.badges)} />
    </ContentEditor>
  );
}
