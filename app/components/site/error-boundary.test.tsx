import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { GeneralErrorBoundary, notFoundTitle, unexpectedErrorTitle } from "./error-boundary.tsx";

const secret = "connection refused at 10.0.0.7:5432 for user admin";

async function render(loader: () => unknown) {
  const routes: RouteObject[] = [
    { path: "/", loader, Component: () => <p>page</p>, ErrorBoundary: () => <GeneralErrorBoundary phone="(215) 555-0142" /> },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
  return { status: context.statusCode, html };
}

describe("GeneralErrorBoundary", () => {
  it("shows the spec's error title, the phone line and no details for an unexpected error", async () => {
    const { status, html } = await render(() => {
      throw new Error(secret);
    });
    expect(status).toBe(500);
    expect(html).toContain(unexpectedErrorTitle);
    expect(html).toContain('href="tel:+12155550142"');
    expect(html).not.toContain(secret);
  });

  it("shows the not-found page for a 404", async () => {
    const { status, html } = await render(() => {
      throw data(null, { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain(notFoundTitle);
    expect(html).not.toContain(unexpectedErrorTitle);
  });
});
