import { z } from 'zod';
import { repeatable } from '@/lib/http/query';
import type { ScenarioRule } from './scenario';

const name = z.string().trim().min(1).max(100);

/**
 * A scenario's rule as the address holds it (`/analytics/scenarios?office=DE&tag=core&from=10`), so
 * a scenario is saved, shared and compared as a link. A bad value is a 400 naming the field.
 */
export const scenarioQuerySchema = z
  .object({
    office: repeatable(name),
    family: repeatable(name),
    tag: repeatable(name),
    from: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number({ error: 'expected an annuity year' })
        .int({ error: 'expected a whole annuity year' })
        .min(1, { error: 'annuity years start at 1' })
        .max(50, { error: 'expected an annuity year of at most 50' })
        .optional(),
    ),
  })
  .transform(
    (query): ScenarioRule => ({
      offices: query.office,
      families: query.family,
      tags: query.tag,
      minAnnuityYear: query.from ?? null,
    }),
  );
