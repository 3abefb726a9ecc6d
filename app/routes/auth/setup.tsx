import { data, redirect } from "react-router";
import { createFirstAdmin, setupLinkUsable } from "#app/features/auth/admins.server.ts";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { AuthCard } from "#app/features/auth/auth-card.tsx";
import { CredentialsForm } from "#app/features/auth/credentials-form.tsx";
import { authMessages, newCredentialsSchema } from "#app/features/auth/credentials.ts";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [{ title: "Create the first administrator" }, { name: "robots", content: "noindex" }];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const usable = await setupLinkUsable(context.db, tokenOf(request));
  return data({ usable }, { status: usable ? 200 : 404 });
}

/** The one-time link printed on a start without an administrator: creates the first one. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = newCredentialsSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? authMessages.setupLinkInvalid }, { status: 400 });
  if (!(await createFirstAdmin(context.db, tokenOf(request), parsed.data)))
    return data({ error: authMessages.setupLinkInvalid }, { status: 404 });
  context.logger.info({ email: parsed.data.email }, "The first administrator was created with the setup link");
  throw redirect("/auth?created=admin");
}

export default function SetupAdmin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Create the first administrator">
      {loaderData.usable ? (
        <>
          <p className="mb-4 text-slate-700">This account will manage the site and approve the other staff accounts.</p>
          <CredentialsForm
            intent="setup"
            submitLabel="Create Administrator"
            busyLabel="Creating account..."
            passwordAutoComplete="new-password"
            error={actionData?.error}
          />
        </>
      ) : (
        <FormMessage tone="error">{authMessages.setupLinkInvalid}</FormMessage>
      )}
    </AuthCard>
  );
}
