import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from './page-header';

/** Stand-in for a section whose issue has not landed yet; says plainly what will be here. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardHeader>
          <CardTitle>Coming in a later release</CardTitle>
          <CardDescription>{what}</CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          This section is not available yet.
        </CardContent>
      </Card>
    </>
  );
}
