import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
/** The e2e server's data folder: tests read the emails it writes to its outbox. */
export const e2eDataDir = "build/e2e-data";
/**
 * The administrators the e2e server starts with, made by `npm run create-admin`'s script: one per
 * project, so the sign-in limit (5 per email per 5 minutes) counts each project's own attempts.
 */
export const e2eAdmins = {
  phone: { email: "admin-phone@e2e.example", password: "e2e-admin-password" },
  desktop: { email: "admin-desktop@e2e.example", password: "e2e-admin-password" },
  // The content editors' spec has its own, so its sign-ins leave the projects' budgets alone.
  editors: { email: "admin-editors@e2e.example", password: "e2e-admin-password" },
  // So does the spec that reads a visitor's exact words back from the request page.
  characters: { email: "admin-characters@e2e.example", password: "e2e-admin-password" },
  // The office notifications' spec runs beside the editors' spec, so it has its own too.
  notifications: { email: "admin-notifications@e2e.example", password: "e2e-admin-password" },
  // The live admin's spec signs in from two browsers at once.
  live: { email: "admin-live@e2e.example", password: "e2e-admin-password" },
  // The inbox tools' spec signs in twice in each of the phone and desktop projects: four, under the limit.
  leads: { email: "admin-leads@e2e.example", password: "e2e-admin-password" },
  // The editors' spec's stale saves and status card, so the editor's own sign-ins stay under the limit.
  conflicts: { email: "admin-conflicts@e2e.example", password: "e2e-admin-password" },
  // The showcase editors' spec, beside the editors' spec: a worker the editors' spec restarts after a
  // failure approves its editor again, and that sign-in must not be refused for theirs.
  showcase: { email: "admin-showcase@e2e.example", password: "e2e-admin-password" },
  // The accessibility spec's admin navigation, in both the phone and the desktop project.
  navigation: { email: "admin-navigation@e2e.example", password: "e2e-admin-password" },
};
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    trace: "retain-on-failure",
  },
  projects: [
    // Server-level specs (no page, or Lighthouse with its own device) run once, in the desktop project.
    // Tests of one layout only are tagged @phone-only or @desktop-only.
    { name: "phone", use: { ...devices["Pixel 7"] }, testIgnore: /(server-process|performance|editors)\.spec\.ts/, grepInvert: /@desktop-only/ },
    { name: "desktop", use: desktop, testIgnore: /editors\.spec\.ts/, grepInvert: /@phone-only/ },
    // The content editors' specs change the shared site's content and settings: they run once the
    // others have finished, so no other spec reads the site halfway through an edit. They resize to
    // a phone's width themselves.
    { name: "editors", use: desktop, testMatch: /editors\.spec\.ts/, dependencies: ["phone", "desktop"] },
  ],
  webServer: {
    // The built site on a fresh embedded database, as `npm start` runs it, with one administrator.
    command: [
      `rm -rf ${e2eDataDir}`,
      ...Object.values(e2eAdmins).map(
        ({ email, password }) => `node --import tsx scripts/create-admin.ts --email ${email} --password ${password}`,
      ),
      "node --import tsx server/index.ts",
    ].join(" && "),
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // A create-admin run per administrator, then a start: on a loaded 2-core machine that alone can pass a minute.
    timeout: 240_000,
    // TRUST_PROXY lets each test be its own client (X-Forwarded-For), as visitors behind a load balancer are.
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: e2eDataDir, NODE_ENV: "production", LOG_LEVEL: "warn", TRUST_PROXY: "1" },
  },
});
