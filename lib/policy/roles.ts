/**
 * Roles and what each may do: the one permission table of the dashboard. Pages, route handlers
 * and the navigation all ask `can(role, permission)`; nothing else decides access.
 * Pure (no server-only): the navigation uses the same table to show only reachable sections.
 */
export const ROLES = ['paralegal', 'finance', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  paralegal: 'Paralegal',
  finance: 'Finance',
  manager: 'Manager',
  admin: 'Administrator',
};

const PERMISSION_TABLE = {
  // Today: every role has a start page of what needs it now.
  'today:read': ['paralegal', 'finance', 'manager', 'admin'],
  'portfolio:read': ['paralegal', 'finance', 'manager'],
  'renewals:read': ['paralegal', 'finance', 'manager'],
  'decisions:write': ['paralegal', 'manager'],
  'event-documents:read': ['paralegal', 'manager'],
  'tracking:read': ['paralegal', 'manager'],
  'invoices:read': ['finance', 'manager'],
  'invoice-documents:read': ['paralegal', 'finance', 'manager'],
  'reconciliation:write': ['finance', 'manager'],
  'exports:read': ['paralegal', 'finance', 'manager'],
  // Spend analytics for those who plan and pay renewal budgets.
  'analytics:read': ['finance', 'manager'],
  // Refreshing the forecast now spends background quota, so managers decide when.
  'forecast:refresh': ['manager'],
  // Renewal budgets are set by managers; everyone with analytics:read sees them.
  'budgets:write': ['manager'],
  'rate-freezes:read': ['manager'],
  'rate-freezes:write': ['manager'],
  'users:manage': ['admin'],
  'connection:manage': ['admin'],
  'audit:read': ['admin'],
  'quota:read': ['paralegal', 'finance', 'manager', 'admin'],
  // Each user's own notifications, preferences and calendar feed; the mail log is admins'.
  'notifications:read': ['paralegal', 'finance', 'manager', 'admin'],
  'outbox:read': ['admin'],
  // Running the background checks now, and sending again a message of unknown delivery.
  'outbox:manage': ['admin'],
  // Maker-checker: managers approve or send back batches the policy holds (never their
  // own: lib/server/decisions/batch-machine.ts); administrators set the policy.
  'approvals:decide': ['manager'],
  'approvals:policy': ['admin'],
  // Lasting instructions per patent or family that pre-fill each month's draft as suggestions.
  'standing-instructions:write': ['paralegal', 'manager'],
  // Tags and notes on patents and families: kept by those who prepare and take renewal decisions.
  'tags:write': ['paralegal', 'manager'],
  // Putting renewals under review (and releasing them): those who prepare and take the decisions.
  'reviews:write': ['paralegal', 'manager'],
  // The keep score's weights are the administrator's, like the approval policy.
  'keep-score:weights': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSION_TABLE;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSION_TABLE[permission] as readonly Role[]).includes(role);
}

/** Which of a renewal's documents a person may open: the links a page offers them. */
export interface DocumentAccess {
  /** Instruction and official receipts. */
  eventDocuments: boolean;
  invoiceDocuments: boolean;
}

export function documentAccess(role: Role | null | undefined): DocumentAccess {
  return {
    eventDocuments: can(role, 'event-documents:read'),
    invoiceDocuments: can(role, 'invoice-documents:read'),
  };
}

/** Where each role starts after signing in: Today, which shows each role its own work. */
export const HOME_BY_ROLE: Record<Role, string> = {
  paralegal: '/',
  finance: '/',
  manager: '/',
  admin: '/',
};
