import { data, Form, useNavigation } from "react-router";
import { fieldErrorsFrom } from "#app/components/ui/field-errors.ts";
import { FormMessage } from "#app/components/ui/form-message.tsx";
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
  const busy = useNavigation().state === "submitting";
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">Data retention</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Each night the site deletes the photos of requests closed longer than this, and spam older than this. A closed request&apos;s
        details and notes stay.
      </p>
      <Form method="post" className="mt-6 max-w-md space-y-4 rounded-xl bg-white p-5 shadow">
        {actionData && "saved" in actionData && <FormMessage tone="success">Saved.</FormMessage>}
        {fields.map(({ name, label }) => (
          <div key={name}>
            <label htmlFor={name} className="font-semibold">
              {label}
            </label>
            <input
              id={name}
              name={name}
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              required
              defaultValue={actionData && "values" in actionData ? actionData.values[name] : loaderData[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${name}-error` : undefined}
              className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3"
            />
            {errors[name] && (
              <p id={`${name}-error`} className="mt-1 font-semibold text-brand-red-700">
                {errors[name]}
              </p>
            )}
          </div>
        ))}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-md bg-navy-900 px-4 font-bold text-white"
        >
          {busy ? "Saving..." : "Save"}
        </button>
      </Form>
    </>
  );
}
