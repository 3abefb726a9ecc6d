/** The form field value that asks an editor's page for a test email instead of a save. */
export const testEmailIntent = "test-email";

/** What became of a test email, in the words shown to the administrator. */
export interface TestEmailResult {
  ok: boolean;
  message: string;
}

/** What a page's action answered, if it was the test email's. */
export function testEmailResultOf(actionData: unknown): TestEmailResult | undefined {
  return typeof actionData === "object" && actionData !== null && "testEmail" in actionData
    ? (actionData.testEmail as TestEmailResult)
    : undefined;
}
