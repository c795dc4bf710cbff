import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import { formatTimestamp } from '@/lib/format/dates';
import type { AdminSection } from '@/lib/today/data';
import type { TodayViewLinks } from '@/lib/today/view-links';

/**
 * An administrator's attention items: locked-out users, the service connection, emails of unknown
 * delivery (lib/server/today/admin.ts).
 */
export function AdminPart({
  admin,
  links,
  locale,
}: {
  admin: AdminSection;
  links: TodayViewLinks;
  locale: string;
}) {
  const { connection, quotas } = admin;
  const healthy = connection.reachable === true && connection.keyState === 'valid';
  return (
    <>
      <TitledCard title={<>Locked-out users ({admin.lockedOut.length})</>} contentClassName="text-sm">
        {admin.lockedOut.length === 0 ? (
          <p className="text-muted-foreground">Nobody is locked out.</p>
        ) : (
          <ul aria-label="Locked-out users" className="flex flex-col gap-1">
            {admin.lockedOut.map((entry) => (
              <li key={entry.email}>
                <a className="text-primary underline" href={links.users}>
                  {entry.email}
                </a>{' '}
                — can try again in {Math.ceil(entry.secondsLeft / 60)} min
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard
        title="Service connection"
        action={
          <a className="text-sm text-primary underline" href={links.connection}>
            Check the connection
          </a>
        }
        contentClassName="flex flex-col gap-2 text-sm"
      >
        <p>
          {connection.checkedAt === null ? (
            'Not checked since this server started.'
          ) : (
            <>
              <Badge tone={healthy ? 'success' : 'danger'}>{healthy ? 'Healthy' : 'Problem'}</Badge> last
              checked {formatTimestamp(connection.checkedAt, locale)}; key {connection.keyState}.
            </>
          )}
        </p>
        <ul aria-label="Key scopes" className="flex flex-wrap gap-2">
          {connection.scopes.map((scope) => (
            <li key={scope.scope}>
              <Badge
                tone={
                  scope.state === 'granted' ? 'success' : scope.state === 'missing' ? 'danger' : 'neutral'
                }
              >
                {scope.scope}: {scope.state === 'unknown' ? 'not checked' : scope.state}
              </Badge>
            </li>
          ))}
        </ul>
        {connection.problems.map((problem) => (
          <p key={problem} className="text-destructive">
            {problem}
          </p>
        ))}
        {/* Each client's key has its own quota (spec: Limits 2): one line per client, named when several. */}
        <ul aria-label="Quota" className="flex flex-col gap-1">
          {quotas.map((quota) => (
            <li key={quota.client?.id ?? 'only'}>
              Quota{quota.client ? ` of ${quota.client.name}` : ''}:{' '}
              {quota.limit !== null && quota.remaining !== null
                ? `${quota.remaining.toLocaleString(locale)} of ${quota.limit.toLocaleString(locale)} calls left today`
                : 'not reported yet'}
              {quota.exhaustedUntil
                ? ` — exhausted until ${formatTimestamp(quota.exhaustedUntil, locale)}`
                : ''}
            </li>
          ))}
        </ul>
      </TitledCard>
      <TitledCard
        title={<>Emails of unknown delivery ({admin.deliveryUnknown})</>}
        action={
          admin.deliveryUnknown > 0 ? (
            <a className="text-sm text-primary underline" href={links.deliveryUnknown}>
              Review them in the outbox
            </a>
          ) : null
        }
        contentClassName="text-sm"
      >
        <p className={admin.deliveryUnknown > 0 ? '' : 'text-muted-foreground'}>
          {admin.deliveryUnknown > 0
            ? 'A send stopped before it finished: each may or may not have arrived, and none is sent again unless you choose to.'
            : 'Every email was sent or is on its way.'}
        </p>
      </TitledCard>
      <TitledCard
        title={
          <>
            Failed sign-ins, last {admin.windowHours} hours (
            {admin.failedSignIns.reduce((sum, row) => sum + row.failures, 0)})
          </>
        }
        contentClassName="text-sm"
      >
        {admin.failedSignIns.length === 0 ? (
          <p className="text-muted-foreground">No failed sign-in.</p>
        ) : (
          <ul aria-label="Failed sign-ins by address" className="flex flex-col gap-1">
            {admin.failedSignIns.map((row) => (
              <li key={row.email}>
                {row.email}: {row.failures} failed, last {formatTimestamp(row.lastAt, locale)}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </>
  );
}
