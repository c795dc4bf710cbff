import { describe, expect, it } from 'vitest';
import { breachCandidates, isBreachedPassword } from './breached-passwords';

describe('isBreachedPassword', () => {
  it.each(['1qaz2wsx3edc', 'qwerty123456', 'Iloveyou1234!', '2024monkey!!!', 'dragondragondragon'])(
    'refuses %s',
    async (password) => {
      expect(await isBreachedPassword(password)).toBe(true);
    },
  );

  it.each(['a long test password', 'correct horse battery staple', 'paralegal-demo-2026'])(
    'accepts %s',
    async (password) => {
      expect(await isBreachedPassword(password)).toBe(false);
    },
  );

  it('tries the bare word, not fragments too short to mean anything', () => {
    expect(breachCandidates('Monkey2024!')).toContain('monkey');
    expect(breachCandidates('ab123456789012')).not.toContain('ab');
  });
});
