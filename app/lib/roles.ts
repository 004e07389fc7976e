// The team's roles (decision 0048): what each may do is the matrix in
// lib/access.ts; this file is only the names, so the schema can import it.

export const ROLES = ["owner", "office", "crew"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", office: "Office", crew: "Crew" };
