/** Neither space, control character nor what a mail library reads as structure: it sends `a<b@c.example>@d.com` to b@c.example. */
const addressCharacter = /[^\s\p{Cc}@<>()[\]\\,;:"]/u.source;

/** An email address we will send to: the request form's, the staff's sign-in and the office's addresses alike. */
export const emailPattern = new RegExp(`^${addressCharacter}+@${addressCharacter}+\\.${addressCharacter}+$`, "u");

/** The longest address any form takes. */
export const emailMaxLength = 100;
