/**
 * What each audit action means, in words an administrator reads (the audit page and its export).
 * Every action the code records has its words here (test/audit-labels.test.ts finds them in the
 * source); one missing still shows, in plain words with its code beside them: the log never hides
 * an entry.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in refused',
  'auth.sign_out': 'Signed out',
  'auth.sso_sign_in_failed': 'Single sign-on refused',
  'sso.default_role': 'Chose the role of new single sign-on users',
  'account.change_password': 'Changed own password',
  'users.create': 'Created a user',
  'users.create_first_admin': 'Created the first administrator',
  'users.update': 'Changed a user',
  'users.set_role': 'Changed a user’s role',
  'users.deactivate': 'Deactivated a user',
  'users.reactivate': 'Reactivated a user',
  'users.set_clients': 'Changed the clients a user works for',
  'users.reset_password': 'Set a user’s password',
  'decisions.send': 'Sent renewal decisions',
  'decisions.reconcile': 'Settled decisions of unknown outcome',
  'approvals.submit': 'Submitted decisions for approval',
  'approvals.approve': 'Approved decisions',
  'approvals.return': 'Sent decisions back',
  'approvals.policy': 'Changed the approval policy',
  'standing_instructions.set': 'Set a standing instruction',
  'standing_instructions.clear': 'Cleared a standing instruction',
  'saved_views.create': 'Saved a view',
  'saved_views.update': 'Renamed or shared a saved view',
  'saved_views.delete': 'Deleted a saved view',
  'budgets.save': 'Saved a renewal budget',
  'budgets.delete': 'Deleted a renewal budget',
  'forecast.refresh': 'Refreshed the forecast',
  'reconciliation.mark': 'Marked an invoice',
  'rate_freezes.freeze': 'Froze exchange rates',
  'connection.check': 'Checked the service connection',
  'portfolio.snapshot_refresh': 'Refreshed the portfolio copy',
  'api_key.add': 'Added an API key',
  'api_key.verify': 'Verified an API key',
  'api_key.activate': 'Switched the API key',
  'api_key.remove': 'Removed an API key',
  'api_key.expiry': 'Recorded an API key’s expiry',
  'clients.add': 'Added a client',
  'clients.rename': 'Renamed a client',
  'clients.rotate_key': 'Replaced a client’s API key',
  'clients.check': 'Checked a client’s connection',
  'clients.retire': 'Retired a client',
  'background.run_now': 'Ran the background checks now',
  'outbox.send_again': 'Sent a message again',
  'chat_channel.add': 'Added a chat channel',
  'chat_channel.classes': 'Changed what a chat channel receives',
  'chat_channel.remove': 'Removed a chat channel',
  'reviews.place': 'Review hold placed',
  'reviews.release': 'Review hold released',
  'reviews.decided': 'Review hold ended by a decision sent',
  'keep_score.weights': 'Changed the keep score’s weights',
  'tags.set': 'Changed tags',
  'tags.import': 'Imported tags',
  'notes.set': 'Changed a note',
  'request.refused': 'Request refused',
};

/** The action's words; an action without any reads "Widgets: spin up (widgets.spin_up)". */
export function auditActionLabel(action: string): string {
  const label = AUDIT_ACTION_LABELS[action];
  if (label) return label;
  const [area = '', ...rest] = action.split('.');
  const words = (part: string) => part.replaceAll('_', ' ');
  const what = rest.length > 0 ? `${words(area)}: ${words(rest.join(' '))}` : words(area);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} (${action})`;
}

/** Why a sign-in or request was refused, in words; the code itself stays in the export. */
const REASON_LABELS: Readonly<Record<string, string>> = {
  unknown_email: 'no account with this email',
  wrong_password: 'wrong password',
  deactivated: 'account deactivated',
  too_many_attempts: 'too many attempts (delayed)',
  demo_account_with_real_upstream: 'demo account while connected to a real service',
  unauthenticated: 'not signed in',
  forbidden_for_role: 'not allowed for the role',
  cross_origin_request: 'came from another site',
  misdirected_request: 'unexpected host name',
  invalid_input: 'invalid input',
  invalid_json: 'body is not JSON',
  password_change_required: 'password change pending',
};

/** One line of details in words: a reason or refusal code, a status, the rest as key: value. */
export function auditDetailsText(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (value === null || value === undefined || value === '') continue;
    if ((key === 'reason' || key === 'code') && typeof value === 'string') {
      parts.push(REASON_LABELS[value] ?? value.replaceAll('_', ' '));
    } else if (key === 'status') {
      parts.push(`HTTP ${String(value)}`);
    } else {
      parts.push(`${key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${formatValue(value)}`);
    }
  }
  return parts.join(' · ');
}

function formatValue(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([k, v]) => `${k} ${formatValue(v)}`)
      .join(', ');
  return '';
}
