import { describe, expect, it } from "vitest";
import { fireMoldProcess, fireMoldQuestions, fireServices, moldServices } from "./fire-mold.ts";
import { waterDamageCauses, waterDamageProcess, waterDamageQuestions } from "./water-damage.ts";

describe("service pages' copy", () => {
  it("water damage: the seven causes in the spec's order, five steps, four questions", () => {
    expect(waterDamageCauses.map((cause) => cause.title)).toEqual([
      "Burst Pipes",
      "Sewage Backup",
      "Basement Flooding",
      "Appliance Leaks",
      "Roof or Storm Damage",
      "Water Heater Failure",
      "Frozen Pipes",
    ]);
    expect([waterDamageProcess.length, waterDamageQuestions.length]).toEqual([5, 4]);
  });

  it("fire and mold: six fire services, six mold services, five steps, four questions, no title twice", () => {
    expect([fireServices.length, moldServices.length, fireMoldProcess.length, fireMoldQuestions.length]).toEqual([6, 6, 5, 4]);
    const titles = [...fireServices, ...moldServices].map((service) => service.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
