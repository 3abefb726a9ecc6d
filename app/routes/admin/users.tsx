import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { buttonClass } from "#app/components/ui/button.ts";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { useLastAnswer } from "#app/features/live/use-last-answer.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { listAccounts, setAccountRole, type StaffAccount } from "#app/features/auth/users.server.ts";
import { accountRoles } from "#app/domain/roles.ts";
import { officeTimeZone } from "#app/domain/office-time.ts";
import { loadCompanySettings } from "#app/features/site/settings.server.ts";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Users | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireAccess(request, context, "admin");
  const accounts = await listAccounts(context.db);
  return { me: member.id, accounts: accounts.map((account) => ({ ...account, createdAt: account.createdAt.toISOString() })) };
}

const roleChange = z.object({ userId: z.string().min(1).max(100), role: z.enum(accountRoles) });

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "admin");
  const parsed = roleChange.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "That change is not possible." }, { status: 400 });
  const { name: companyName } = await loadCompanySettings(context);
  const refusal = await setAccountRole(context.db, parsed.data.userId, parsed.data.role, {
    actor: member,
    notices: { publicUrl: context.publicUrl, companyName },
  });
  if (refusal) return data({ error: refusal }, { status: 409 });
  context.notifyOutbox();
  context.logger.info({ by: member.id, userId: parsed.data.userId, role: parsed.data.role }, "Account role changed");
  return { success: "Saved." };
}

const statusText: Record<StaffAccount["role"], string> = {
  pending: "Awaiting approval",
  editor: "Editor",
  admin: "Administrator",
  revoked: "Revoked",
};

/** What an administrator can do with an account in each state. */
const actionsFor: Record<StaffAccount["role"], { role: StaffAccount["role"]; label: string }[]> = {
  pending: [
    { role: "editor", label: "Approve as editor" },
    { role: "admin", label: "Approve as admin" },
    { role: "revoked", label: "Refuse" },
  ],
  editor: [
    { role: "admin", label: "Make admin" },
    { role: "revoked", label: "Revoke" },
  ],
  admin: [
    { role: "editor", label: "Make editor" },
    { role: "revoked", label: "Revoke" },
  ],
  revoked: [{ role: "editor", label: "Restore as editor" }],
};

const dateFormat = new Intl.DateTimeFormat("en-US", { timeZone: officeTimeZone, dateStyle: "medium" });

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useLastAnswer(actionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">Users</h1>
      <p className="mt-2 text-slate-700">New accounts can sign in once they confirm their email, and use the admin once approved here. Administrators are emailed when an account is waiting; the person is emailed when you approve or refuse it. Every change is in the audit log.</p>
      <div className="mt-4" aria-live="polite">
        {answer && "error" in answer && <FormMessage tone="error">{answer.error}</FormMessage>}
        {answer && "success" in answer && <FormMessage tone="success">{answer.success}</FormMessage>}
      </div>
      {loaderData.accounts.length === 0 ? (
        <p className="mt-6">No accounts yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {loaderData.accounts.map((account) => (
            <li
              key={account.id}
              className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-bold break-all">
                  {account.email}
                  {account.id === loaderData.me && <span className="font-normal text-slate-700"> (you)</span>}
                </p>
                <p className="text-sm text-slate-700">
                  {statusText[account.role]}
                  {!account.emailVerified && " · email not confirmed"} · joined {dateFormat.format(new Date(account.createdAt))}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {actionsFor[account.role].map((change) => (
                  <Form method="post" key={change.role}>
                    <input type="hidden" name="userId" value={account.id} />
                    <input type="hidden" name="role" value={change.role} />
                    <button type="submit" disabled={busy} className={buttonClass("secondary", { size: "compact" })}>
                      {change.label}
                      <span className="sr-only"> {account.email}</span>
                    </button>
                  </Form>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
