import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { RequestSource, RequestStatus } from "#app/domain/request-statuses.ts";
import { issueFormStart } from "#app/features/service-request/form-start.server.ts";
import type { ServiceRequestField } from "#app/features/service-request/catalogue.ts";
import { submissionEndpoint } from "#app/features/service-request/submission.ts";
import type { Database } from "#server/db/client.ts";
import { serviceRequestPhotos, serviceRequests } from "#server/db/schema.ts";
import type { ObjectStorage } from "#server/storage.ts";
import { testFormStartSecret } from "./context.ts";

export interface StoredRequestInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  problem?: string;
  problemDescription?: string;
  address?: string;
  referralSource?: string;
  insuranceCompany?: string;
  claimNumber?: string;
  additionalComments?: string;
  source?: RequestSource;
  assigneeId?: string | null;
  urgent?: boolean;
  status?: RequestStatus;
  createdAt?: Date;
  statusChangedAt?: Date;
  photos?: { bytes: Buffer; contentType: string; name?: string }[];
}

/** A request as the intake would have stored it, with its photos' bytes in `storage`. */
export async function storeRequest(
  db: Database,
  storage: ObjectStorage,
  input: StoredRequestInput = {},
): Promise<{ id: string; photoKeys: string[] }> {
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(serviceRequests)
    .values({
      firstName: input.firstName ?? "Jane",
      lastName: input.lastName ?? "Doe",
      email: input.email ?? `jane.${randomUUID().slice(0, 6)}@example.com`,
      phone: input.phone ?? "(215) 555-0100",
      problem: input.problem ?? "Water damage",
      problemDescription: input.problemDescription ?? "",
      address: input.address ?? "",
      referralSource: input.referralSource ?? "",
      insuranceCompany: input.insuranceCompany ?? "",
      claimNumber: input.claimNumber ?? "",
      additionalComments: input.additionalComments ?? "",
      source: input.source ?? "web",
      assigneeId: input.assigneeId ?? null,
      urgent: input.urgent ?? false,
      status: input.status ?? "new",
      createdAt,
      statusChangedAt: input.statusChangedAt ?? createdAt,
      clientHash: "test",
    })
    .returning({ id: serviceRequests.id });
  const id = row?.id ?? "";
  const photoKeys: string[] = [];
  for (const [position, photo] of (input.photos ?? []).entries()) {
    const storageKey = `requests/${randomUUID()}`;
    await storage.put(storageKey, Readable.from(photo.bytes));
    await db.insert(serviceRequestPhotos).values({
      requestId: id,
      originalName: photo.name ?? `photo-${position}.jpg`,
      storageKey,
      contentType: photo.contentType,
      sizeBytes: photo.bytes.length,
      sha256: "0".repeat(64),
      position,
    });
    photoKeys.push(storageKey);
  }
  return { id, photoKeys };
}

/** The request form's fields that take any text (the others are choices, a phone number and an email address). */
export const freeTextFields = [
  "problemDescription",
  "firstName",
  "lastName",
  "address",
  "insuranceCompany",
  "claimNumber",
  "referralOther",
  "additionalComments",
] as const satisfies readonly ServiceRequestField[];

/**
 * A visitor's request as a browser posts it (multipart; line ends become CRLF on the way), its
 * form opened a minute before `now` as the server stamped it: the one place tests say how a form starts.
 */
export function requestFormPost(fields: Record<string, string> = {}, now = new Date()): Request {
  const form = new FormData();
  const all = {
    problem: "Water damage",
    firstName: "Jane",
    lastName: "Doe",
    phone: "(215) 555-0100",
    email: `jane.${randomUUID().slice(0, 6)}@example.com`,
    formStart: issueFormStart(testFormStartSecret, new Date(now.getTime() - 60_000)),
    website: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  return new Request(`http://localhost${submissionEndpoint}`, { method: "POST", body: form });
}
