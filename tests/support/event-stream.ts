/** One server-sent event as a browser's EventSource would see it. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` response into events as they arrive (comments, such as heartbeats,
 * are skipped); `ended` settles when the server ends the stream.
 */
export function readEventStream(response: Response): { events: StreamEvent[]; ended: Promise<void>; close: () => Promise<void> } {
  const events: StreamEvent[] = [];
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const ended = (async () => {
    while (reader) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: StreamEvent = { event: "message", data: "" };
        let hasField = false;
        for (const line of block.split("\n")) {
          const [, name, value = ""] = /^([^:]*):? ?(.*)$/.exec(line) ?? [];
          if (!name) continue;
          if (name === "id") event.id = value;
          else if (name === "event") event.event = value;
          else if (name === "data") event.data = value;
          else continue;
          hasField = true;
        }
        if (hasField) events.push(event);
      }
    }
  })();
  return { events, ended, close: async () => void (await reader?.cancel().catch(() => {})) };
}
