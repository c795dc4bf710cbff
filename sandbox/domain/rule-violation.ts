import type { ProblemCode } from '../../lib/annuity/schemas';

export interface ValidationIssue {
  /** RFC 6901 pointer into the request: the body, or the query/path parameter by name. */
  pointer: string;
  detail: string;
}

/**
 * A request the business rules refuse, in the API's own vocabulary (spec: Errors): the HTTP layer
 * turns it into a problem document. Domain code throws it; it never builds HTTP responses.
 */
export class RuleViolation extends Error {
  override name = 'RuleViolation';
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extensions: {
      errors?: ValidationIssue[];
      requiredScope?: string;
      clientCaseReference?: string | null;
      missingPreviousRenewalDates?: string[];
    } = {},
  ) {
    super(`${code}: ${detail}`);
  }
}

export function validationFailed(errors: ValidationIssue[], detail?: string): RuleViolation {
  return new RuleViolation(
    'validation_failed',
    detail ?? errors.map((error) => `${error.pointer || '(body)'}: ${error.detail}`).join('; '),
    { errors },
  );
}

/** RFC 6901: `~` becomes `~0` and `/` becomes `~1` inside a reference token. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
