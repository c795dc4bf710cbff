'use client';

import { useState } from 'react';
import { PageSection } from '@/components/shell/page-section';
import { FailureAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LabelledControl } from '@/components/ui/labelled-control';
import { NativeSelect, Options } from '@/components/ui/native-select';
import type { SsoOverview } from '@/lib/auth/sso-overview';
import { useApiMutation } from '@/lib/forms/use-api-mutation';
import { apiFetch } from '@/lib/http/api-client';
import { isRole, ROLE_LABELS, ROLES, type Role } from '@/lib/policy/roles';

const roleLabel = (role: string | null) => (role && isRole(role) ? ROLE_LABELS[role] : 'none');

/**
 * Single sign-on as the environment configures it (OIDC_*), and the one setting an admin makes
 * here: the role of new single sign-on users whose role claim maps to none.
 */
export function SsoPanel({ initial }: { initial: SsoOverview }) {
  const [overview, setOverview] = useState(initial);
  const [draft, setDraft] = useState(initial.defaultRole ?? '');
  const saving = useApiMutation({
    mutationFn: (defaultRole: Role | null) =>
      apiFetch<SsoOverview>('/api/admin/connection/sso', { method: 'PUT', json: { defaultRole } }),
    failure: 'The default role could not be saved.',
    onSuccess: setOverview,
  });
  const save = () => saving.mutate(draft === '' ? null : (draft as Role));
  const pending = saving.isPending;
  const failure = saving.failureMessage;

  return (
    <PageSection id="sso-heading" title="Single sign-on" className="max-w-3xl gap-4">
      {!overview.configured ? (
        <p className="text-sm text-muted-foreground">
          Not configured. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to let people sign in through
          your organisation’s identity provider; register {overview.redirectUri} as its redirect URI.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Provider</dt>
            <dd>{overview.providerName}</dd>
            <dt className="text-muted-foreground">Issuer</dt>
            <dd className="font-mono">{overview.issuer}</dd>
            <dt className="text-muted-foreground">Redirect URI</dt>
            <dd className="font-mono">{overview.redirectUri}</dd>
            <dt className="text-muted-foreground">Allowed email domains</dt>
            <dd>{overview.allowedDomains.length > 0 ? overview.allowedDomains.join(', ') : 'any'}</dd>
            <dt className="text-muted-foreground">Role from claim</dt>
            <dd>
              {overview.roleClaim && overview.roleMap.length > 0 ? (
                <>
                  <span className="font-mono">{overview.roleClaim}</span>:{' '}
                  {overview.roleMap.map(([value, role]) => `${value} → ${roleLabel(role)}`).join(', ')}
                </>
              ) : (
                'not mapped'
              )}
            </dd>
            <dt className="text-muted-foreground">Passwords</dt>
            <dd>
              {overview.localPasswords ? (
                <Badge tone="neutral">Also allowed</Badge>
              ) : (
                <Badge tone="success">Off: single sign-on only</Badge>
              )}
            </dd>
          </dl>
          <div className="flex flex-wrap items-end gap-3">
            <LabelledControl id="sso-default-role" label="Role of new users without a mapped role">
              <NativeSelect value={draft} onChange={(event) => setDraft(event.target.value)}>
                <option value="">None: refuse them until an admin assigns a role</option>
                <Options values={ROLES} label={ROLE_LABELS} />
              </NativeSelect>
            </LabelledControl>
            <Button onClick={save} disabled={pending || draft === (overview.defaultRole ?? '')}>
              {pending ? 'Saving…' : 'Save'}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            The role is given when someone signs in for the first time; change it later on the users page.
            Someone removed at the provider cannot sign in again once their session here ends.
          </p>
          <FailureAlert message={failure} />
        </>
      )}
    </PageSection>
  );
}
