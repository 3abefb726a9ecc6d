/** Where an outbox message stands. */
export type OutboxStatus = "pending" | "sent" | "failed";

/** How a message went out: by a mail server, to a file (no mail server), to the webhook, to a device. */
export type DeliveryChannel = "smtp" | "file" | "webhook" | "push";

/** What an outbox message is: each kind has its own payload and way out. */
export const outboxKinds = ["email", "webhook", "push"] as const;
export type OutboxKind = (typeof outboxKinds)[number];
