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

/** Posts an editor's form (`/admin/projects`, `/admin/reviews`…) as the browser does; throws unless the server accepted it. */
export async function saveEditorOverHttp(baseUrl: string, cookie: string, path: string, fields: Record<string, string>): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: baseUrl },
    redirect: "manual",
  });
  if (response.status !== 200) throw new Error(`Saving ${path} answered ${response.status}: ${await response.text()}`);
}

/** Uploads an image through `/admin/uploads` as the editors do: its address and blurred placeholder. */
export async function uploadImageOverHttp(
  baseUrl: string,
  cookie: string,
  folder: string,
  image: Buffer,
): Promise<{ url: string; placeholder: string }> {
  const body = new FormData();
  body.set("folder", folder);
  body.set("file", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${baseUrl}/admin/uploads`, {
    method: "POST",
    body,
    headers: { cookie, origin: baseUrl, accept: "application/json" },
  });
  const answer = (await response.json()) as { url?: string; placeholder?: string; error?: string };
  if (!response.ok || !answer.url) throw new Error(`Uploading to ${folder} answered ${response.status}: ${answer.error ?? ""}`);
  return { url: answer.url, placeholder: answer.placeholder ?? "" };
}
