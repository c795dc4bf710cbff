/**
 * A family's patents seen together (patents sharing `clientFamilyReference`, spec: Patent): where
 * it is kept, what each member has next and what keeping it costs. Browser-safe: the family page
 * and its map read these.
 */
export type MemberState = 'kept' | 'dropped' | 'lapsed' | 'expired';

/**
 * A family named in running text: "family reference FAM-00360". The reference is the client's own
 * (`clientFamilyReference`), shown as the client wrote it; "family FAM-00360" read as a stutter.
 */
export function familyReferenceText(reference: string): string {
  return `family reference ${reference}`;
}

export const MEMBER_STATE_LABELS: Record<MemberState, string> = {
  kept: 'Kept',
  dropped: 'Dropped',
  lapsed: 'Lapsed',
  expired: 'Expired',
};

export interface FamilyMember {
  /** Its client's name, for a user of several clients. */
  client?: string;
  patentId: string;
  name: string;
  office: string | null;
  status: string | null;
  expiry: string | null;
  state: MemberState;
  /** The earliest renewal not decided yet, as the copy holds it. */
  next: { eventId: string; dueDate: string; dropOffered: boolean } | null;
  /** The latest decision the service shows applied, with its renewal's due date. */
  lastDecision: { decision: string; dueDate: string } | null;
  /** Remaining renewals in the forecast, per currency (decimal strings), to the last one's due date. */
  costToExpiry: { currency: string; total: string; renewals: number; lastDue: string }[];
}

/**
 * A member's state: dropped when the service shows a DROP applied, lapsed or expired from its own
 * dates (spec: Patent, lapseDate, expirationDate and extendedExpirationDate), kept otherwise.
 */
export function memberState(
  patent: { status: string | null; lapseDate: string | null; expiry: string | null },
  decisions: readonly string[],
  today: string,
): MemberState {
  if (decisions.includes('DROP')) return 'dropped';
  if (patent.lapseDate !== null || patent.status === 'LAPSED') return 'lapsed';
  if (patent.expiry !== null && patent.expiry < today) return 'expired';
  return 'kept';
}
