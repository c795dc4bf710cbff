/** A client connection as the administrator's page sees it: never the key, only its last four. */
export interface ClientConnectionView {
  id: string;
  name: string;
  /** The connection of ANNUITY_API_KEY (and of everything stored before there were several). */
  isDefault: boolean;
  createdAt: string | null;
  retiredAt: string | null;
  keyLast4: string | null;
  quota: { limit: number | null; remaining: number | null; resetAt: string | null } | null;
  copy: {
    months: number;
    completeMonths: number;
    events: number;
    patents: number | null;
    syncedAt: string | null;
    /** Since when the service has not answered this client's calls; null while it answers. */
    failingSince: string | null;
  };
}
