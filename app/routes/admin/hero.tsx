import { editorAction, editorLoader } from "#app/features/content/editor.server.ts";
import { cardClass, EditorForm, EditorPage, TextArea, TextField, formValues, useToast } from "#app/features/content/editor-ui.tsx";
import { ImageField } from "#app/features/content/image-upload.tsx";
import { editorMessages } from "#app/features/content/messages.ts";
import { heroSchema } from "#app/features/content/schemas.ts";
import type { Route } from "./+types/hero";

export const meta: Route.MetaFunction = () => [{ title: "Hero | Admin" }, { name: "robots", content: "noindex" }];

const messages = editorMessages.hero;

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "hero");
export const action = (args: Route.ActionArgs) => editorAction(args, "hero", messages);

export default function HeroEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { toast, show, dismiss } = useToast(actionData);
  const values = formValues(loaderData.content, actionData);
  return (
    <EditorPage
      section="hero"
      intro="The first screen of the home page: what visitors read before anything else."
      toast={toast}
      onDismissToast={dismiss}
      revisions={loaderData.revisions}
    >
      <EditorForm key={loaderData.revisions[0]?.id} schema={heroSchema} result={actionData} failedMessage={messages.failed} onToast={show}>
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
            onToast={show}
          />
        </div>
      </EditorForm>
    </EditorPage>
  );
}
