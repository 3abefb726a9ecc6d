import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { signatureHeader } from "#server/webhook.ts";

export interface WebhookDelivery {
  body: string;
  signature: string | undefined;
  contentType: string | undefined;
}

export interface WebhookReceiver {
  deliveries: WebhookDelivery[];
  /** The status the receiver answers with; tests set it to make the site retry. */
  answer: number;
  /** How long the receiver keeps each delivery waiting before it answers, as a slow CRM does. */
  holdMs: number;
  url: string;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1, as a CRM would be: keeps every delivery and answers with the status the test sets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { deliveries: [], answer: 200, holdMs: 0, url: "", close: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.deliveries.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: request.headers[signatureHeader.toLowerCase()] as string | undefined,
        contentType: request.headers["content-type"],
      });
      setTimeout(() => response.writeHead(receiver.answer).end(), receiver.holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
