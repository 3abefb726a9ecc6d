import type { Access } from "#app/domain/roles.ts";

export interface AdminSection {
  path: string;
  title: string;
  description: string;
  access: Access;
}

/** Every admin section, as the dashboard's tiles; a section lands here with its route. */
export const adminSections: AdminSection[] = [
  {
    path: "/admin/hero",
    title: "Hero",
    description: "The home page's first screen (title, subtitle, text, button, photo) and the photo beside its story.",
    access: "staff",
  },
  {
    path: "/admin/trust-badges",
    title: "Trust badges",
    description: "Certifications, ratings and partner logos, in order.",
    access: "staff",
  },
  {
    path: "/admin/services",
    title: "Services",
    description: "The four service cards: texts, subcategories, icons and images.",
    access: "staff",
  },
  {
    path: "/admin/towns",
    title: "Town pages",
    description: "The short intro on each served town's page.",
    access: "staff",
  },
  {
    path: "/admin/projects",
    title: "Projects",
    description: "Jobs with their photos (single or before and after): caption, service, town, date, draft or published, order.",
    access: "staff",
  },
  {
    path: "/admin/reviews",
    title: "Reviews",
    description: "Customers' reviews: name, town, rating, text, date, source, draft or published, order.",
    access: "staff",
  },
  { path: "/admin/mission", title: "Mission", description: "The why-choose-us reasons and their icons.", access: "staff" },
  {
    path: "/admin/settings",
    title: "Site settings",
    description: "Company name, phone, office email, address, emergency message and call-back promise.",
    access: "staff",
  },
  {
    path: "/admin/notifications",
    title: "Office notifications",
    description: "Who is emailed about every new request, and a test email. Administrators change it.",
    access: "staff",
  },
  {
    path: "/admin/requests",
    title: "Requests",
    description: "Free-assessment requests: call back, set the status, add notes, export.",
    access: "staff",
  },
  {
    path: "/admin/alerts",
    title: "Alerts",
    description: "Push alerts on this device, the sound for urgent requests, and the escalation time.",
    access: "staff",
  },
  {
    path: "/admin/retention",
    title: "Data retention",
    description: "How long closed requests keep their photos, and spam is kept.",
    access: "admin",
  },
  {
    path: "/admin/audit",
    title: "Audit log",
    description: "Who changed which content, approved or changed which account, or exported requests, and when.",
    access: "admin",
  },
  {
    path: "/admin/outbox",
    title: "Emails and alerts",
    description: "Emails and alerts waiting to go out, and any that could not be delivered.",
    access: "admin",
  },
  { path: "/admin/users", title: "Users", description: "Approve new staff accounts, change roles and revoke access.", access: "admin" },
];

export function sectionsFor(role: "editor" | "admin"): AdminSection[] {
  return adminSections.filter((section) => section.access === "staff" || role === "admin");
}
