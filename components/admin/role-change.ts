import { NAV_ITEMS } from '@/components/shell/navigation';
import { can, type Role } from '@/lib/policy/roles';

/**
 * What a role change does to someone's access, in the sections they will see appear and
 * disappear, so an admin confirms a consequence rather than a label. Read from the one
 * permission table through the navigation, so it cannot drift from what the pages enforce.
 */
export function roleChangeSections(from: string, to: Role): { gains: string[]; loses: string[] } {
  const had = (permission: (typeof NAV_ITEMS)[number]['permission']) => can(from as Role, permission);
  const gains: string[] = [];
  const loses: string[] = [];
  for (const item of NAV_ITEMS) {
    const before = had(item.permission);
    const after = can(to, item.permission);
    if (after && !before) gains.push(item.label);
    if (before && !after) loses.push(item.label);
  }
  return { gains, loses };
}
