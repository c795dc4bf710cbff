import { CircleCheck, OctagonX, SkipForward } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';

/**
 * How each decision looks in a month-view row: colour AND a shape, never colour alone (WCAG 1.4.1),
 * and DROP unmistakable (solid red, a stop sign), since it lets a patent lapse (it must
 * never look like a PROCEED in the row). Keyed by the service's value; an unknown one looks neutral.
 */
interface DecisionLook {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The select showing the decision. */
  control: string;
  /** The icon beside it. */
  icon: string;
  /** The row: a bar on its leading edge, a tint for DROP. */
  row: string;
}

const LOOKS: Record<string, DecisionLook> = {
  PROCEED: {
    Icon: CircleCheck,
    control: 'border-success bg-success/10 font-medium text-success',
    icon: 'text-success',
    row: 'shadow-[inset_4px_0_0_var(--success)]',
  },
  SKIP_THIS_TIME: {
    Icon: SkipForward,
    control: 'border-dashed border-warning bg-warning/10 font-medium text-warning',
    icon: 'text-warning',
    row: 'shadow-[inset_4px_0_0_var(--warning)]',
  },
  DROP: {
    Icon: OctagonX,
    control: 'border-destructive bg-destructive font-semibold text-destructive-foreground',
    icon: 'text-destructive',
    row: 'bg-destructive/5 shadow-[inset_6px_0_0_var(--destructive)]',
  },
};

export function decisionLook(decision: string | null | undefined): DecisionLook | null {
  return decision ? (LOOKS[decision] ?? null) : null;
}
