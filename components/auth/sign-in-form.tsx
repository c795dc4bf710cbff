'use client';

import { useForm } from 'react-hook-form';
import { FailureAlert } from '@/components/ui/alert';
import { CURRENT_PASSWORD, FormInput } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import type { SignInInput } from '../../lib/auth/sign-in.schema';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const signInResolver = lazyZodResolver(() =>
  import('../../lib/auth/sign-in.schema').then((schemas) => schemas.signInSchema),
);

export function SignInForm({ next }: { next?: string }) {
  const form = useForm<SignInInput>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '', next },
  });

  const signIn = useApiMutation({
    mutationFn: (values: SignInInput) =>
      apiFetch<{ redirectTo: string }>('/api/session', { method: 'POST', json: values }),
    failure: 'Sign-in failed. Try again.',
    form,
    // A full navigation, so every server component renders with the new session.
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
  const onSubmit = form.handleSubmit((values) => signIn.mutate(values));

  // Until the next page loads, the form stays as it was sent.
  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FailureAlert message={signIn.failureMessage} />
      <FormInput form={form} name="email" label="Email" type="email" autoComplete="username" autoFocus />
      <FormInput form={form} name="password" label="Password" {...CURRENT_PASSWORD} />
      <SubmitButton busy={busy} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
