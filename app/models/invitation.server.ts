import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { invitations, users, type Invitation } from "~/db/schema";
import type { Role } from "~/lib/roles";
import { getDb } from "~/server/db.server";

/** Invitations to the team (decision 0049): one-time links, only their hash kept. */

export function getInvitation(id: number): Invitation | undefined {
  return getDb().select().from(invitations).where(eq(invitations.id, id)).get();
}

export function findInvitationByTokenHash(hash: string): Invitation | undefined {
  return getDb().select().from(invitations).where(eq(invitations.tokenHash, hash)).get();
}

/** The invitation and who sent it (their name, or their email when they have none). */
export function getInvitationWithInviter(id: number): { invitation: Invitation; inviter: string | null } | undefined {
  const row = getDb()
    .select({ invitation: invitations, name: users.name, email: users.email })
    .from(invitations)
    .leftJoin(users, eq(invitations.invitedBy, users.id))
    .where(eq(invitations.id, id))
    .get();
  return row && { invitation: row.invitation, inviter: row.name || row.email };
}

/** A new invitation; older open ones to the same address are withdrawn (one invitation an address). */
export function createInvitation(
  input: { email: string; role: Role; invitedBy: number; tokenHash: string; expiresAt: Date },
  now: Date,
): Invitation {
  withdrawOpenInvitations(input.email, now);
  return getDb()
    .insert(invitations)
    .values({ ...input, createdAt: now })
    .returning()
    .get();
}

/**
 * "Send again": another link for the same invitation, as a row of its own, leaving the
 * earlier links open (a copied one keeps working until it runs out, decision 0057).
 */
export function addInvitationLink(
  from: Pick<Invitation, "email" | "role">,
  input: { invitedBy: number; tokenHash: string; expiresAt: Date },
  now: Date,
): Invitation {
  return getDb()
    .insert(invitations)
    .values({ email: from.email, role: from.role, ...input, createdAt: now })
    .returning()
    .get();
}

/** The invitee joined by one link: the others to the same address are used too (they open "already used"). */
export function markOtherLinksUsed(email: string, userId: number, now: Date) {
  getDb()
    .update(invitations)
    .set({ acceptedAt: now, userId })
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .run();
}

export function withdrawOpenInvitations(email: string, now: Date) {
  getDb()
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .run();
}

/** Withdraws one open invitation; false when it was already used or withdrawn. */
export function withdrawInvitation(id: number, now: Date): Invitation | undefined {
  return getDb()
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning()
    .get();
}

/** A new link for the invitation (the mail is going): the old link stops working. */
export function setInvitationLink(id: number, tokenHash: string, expiresAt: Date) {
  getDb().update(invitations).set({ tokenHash, expiresAt }).where(eq(invitations.id, id)).run();
}

/** Marks it used by `userId`, if it still was open: one use. */
export function markInvitationAccepted(id: number, userId: number, now: Date): boolean {
  return (
    getDb()
      .update(invitations)
      .set({ acceptedAt: now, userId })
      .where(
        and(
          eq(invitations.id, id),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .run().changes === 1
  );
}

/** Invitations nobody has used or withdrawn, oldest first (expired ones too: the owner sends them again). */
export function listOpenInvitations(): Invitation[] {
  return getDb()
    .select()
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(asc(invitations.createdAt), asc(invitations.id))
    .all();
}
