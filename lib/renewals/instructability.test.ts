import { describe, expect, it } from 'vitest';
import { badgeKind, instructabilityBadge } from './instructability';
import { allowed, blocked } from './testing';

describe('instructability badge', () => {
  it('lists exactly the decisions the service allows', () => {
    const badge = instructabilityBadge(allowed(['SKIP_THIS_TIME', 'DROP']));
    expect(badge.kind).toBe('allowed');
    expect(badge.decisions).toEqual(['SKIP_THIS_TIME', 'DROP']);
    expect(badge.label).toBe('Open: Skip this time · Drop');
  });

  it('says when a too-early event opens, as a calendar date', () => {
    expect(instructabilityBadge(blocked('TOO_EARLY', '2027-01-01'), 'en-GB').label).toBe('Opens 1 Jan 2027');
    expect(instructabilityBadge(blocked('TOO_EARLY', '2027-01-01'), 'en-US').label).toBe('Opens Jan 1, 2027');
  });

  it.each([
    ['EARLIER_EVENT_PENDING', 'earlier-pending', 'Earlier renewal pending'],
    ['ALREADY_INSTRUCTED', 'already-instructed', 'Already instructed'],
    ['A_REASON_FROM_LATER', 'blocked-other', 'A_REASON_FROM_LATER'],
  ])('maps %s to %s', (reason, kind, label) => {
    const badge = instructabilityBadge(blocked(reason));
    expect(badge.kind).toBe(kind);
    expect(badge.label).toBe(label);
    expect(badge.decisions).toEqual([]);
  });

  it('never infers: no instructability reported is "not reported", whatever the due period', () => {
    expect(badgeKind(null)).toBe('not-reported');
  });

  it('shows an unknown decision value as sent', () => {
    expect(instructabilityBadge(allowed(['PROCEED', 'PAUSE'])).label).toBe('Open: Proceed · PAUSE');
  });
});
