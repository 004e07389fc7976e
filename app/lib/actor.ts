/**
 * Who did something a history records: a signed-in account, by its id and the
 * name it had then, or someone without an account (the homeowner who accepted, the roof
 * tool itself) by a name alone. The id is what later pages name the person by; the name is
 * kept in the row so an entry still reads right if the account's row were ever gone.
 */
export type Actor = { id: number | null; name: string };

/** The signed-in account as a history names it: its name, or its email while it has none. */
export const actorOf = (user: { userId: number; name: string; email: string }): Actor => ({
  id: user.userId,
  name: user.name.trim() || user.email,
});

/** An author with no account. */
export const systemActor = (name: string): Actor => ({ id: null, name });

/** The columns of a lead history row that say who wrote it. */
export const writtenBy = (by: Actor) => ({ author: by.name, authorId: by.id });
