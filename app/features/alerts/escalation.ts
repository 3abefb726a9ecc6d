import "#app/utils/zod-jitless.ts";
import { z } from "zod";

export const escalationLimits = { min: 1, max: 1440 } as const;
export const escalationMessage = `The escalation time must be a whole number of minutes from ${escalationLimits.min} to ${escalationLimits.max}.`;

/** The administrators' setting: how long an urgent request may wait unacknowledged. */
export const escalationSchema = z.object({
  escalationMinutes: z.coerce
    .number({ error: escalationMessage })
    .int(escalationMessage)
    .min(escalationLimits.min, escalationMessage)
    .max(escalationLimits.max, escalationMessage),
});
