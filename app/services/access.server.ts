import { data } from "react-router";
import { adminAccess, rolesFor, type AdminRouteId, type Roles } from "~/lib/access";
import type { SessionUser } from "~/models/session.server";
import { requireRole } from "~/services/auth.server";

// The role matrix (lib/access.ts) applied: the first line of every admin loader and action.

/**
 * The signed-in person, if their role may make this request of the route: a load needs the
 * route's GET roles; a post, any of its intents' roles (call requireIntent once the form is
 * read). Anonymous: to the login page (resource routes: 401). Another role: 403 naming the
 * roles that may.
 */
export function requireAccess(request: Request, routeId: AdminRouteId): Promise<SessionUser> {
  const access = adminAccess(routeId);
  return requireRole(request, rolesFor(access, request.method), { resource: access.resource });
}

/** After the form is read: the person's role must be one its intent allows (no intent: the page's save). */
export function requireIntent(
  user: SessionUser,
  routeId: AdminRouteId,
  intent: FormDataEntryValue | null,
): SessionUser {
  const access = adminAccess(routeId);
  const roles = rolesFor(access, "POST", typeof intent === "string" ? intent : null);
  return requireRoleOf(user, roles, access.resource);
}

/** The person's role must be one of `roles`: otherwise the 403 requireRole throws. */
export function requireRoleOf(user: SessionUser, roles: Roles, resource?: boolean): SessionUser {
  if (roles.includes(user.role)) return user;
  if (resource) throw new Response("Forbidden", { status: 403 });
  throw data({ forbidden: true, roles }, { status: 403 });
}

/**
 * Whatever is on the public site is the owner's to change (decision 0048): the office
 * writes drafts (a pending review, an unpublished project) and the owner publishes them.
 * `onSite`: the save would create or change something the public sees.
 */
export function requirePublisher(user: SessionUser, onSite: boolean): SessionUser {
  return onSite ? requireRoleOf(user, ["owner"]) : user;
}
