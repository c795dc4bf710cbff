import type React from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { formatClockTime, formatTimestamp } from '@/lib/format/dates';
import { CopyAgeNotice } from './copy-age-notice';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

/** The markup without React's text separators. */
const render = (node: React.ReactElement) => renderToString(node).replaceAll('<!-- -->', '');

const age = {
  asOf: '2026-12-07T14:27:00.000Z',
  incomplete: [],
  neverRead: [],
  notAnsweringSince: null,
};

describe("the copy's age notice", () => {
  it('writes since when the service has not answered and what it last said in one format', () => {
    const since = '2026-12-07T14:37:00.000Z';
    const html = render(<CopyAgeNotice copy={{ ...age, notAnsweringSince: since }} months={['2026-12']} />);
    expect(html).toContain(
      `The renewal service has not answered since ${formatTimestamp(since)}; showing what it said at ${formatTimestamp(age.asOf)}.`,
    );
    expect(html).not.toContain(formatClockTime(new Date(since)));
  });

  it("says when today's share of the quota for reading is spent and how old the copy shown is", () => {
    const html = render(
      <CopyAgeNotice copy={{ ...age, shareSpent: true }} months={['2026-12']} />,
    ).replaceAll('&#x27;', "'");
    expect(html).toContain(
      `Today's share of the service's quota for reading is spent; showing the copy as of ${formatTimestamp(age.asOf)}.`,
    );
  });

  it('says how far a first read is, in a neutral tone, never as an alert', () => {
    const html = render(
      <CopyAgeNotice
        copy={{ ...age, asOf: null, neverRead: ['2026-12'], firstRead: { read: 9, of: 15 } }}
        months={['2026-12']}
      />,
    );
    expect(html).toMatch(
      /role="status"[^>]*>.*Reading the renewals from the renewal service for the first time: 9 of 15 months/,
    );
    expect(html).not.toContain('role="alert"');
  });

  it('says nothing of a first read once every month is read', () => {
    const html = render(<CopyAgeNotice copy={{ ...age, firstRead: null }} months={['2026-12']} />);
    expect(html).not.toContain('for the first time');
    expect(html).toContain(`As of ${formatTimestamp(age.asOf)}`);
  });

  it('leaves the age line to a page that says it itself', () => {
    const html = render(<CopyAgeNotice copy={age} months={[]} ageLine={false} />);
    expect(html).not.toContain('As of');
  });
});
