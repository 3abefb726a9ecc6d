import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToastRegion, toastRegionIds } from "./toast.tsx";

const regionOf = (html: string, id: string) => html.match(new RegExp(`<div id="${id}" role="(status|alert)"[^>]*>(.*?)</div>(?=<div id=|</div>$)`));

describe("ToastRegion", () => {
  it("renders both live regions empty before there is anything to say", () => {
    const html = renderToStaticMarkup(<ToastRegion toast={null} onDismiss={() => {}} />);
    expect(html).toContain(`<div id="${toastRegionIds.status}" role="status" class="flex justify-end"></div>`);
    expect(html).toContain(`<div id="${toastRegionIds.alert}" role="alert" class="flex justify-end"></div>`);
  });

  it("puts good news into the polite region, which was there before it", () => {
    const html = renderToStaticMarkup(<ToastRegion toast={{ title: "Success", message: "Saved." }} onDismiss={() => {}} />);
    expect(regionOf(html, toastRegionIds.status)?.[2]).toContain("Saved.");
    expect(html).toContain(`<div id="${toastRegionIds.alert}" role="alert" class="flex justify-end"></div>`);
  });

  it("puts a failure into the assertive region and leaves the polite one empty", () => {
    const html = renderToStaticMarkup(<ToastRegion toast={{ title: "Error", message: "Not saved." }} onDismiss={() => {}} />);
    expect(html).toContain(`<div id="${toastRegionIds.status}" role="status" class="flex justify-end"></div>`);
    expect(regionOf(html, toastRegionIds.alert)?.[2]).toContain("Not saved.");
  });
});
