import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("request", "routes/request.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("api/service-requests", "routes/api.service-requests.ts"),
] satisfies RouteConfig;
