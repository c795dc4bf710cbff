import { describe, expect, it } from 'vitest';
import { patentFixture } from '@/lib/annuity/fixtures';
import { tolerant } from '@/lib/annuity/schemas';
import { isSearchable, matchLabel, matchOf, searchColumns, searchKey } from './search-key';

describe('searchKey: what the portfolio search compares', () => {
  it('forgives case, spaces and punctuation in patent numbers', () => {
    expect(searchKey('EP 1 234 567 B1')).toBe('ep1234567b1');
    expect(searchKey('ep1234567b1')).toBe('ep1234567b1');
    expect(searchKey('PCT/EP2019/012345')).toBe('pctep2019012345');
    expect(searchKey('16/123,456')).toBe('16123456');
    expect(searchKey('EP 04 123 456.7')).toBe('ep041234567');
    expect(searchKey('KR10-2020-1234567A')).toBe('kr1020201234567a');
  });

  it('forgives diacritics and letters people type without them', () => {
    expect(searchKey('Müller-Lüdenscheidt GmbH')).toBe('mullerludenscheidtgmbh');
    expect(searchKey('Société Générale d’Électronique')).toBe('societegeneraledelectronique');
    expect(searchKey('Søren Æbeltoft Straße')).toBe('sorenaebeltoftstrasse');
    expect(searchKey('ＥＰ１２３')).toBe('ep123');
  });

  it('keeps letters of other scripts, so such titles stay searchable', () => {
    expect(searchKey('電池 用 電極')).toBe('電池用電極');
  });

  it('calls a search without letters or digits no search', () => {
    expect(isSearchable('  -/. ')).toBe(false);
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('E')).toBe(true);
  });
});

const patent = tolerant.patent.parse(
  patentFixture({
    clientCaseReference: 'ACME-0042-EP',
    providerId: 'PAM-1000342',
    applicationNumber: '19 123 456.7',
    publicationNumber: 'EP3456789A1',
    grantPublicationNumber: 'EP 3 456 789 B1',
    pctApplicationNumber: 'PCT/EP2019/054321',
    title: 'Électrode for a lithium battery',
    owner: 'Acme Industries GmbH',
    secondaryOwners: ['Zürich Instruments AG'],
  }),
);

describe('searchColumns: the keys a snapshot row carries', () => {
  it('keeps numbers and words apart, one key per field, so no match spans two fields', () => {
    expect(searchColumns(patent)).toEqual({
      numbers: 'acme0042ep pam1000342 191234567 ep3456789a1 ep3456789b1 pctep2019054321',
      words: 'electrodeforalithiumbattery acmeindustriesgmbh zurichinstrumentsag',
    });
  });

  it('leaves out what the patent does not have', () => {
    expect(
      searchColumns({
        ...patent,
        providerId: null,
        applicationNumber: null,
        publicationNumber: null,
        grantPublicationNumber: null,
        pctApplicationNumber: null,
        title: null,
        secondaryOwners: null,
      }),
    ).toEqual({ numbers: 'acme0042ep', words: 'acmeindustriesgmbh' });
  });
});

describe('matchOf: what the table says matched', () => {
  it('names the number a search matched exactly, in any case and punctuation', () => {
    expect(matchOf(patent, 'ep 3456789 b1')).toEqual({ kind: 'exact', field: 'grantPublicationNumber' });
    expect(matchOf(patent, 'pam1000342')).toEqual({ kind: 'exact', field: 'providerId' });
    expect(matchOf(patent, '19123456.7')).toEqual({ kind: 'exact', field: 'applicationNumber' });
    expect(matchOf(patent, 'acme 0042 ep')).toEqual({ kind: 'exact', field: 'clientCaseReference' });
  });

  it('prefers a number that starts with the search over words that contain it', () => {
    expect(matchOf(patent, 'EP3456789')).toEqual({ kind: 'starts', field: 'publicationNumber' });
    expect(matchOf(patent, 'acme')).toEqual({ kind: 'starts', field: 'clientCaseReference' });
    expect(matchOf(patent, 'lithium')).toEqual({ kind: 'contains', field: 'title' });
    expect(matchOf(patent, 'zurich')).toEqual({ kind: 'starts', field: 'secondaryOwners' });
    expect(matchOf(patent, 'industries')).toEqual({ kind: 'contains', field: 'owner' });
    expect(matchOf(patent, 'industires')).toEqual({ kind: 'similar', field: null });
  });

  it('words the match for the table', () => {
    expect(matchLabel({ kind: 'exact', field: 'publicationNumber' })).toBe('Publication number: exact');
    expect(matchLabel({ kind: 'contains', field: 'owner' })).toBe('Owner: contains the search');
    expect(matchLabel({ kind: 'similar', field: null })).toBe('Similar title or owner');
  });
});
