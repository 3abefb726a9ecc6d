import { Form } from "react-router";

/** "I'm on it" on a request's page, or who said it first; a plain form, so it works before the page's script runs. */
export function AcknowledgeForm({ acknowledged, busy }: { acknowledged: { by: string; at: string } | null; busy: boolean }) {
  if (acknowledged) {
    return (
      <p className="inline-flex min-h-11 items-center rounded-md bg-green-50 px-4 font-bold text-green-900">
        On it: {acknowledged.by}, {acknowledged.at}
      </p>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="acknowledge" />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 items-center justify-center rounded-md bg-green-700 px-4 font-bold text-white hover:bg-green-800 disabled:opacity-60"
      >
        I&apos;m on it
      </button>
    </Form>
  );
}
