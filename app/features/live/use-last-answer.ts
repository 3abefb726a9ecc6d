import { useState } from "react";
import { useLocation } from "react-router";

/**
 * The server's answer to the page's last save, kept until the next one or until another page is
 * opened. A reload of the page's data (another staff member's change, heard live) makes React
 * Router drop its action data, which would empty a refused form of what staff typed, or take a
 * success message away as it is read.
 */
export function useLastAnswer<Answer>(actionData: Answer | undefined): Answer | undefined {
  const { pathname } = useLocation();
  const [kept, setKept] = useState({ pathname, answer: actionData });
  if (actionData !== undefined && (actionData !== kept.answer || pathname !== kept.pathname)) setKept({ pathname, answer: actionData });
  return actionData ?? (kept.pathname === pathname ? kept.answer : undefined);
}
