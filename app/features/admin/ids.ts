import { z } from "zod";

const uuid = z.uuid();

/** Whether an id from an address can be one of our rows' (a UUID): anything else is a page that does not exist, never a query. */
export function isUuid(value: string | undefined): value is string {
  return uuid.safeParse(value).success;
}
