import type { ComponentProps, ReactNode } from 'react';
import { withClasses } from './with-classes';

export const Card = withClasses('section', 'rounded-lg border bg-card text-card-foreground shadow-sm');
export const CardHeader = withClasses('div', 'flex flex-col gap-1 p-5 pb-3');
export const CardTitle = withClasses('h2', 'text-base font-semibold leading-tight');
export const CardDescription = withClasses('p', 'text-sm text-muted-foreground');
export const CardContent = withClasses('div', 'p-5 pt-0');

/**
 * A card with a title over its content: the one way a page sets out a titled panel. `action`
 * (a link or a control) stands at the title's end; passing it, even as null, keeps the title row.
 */
export function TitledCard({
  title,
  action,
  contentClassName,
  children,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & {
  title: ReactNode;
  action?: ReactNode;
  contentClassName?: string;
}) {
  return (
    <Card {...props}>
      <CardHeader>
        {action === undefined ? (
          <CardTitle>{title}</CardTitle>
        ) : (
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <CardTitle>{title}</CardTitle>
            {action}
          </div>
        )}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
