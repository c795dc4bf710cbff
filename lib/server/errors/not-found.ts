import { DomainError } from './domain-error';

/**
 * A record the request may not see: absent, or another client's (spec: rule 2, all data scoped to
 * the client). Both answer the same 404, worded as the service's own, so an id says nothing.
 */
export class NotFoundError extends DomainError<'not_found'> {
  override name = 'NotFoundError';
  constructor(what: string) {
    super({
      status: 404,
      code: 'not_found',
      title: 'Not found',
      detail: 'This record does not exist or is not part of your portfolio.',
      message: `${what} not found in the client scope`,
    });
  }
}
