import { cardClass } from "#app/components/ui/card.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { EditableList } from "#app/features/content/editable-list.tsx";
import { SelectField, TextArea, TextField } from "#app/features/content/editor-fields.tsx";
import { formValues, useEditor } from "#app/features/content/editor-form.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { isReasonIcon, reasonIcons, type ReasonIcon } from "#app/domain/icons.ts";
import { maxReasons, missionSchema } from "#app/features/content/schemas.ts";
import type { Route } from "./+types/mission";

export const meta: Route.MetaFunction = () => [{ title: "Mission | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "mission");
export const action = (args: Route.ActionArgs) => editorAction(args, "mission");

interface ReasonItem {
  key: string;
  text: string;
  detail: string;
  icon: ReasonIcon;
}

function reasonItems(reasons: unknown): ReasonItem[] {
  if (!Array.isArray(reasons)) return [];
  return reasons.map((reason: { text?: unknown; detail?: unknown; icon?: unknown }, index) => ({
    key: `reason-${index}`,
    text: typeof reason.text === "string" ? reason.text : "",
    detail: typeof reason.detail === "string" ? reason.detail : "",
    icon: typeof reason.icon === "string" && isReasonIcon(reason.icon) ? reason.icon : "star",
  }));
}

function ReasonList({ initial }: { initial: ReasonItem[] }) {
  const { errors } = useEditor();

  return (
    <section aria-labelledby="reasons-title" className="space-y-4">
      <h2 id="reasons-title" className="text-xl font-black text-navy-900">
        Reasons
      </h2>
      {errors.reasons && <p className="font-semibold text-brand-red-700">{errors.reasons}</p>}
      <EditableList
        initial={initial}
        keyPrefix="reason"
        focusField="text"
        noun="Reason"
        addLabel="Add Reason"
        max={maxReasons}
        blank={{ text: "", detail: "", icon: "star" }}
        empty="No reasons: the section shows its headline and subheadline only."
        itemLabel={(_, index) => `reason ${index + 1}`}
        itemTitle={(_, index) => `Reason ${index + 1}`}
        itemAriaLabel={(_, index) => `Reason ${index + 1}`}
      >
        {(item, index, update) => {
          const label = `reason ${index + 1}`;
          const prefix = `reasons.${index}`;
          return (
            <>
              <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
                <TextField
                  id={`${item.key}-text`}
                  name={`${prefix}.text`}
                  label={
                    <>
                      Text<span className="sr-only"> of {label}</span>
                    </>
                  }
                  value={item.text}
                  onChange={(event) => update({ text: event.currentTarget.value })}
                />
                <SelectField
                  id={`${item.key}-icon`}
                  name={`${prefix}.icon`}
                  label={
                    <>
                      Icon<span className="sr-only"> of {label}</span>
                    </>
                  }
                  options={reasonIcons}
                  value={item.icon}
                  onChange={(event) => update({ icon: isReasonIcon(event.currentTarget.value) ? event.currentTarget.value : "star" })}
                />
              </div>
              <TextArea
                id={`${item.key}-detail`}
                name={`${prefix}.detail`}
                label={
                  <>
                    Detail (optional)<span className="sr-only"> of {label}</span>
                  </>
                }
                hint="One sentence under the reason on the home and service pages."
                rows={2}
                value={item.detail}
                onChange={(event) => update({ detail: event.currentTarget.value })}
              />
            </>
          );
        }}
      </EditableList>
    </section>
  );
}

export default function MissionEditor({ loaderData, actionData }: Route.ComponentProps) {
  const values = formValues(loaderData.content, actionData);
  return (
    <ContentEditor
      section="mission"
      intro="The why-choose-us reasons: shown on the home page (the “Why Choose Us” section), on the water damage and fire & mold pages, and on the /homepage2 variant. A save shows on all of them at the next load."
      schema={missionSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      <div className={`${cardClass} space-y-4`}>
        <TextField name="headline" label="Headline" defaultValue={values.headline} />
        <TextField name="subheadline" label="Subheadline" defaultValue={values.subheadline} />
      </div>
      <ReasonList initial={reasonItems(values.reasons)} />
    </ContentEditor>
  );
}
