/**
 * The one way a patent is named on screen, in exports and in a DROP confirmation: the client's
 * case reference, else its provider id (spec: Patent, both may be null). A patent with neither is
 * still told apart from another by the start of its service id.
 */
export interface PatentNaming {
  caseReference?: string | null;
  clientCaseReference?: string | null;
  providerId?: string | null;
  patentId?: string | null;
  id?: string | null;
}

export function patentName(patent: PatentNaming): string {
  const named = patent.caseReference ?? patent.clientCaseReference ?? patent.providerId;
  if (named) return named;
  const id = patent.patentId ?? patent.id;
  return id ? `Unnamed patent ${id.slice(0, 8)}` : 'Unnamed patent';
}
