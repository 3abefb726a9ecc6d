import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import { readEventStream } from "../../tests/support/event-stream.ts";
import { decryptPush, startPushReceiver, testDevice } from "../../tests/support/push-receiver.ts";

export interface SpeedToLead {
  /** Milliseconds from each submission's answer to its push reaching the (local) push service, decrypted. */
  push: number[];
  /** Milliseconds from each submission's answer to its event on an open admin page's live stream. */
  live: number[];
}

const waitFor = async (check: () => boolean, timeoutMs: number) => {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
};

/**
 * Signed in as `cookie`'s holder on `siteUrl` (served over http, so a local push service is
 * accepted): one device subscribed at a local receiver and one admin page's live stream open,
 * then `count` urgent requests sent one after the other, each timed until both have heard of it.
 */
export async function measureSpeedToLead(siteUrl: string, dataDir: string, cookie: string, count = 20): Promise<SpeedToLead> {
  const receiver = await startPushReceiver();
  const device = testDevice(`${receiver.url}/bench-device`);
  const subscribed = await fetch(`${siteUrl}/admin/push-subscriptions`, {
    method: "POST",
    headers: { cookie, origin: siteUrl, "content-type": "application/json" },
    body: JSON.stringify(device.subscription),
  });
  if (subscribed.status !== 201) throw new Error(`Subscribing the bench device answered ${subscribed.status}`);
  const stream = readEventStream(await fetch(`${siteUrl}/admin/live`, { headers: { cookie } }));
  const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
  const result: SpeedToLead = { push: [], live: [] };
  try {
    for (let index = 0; index < count; index++) {
      const form = new FormData();
      const fields = {
        problem: "Water damage",
        sourceStopped: "No",
        firstName: "Bench",
        lastName: "Lead",
        phone: "(215) 555-0101",
        email: `lead-${randomBytes(4).toString("hex")}@example.com`,
        address: "12 Main St, Ambler, PA",
        formStart: issueFormStart(secret, new Date(Date.now() - 60_000)),
        website: "",
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const answer = await fetch(`${siteUrl}/api/service-requests`, {
        method: "POST",
        body: form,
        headers: { accept: "application/json", "x-forwarded-for": `10.${randomBytes(3).join(".")}` },
      });
      const answeredAt = performance.now();
      const { requestId } = (await answer.json()) as { requestId?: string };
      if (!requestId) throw new Error(`A bench request was not received (${answer.status})`);
      const pushed = () => receiver.received.some((push) => decryptPush(push.body, device).includes(requestId));
      const heard = () => stream.events.some((event) => event.event === "live" && event.data.includes(requestId));
      const timings = await Promise.all(
        [pushed, heard].map(async (check) => ((await waitFor(check, 10_000)) ? performance.now() - answeredAt : Number.POSITIVE_INFINITY)),
      );
      result.push.push(timings[0] ?? Number.POSITIVE_INFINITY);
      result.live.push(timings[1] ?? Number.POSITIVE_INFINITY);
    }
  } finally {
    await stream.close();
    await receiver.close();
  }
  return result;
}
