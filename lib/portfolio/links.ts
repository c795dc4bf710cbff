/** A patent's page, optionally scrolled to one of its renewals (the page gives each row `event-<id>`). */
export function patentHref(patentId: string, eventId?: string): string {
  const page = `/portfolio/${encodeURIComponent(patentId)}`;
  return eventId ? `${page}#event-${encodeURIComponent(eventId)}` : page;
}
