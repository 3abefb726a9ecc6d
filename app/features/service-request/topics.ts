/**
 * What a request link may say the request is about: its note is written into the request's
 * comments, where the visitor reads it and the office finds it (email, inbox, export).
 */
export const requestTopicNotes = { financing: "I would like to apply for financing." } as const;
export type RequestTopic = keyof typeof requestTopicNotes;

export function isRequestTopic(value: unknown): value is RequestTopic {
  return typeof value === "string" && Object.hasOwn(requestTopicNotes, value);
}

/** The comments with the topic's note first, unless they already say it. */
export function withTopicNote(comments: string, topic: RequestTopic): string {
  const note = requestTopicNotes[topic];
  if (comments.includes(note)) return comments;
  return comments.trim() === "" ? note : `${note}\n\n${comments}`;
}
