import { editorAction, editorLoader } from "#app/features/content/editor.server.ts";
import { cardClass, ContentEditor, TextArea, TextField, formValues } from "#app/features/content/editor-ui.tsx";
import { ImageField } from "#app/features/content/image-upload.tsx";
import { heroSchema } from "#app/features/content/schemas.ts";
import type { Route } from "./+types/hero";

export const meta: Route.MetaFunction = () => [{ title: "Hero | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "hero");
export const action = (args: Route.ActionArgs) => editorAction(args, "hero");

export default function HeroEditor({ loaderData, actionData }: Route.ComponentProps) {
  const values = formValues(loaderData.content, actionData);
  return (
    <ContentEditor
      section="hero"
      intro="The first screen of the home page: what visitors read before anything else."
      schema={heroSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      <div className={`${cardClass} space-y-4`}>
        <TextField name="title" label="Title" defaultValue={values.title} />
        <TextField name="subtitle" label="Subtitle" defaultValue={values.subtitle} />
        <TextArea name="description" label="Description" defaultValue={values.description} rows={4} />
        <TextField name="buttonText" label="Button text" defaultValue={values.buttonText} />
        <ImageField
          name="backgroundImageUrl"
          label="Background image"
          defaultValue={values.backgroundImageUrl}
          folder="backgrounds"
        />
      </div>
    </ContentEditor>
  );
}
