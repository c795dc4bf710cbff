'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/forms/lazy-zod-resolver';
import { apiFetch, problemMessage } from '@/lib/http/api-client';
import type { SignInInput } from '../../lib/auth/sign-in.schema';

// The schema (and zod) load when the form first validates; see lib/forms/lazy-zod-resolver.ts.
const signInResolver = lazyZodResolver(async () => {
  const [{ zodResolver }, { signInSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('../../lib/auth/sign-in.schema'),
  ]);
  return zodResolver(signInSchema);
});

export function SignInForm({ next }: { next?: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInInput>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '', next },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { redirectTo } = await apiFetch<{ redirectTo: string }>('/api/session', {
        method: 'POST',
        json: values,
      });
      // A full navigation, so every server component renders with the new session.
      window.location.assign(redirectTo);
    } catch (error) {
      setFailure(problemMessage(error, 'Sign-in failed. Try again.'));
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failure ? (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" autoFocus {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
