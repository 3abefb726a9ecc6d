import { data, Form, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { cardClass } from "#app/components/ui/card.ts";
import { fieldErrorsFrom } from "#app/components/ui/field-errors.ts";
import { TextInput } from "#app/components/ui/field.tsx";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { useLastAnswer } from "#app/features/live/use-last-answer.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { loadRetention, retentionSchema, saveRetention } from "#app/features/inbox/retention.server.ts";
import type { Route } from "./+types/retention";

export const meta: Route.MetaFunction = () => [{ title: "Data retention | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(request, context, "admin");
  return loadRetention(context.db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "admin");
  const form = Object.fromEntries(await request.formData());
  const parsed = retentionSchema.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrorsFrom(parsed.error);
    return data({ errors, values: form as Record<string, string> }, { status: 400 });
  }
  await saveRetention(context.db, parsed.data);
  context.logger.info({ by: member.id, ...parsed.data }, "Retention changed");
  return { saved: true };
}

const fields = [
  { name: "closedDays", label: "Closed requests keep their photos for (days)" },
  { name: "spamDays", label: "Spam is deleted after (days)" },
] as const;

export default function Retention({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useLastAnswer(actionData);
  const busy = useNavigation().state === "submitting";
  const errors = answer && "errors" in answer ? answer.errors : {};
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">Data retention</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Each night the site deletes the photos of requests closed longer than this, and spam older than this. A closed request&apos;s
        details and notes stay.
      </p>
      <Form method="post" className={`${cardClass} mt-6 max-w-md space-y-4`}>
        {answer && "saved" in answer && <FormMessage tone="success">Saved.</FormMessage>}
        {fields.map(({ name, label }) => (
          <TextInput
            key={name}
            id={name}
            name={name}
            label={label}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            required
            defaultValue={answer && "values" in answer ? answer.values[name] : loaderData[name]}
            error={errors[name]}
          />
        ))}
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Saving..." : "Save"}
        </button>
      </Form>
    </>
  );
}
