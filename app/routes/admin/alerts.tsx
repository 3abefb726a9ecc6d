import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { buttonClass } from "#app/components/ui/button.ts";
import { cardClass } from "#app/components/ui/card.ts";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { useLastAnswer } from "#app/features/live/use-last-answer.ts";
import { requireAccess } from "#app/features/auth/guard.server.ts";
import { DeviceAlerts } from "#app/features/alerts/device-alerts.tsx";
import { escalationLimits, escalationSchema } from "#app/features/alerts/escalation.ts";
import { loadEscalationMinutes, saveEscalationMinutes } from "#app/features/alerts/escalation.server.ts";
import { queuePushToUsers } from "#app/features/alerts/push.server.ts";
import { countDevices } from "#app/features/alerts/subscriptions.server.ts";
import { setUrgentSound, useUrgentSound } from "#app/features/live/urgent-sound.ts";
import type { Route } from "./+types/alerts";

export const meta: Route.MetaFunction = () => [{ title: "Alerts | Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireAccess(request, context, "staff");
  const [escalationMinutes, devices] = await Promise.all([loadEscalationMinutes(context.db), countDevices(context.db, member.id)]);
  return { vapidPublicKey: context.vapidPublicKey, escalationMinutes, devices, isAdmin: member.role === "admin" };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("escalation"), escalationMinutes: z.string() }),
  z.object({ intent: z.literal("test") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireAccess(request, context, "staff");
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "That change is not possible." }, { status: 400 });
  if (parsed.data.intent === "test") {
    const devices = await queuePushToUsers(context.db, [member.id], {
      title: "Test alert",
      body: "Alerts work on this device.",
      url: "/admin/alerts",
      requestId: null,
      urgent: false,
    });
    context.notifyOutbox();
    if (devices === 0) return data({ error: "No device of yours has alerts on yet: turn them on above first." }, { status: 400 });
    return { success: devices === 1 ? "A test alert is on its way to your device." : `A test alert is on its way to your ${devices} devices.` };
  }
  if (member.role !== "admin") return data({ error: "Only administrators can change the escalation time." }, { status: 403 });
  const minutes = escalationSchema.safeParse({ escalationMinutes: parsed.data.escalationMinutes });
  if (!minutes.success) {
    return data({ error: minutes.error.issues[0]?.message ?? "Check the escalation time.", field: "escalationMinutes", value: parsed.data.escalationMinutes }, { status: 400 });
  }
  await saveEscalationMinutes(context.db, minutes.data.escalationMinutes);
  context.logger.info({ by: member.id, escalationMinutes: minutes.data.escalationMinutes }, "Escalation time changed");
  return { success: "Escalation time saved." };
}


function UrgentSoundToggle() {
  const enabled = useUrgentSound();
  if (enabled === null) return <p>The sound needs JavaScript: it plays on an open admin page.</p>;
  return (
    <>
      <p id="urgent-sound-hint">Off unless turned on here; only this browser plays it, on an open admin page.</p>
      <button
        type="button"
        aria-pressed={enabled}
        aria-describedby="urgent-sound-hint"
        onClick={() => setUrgentSound(!enabled)}
        className={`${buttonClass("secondary")} mt-3`}
      >
        Sound for urgent requests: {enabled ? "On" : "Off"}
      </button>
    </>
  );
}

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useLastAnswer(actionData);
  const { vapidPublicKey, escalationMinutes, devices, isAdmin } = loaderData;
  const busy = useNavigation().state === "submitting";
  const fieldError =
    answer && "error" in answer && "value" in answer ? { error: answer.error, value: String(answer.value) } : undefined;
  return (
    <>
      <h1 className="text-3xl font-black text-navy-900">Alerts</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Every new request that is not spam alerts the devices of every staff member who turned alerts on. An urgent one nobody has taken
        alerts the administrators again.
      </p>
      <div className="mt-4" aria-live="polite">
        {answer && "error" in answer && !fieldError && <FormMessage tone="error">{answer.error}</FormMessage>}
        {answer && "success" in answer && <FormMessage tone="success">{answer.success}</FormMessage>}
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section className={cardClass} aria-labelledby="device-title">
          <h2 id="device-title" className="text-xl font-black text-navy-900">
            This device
          </h2>
          <div className="mt-3">
            <DeviceAlerts vapidPublicKey={vapidPublicKey} />
          </div>
          <p className="mt-3 text-sm text-slate-700">
            {devices === 0 ? "None of your devices has alerts on." : devices === 1 ? "Alerts are on for 1 of your devices." : `Alerts are on for ${devices} of your devices.`}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="test" />
            <button type="submit" disabled={busy} className={buttonClass("secondary")}>
              Send a test alert
            </button>
          </Form>
        </section>

        <section className={cardClass} aria-labelledby="sound-title">
          <h2 id="sound-title" className="text-xl font-black text-navy-900">
            Sound
          </h2>
          <div className="mt-3">
            <UrgentSoundToggle />
          </div>
        </section>

        <section className={cardClass} aria-labelledby="escalation-title">
          <h2 id="escalation-title" className="text-xl font-black text-navy-900">
            Escalation
          </h2>
          {isAdmin ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="escalation" />
              <label htmlFor="escalation-minutes" className="font-semibold">
                Escalation time (minutes)
              </label>
              <p id="escalation-hint" className="text-sm text-slate-700">
                An urgent request nobody said &quot;I&apos;m on it&quot; to or contacted in this time alerts every administrator by push and
                email, once. From {escalationLimits.min} to {escalationLimits.max} minutes.
              </p>
              <input
                id="escalation-minutes"
                name="escalationMinutes"
                type="number"
                inputMode="numeric"
                required
                min={escalationLimits.min}
                max={escalationLimits.max}
                defaultValue={fieldError?.value ?? escalationMinutes}
                key={fieldError ? "invalid" : escalationMinutes}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? "escalation-hint escalation-error" : "escalation-hint"}
                className="mt-1 block min-h-11 w-40 rounded-md border border-slate-400 bg-white px-3"
              />
              {fieldError && (
                <p id="escalation-error" className="mt-1 font-semibold text-brand-red-800">
                  {fieldError.error}
                </p>
              )}
              <button type="submit" disabled={busy} className={`${buttonClass("primary")} mt-3`}>
                Save Escalation Time
              </button>
            </Form>
          ) : (
            <p className="mt-3">
              An urgent request nobody has taken within {escalationMinutes} minutes alerts every administrator again. Only an administrator can
              change this time.
            </p>
          )}
        </section>
      </div>
    </>
  );
}
