import { Link } from "react-router";
import { cardClass } from "#app/components/ui/card.ts";
import { ContentEditor } from "#app/features/content/content-editor.tsx";
import { TextField } from "#app/features/content/editor-fields.tsx";
import { formValues } from "#app/features/content/editor-form.tsx";
import { editorAction, editorLoader } from "#app/features/content/editor-route.server.ts";
import { callbackPromiseLimits, settingsSchema } from "#app/features/content/schemas.ts";
import { RecipientsCard } from "#app/features/office-notifications/recipients-card.tsx";
import { loadNotificationRecipients } from "#app/features/office-notifications/recipients.server.ts";
import { asksForTestEmail, testEmailAction } from "#app/features/office-notifications/test-email.server.ts";
import { testEmailResultOf } from "#app/features/office-notifications/test-email.ts";
import { TestEmailForm } from "#app/features/office-notifications/test-email.tsx";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Site settings | Admin" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const editor = await editorLoader(args, "settings");
  return { ...editor, recipients: await loadNotificationRecipients(args.context) };
}

export async function action(args: Route.ActionArgs) {
  return (await asksForTestEmail(args.request)) ? testEmailAction(args) : editorAction(args, "settings");
}

const linkClass = "mt-3 inline-block font-semibold text-navy-900 underline underline-offset-4";

export default function SettingsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const saveResult = actionData && "toast" in actionData ? actionData : undefined;
  const values = formValues<typeof loaderData.content, Partial<Record<keyof typeof loaderData.content, string>>>(
    loaderData.content,
    saveResult,
  );
  const isAdmin = loaderData.role === "admin";
  return (
    <ContentEditor
      section="settings"
      intro="The company's details, used everywhere on the site: header, footer, search engines' data and emails."
      schema={settingsSchema}
      revisions={loaderData.revisions}
      result={saveResult}
      aside={
        <RecipientsCard recipients={loaderData.recipients}>
          {isAdmin ? (
            <>
              <Link to="/admin/notifications" className={linkClass}>
                Change who is emailed
              </Link>
              <TestEmailForm result={testEmailResultOf(actionData)} />
            </>
          ) : (
            <p className="mt-3 text-slate-700">Only an administrator can change these addresses or send a test email.</p>
          )}
        </RecipientsCard>
      }
    >
      <div className={`${cardClass} space-y-4`}>
        <TextField name="companyName" label="Company name" defaultValue={values.companyName} autoComplete="organization" />
        <TextField name="phoneNumber" label="Phone number" type="tel" defaultValue={values.phoneNumber} autoComplete="tel" />
        <TextField
          name="officeEmail"
          label="Office email (shown on the site)"
          hint="Visitors see it in the footer and on the privacy and terms pages. New requests are emailed to the addresses above instead."
          type="email"
          defaultValue={values.officeEmail}
        />
        <TextField name="address" label="Address" defaultValue={values.address} autoComplete="street-address" />
        <TextField name="emergencyMessage" label="Emergency message" defaultValue={values.emergencyMessage} />
        <TextField
          name="callbackPromiseMinutes"
          label="Call-back promise (minutes)"
          hint={`How soon the office promises to call back a new request, from ${callbackPromiseLimits.min} to ${callbackPromiseLimits.max} minutes.`}
          type="number"
          inputMode="numeric"
          min={callbackPromiseLimits.min}
          max={callbackPromiseLimits.max}
          defaultValue={values.callbackPromiseMinutes}
        />
      </div>
      <fieldset className={`${cardClass} space-y-4`}>
        <legend className="float-left mb-2 text-xl font-black text-navy-900">Rating while no review is published</legend>
        <p className="clear-left text-slate-700">
          Once the office publishes reviews (Reviews), the site shows their average and number instead, in the badge and the search data.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="ratingValue"
            label="Rating (out of 5)"
            type="number"
            inputMode="decimal"
            step="0.1"
            min={1}
            max={5}
            defaultValue={values.ratingValue}
          />
          <TextField
            name="ratingCount"
            label="Number of reviews"
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={values.ratingCount}
          />
        </div>
      </fieldset>
    </ContentEditor>
  );
}
