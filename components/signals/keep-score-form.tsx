'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LabelledControl } from '@/components/ui/labelled-control';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { ApiProblem, apiFetch } from '@/lib/http/api-client';
import type { KeepScoreWeights } from '@/lib/signals/keep-score';

interface PolicyView {
  weights: KeepScoreWeights;
  custom: boolean;
  updatedAt: string | null;
  updatedByEmail: string | null;
}

const POINTS: { key: 'term' | 'cost' | 'familyDropped' | 'protectingTag' | 'exposingTag'; label: string }[] =
  [
    { key: 'term', label: 'Term left (up to + points, all at ten years or more)' },
    { key: 'cost', label: 'Cost (up to − points, all at an expensive renewal)' },
    { key: 'familyDropped', label: 'Family members dropped (up to − points, all when the whole family is)' },
    { key: 'protectingTag', label: 'A protecting tag (+ points)' },
    { key: 'exposingTag', label: 'An exposing tag (− points)' },
  ];

const tagsText = (tags: readonly string[]) => tags.join(', ');
const splitList = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * The administrator's weights of the keep score. Every renewal starts at 50; each factor adds or
 * takes up to its points, so a score is always the sum of the reasons shown beside it.
 */
export function KeepScoreForm({ initial }: { initial: PolicyView }) {
  const router = useRouter();
  const id = useId();
  const [points, setPoints] = useState(() =>
    Object.fromEntries(POINTS.map(({ key }) => [key, String(initial.weights[key])])),
  );
  const [protecting, setProtecting] = useState(tagsText(initial.weights.protectingTags));
  const [exposing, setExposing] = useState(tagsText(initial.weights.exposingTags));
  const [expensive, setExpensive] = useState(
    initial.weights.expensiveRenewal.map((line) => `${line.currency} ${line.amount}`).join('\n'),
  );
  const saving = useApiMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch('/api/admin/keep-score', { method: 'PUT', json: body }),
    failure: 'The weights were not saved.',
    onSuccess: () => router.refresh(),
  });
  const busy = saving.isPending;
  // A 400 names each field it refused; the form's inputs are not named like them, so the list is shown.
  const refusedFields =
    saving.error instanceof ApiProblem
      ? (saving.error.body.errors ?? []).map((error) => `${error.field}: ${error.message}`).join('; ')
      : '';
  const message = saving.failureMessage
    ? { tone: 'danger' as const, text: refusedFields || saving.failureMessage }
    : saving.isSuccess
      ? { tone: 'info' as const, text: 'Saved. Every renewal’s score now uses these weights.' }
      : null;

  function save(event: FormEvent) {
    event.preventDefault();
    saving.mutate({
      ...Object.fromEntries(POINTS.map(({ key }) => [key, Number(points[key])])),
      protectingTags: splitList(protecting),
      exposingTags: splitList(exposing),
      expensiveRenewal: expensive
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [currency = '', amount = ''] = line.split(/\s+/);
          return { currency: currency.toUpperCase(), amount };
        }),
    });
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Keep score</CardTitle>
        <CardDescription>
          Every renewal starts at 50 of 100; each factor below adds or takes up to its points, and the renewal
          shows each reason and one sentence that explains them.{' '}
          {initial.custom
            ? `Last set by ${initial.updatedByEmail ?? 'an administrator'}.`
            : 'The defaults apply.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} className="grid gap-4 text-sm md:grid-cols-2">
          {POINTS.map(({ key, label }) => (
            <LabelledControl key={key} id={`${id}-${key}`} label={label} className="gap-1">
              <Input
                type="number"
                min={0}
                max={50}
                step={1}
                required
                value={points[key]}
                onChange={(event) => setPoints((current) => ({ ...current, [key]: event.target.value }))}
              />
            </LabelledControl>
          ))}
          <LabelledControl
            id={`${id}-protecting`}
            label="Tags that protect (comma separated)"
            className="gap-1"
          >
            <Input value={protecting} onChange={(event) => setProtecting(event.target.value)} />
          </LabelledControl>
          <LabelledControl id={`${id}-exposing`} label="Tags that expose (comma separated)" className="gap-1">
            <Input value={exposing} onChange={(event) => setExposing(event.target.value)} />
          </LabelledControl>
          <LabelledControl
            id={`${id}-expensive`}
            label="An expensive renewal, per currency (one line each, such as “EUR 2000.00”)"
            className="gap-1 md:col-span-2"
          >
            <Textarea rows={5} value={expensive} onChange={(event) => setExpensive(event.target.value)} />
          </LabelledControl>
          <div className="flex flex-col gap-2 md:col-span-2">
            <SubmitButton busy={busy} className="self-start">
              Save weights
            </SubmitButton>
            {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
