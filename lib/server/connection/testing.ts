import { resetEnvForTests } from '../../env';

/**
 * Points the dashboard's server side at a service (ANNUITY_API_URL/KEY); `restore` puts back what
 * the environment said before, for the file's afterAll. A variable that was unset is unset again:
 * assigning undefined would store the text "undefined".
 */
export function serviceEnv() {
  const saved = {
    ANNUITY_API_URL: process.env.ANNUITY_API_URL,
    ANNUITY_API_KEY: process.env.ANNUITY_API_KEY,
  };
  return {
    point(baseUrl: string, key: string): void {
      process.env.ANNUITY_API_URL = baseUrl;
      process.env.ANNUITY_API_KEY = key;
      resetEnvForTests();
    },
    restore(): void {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvForTests();
    },
  };
}
