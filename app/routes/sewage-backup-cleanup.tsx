import { ServicePage } from "#app/components/marketing/service-page.tsx";
import { sewageBackupPage } from "#app/content/sewage-backup.ts";
import { seoMeta } from "#app/content/seo.ts";
import { PageShowcase } from "#app/features/showcase/showcase-later.tsx";
import { loadShowcase } from "#app/features/showcase/showcase.server.ts";
import { loadWhyChooseUs } from "#app/features/site/public-sections.server.ts";
import type { Route } from "./+types/sewage-backup-cleanup";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { ...sewageBackupPage.seo, path: sewageBackupPage.path });

export async function loader({ context }: Route.LoaderArgs) {
  const [reasons, showcase] = await Promise.all([loadWhyChooseUs(context), loadShowcase(context, { service: "sewage" })]);
  return { reasons, showcase };
}

export default function SewageBackupCleanup({ loaderData }: Route.ComponentProps) {
  return <ServicePage copy={sewageBackupPage} icons={["water"]} reasons={loaderData.reasons} proof={<PageShowcase showcase={loaderData.showcase} service="sewage" />} />;
}
