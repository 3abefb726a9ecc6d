import { describe, expect, it } from "vitest";
import { loader as dialogStamp } from "#app/routes/api.form-start.ts";
import { loader as requestPage } from "#app/routes/request.tsx";
import { testFormStartSecret } from "#tests/support/context.ts";
import { checkFormStart, issueFormStart } from "./form-start.server.ts";

const secret = testFormStartSecret;
const shownAt = new Date("2026-11-24T08:00:00Z");

describe("form start stamps", () => {
  it("tell how long ago the form was shown, on the server's clock", () => {
    const stamp = issueFormStart(secret, shownAt);
    expect(checkFormStart(secret, stamp, new Date(shownAt.getTime() + 42_000))).toEqual({ valid: true, ageMs: 42_000 });
  });

  it.each([
    ["missing", "", "missing"],
    ["signed with another secret", issueFormStart("another-secret-of-at-least-32-characters", shownAt), "not recognised"],
    ["with its time moved back to look slow", issueFormStart(secret, shownAt).replace(/^\d+/, String(shownAt.getTime() - 600_000)), "not recognised"],
    ["not a stamp at all", "1764000000000", "not recognised"],
  ])("are refused when %s", (_case, stamp, reason) => {
    expect(checkFormStart(secret, stamp, shownAt)).toEqual({ valid: false, reason });
  });

  it("are made fresh for the dialog and the request page, and never stored by a cache", async () => {
    const context = { formStartSecret: secret } as Parameters<typeof dialogStamp>[0]["context"];
    const before = Date.now();
    const answer = dialogStamp({ context } as Parameters<typeof dialogStamp>[0]);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const { formStart } = (await answer.json()) as { formStart: string };
    const check = checkFormStart(secret, formStart, new Date());
    expect(check.valid && check.ageMs <= Date.now() - before).toBe(true);

    const page = requestPage({ context, request: new Request("http://site.test/request") } as Parameters<typeof requestPage>[0]);
    expect(page.init?.headers).toEqual({ "Cache-Control": "no-store" });
    expect(checkFormStart(secret, page.data.formStart, new Date()).valid).toBe(true);
  });
});
