import { editorAction, editorLoader } from "#app/features/content/editor.server.ts";
import { cardClass, ContentEditor, TextField, formValues } from "#app/features/content/editor-ui.tsx";
import { callbackPromiseLimits, settingsSchema } from "#app/features/content/schemas.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Site settings | Admin" }, { name: "robots", content: "noindex" }];

export const loader = (args: Route.LoaderArgs) => editorLoader(args, "settings");
export const action = (args: Route.ActionArgs) => editorAction(args, "settings");

export default function SettingsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const values = formValues<typeof loaderData.content, Partial<Record<keyof typeof loaderData.content, string>>>(loaderData.content, actionData);
  return (
    <ContentEditor
      section="settings"
      intro="The company's details, used everywhere on the site: header, footer, search engines' data and emails."
      schema={settingsSchema}
      revisions={loaderData.revisions}
      result={actionData}
    >
      <div className={`${cardClass} space-y-4`}>
        <TextField name="companyName" label="Company name" defaultValue={values.companyName} autoComplete="organization" />
        <TextField name="phoneNumber" label="Phone number" type="tel" defaultValue={values.phoneNumber} autoComplete="tel" />
        <TextField
          name="officeEmail"
          label="Office notification email"
          hint="New requests are sent here."
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
    </ContentEditor>
  );
}
