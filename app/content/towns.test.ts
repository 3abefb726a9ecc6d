import { describe, expect, it } from "vitest";
import { servedTowns } from "./company.ts";
import { breadcrumbJsonLd } from "./structured-data.ts";
import { defaultTownIntro } from "./town-intros.ts";
import { townBySlug, townIntroMaxLength, townPath, towns, townSlug } from "./towns.ts";

describe("served towns", () => {
  it("are the twelve served towns, in their order, each with an address of its own", () => {
    expect(towns.map((town) => town.name)).toEqual([...servedTowns]);
    expect(new Set(towns.map(townPath)).size).toBe(12);
    expect(townSlug("King of Prussia")).toBe("king-of-prussia");
    expect(townBySlug("west-chester")?.county).toBe("Chester County");
    expect(townBySlug("atlantis")).toBeUndefined();
  });

  it("name only served towns as neighbours, never themselves", () => {
    for (const town of towns) {
      expect(town.nearby.length, town.name).toBeGreaterThan(0);
      for (const slug of town.nearby) {
        expect(townBySlug(slug), `${town.name} → ${slug}`).toBeDefined();
        expect(slug).not.toBe(town.slug);
      }
    }
  });

  it("each start with words of their own, within what the editor accepts", () => {
    const intros = towns.map((town) => defaultTownIntro(town.slug));
    expect(new Set(intros).size).toBe(towns.length);
    for (const town of towns) {
      expect(defaultTownIntro(town.slug).length, town.name).toBeLessThanOrEqual(townIntroMaxLength);
      expect(defaultTownIntro(town.slug), town.name).toContain(town.name);
    }
  });
});

describe("breadcrumbs for search engines", () => {
  it("start at home and number each step with its full address", () => {
    expect(breadcrumbJsonLd([{ name: "Areas We Serve", path: "/areas" }, { name: "Ambler", path: "/areas/ambler" }], "https://x.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://x.example/" },
        { "@type": "ListItem", position: 2, name: "Areas We Serve", item: "https://x.example/areas" },
        { "@type": "ListItem", position: 3, name: "Ambler", item: "https://x.example/areas/ambler" },
      ],
    });
  });
});
