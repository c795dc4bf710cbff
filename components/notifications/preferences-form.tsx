'use client';

import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LabelledControl } from '@/components/ui/labelled-control';
import { NativeSelect, Options } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { ApiProblem, apiFetch } from '@/lib/http/api-client';
import {
  ALERT_KINDS,
  ALERT_LABELS,
  DIGEST_FREQUENCIES,
  DIGEST_LABELS,
  type DigestFrequency,
  MAX_DAILY_CAP,
  MAX_OFFSETS,
  type NotificationPreferences,
  URGENT_LAPSE_DAYS,
  WEEKDAY_LABELS,
} from '@/lib/notifications/preferences';

/** "30, 7" ⇄ [30, 7]: what is not a whole number is left for the server to refuse, by field. */
function parseOffsets(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => Number(part));
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** The weekdays as the digest stores them, Monday 1 to Sunday 7. */
const WEEKDAYS = WEEKDAY_LABELS.map((_, index) => index + 1);
const weekdayLabel = (weekday: number) => WEEKDAY_LABELS[weekday - 1] ?? String(weekday);

/** Days before a date, typed as a list ("30, 7"). */
function OffsetsField({
  id,
  label,
  value,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <LabelledControl id={id} label={label}>
      <Input
        value={value}
        inputMode="numeric"
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
        className="w-40"
      />
    </LabelledControl>
  );
}

