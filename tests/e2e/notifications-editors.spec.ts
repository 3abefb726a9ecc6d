import { randomBytes } from "node:crypto";
import { defaultCompany } from "#app/content/company.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { e2eAdmins } from "../../playwright.config.ts";
import { beOwnClient, expect, outboxMailsMentioning, postRequest, signIn, test } from "./support.ts";

/** Changes who is notified on the shared site: an `editors` spec, run once the others have finished. */
const admin = e2eAdmins.notifications;

test.beforeEach(({ page }) => beOwnClient(page));

test("without a mail server the dashboard warns and emails say 'Saved to file'; an administrator changes who is notified and sends a test email", async ({
  page,
}) => {
  const lastName = `Notify${randomBytes(3).toString("hex")}`;
  await postRequest(page.request, {
    problem: "Water damage",
    firstName: "Robin",
    lastName,
    phone: "(215) 555-0177",
    email: `${lastName.toLowerCase()}@example.com`,
  });

  // The e2e server runs in production without SMTP_URL.
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const warning = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Emails are not being sent" }) });
  await expect(warning).toContainText("every email is only saved as a file on this server and nobody receives it");
  await expect(warning).toContainText("new staff cannot confirm their address");
  await expect(warning).toContainText("set SMTP_URL");
  await expect(page.getByText("Not sent: no mail server", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/admin/requests?q=${lastName}`);
  await page.getByRole("link", { name: `Robin ${lastName}` }).click();
  await expect(page.getByRole("heading", { name: `Robin ${lastName}`, level: 1 })).toBeVisible();
  const notifications = page.getByRole("region", { name: "Notifications" });
  await expect(async () => {
    await page.reload();
    await expect(notifications.getByText("Office email: Saved to file (no mail server configured)")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(notifications.getByText("Visitor email: Saved to file (no mail server configured)")).toBeVisible();
  await expect(notifications).not.toContainText("Sent");

  await page.goto("/admin");
  await page.getByRole("link", { name: /^Office notifications/ }).click();
  await expect(page.getByRole("heading", { name: "Office notifications", level: 1 })).toBeVisible();
  const addresses = page.getByLabel("Addresses");
  await expect(addresses).toHaveValue(defaultCompany.officeEmail);
  await expectNoAxeViolations(page);

  // A mistyped address is named, and nothing is saved.
  await addresses.fill("dispatch@serviceready.example\njon@serviceready");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText('"jon@serviceready" is not a valid email address')).toBeVisible();
  await expect(addresses).toHaveAttribute("aria-invalid", "true");

  await addresses.fill("dispatch@serviceready.example\nowner@serviceready.example");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toContainText("Office notifications updated successfully!");
  const current = page.getByRole("region", { name: "Who is emailed about new requests" });
  await expect(current.getByRole("listitem")).toHaveText(["dispatch@serviceready.example", "owner@serviceready.example"]);
  await expect(current).toContainText("Saved. Send a test email now to make sure every address receives it.");

  await current.getByRole("button", { name: "Send test email" }).click();
  await expect(current.getByRole("alert")).toHaveText("Test email saved to file (no mail server configured)");
  const [test] = outboxMailsMentioning("sent by an administrator");
  expect(test).toMatch(/^To: dispatch@serviceready\.example, owner@serviceready\.example$/m);
  await expectNoAxeViolations(page);

  // The change is in the history, by this administrator; the first version comes back in one click.
  const history = page.getByRole("region", { name: "Version history" });
  await expect(history.getByRole("listitem").first()).toContainText(`Changed Recipients · by ${admin.email}`);
  await history.getByRole("button", { name: "Restore the version as first installed" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toContainText("The selected version is back on the site.");
  await expect(current.getByRole("listitem")).toHaveText([defaultCompany.officeEmail]);
});
