import { z } from "zod";
import { defaultServices, serviceIcons, subcategoriesPerService } from "#app/content/services.ts";
import { townIntroMaxLength, towns } from "#app/content/towns.ts";
import { typedText } from "#app/utils/typed-text.ts";
import { reasonIcons } from "./reason-icons.ts";

/**
 * One schema per editor: the browser checks a form with it before sending, the server parses the
 * same form with it, and a restored revision passes through it again.
 */

/** Form text: absent counts as empty; kept as typed, save outer space and line ends. React escapes what it shows. */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? "")
  .pipe(typedText);

const required = (label: string, max: number) =>
  text.pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));
const optional = (label: string, max: number) => text.pipe(z.string().max(max, `${label} must be at most ${max} characters`));

/** A checkbox in a form ("on" when ticked, absent when not) or a stored boolean. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const imageUrlMessage =
  "Images from other websites cannot be shown on this site (it only shows its own images, for safety). Save the image to your device and upload it with the button instead.";

/**
 * An image address: an upload of ours or a path on this site. An outside link is refused rather
 * than saved, since the site's security policy would block it and visitors would see nothing.
 */
function isImageAddress(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

const imageUrl = (label: string) =>
  optional(label, 500)
    .refine((value) => value === "" || isImageAddress(value), imageUrlMessage)
    .transform((value) => value || null);

export const heroSchema = z.object({
  title: required("Title", 120),
  subtitle: required("Subtitle", 80),
  description: required("Description", 500),
  buttonText: required("Button text", 40),
  backgroundImageUrl: imageUrl("Background image address"),
});
export type HeroForm = z.output<typeof heroSchema>;

export const maxTrustBadges = 30;

export const trustBadgesSchema = z.object({
  headline: required("Headline", 120),
  description: optional("Description", 600),
  badges: z
    .array(
      z.object({
        name: optional("Name", 80),
        logoUrl: optional("Logo address", 500).refine((value) => value === "" || isImageAddress(value), imageUrlMessage),
        isActive: checkbox,
      }),
    )
    .max(maxTrustBadges, `At most ${maxTrustBadges} badges`)
    .default([])
    // Spec §5: only items with both a name and a logo are saved.
    .transform((badges) => badges.filter((badge) => badge.name !== "" && badge.logoUrl !== "")),
});
export type TrustBadgesForm = z.output<typeof trustBadgesSchema>;

const phonePattern = /^[\d\s\-()+.]+$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailMax = 100;

export const callbackPromiseLimits = { min: 5, max: 1440 } as const;
export const callbackPromiseMessage = `Call-back promise must be a whole number of minutes from ${callbackPromiseLimits.min} to ${callbackPromiseLimits.max}`;

export const settingsSchema = z.object({
  companyName: required("Company name", 100),
  phoneNumber: required("Phone number", 20).refine(
    (phone) => phonePattern.test(phone) && phone.replace(/\D/g, "").length >= 7,
    "Please enter a valid phone number",
  ),
  officeEmail: required("Office email", emailMax)
    .refine((email) => emailPattern.test(email), "Please enter a valid email address")
    .transform((email) => email.toLowerCase()),
  address: required("Address", 200),
  emergencyMessage: required("Emergency message", 120),
  callbackPromiseMinutes: z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value),
    z
      .number({ error: callbackPromiseMessage })
      .int(callbackPromiseMessage)
      .min(callbackPromiseLimits.min, callbackPromiseMessage)
      .max(callbackPromiseLimits.max, callbackPromiseMessage),
  ),
});
export type SettingsForm = z.output<typeof settingsSchema>;

export const maxNotificationRecipients = 10;

/** The addresses as typed (one per line; commas, semicolons and spaces separate them too), or a stored list. */
const addressList = z.preprocess(
  (value) => (typeof value === "string" ? value.split(/[\s,;]+/).filter((address) => address !== "") : (value ?? [])),
  z.array(z.string()),
);

/** Who is emailed about every new request: each address checked like any other, and named when it is wrong. */
export const notificationsSchema = z.object({
  recipients: addressList
    .superRefine((addresses, context) => {
      if (addresses.length === 0) context.addIssue({ code: "custom", message: "Enter at least one address" });
      if (addresses.length > maxNotificationRecipients) {
        context.addIssue({ code: "custom", message: `At most ${maxNotificationRecipients} addresses` });
      }
      const wrong = addresses.find((address) => address.length > emailMax || !emailPattern.test(address));
      if (wrong === undefined) return;
      context.addIssue({
        code: "custom",
        message:
          wrong.length > emailMax
            ? `"${wrong.slice(0, 40)}..." is too long: at most ${emailMax} characters`
            : `"${wrong}" is not a valid email address`,
      });
    })
    .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]),
});
export type NotificationsForm = z.output<typeof notificationsSchema>;

export const maxReasons = 12;

export const missionSchema = z.object({
  headline: required("Headline", 120),
  subheadline: optional("Subheadline", 240),
  reasons: z
    .array(
      z.object({
        text: required("Reason", 120),
        detail: optional("Detail", 300).default(""),
        icon: z.enum(reasonIcons, {
          error: "Choose an icon: clock, shield, check or star",
        }),
      }),
    )
    .max(maxReasons, `At most ${maxReasons} reasons`)
    .default([]),
});
export type MissionForm = z.output<typeof missionSchema>;

const serviceSlugs = defaultServices
  .map((service) => service.slug)
  .sort()
  .join();

export const servicesSchema = z.object({
  cards: z
    .array(
      z.object({
        slug: z.string().min(1),
        title: required("Title", 80),
        subtitle: required("Subtitle", 80),
        summary: required("Summary", 240),
        description: required("Description", 500),
        subcategories: z
          .array(required("Subcategory", 60))
          .length(subcategoriesPerService, `Exactly ${subcategoriesPerService} subcategories`),
        icon: z.enum(serviceIcons, { error: "Choose an icon" }),
        featured: checkbox,
        imageUrl: imageUrl("Image address"),
      }),
    )
    // The cards are edited, never added or removed: each service has its page.
    .refine(
      (cards) =>
        cards
          .map((card) => card.slug)
          .sort()
          .join() === serviceSlugs,
      "Every service card must be there, once",
    ),
});
export type ServicesForm = z.output<typeof servicesSchema>;

const townSlugs = towns
  .map((town) => town.slug)
  .sort()
  .join();

/** Each served town's short intro on its page; an empty one leaves the page without an intro. */
export const townsSchema = z.object({
  towns: z
    .array(z.object({ slug: z.string().min(1), intro: optional("Intro", townIntroMaxLength) }))
    // The towns are fixed (each has its page): their intros are edited, never added or removed.
    .refine(
      (items) =>
        items
          .map((item) => item.slug)
          .sort()
          .join() === townSlugs,
      "Every town must be there, once",
    ),
});
export type TownsForm = z.output<typeof townsSchema>;
