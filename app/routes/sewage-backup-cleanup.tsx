import { ServicePage } from "#app/components/marketing/service-page.tsx";
import { sewageBackupPage } from "#app/content/sewage-backup.ts";
import { seoMeta } from "#app/content/seo.ts";
import type { Route } from "./+types/sewage-backup-cleanup";

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { ...sewageBackupPage.seo, path: sewageBackupPage.path });

export default function SewageBackupCleanup() {
  return <ServicePage copy={sewageBackupPage} icons={["water"]} />;
}
