import type { ReactNode } from 'react';
import { PageSection } from '@/components/shell/page-section';
import { isPassing, ProblemPanel } from '@/components/shell/problem-panel';
import type { Section } from '@/lib/today/data';

/** A Today section: its content, or its own problem (the rest of the page still shows). */
export function SectionFrame<T>({
  title,
  section,
  children,
}: {
  title: string;
  section: Section<T>;
  children: (data: T) => ReactNode;
}) {
  const id = `today-${title.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`;
  return (
    <PageSection id={id} title={title}>
      {section.ok ? (
        children(section.data)
      ) : (
        <ProblemPanel
          problem={{
            // Data still being read for the first time is no failure: its own neutral words.
            title: isPassing(section.problem)
              ? section.problem.title
              : `${title} could not be loaded: ${section.problem.title}`,
            code: section.problem.code,
            detail: section.problem.detail,
            requestId: section.problem.requestId,
          }}
        />
      )}
    </PageSection>
  );
}
