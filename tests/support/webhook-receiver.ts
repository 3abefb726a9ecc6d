import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { signatureHeader } from "#server/webhook.ts";

export interface WebhookDelivery {
  body: string;
  signature: string | undefined;
  contentType: string | undefined;
}

/** A real HTTP receiver on 127.0.0.1, as a CRM would be: keeps each delivery and answers with the status the test sets. */
export async function startWebhookReceiver() {
  const deliveries: WebhookDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: request.headers[signatureHeader.toLowerCase()] as string | undefined,
        contentType: request.headers["content-type"],
      });
      response.writeHead(receiver.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const receiver = {
    deliveries,
    answer: 200,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return receiver;
}
