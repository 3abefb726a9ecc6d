/** The icons a why-choose-us reason can have; star is the default. */
export const reasonIcons = ["clock", "shield", "check", "star"] as const;
export type ReasonIcon = (typeof reasonIcons)[number];

export function isReasonIcon(value: string): value is ReasonIcon {
  return (reasonIcons as readonly string[]).includes(value);
}

/** The icons a services card can have. */
export const serviceIcons = ["water", "fire", "mold", "storm", "shield", "hammer"] as const;
export type ServiceIcon = (typeof serviceIcons)[number];
