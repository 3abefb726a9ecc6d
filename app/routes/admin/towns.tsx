import { Link } from "react-router";
import { cardClass } from "#app/components/ui/card.ts";
import { townBySlug, townIntroMaxLength, townPath } from "#app/content/towns.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { TextArea } from "#app/features/content/editor-fields.tsx";
import { formValues } from "#app/features/content/editor-form.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { townsSchema, type TownsForm } from "#app/features/content/schemas.ts";
import type { Route } from "./+types/towns";

export const meta: Route.MetaFunction = () => [{ title: "Town pages | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "towns");
export const action = (args: Route.ActionArgs) => editorAction(args, "towns");

export default function TownsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const values = formValues<TownsForm>(loaderData.content, actionData);
  return (
    <ContentEditor
      section="towns"
      intro="Each served town has its own page. Its intro is a short paragraph in your own words about the work you do there: leave it empty and the page simply has none, rather than another town's words."
      schema={townsSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      {values.towns.map((item, index) => {
        const town = townBySlug(item.slug);
        const name = town?.name ?? item.slug;
        return (
          <div key={item.slug} className={cardClass}>
            <input type="hidden" name={`towns.${index}.slug`} value={item.slug} />
            <TextArea
              name={`towns.${index}.intro`}
              label={`${name}: intro`}
              hint={`Up to ${townIntroMaxLength} characters. Line breaks are kept.`}
              defaultValue={item.intro}
              rows={4}
            />
            {town && (
              <p className="mt-2 text-sm">
                <Link to={townPath(town)} target="_blank" className="font-semibold text-navy-900 underline underline-offset-4">
                  View the {name} page<span className="sr-only"> (opens in a new tab)</span>
                </Link>
              </p>
            )}
          </div>
        );
      })}
    </ContentEditor>
  );
}
