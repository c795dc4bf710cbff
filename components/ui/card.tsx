import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn('rounded-lg border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-base font-semibold leading-tight', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}

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
