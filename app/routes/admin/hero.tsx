import { cardClass } from "#app/components/ui/card.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { TextArea, TextField } from "#app/features/content/editor-fields.tsx";
import { formValues } from "#app/features/content/editor-form.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { PhotoField } from "#app/features/content/image-upload.tsx";
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
      intro="The first screen of the home page, what visitors read before anything else, and the photo beside the company's story."
      schema={heroSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      <div className={`${cardClass} space-y-4`}>
        <TextField name="title" label="Title" defaultValue={values.title} />
        <TextField name="subtitle" label="Subtitle" defaultValue={values.subtitle} />
        <TextArea name="description" label="Description" defaultValue={values.description} rows={4} />
        <TextField name="buttonText" label="Button text" defaultValue={values.buttonText} />
        <PhotoField
          prefix="backgroundImage"
          label="Background photo"
          folder="hero"
          defaultValue={{ url: values.backgroundImageUrl, alt: values.backgroundImageAlt, placeholder: values.backgroundImagePlaceholder }}
        />
      </div>
      <div className={`${cardClass} space-y-4`}>
        <h2 className="text-xl font-black text-navy-900">Our Story photo</h2>
        <p className="text-slate-700">
          Beside the home page's story: the founder, the crew or a truck. Until there is one, the page shows our illustration.
        </p>
        <PhotoField
          prefix="storyImage"
          label="Story photo"
          folder="photos"
          defaultValue={{ url: values.storyImageUrl, alt: values.storyImageAlt, placeholder: values.storyImagePlaceholder }}
        />
      </div>
    </ContentEditor>
  );
}
