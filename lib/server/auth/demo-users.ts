import type { Role } from '../../policy/roles';

/**
 * One user per role, created on first start when the upstream is the local stand-in service.
 * Demo only: these passwords are public (README, start-up output) and never exist with a real
 * upstream.
 */
export const DEMO_USERS: ReadonlyArray<{ email: string; name: string; role: Role; password: string }> = [
  {
    email: 'paralegal@demo.test',
    name: 'Paula Paralegal',
    role: 'paralegal',
    password: 'paralegal-demo-2026',
  },
  { email: 'finance@demo.test', name: 'Felix Finance', role: 'finance', password: 'finance-demo-2026' },
  { email: 'manager@demo.test', name: 'Mona Manager', role: 'manager', password: 'manager-demo-2026' },
  { email: 'admin@demo.test', name: 'Adam Admin', role: 'admin', password: 'admin-demo-2026!' },
];
