import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("homepage1", "routes/homepage1.tsx"),
    route("homepage2", "routes/homepage2.tsx"),
    route("homepage3", "routes/homepage3.tsx"),
    route("homepage4", "routes/home.tsx", { id: "routes/homepage4" }),
    route("services-demo", "routes/services-demo.tsx"),
    route("request", "routes/request.tsx"),
    route("water-damage-restoration", "routes/water-damage-restoration.tsx"),
    route("fire-mold-restoration", "routes/fire-mold-restoration.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("api/service-requests", "routes/api.service-requests.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...prefix("auth", [
    index("routes/auth/sign-in.tsx"),
    route("confirm", "routes/auth/confirm.tsx"),
    route("setup", "routes/auth/setup.tsx"),
    route("sign-out", "routes/auth/sign-out.ts"),
  ]),
  // Every route in here is staff-only: each loader and action calls `requireAccess`.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("requests", "routes/admin/requests.tsx"),
    route("requests/export", "routes/admin/requests-export.ts"),
    route("requests/:id", "routes/admin/request.tsx"),
    route("requests/:id/files/:fileId", "routes/admin/request-file.ts"),
    route("retention", "routes/admin/retention.tsx"),
    route("deliveries/retry", "routes/admin/deliveries-retry.ts"),
    route("outbox", "routes/admin/outbox.tsx"),
  ]),
] satisfies RouteConfig;
