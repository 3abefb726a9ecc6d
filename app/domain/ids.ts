import { z } from "zod";

/** Our rows' ids (UUIDs), as a form or a stored message carries them. */
export const idSchema = z.uuid();

/** Whether an id from an address can be one of our rows' (a UUID): anything else is a page that does not exist, never a query. */
export function isUuid(value: string | undefined): value is string {
  return idSchema.safeParse(value).success;
}
