import { plural } from '@/lib/format/plural';
import { type FamilyMember, MEMBER_STATE_LABELS, type MemberState } from '@/lib/portfolio/family';

/**
 * Where a family is kept, drawn on the server as tiles by region (no script): each office a tile,
 * filled when a member is kept there. The family table beside it says the same in words.
 */
const REGIONS: { name: string; offices: ReadonlySet<string> }[] = [
  { name: 'Regional and international', offices: new Set(['EP', 'EA', 'WO', 'UP', 'OA', 'AP', 'GC']) },
  {
    name: 'Europe',
    offices: new Set(
      'AL AT BA BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS SE SI SK SM TR UA'.split(
        ' ',
      ),
    ),
  },
  { name: 'Americas', offices: new Set('AR BR CA CL CO CR EC GT MX PA PE US UY'.split(' ')) },
  {
    name: 'Asia and Pacific',
    offices: new Set('AU CN HK ID IN JP KR MY NZ PH SG TH TW VN'.split(' ')),
  },
];
const ELSEWHERE = 'Elsewhere';

/** An office's state: kept when any member there is kept, else the first other state found. */
function officeStates(members: readonly FamilyMember[]): Map<string, MemberState> {
  const states = new Map<string, MemberState>();
  for (const member of members) {
    const office = member.office ?? '—';
    const known = states.get(office);
    if (!known || member.state === 'kept') states.set(office, member.state);
  }
  return states;
}

// The theme's colours (app/globals.css), as SVG paints: contrast as the rest of the page.
const FILL: Record<MemberState, string> = {
  kept: 'var(--color-primary)',
  dropped: 'color-mix(in oklab, var(--color-destructive) 25%, transparent)',
  lapsed: 'var(--color-muted)',
  expired: 'var(--color-muted)',
};
const TEXT: Record<MemberState, string> = {
  kept: 'var(--color-primary-foreground)',
  dropped: 'var(--color-foreground)',
  lapsed: 'var(--color-muted-foreground)',
  expired: 'var(--color-muted-foreground)',
};
const STROKE = 'var(--color-border)';

const TILE = 44;
const GAP = 6;
const LABEL = 18;

export function FamilyMap({ reference, members }: { reference: string; members: readonly FamilyMember[] }) {
  const states = officeStates(members);
  const rows = [...REGIONS.map((region) => region.name), ELSEWHERE]
    .map((name) => ({
      name,
      offices: [...states.keys()]
        .filter((office) => {
          const region = REGIONS.find((candidate) => candidate.offices.has(office));
          return region ? region.name === name : name === ELSEWHERE;
        })
        .sort(),
    }))
    .filter((row) => row.offices.length > 0);
  const widest = Math.max(1, ...rows.map((row) => row.offices.length));
  const width = widest * (TILE + GAP);
  const height = rows.length * (LABEL + TILE + GAP);
  const kept = [...states.values()].filter((state) => state === 'kept').length;
  const titleId = `family-map-${reference.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="max-w-full"
      >
        <title id={titleId}>
          {`Family ${reference}: kept in ${kept} of ${plural(states.size, 'office')}. The table lists each member.`}
        </title>
        {rows.map((row, rowIndex) => {
          const top = rowIndex * (LABEL + TILE + GAP);
          return (
            <g key={row.name}>
              <text
                x={0}
                y={top + 12}
                className="text-[11px]"
                style={{ fill: 'var(--color-muted-foreground)' }}
              >
                {row.name}
              </text>
              {row.offices.map((office, index) => {
                const state = states.get(office) ?? 'kept';
                const x = index * (TILE + GAP);
                return (
                  <g key={office}>
                    <rect
                      x={x}
                      y={top + LABEL}
                      width={TILE}
                      height={TILE}
                      rx={6}
                      style={{ fill: FILL[state], stroke: STROKE }}
                    />
                    <text
                      x={x + TILE / 2}
                      y={top + LABEL + TILE / 2 + 4}
                      textAnchor="middle"
                      className="text-xs font-semibold"
                      style={{ fill: TEXT[state] }}
                    >
                      {office}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        {(['kept', 'dropped', 'lapsed'] as const).map((state) => (
          <span key={state} className="inline-flex items-center gap-1">
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" rx="2" style={{ fill: FILL[state], stroke: STROKE }} />
            </svg>
            {state === 'lapsed' ? 'Lapsed or expired' : MEMBER_STATE_LABELS[state]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
