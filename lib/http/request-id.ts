export const REQUEST_ID_HEADER = 'x-request-id';

// An inbound id is kept only when it looks like an id, so a caller cannot inject text into logs.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id that ties one browser request to our log lines and to the service's problem bodies. */
export function requestIdFrom(inbound: string | null | undefined): string {
  if (inbound && ACCEPTABLE_REQUEST_ID.test(inbound)) return inbound;
  return crypto.randomUUID();
}