export function PreferencesForm({
  initial,
  timeZones,
}: {
  initial: NotificationPreferences;
  timeZones: readonly string[];
}) {
  const [prefs, setPrefs] = useState(initial);
  const setDigest = (change: Partial<NotificationPreferences['digest']>) =>
    setPrefs({ ...prefs, digest: { ...prefs.digest, ...change } });
  const [dueText, setDueText] = useState(initial.dueOffsets.join(', '));
  const [graceText, setGraceText] = useState(initial.graceOffsets.join(', '));
  const saving = useApiMutation({
    mutationFn: (json: NotificationPreferences) =>
      apiFetch<NotificationPreferences>('/api/preferences/notifications', { method: 'PUT', json }),
    failure: 'Could not save the preferences.',
    onSuccess: (saved) => {
      setPrefs(saved);
      setDueText(saved.dueOffsets.join(', '));
      setGraceText(saved.graceOffsets.join(', '));
    },
  });
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    saving.mutate({ ...prefs, dueOffsets: parseOffsets(dueText), graceOffsets: parseOffsets(graceText) });
  };
  const status = saving.failureMessage
    ? { kind: 'error', message: saving.failureMessage }
    : saving.isSuccess
      ? { kind: 'saved', message: 'Preferences saved.' }
      : null;
  // The fields a 400 names are marked (the form keeps its own state, not react-hook-form's).
  const badFields =
    saving.error instanceof ApiProblem ? (saving.error.body.errors ?? []).map((e) => e.field) : [];
  const invalid = (field: string) => badFields.some((f) => f === field || f.startsWith(`${field}.`));

  return (
    <form onSubmit={save} className="flex max-w-2xl flex-col gap-6" aria-describedby="preferences-status">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Channels</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={prefs.channels.inApp}
            onChange={(e) => setPrefs({ ...prefs, channels: { ...prefs.channels, inApp: e.target.checked } })}
          />
          In the dashboard (the bell)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={prefs.channels.email}
            onChange={(e) => setPrefs({ ...prefs, channels: { ...prefs.channels, email: e.target.checked } })}
          />
          By email
        </label>
      </fieldset>

      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="mb-1 w-full font-medium">Digest</legend>
        <LabelledControl id="digest-frequency" label="How often">
          <NativeSelect
            value={prefs.digest.frequency}
            onChange={(e) => setDigest({ frequency: e.target.value as DigestFrequency })}
          >
            <Options values={DIGEST_FREQUENCIES} label={DIGEST_LABELS} />
          </NativeSelect>
        </LabelledControl>
        <LabelledControl id="digest-weekday" label="Day (weekly)">
          <NativeSelect
            value={prefs.digest.weekday}
            disabled={prefs.digest.frequency !== 'weekly'}
            onChange={(e) => setDigest({ weekday: Number(e.target.value) })}
          >
            <Options values={WEEKDAYS} label={weekdayLabel} />
          </NativeSelect>
        </LabelledControl>
        <LabelledControl id="digest-hour" label="From">
          <NativeSelect
            value={prefs.digest.hour}
            disabled={prefs.digest.frequency === 'off'}
            onChange={(e) => setDigest({ hour: Number(e.target.value) })}
          >
            <Options values={HOURS} label={hourLabel} />
          </NativeSelect>
        </LabelledControl>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="time-zone">Your time zone</Label>
          <Input
            id="time-zone"
            list="time-zones"
            value={prefs.timeZone}
            aria-invalid={invalid('timeZone')}
            onChange={(e) => setPrefs({ ...prefs, timeZone: e.target.value })}
            className="w-56"
          />
          <datalist id="time-zones">
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
      </fieldset>

      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="mb-1 w-full font-medium">
          Reminders (days before; up to {MAX_OFFSETS}, e.g. 30, 7)
        </legend>
        <OffsetsField
          id="due-offsets"
          label="Before a due date"
          value={dueText}
          invalid={invalid('dueOffsets')}
          onChange={setDueText}
        />
        <OffsetsField
          id="grace-offsets"
          label="Before a grace period ends"
          value={graceText}
          invalid={invalid('graceOffsets')}
          onChange={setGraceText}
        />
      </fieldset>

      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="mb-1 w-full font-medium">Limits</legend>
        <p className="w-full text-sm text-muted-foreground">
          Each run sends at most one message per kind (about to lapse, due soon, needs attention). A renewal
          whose grace period ends within {URGENT_LAPSE_DAYS} days is sent whatever the hour or the cap.
        </p>
        <LabelledControl id="daily-cap" label="Emails a day, at most (0: no cap)">
          <Input
            type="number"
            min={0}
            max={MAX_DAILY_CAP}
            value={prefs.dailyCap}
            aria-invalid={invalid('dailyCap')}
            onChange={(e) => setPrefs({ ...prefs, dailyCap: Number(e.target.value) })}
            className="w-28"
          />
        </LabelledControl>
        <LabelledControl id="quiet-from" label="Quiet from">
          <NativeSelect
            value={prefs.quietHours ? String(prefs.quietHours.from) : ''}
            onChange={(e) =>
              setPrefs({
                ...prefs,
                quietHours:
                  e.target.value === ''
                    ? null
                    : { from: Number(e.target.value), to: prefs.quietHours?.to ?? 7 },
              })
            }
          >
            <option value="">No quiet hours</option>
            <Options values={HOURS} label={hourLabel} />
          </NativeSelect>
        </LabelledControl>
        <LabelledControl id="quiet-to" label="Quiet until">
          <NativeSelect
            value={prefs.quietHours ? String(prefs.quietHours.to) : ''}
            disabled={!prefs.quietHours}
            onChange={(e) =>
              setPrefs({
                ...prefs,
                quietHours: prefs.quietHours ? { ...prefs.quietHours, to: Number(e.target.value) } : null,
              })
            }
          >
            <Options values={HOURS} label={hourLabel} />
          </NativeSelect>
        </LabelledControl>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={prefs.escalations}
            onChange={(e) => setPrefs({ ...prefs, escalations: e.target.checked })}
          />
          Escalations (managers): renewals about to lapse that nobody decided
        </label>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Immediate alerts</legend>
        {ALERT_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={prefs.alerts[kind]}
              onChange={(e) => setPrefs({ ...prefs, alerts: { ...prefs.alerts, [kind]: e.target.checked } })}
            />
            <span>
              <span className="font-medium">{ALERT_LABELS[kind].title}</span>
              <span className="block text-muted-foreground">{ALERT_LABELS[kind].description}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="flex items-center gap-3">
        <SubmitButton busy={saving.isPending}>Save preferences</SubmitButton>
        <p
          id="preferences-status"
          role="status"
          className={status?.kind === 'error' ? 'text-sm text-destructive' : 'text-sm'}
        >
          {status?.message ?? ''}
        </p>
      </div>
    </form>
  );
}
