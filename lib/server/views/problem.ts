import 'server-only';
import { problemResponse } from '../http/problem';
import { SavedViewError } from './saved-views';

const TITLES: Record<SavedViewError['code'], string> = {
  forbidden_for_role: 'Not allowed for your role',
  view_not_found: 'Not found',
  view_name_taken: 'Name already used',
};

/**
 * Runs a saved-view action; its refusals (403 by the page's role, 404, 409 on a name already used)
 * answer as problem+json, like every refusal of the dashboard.
 */
export async function answerViewAction<T>(
  requestId: string,
  action: () => Promise<T>,
): Promise<T | Response> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof SavedViewError)) throw error;
    return problemResponse({
      status: error.status,
      code: error.code,
      title: TITLES[error.code],
      detail: error.message,
      requestId,
    });
  }
}
