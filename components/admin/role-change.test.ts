import { describe, expect, it } from 'vitest';
import { roleChangeSections } from './role-change';

describe('roleChangeSections', () => {
  it('names the sections a paralegal gains and loses on becoming finance', () => {
    const { gains, loses } = roleChangeSections('paralegal', 'finance');
    expect(gains).toContain('Invoices');
    expect(loses).toEqual(expect.arrayContaining(['Tracking']));
    expect(gains).not.toContain('Today');
    expect(loses).not.toContain('Today');
  });

  it('treats an unknown stored role as having no access, so every section is a gain', () => {
    const { gains, loses } = roleChangeSections('auditor', 'manager');
    expect(loses).toEqual([]);
    expect(gains).toEqual(expect.arrayContaining(['Today', 'Renewals', 'Rate freezes']));
  });

  it('names the admin section an administrator loses', () => {
    expect(roleChangeSections('admin', 'manager').loses).toContain('Admin');
  });
});
