'use client';

import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiProblem, problemMessage } from '../http/api-client';
import { problemFieldErrors } from './problem-fields';

export interface ApiMutationOptions<Variables, Data, Form extends FieldValues> {
  mutationFn: (variables: Variables) => Promise<Data>;
  /** What the user reads when the failure carries no words of the server's (per attempt, or one). */
  failure: string | ((variables: Variables) => string);
  /** The form whose fields a 400 names: each message shows at its field. */
  form?: Pick<UseFormReturn<Form>, 'getValues' | 'setError'>;
  /** Query keys whose data the write changed. */
  invalidates?: readonly QueryKey[];
  onSuccess?: (data: Data, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => unknown;
}

/**
 * Every write from the browser: one pending state (`isPending`), the problem's own message
 * (`failureMessage`, else the fallback naming what could not be done), and a 400's fields shown
 * on the form. A new attempt clears the last failure.
 */
export function useApiMutation<Variables, Data = unknown, Form extends FieldValues = FieldValues>(
  options: ApiMutationOptions<Variables, Data, Form>,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation<Data, Error, Variables>({
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      await options.onSuccess?.(data, variables);
      await Promise.all(
        (options.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error, variables) => {
      options.onError?.(error, variables);
      const form = options.form;
      if (!form || !(error instanceof ApiProblem)) return;
      const values = form.getValues() as FieldValues;
      const hasField = (name: string) => readPath(values, name) !== undefined;
      for (const { name, message } of problemFieldErrors({ status: error.status, ...error.body }, hasField))
        form.setError(name as Path<Form>, { type: 'server', message }, { shouldFocus: true });
    },
  });
  return {
    ...mutation,
    failureMessage: mutation.error
      ? problemMessage(
          mutation.error,
          typeof options.failure === 'string'
            ? options.failure
            : options.failure(mutation.variables as Variables),
        )
      : null,
  };
}

function readPath(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
