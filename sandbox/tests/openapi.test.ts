import { validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_SCOPES } from '../api/operation';
import { serviceForSuite } from './harness';

describe('OpenAPI document (GET /api/v2/external/openapi.json)', () => {
  const h = serviceForSuite({ demo: false });
  let document: {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string; [key: string]: unknown }>>;
    components: { schemas: Record<string, unknown> };
  };
  beforeAll(async () => {
    const response = await h.call('/openapi.json', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    document = (await response.json()) as typeof document;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) expect.fail(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
  });

  it('describes the 15 operations by their spec names, each with its scope', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      Object.keys(OPERATION_SCOPES).sort(),
    );
    for (const operation of operations) {
      expect(operation['x-required-scope']).toBe(
        OPERATION_SCOPES[operation.operationId as keyof typeof OPERATION_SCOPES],
      );
    }
  });

  it('generates the schemas from the zod contract, date formats included', () => {
    const event = document.components.schemas.PatentEvent as {
      properties: Record<string, { format?: string; anyOf?: unknown[]; type?: unknown }>;
      required: string[];
    };
    expect(event.required).toContain('gracePeriodEndDate');
    expect(event.required).not.toContain('fees');
    expect(event.properties.dueDate?.format).toBe('date');
    expect(event.properties.createdAt?.format).toBe('date-time');
    expect(JSON.stringify(event.properties.fees)).toContain('#/components/schemas/Fees');
    const problem = document.components.schemas.Problem as { properties: Record<string, unknown> };
    expect(Object.keys(problem.properties)).toEqual(
      expect.arrayContaining([
        'type',
        'title',
        'status',
        'detail',
        'instance',
        'code',
        'requestId',
        'errors',
      ]),
    );
  });
});
