import { Form, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { FormMessage } from "#app/components/ui/form-message.tsx";
import { testEmailIntent, type TestEmailResult } from "./test-email.ts";

/** The "Send test email" button (administrators only) and what became of the last one. */
export function TestEmailForm({ result }: { result: TestEmailResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === testEmailIntent;
  return (
    <Form method="post" className="mt-4 space-y-3">
      {result && <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage>}
      <button type="submit" name="intent" value={testEmailIntent} disabled={sending} className={buttonClass("secondary", { size: "compact" })}>
        {sending ? "Sending test email..." : "Send test email"}
      </button>
    </Form>
  );
}
