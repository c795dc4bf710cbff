import { eq } from 'drizzle-orm';
import type { Database } from '../../db/open';
import { ssoSetting } from '../../db/schema';
import { isRole, type Role } from '../../policy/roles';

/**
 * The role an administrator chose for new single sign-on users whose provider sends no mapped
 * role claim. No choice means such users are refused rather than given a guessed role.
 * Takes `db` as a parameter: createAuth (also used by the start script) reads it.
 */
const ROW_ID = 'default';

export async function ssoDefaultRole(db: Database): Promise<Role | null> {
  const [row] = await db.select().from(ssoSetting).where(eq(ssoSetting.id, ROW_ID));
  return isRole(row?.defaultRole) ? row.defaultRole : null;
}

export async function setSsoDefaultRole(db: Database, role: Role | null, byEmail: string): Promise<void> {
  const values = { defaultRole: role, updatedAt: new Date(), updatedByEmail: byEmail };
  await db
    .insert(ssoSetting)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: ssoSetting.id, set: values });
}
