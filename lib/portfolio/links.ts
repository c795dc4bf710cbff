/** A patent's page, optionally scrolled to one of its renewals (the page gives each row `event-<id>`). */
export function patentHref(patentId: string, eventId?: string): string {
  const page = `/portfolio/${encodeURIComponent(patentId)}`;
  return eventId ? `${page}#event-${encodeURIComponent(eventId)}` : page;
}

/** A family's page (patents sharing the client's family reference). */
export function familyHref(reference: string): string {
  return `/portfolio/families/${encodeURIComponent(reference)}`;
}
