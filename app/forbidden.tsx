import Link from 'next/link';
import { Button } from '@/components/ui/button';

// Rendered inside the section layout (the sidebar stays), so it has no <main> of its own.
export default function Forbidden() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-start justify-center gap-3 px-6">
      <p className="text-sm font-medium text-muted-foreground">403</p>
      <h1 className="text-2xl font-semibold">Not allowed for your role</h1>
      <p className="text-muted-foreground">
        Your role does not give access to this page. If you need it, ask an administrator to change your role.
      </p>
      <Button asChild>
        <Link href="/">Go to your start page</Link>
      </Button>
    </div>
  );
}
