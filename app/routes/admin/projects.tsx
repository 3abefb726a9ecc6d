import { servedTowns } from "#app/content/company.ts";
import { editorAction, editorLoader } from "#app/features/content/editor.server.ts";
import {
  buttonClass,
  cardClass,
  ContentEditor,
  ListItemButtons,
  SelectField,
  TextField,
  useEditableList,
  useEditor,
  formValues,
} from "#app/features/content/editor-ui.tsx";
import { PhotoField } from "#app/features/content/image-upload.tsx";
import { maxProjects, projectsSchema } from "#app/features/content/schemas.ts";
import { publicationStatuses, serviceLabels, showcaseServiceKeys, townLabels } from "#app/domain/showcase.ts";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => [{ title: "Projects | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "projects");
export const action = (args: Route.ActionArgs) => editorAction(args, "projects");

const projectFields = [
  "status",
  "caption",
  "service",
  "town",
  "completedOn",
  "photoUrl",
  "photoAlt",
  "photoPlaceholder",
  "beforeUrl",
  "beforeAlt",
  "beforePlaceholder",
] as const;
type ProjectItem = { key: string } & Record<(typeof projectFields)[number], string>;

/** The list as stored, or as sent when a save was refused: every field as text, nothing typed lost. */
function projectItems(projects: unknown): ProjectItem[] {
  if (!Array.isArray(projects)) return [];
  return projects.map((project: Record<string, unknown>, index) => {
    const item = { key: `project-${index}` } as ProjectItem;
    for (const field of projectFields) item[field] = typeof project[field] === "string" ? project[field] : "";
    if (item.status === "") item.status = "draft";
    return item;
  });
}

function ProjectList({ initial }: { initial: ProjectItem[] }) {
  const { errors } = useEditor();
  const { items, update, move, add, remove } = useEditableList(initial, {
    keyPrefix: "project",
    focusField: "caption",
    addButtonId: "add-project",
  });
  return (
    <section aria-labelledby="projects-list-title" className="space-y-4">
      <h2 id="projects-list-title" className="text-xl font-black text-navy-900">
        Projects, in the order the site shows them
      </h2>
      {errors.projects && <p className="font-semibold text-brand-red-700">{errors.projects}</p>}
      {items.length === 0 && (
        <p className="text-slate-700">No projects yet: the home page shows no projects section until one is published.</p>
      )}
      <ol className="space-y-4">
        {items.map((item, index) => {
          const label = item.caption || `project ${index + 1}`;
          const prefix = `projects.${index}`;
          return (
            <li
              key={item.key}
              className={`${cardClass} space-y-4`}
              aria-label={`Project ${index + 1}: ${item.caption || "no caption yet"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-black text-navy-900">
                  {index + 1}. {item.status === "published" ? "Published" : "Draft"}
                </p>
                <ListItemButtons itemKey={item.key} index={index} count={items.length} itemLabel={label} onMove={move} onRemove={remove} />
              </div>
              <TextField
                id={`${item.key}-caption`}
                name={`${prefix}.caption`}
                label="Caption"
                value={item.caption}
                onChange={(event) => update(index, { caption: event.currentTarget.value })}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  id={`${item.key}-status`}
                  name={`${prefix}.status`}
                  label="Status"
                  hint="Drafts are never shown on the site."
                  options={publicationStatuses}
                  value={item.status}
                  onChange={(event) => update(index, { status: event.currentTarget.value })}
                />
                <TextField
                  id={`${item.key}-date`}
                  name={`${prefix}.completedOn`}
                  label="Date"
                  type="date"
                  defaultValue={item.completedOn}
                />
                <SelectField
                  id={`${item.key}-service`}
                  name={`${prefix}.service`}
                  label="Service"
                  options={["", ...showcaseServiceKeys]}
                  optionLabels={serviceLabels}
                  defaultValue={item.service}
                />
                <SelectField
                  id={`${item.key}-town`}
                  name={`${prefix}.town`}
                  label="Town"
                  options={["", ...servedTowns]}
                  optionLabels={townLabels}
                  defaultValue={item.town}
                />
              </div>
              <PhotoField
                prefix={`${prefix}.photo`}
                idPrefix={`${item.key}-photo`}
                label="Photo (the after picture of a pair)"
                folder="photos"
                defaultValue={{ url: item.photoUrl, alt: item.photoAlt, placeholder: item.photoPlaceholder }}
              />
              <PhotoField
                prefix={`${prefix}.before`}
                idPrefix={`${item.key}-before`}
                label="Before photo (optional: makes a before and after pair)"
                folder="photos"
                defaultValue={{ url: item.beforeUrl, alt: item.beforeAlt, placeholder: item.beforePlaceholder }}
              />
            </li>
          );
        })}
      </ol>
      <button
        id="add-project"
        type="button"
        className={buttonClass}
        disabled={items.length >= maxProjects}
        onClick={() =>
          add({
            status: "draft",
            caption: "",
            service: "",
            town: "",
            completedOn: "",
            photoUrl: "",
            photoAlt: "",
            photoPlaceholder: "",
            beforeUrl: "",
            beforeAlt: "",
            beforePlaceholder: "",
          })
        }
      >
        Add Project
      </button>
    </section>
  );
}

export default function ProjectsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const values = formValues(loaderData.content, actionData);
  return (
    <ContentEditor
      section="projects"
      intro="Jobs the office shows with their photos, on the home page and on the pages of their service and town. A project is shown once it is published, with alt text for each photo."
      schema={projectsSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      <ProjectList initial={projectItems(values.projects)} />
    </ContentEditor>
  );
}
