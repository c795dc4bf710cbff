import type { FieldError, MappedProblem } from './problem';

export interface DomainErrorInit<C extends string> {
  status: number;
  code: C;
  title: string;
  /** What the user reads; also the error's message unless `message` says otherwise (for logs). */
  detail: string;
  message?: string;
  errors?: FieldError[];
  /** Extension members of the problem (RFC 9457 §3.2), e.g. the current draft after a conflict. */
  extensions?: Record<string, unknown>;
  /**
   * The feature keeps the audit trail of this refusal itself (with what only it knows, such as the
   * key's last four characters), so defineRoute records no second failure for it.
   */
  auditedByFeature?: boolean;
}

/**
 * A refusal by one of our own rules (a key the service does not accept, a view name already used,
 * a draft changed elsewhere). It carries what the user is told, so error-mapping.ts answers every
 * one of them the same way, without a table per feature.
 */
export class DomainError<C extends string = string> extends Error {
  override name = 'DomainError';
  readonly status: number;
  readonly code: C;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  readonly extensions: Record<string, unknown>;
  readonly auditedByFeature: boolean;

  constructor(init: DomainErrorInit<C>) {
    super(init.message ?? init.detail);
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors;
    this.extensions = init.extensions ?? {};
    this.auditedByFeature = init.auditedByFeature ?? false;
  }

  toProblem(requestId: string): MappedProblem {
    return {
      status: this.status,
      code: this.code,
      title: this.title,
      detail: this.detail,
      requestId,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(Object.keys(this.extensions).length > 0 ? { extensions: this.extensions } : {}),
    };
  }
}

/**
 * A request value one of our own rules refuses (a client not the user's, a reference several of
 * their clients use), answered as a value the route's schema refuses is: 400 `invalid_input`
 * naming the fields (lib/server/http/route.ts).
 */
export function invalidInput(detail: string, errors: FieldError[]): DomainError<'invalid_input'> {
  return new DomainError({ status: 400, code: 'invalid_input', title: 'Invalid request', detail, errors });
}
