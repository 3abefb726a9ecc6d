import { cardClass } from "#app/components/ui/card.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { TextArea } from "#app/features/content/editor-fields.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { maxNotificationRecipients, notificationsSchema } from "#app/features/content/schemas.ts";
import { contentSectionLabels } from "#app/domain/content-sections.ts";
import { RecipientsCard } from "#app/features/office-notifications/recipients-card.tsx";
import { asksForTestEmail, testEmailAction } from "#app/features/office-notifications/test-email.server.ts";
import { testEmailResultOf } from "#app/features/office-notifications/test-email.ts";
import { TestEmailForm } from "#app/features/office-notifications/test-email.tsx";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => [{ title: "Office notifications | Admin" }, { name: "robots", content: "noindex" }];

/** Every staff member may see who is notified; only administrators change it or send a test. */
export const loader = (args: Route.LoaderArgs) => editorLoader(args, "notifications");

export async function action(args: Route.ActionArgs) {
  return (await asksForTestEmail(args.request)) ? testEmailAction(args) : editorAction(args, "notifications", "admin");
}

const adminOnlyNote = "Only an administrator can change these addresses.";

export default function NotificationsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { content, revisions, role } = loaderData;
  if (role !== "admin") {
    return (
      <>
        <h1 className="text-3xl font-black text-navy-900">{contentSectionLabels.notifications}</h1>
        <div className="mt-6 max-w-3xl">
          <RecipientsCard recipients={content.recipients}>
            <p className="mt-3 text-slate-700">{adminOnlyNote}</p>
          </RecipientsCard>
        </div>
      </>
    );
  }
  const saveResult = actionData && "toast" in actionData ? actionData : undefined;
  const sentText = saveResult?.values?.recipients;
  return (
    <ContentEditor
      section="notifications"
      intro="Every new request is emailed to these addresses, at once. Check them after each change: a mistyped address means requests reach nobody."
      schema={notificationsSchema}
      revisions={revisions}
      result={saveResult}
      aside={
        <RecipientsCard recipients={content.recipients}>
          <p className="mt-3 text-slate-700">
            {saveResult?.ok
              ? "Saved. Send a test email now to make sure every address receives it."
              : "A test email goes to these addresses the way a new request's email does, and shows what happened."}
          </p>
          <TestEmailForm result={testEmailResultOf(actionData)} />
        </RecipientsCard>
      }
    >
      <div className={cardClass}>
        <TextArea
          name="recipients"
          label="Addresses"
          hint={`One address per line, up to ${maxNotificationRecipients}.`}
          rows={4}
          defaultValue={typeof sentText === "string" ? sentText : content.recipients.join("\n")}
        />
      </div>
    </ContentEditor>
  );
}
