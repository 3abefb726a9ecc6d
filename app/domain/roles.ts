/** Who may do what in the admin: a new account waits for an administrator's approval. */
export const accountRoles = ["pending", "editor", "admin", "revoked"] as const;
export type AccountRole = (typeof accountRoles)[number];

/** Who may open an admin page: every approved staff member, or administrators only. */
export type Access = "staff" | "admin";
