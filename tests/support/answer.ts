/** What a route answered, as the browser gets it. */
export interface Answer {
  status: number;
  body: {
    ok?: boolean;
    toast?: { title: string; message: string };
    errors?: Record<string, string>;
    refusal?: string;
  } & Record<string, unknown>;
}

function unwrapData(value: unknown): Answer | null {
  return typeof value === "object" && value !== null && "init" in value && "data" in value
    ? { status: (value as { init: { status: number } }).init.status, body: value.data as Answer["body"] }
    : null;
}

/** A loader's or action's answer with thrown responses and `data()` unwrapped: a refusal is a status, not an exception. */
export async function answer(work: () => Promise<unknown>): Promise<Answer> {
  try {
    const value = await work();
    return unwrapData(value) ?? { status: 200, body: value as Answer["body"] };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: {} };
    const refused = unwrapData(error);
    if (refused) return refused;
    throw error;
  }
}
