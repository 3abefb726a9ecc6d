import { editorAction, editorLoader } from "#app/features/content/editor.server.ts";
import {
  buttonClass,
  cardClass,
  ContentEditor,
  SelectField,
  ListItemButtons,
  TextArea,
  TextField,
  useEditableList,
  useEditor,
  formValues,
} from "#app/features/content/editor-ui.tsx";
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
  const { items, update, move, add, remove } = useEditableList(initial, {
    keyPrefix: "reason",
    focusField: "text",
    addButtonId: "add-reason",
  });

  return (
    <section aria-labelledby="reasons-title" className="space-y-4">
      <h2 id="reasons-title" className="text-xl font-black text-navy-900">
        Reasons
      </h2>
      {errors.reasons && <p className="font-semibold text-brand-red-700">{errors.reasons}</p>}
      {items.length === 0 && <p className="text-slate-700">No reasons: the section shows its headline and subheadline only.</p>}
      <ol className="space-y-4">
        {items.map((item, index) => {
          const label = `reason ${index + 1}`;
          const prefix = `reasons.${index}`;
          return (
            <li key={item.key} className={`${cardClass} space-y-3`} aria-label={`Reason ${index + 1}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-black text-navy-900">Reason {index + 1}</p>
                <ListItemButtons itemKey={item.key} index={index} count={items.length} itemLabel={label} onMove={move} onRemove={remove} />
              </div>
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
                  onChange={(event) => update(index, { text: event.currentTarget.value })}
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
                  onChange={(event) => update(index, { icon: isReasonIcon(event.currentTarget.value) ? event.currentTarget.value : "star" })}
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
                onChange={(event) => update(index, { detail: event.currentTarget.value })}
              />
            </li>
          );
        })}
      </ol>
      <button
        id="add-reason"
        type="button"
        className={buttonClass}
        disabled={items.length >= maxReasons}
        onClick={() => add({ text: "", detail: "", icon: "star" })}
      >
        Add Reason
      </button>
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
