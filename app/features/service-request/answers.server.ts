import { serviceRequests } from "#server/db/schema.ts";
import { requestFieldNames, type ServiceRequestField } from "./catalogue.ts";

/** Every answer's column, for a query that reads them all; a catalogue field with no column of the same name fails the type check here. */
export const answerColumns = Object.fromEntries(requestFieldNames.map((name) => [name, serviceRequests[name]])) as {
  [Name in ServiceRequestField]: (typeof serviceRequests)[Name];
};
