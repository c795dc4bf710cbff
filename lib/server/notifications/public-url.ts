import 'server-only';
import { getEnv } from '../../env';

/** Where users reach the dashboard: the base of every link in a message or a calendar event. */
export function publicBaseUrl(): string {
  const env = getEnv();
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}
