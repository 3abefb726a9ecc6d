import { servedTowns } from "#app/content/company.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { EditableList } from "#app/features/content/editable-list.tsx";
import { SelectField, TextArea, TextField } from "#app/features/content/editor-fields.tsx";
import { formValues, useEditor } from "#app/features/content/editor-form.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { maxReviews, reviewsSchema } from "#app/features/content/schemas.ts";
import { publicationStatuses, serviceLabels, showcaseServiceKeys, townLabels } from "#app/domain/showcase.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Reviews | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "reviews");
export const action = (args: Route.ActionArgs) => editorAction(args, "reviews");

const reviewFields = ["status", "name", "town", "service", "rating", "text", "reviewedOn", "source"] as const;
type ReviewItem = { key: string } & Record<(typeof reviewFields)[number], string>;

/** The list as stored, or as sent when a save was refused: every field as text, nothing typed lost. */
function reviewItems(reviews: unknown): ReviewItem[] {
  if (!Array.isArray(reviews)) return [];
  return reviews.map((review: Record<string, unknown>, index) => {
    const item = { key: `review-${index}` } as ReviewItem;
    for (const field of reviewFields) {
      const value = review[field];
      item[field] = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
    }
    if (item.status === "") item.status = "draft";
    return item;
  });
}

const ratings = ["5", "4", "3", "2", "1"];
const ratingLabels = Object.fromEntries(ratings.map((stars) => [stars, `${stars} ${stars === "1" ? "star" : "stars"}`]));

function ReviewList({ initial }: { initial: ReviewItem[] }) {
  const { errors } = useEditor();
  return (
    <section aria-labelledby="reviews-list-title" className="space-y-4">
      <h2 id="reviews-list-title" className="text-xl font-black text-navy-900">
        Reviews, in the order the site shows them
      </h2>
      {errors.reviews && <p className="font-semibold text-brand-red-700">{errors.reviews}</p>}
      <EditableList
        initial={initial}
        keyPrefix="review"
        focusField="name"
        noun="Review"
        addLabel="Add Review"
        max={maxReviews}
        blank={{ status: "draft", name: "", town: "", service: "", rating: "5", text: "", reviewedOn: "", source: "" }}
        empty="No reviews yet: the site shows the rating from the site settings, and no reviews section."
        itemLabel={(item, index) => (item.name ? `the review by ${item.name}` : `review ${index + 1}`)}
        itemTitle={(item, index) => `${index + 1}. ${item.status === "published" ? "Published" : "Draft"}`}
        itemAriaLabel={(item, index) => `Review ${index + 1}: ${item.name || "no name yet"}`}
      >
        {(item, index, update) => {
          const prefix = `reviews.${index}`;
          return (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  id={`${item.key}-name`}
                  name={`${prefix}.name`}
                  label="Name"
                  hint="As the customer agreed to have it shown (“Maria G.”)."
                  value={item.name}
                  onChange={(event) => update({ name: event.currentTarget.value })}
                />
                <SelectField
                  id={`${item.key}-status`}
                  name={`${prefix}.status`}
                  label="Status"
                  hint="Drafts are never shown on the site."
                  options={publicationStatuses}
                  value={item.status}
                  onChange={(event) => update({ status: event.currentTarget.value })}
                />
                <SelectField
                  id={`${item.key}-rating`}
                  name={`${prefix}.rating`}
                  label="Rating"
                  options={ratings}
                  optionLabels={ratingLabels}
                  defaultValue={item.rating || "5"}
                />
                <TextField id={`${item.key}-date`} name={`${prefix}.reviewedOn`} label="Date" type="date" defaultValue={item.reviewedOn} />
                <SelectField
                  id={`${item.key}-town`}
                  name={`${prefix}.town`}
                  label="Town"
                  options={["", ...servedTowns]}
                  optionLabels={townLabels}
                  defaultValue={item.town}
                />
                <SelectField
                  id={`${item.key}-service`}
                  name={`${prefix}.service`}
                  label="Service"
                  options={["", ...showcaseServiceKeys]}
                  optionLabels={serviceLabels}
                  defaultValue={item.service}
                />
                <TextField
                  id={`${item.key}-source`}
                  name={`${prefix}.source`}
                  label="Source"
                  hint="Where it was first written, e.g. Google."
                  defaultValue={item.source}
                />
              </div>
              <TextArea id={`${item.key}-text`} name={`${prefix}.text`} label="Review" defaultValue={item.text} rows={4} />
            </>
          );
        }}
      </EditableList>
    </section>
  );
}

export default function ReviewsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const values = formValues(loaderData.content, actionData);
  return (
    <ContentEditor
      section="reviews"
      intro="What customers wrote, with their agreement. Published reviews are shown on the home page and on the pages of their service and town, and their average becomes the site's rating."
      schema={reviewsSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      <ReviewList initial={reviewItems(values.reviews)} />
    </ContentEditor>
  );
}
