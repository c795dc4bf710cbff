/**
 * Passwords known from breaches are refused (NIST SP 800-63B 5.1.1.2: check new passwords against
 * values known to be commonly used or compromised). The list is the ~49,000 most frequent
 * passwords of public breach corpora that @zxcvbn-ts/language-common ships (MIT, maintained): it
 * works offline and is loaded on the server only, on first use (it is 380 KB).
 *
 * Our minimum length is 12, and few listed passwords are that long, so a password is also refused
 * when it is a listed one dressed up the usual ways: repeated (`dragondragondragon`), or with
 * digits and symbols around it (`iloveyou1234!`, `2024monkey!!!`).
 */
let listed: Promise<ReadonlySet<string>> | undefined;

function breachedList(): Promise<ReadonlySet<string>> {
  listed ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return listed;
}

const MIN_BASE_LENGTH = 4;

/** The readings of a password that a guesser tries first. */
export function breachCandidates(password: string): string[] {
  const lower = password.toLowerCase();
  const candidates = new Set([lower]);
  const stripped = lower.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '');
  if (stripped.length >= MIN_BASE_LENGTH) candidates.add(stripped);
  const trailingStripped = lower.replace(/[^a-z]+$/, '');
  if (trailingStripped.length >= MIN_BASE_LENGTH) candidates.add(trailingStripped);
  for (const value of [...candidates]) {
    const unit = repeatedUnit(value);
    if (unit && unit.length >= MIN_BASE_LENGTH) candidates.add(unit);
  }
  return [...candidates];
}

/** `abcabcabc` → `abc`; null when the value is not a repetition. */
function repeatedUnit(value: string): string | null {
  for (let size = 1; size <= value.length / 2; size++) {
    if (value.length % size !== 0) continue;
    const unit = value.slice(0, size);
    if (unit.repeat(value.length / size) === value) return unit;
  }
  return null;
}

export async function isBreachedPassword(password: string): Promise<boolean> {
  const list = await breachedList();
  return breachCandidates(password).some((candidate) => list.has(candidate));
}
