import { z } from "zod";
import { servedTowns } from "#app/content/company.ts";
import { defaultServices, subcategoriesPerService } from "#app/content/services.ts";
import { townIntroMaxLength, towns } from "#app/content/towns.ts";
import { publicationStatuses, showcaseServiceKeys } from "#app/domain/showcase.ts";
import { typedText } from "#app/utils/typed-text.ts";
import { maxPlaceholderLength, placeholderPattern } from "#app/domain/media.ts";
import { reasonIcons, serviceIcons } from "#app/domain/icons.ts";
import { emailMaxLength, emailPattern } from "#app/domain/email.ts";

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

/** The blurred copy an upload answered with, carried by the form beside the photo's address. */
const placeholder = text.refine(
  (value) => value === "" || (value.length <= maxPlaceholderLength && placeholderPattern.test(value)),
  "The photo's preview is not one this site made: upload the photo again",
);

export const altTextMessage = "Describe the photo (alt text) before it is shown on the site";

/** Alt text is needed for a photo the public sees; a draft may wait for it. */
function requireAlt<Form extends Record<string, unknown>>(
  form: Form,
  url: keyof Form & string,
  alt: keyof Form & string,
  context: z.RefinementCtx,
) {
  if (form[url] && !form[alt]) context.addIssue({ code: "custom", message: altTextMessage, path: [alt] });
}

export const heroSchema = z
  .object({
    title: required("Title", 120),
    subtitle: required("Subtitle", 80),
    description: required("Description", 500),
    buttonText: required("Button text", 40),
    backgroundImageUrl: imageUrl("Background image address"),
    backgroundImageAlt: optional("Alt text", 200),
    backgroundImagePlaceholder: placeholder,
    storyImageUrl: imageUrl("Story photo address"),
    storyImageAlt: optional("Alt text", 200),
    storyImagePlaceholder: placeholder,
  })
  .superRefine((hero, context) => {
    requireAlt(hero, "backgroundImageUrl", "backgroundImageAlt", context);
    requireAlt(hero, "storyImageUrl", "storyImageAlt", context);
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
    // Only items with both a name and a logo are saved.
    .transform((badges) => badges.filter((badge) => badge.name !== "" && badge.logoUrl !== "")),
});
export type TrustBadgesForm = z.output<typeof trustBadgesSchema>;

const phonePattern = /^[\d\s\-()+.]+$/;

export const callbackPromiseLimits = { min: 5, max: 1440 } as const;
export const callbackPromiseMessage = `Call-back promise must be a whole number of minutes from ${callbackPromiseLimits.min} to ${callbackPromiseLimits.max}`;

export const ratingValueMessage = "Rating must be a number from 1 to 5, with at most one decimal (4.8)";
export const ratingCountMessage = "Number of reviews must be a whole number, 0 or more";

/** A number typed in a form; blank is not zero. */
const toNumber = (value: unknown) => (typeof value === "string" ? (value.trim() === "" ? Number.NaN : Number(value)) : value);

export const settingsSchema = z.object({
  companyName: required("Company name", 100),
  phoneNumber: required("Phone number", 20).refine(
    (phone) => phonePattern.test(phone) && phone.replace(/\D/g, "").length >= 7,
    "Please enter a valid phone number",
  ),
  officeEmail: required("Office email", emailMaxLength)
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
  ratingValue: z.preprocess(
    toNumber,
    z.number({ error: ratingValueMessage }).min(1, ratingValueMessage).max(5, ratingValueMessage).multipleOf(0.1, ratingValueMessage),
  ),
  ratingCount: z.preprocess(
    toNumber,
    z.number({ error: ratingCountMessage }).int(ratingCountMessage).min(0, ratingCountMessage).max(1_000_000, ratingCountMessage),
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
      if (addresses.length === 0)
        context.addIssue({
          code: "custom",
          message: "Enter at least one address",
        });
      if (addresses.length > maxNotificationRecipients) {
        context.addIssue({
          code: "custom",
          message: `At most ${maxNotificationRecipients} addresses`,
        });
      }
      const wrong = addresses.find((address) => address.length > emailMaxLength || !emailPattern.test(address));
      if (wrong === undefined) return;
      context.addIssue({
        code: "custom",
        message:
          wrong.length > emailMaxLength
            ? `"${wrong.slice(0, 40)}..." is too long: at most ${emailMaxLength} characters`
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

/** A calendar date as `<input type="date">` sends it, or blank. */
const isoDate = text
  .refine(
    (value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))),
    "Enter a date, or leave it blank",
  )
  .transform((value) => value || null);

const status = z.enum(publicationStatuses, {
  error: "Choose draft or published",
});
const showcaseService = z
  .union([z.literal(""), z.enum(showcaseServiceKeys)], {
    error: "Choose a service from the list",
  })
  .default("");
const town = z
  .union([z.literal(""), z.enum(servedTowns)], {
    error: "Choose a town from the list",
  })
  .default("");
const photoAddress = (label: string) => imageUrl(label).transform((value) => value ?? "");

export const maxProjects = 60;
export const projectPhotoMessage = "A published project needs a photo";

export const projectsSchema = z.object({
  projects: z
    .array(
      z
        .object({
          status,
          caption: required("Caption", 200),
          service: showcaseService,
          town,
          completedOn: isoDate,
          photoUrl: photoAddress("Photo address"),
          photoAlt: optional("Alt text", 200),
          photoPlaceholder: placeholder,
          beforeUrl: photoAddress("Before photo address"),
          beforeAlt: optional("Alt text", 200),
          beforePlaceholder: placeholder,
        })
        .superRefine((project, context) => {
          if (project.status !== "published") return;
          if (!project.photoUrl)
            context.addIssue({
              code: "custom",
              message: projectPhotoMessage,
              path: ["photoUrl"],
            });
          requireAlt(project, "photoUrl", "photoAlt", context);
          requireAlt(project, "beforeUrl", "beforeAlt", context);
        }),
    )
    .max(maxProjects, `At most ${maxProjects} projects`)
    .default([]),
});
export type ProjectsForm = z.output<typeof projectsSchema>;
export type ProjectForm = ProjectsForm["projects"][number];

export const maxReviews = 100;
export const reviewRatingMessage = "Choose a rating from 1 to 5 stars";

export const reviewsSchema = z.object({
  reviews: z
    .array(
      z.object({
        status,
        name: required("Name", 80),
        town,
        service: showcaseService,
        rating: z.preprocess(
          toNumber,
          z.number({ error: reviewRatingMessage }).int(reviewRatingMessage).min(1, reviewRatingMessage).max(5, reviewRatingMessage),
        ),
        text: required("Review", 2000),
        reviewedOn: isoDate,
        source: optional("Source", 60),
      }),
    )
    .max(maxReviews, `At most ${maxReviews} reviews`)
    .default([]),
});
export type ReviewsForm = z.output<typeof reviewsSchema>;
export type ReviewForm = ReviewsForm["reviews"][number];
