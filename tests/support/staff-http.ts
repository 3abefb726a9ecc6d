import type { HeroForm } from "#app/features/content/schemas.ts";

/** Signs in at `/auth` as the browser's form does; answers the status and the session cookie (empty when refused). */
export async function signInOverHttp(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/auth?index`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email, password }),
    headers,
    redirect: "manual",
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { status: response.status, body: await response.text(), cookie };
}

/** Saves the hero through `/admin/hero`, as an editor's form does; throws unless the server accepted it. */
export async function saveHeroOverHttp(baseUrl: string, cookie: string, hero: HeroForm): Promise<void> {
  const response = await fetch(`${baseUrl}/admin/hero`, {
    method: "POST",
    body: new URLSearchParams({ ...hero, backgroundImageUrl: hero.backgroundImageUrl ?? "", storyImageUrl: hero.storyImageUrl ?? "" }),
    headers: { cookie, origin: baseUrl },
    redirect: "manual",
  });
  if (response.status !== 200) throw new Error(`Saving the hero answered ${response.status}`);
}
