import { servedTowns } from "#app/content/company.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { EditableList } from "#app/features/content/editable-list.tsx";
import { SelectField, TextField } from "#app/features/content/editor-fields.tsx";
import { formValues, useEditor } from "#app/features/content/editor-form.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
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
  return (
    <section aria-labelledby="projects-list-title" className="space-y-4">
      <h2 id="projects-list-title" className="text-xl font-black text-navy-900">
        Projects, in the order the site shows them
      </h2>
      {errors.projects && <p className="font-semibold text-brand-red-700">{errors.projects}</p>}
      <EditableList
        initial={initial}
        keyPrefix="project"
        focusField="caption"
        noun="Project"
        addLabel="Add Project"
        max={maxProjects}
        blank={{
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
        }}
        empty="No projects yet: the home page shows no projects section until one is published."
        itemLabel={(item, index) => item.caption || `project ${index + 1}`}
        itemTitle={(item, index) => `${index + 1}. ${item.status === "published" ? "Published" : "Draft"}`}
        itemAriaLabel={(item, index) => `Project ${index + 1}: ${item.caption || "no caption yet"}`}
      >
        {(item, index, update) => {
          const prefix = `projects.${index}`;
          return (
            <>
              <TextField
                id={`${item.key}-caption`}
                name={`${prefix}.caption`}
                label="Caption"
                value={item.caption}
                onChange={(event) => update({ caption: event.currentTarget.value })}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  id={`${item.key}-status`}
                  name={`${prefix}.status`}
                  label="Status"
                  hint="Drafts are never shown on the site."
                  options={publicationStatuses}
                  value={item.status}
                  onChange={(event) => update({ status: event.currentTarget.value })}
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
            </>
          );
        }}
      </EditableList>
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
