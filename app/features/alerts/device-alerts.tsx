import { useEffect, useState } from "react";
import { buttonClass } from "#app/components/ui/button.ts";

type DeviceState = "checking" | "unsupported" | "blocked" | "off" | "on" | "not-set-up";

export const pushSubscriptionsPath = "/admin/push-subscriptions";

/** The server's public VAPID key, as the browser's `subscribe` wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/admin/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function send(method: "POST" | "DELETE", subscription: PushSubscription): Promise<void> {
  const response = await fetch(pushSubscriptionsPath, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(answer.error ?? "The server did not accept it. Please try again.");
  }
}

const stateTexts: Record<DeviceState, string> = {
  checking: "Checking this device…",
  unsupported: "This browser cannot show alerts. On an iPhone or iPad, add the admin to the home screen first (Share, Add to Home Screen), then open it from there.",
  blocked: "Alerts are blocked for this site in the browser's settings. Allow notifications for it there, then come back.",
  off: "Alerts are off on this device.",
  "not-set-up":
    "Push alerts are not set up on this server. Ask whoever runs the website to set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the same on every instance) and restart it.",
  on: "Alerts are on for this device: new requests show here within seconds, even with the admin closed.",
};


/** Push alerts on this device: turned on with the browser's permission, sent to the server, and off again. */
export function DeviceAlerts({ vapidPublicKey }: { vapidPublicKey: string | null }) {
  const [state, setState] = useState<DeviceState>(vapidPublicKey ? "checking" : "not-set-up");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  useEffect(() => {
    if (!vapidPublicKey) return;
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      queueMicrotask(() => setState("unsupported"));
      return;
    }
    if (Notification.permission === "denied") {
      queueMicrotask(() => setState("blocked"));
      return;
    }
    currentSubscription()
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("off"));
  }, [vapidPublicKey]);

  async function turnOn() {
    if (!vapidPublicKey) return;
    setBusy(true);
    setMessage(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setState("blocked");
        return;
      }
      const registration = await navigator.serviceWorker.register("/admin/sw.js", { scope: "/admin/" });
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
      await send("POST", subscription);
      setState("on");
      setMessage({ tone: "success", text: "Alerts turned on for this device." });
    } catch (error) {
      setMessage({ tone: "error", text: `Alerts could not be turned on: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setMessage(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await send("DELETE", subscription);
        await subscription.unsubscribe();
      }
      setState("off");
      setMessage({ tone: "success", text: "Alerts turned off for this device." });
    } catch (error) {
      setMessage({ tone: "error", text: `Alerts could not be turned off: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p id="device-alerts-state">{stateTexts[state]}</p>
      {state === "off" && (
        <button type="button" onClick={turnOn} disabled={busy} aria-describedby="device-alerts-state" className={`${buttonClass("primary")} mt-3`}>
          Turn on alerts
        </button>
      )}
      {state === "on" && (
        <button type="button" onClick={turnOff} disabled={busy} aria-describedby="device-alerts-state" className={`${buttonClass("secondary")} mt-3`}>
          Turn off alerts
        </button>
      )}
      <div aria-live="polite" className="mt-3">
        {message && (
          <p className={message.tone === "error" ? "font-semibold text-brand-red-800" : "font-semibold text-green-900"}>{message.text}</p>
        )}
      </div>
    </div>
  );
}
