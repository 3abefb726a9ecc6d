import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StoredImage } from "./stored-image.tsx";

const upload = "/media/logos/0b6f3c1e-1111-4222-8333-944455556666-320.webp";

describe("StoredImage", () => {
  it("offers an upload in every width kept, with its sizes", () => {
    const html = renderToStaticMarkup(<StoredImage src={upload} sizes="240px" alt="IICRC" width={240} height={96} />);
    expect(html).toContain('srcSet="/media/logos/0b6f3c1e-1111-4222-8333-944455556666-160.webp 160w');
    expect(html).toContain('sizes="240px"');
  });

  it("leaves sizes out for a single file, which has no srcset (HTML forbids sizes alone)", () => {
    const html = renderToStaticMarkup(<StoredImage src="/badges/iicrc-certified.svg" sizes="240px" alt="IICRC" width={240} height={96} />);
    expect(html).not.toContain("srcSet");
    expect(html).not.toContain("sizes");
  });

  it("renders nothing for an outside address", () => {
    expect(renderToStaticMarkup(<StoredImage src="https://elsewhere.example/logo.png" alt="" />)).toBe("");
  });
});
