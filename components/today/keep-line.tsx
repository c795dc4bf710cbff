import { type KeepLine, keepLineText } from '@/lib/signals/keep-line';

/**
 * A Today row's keep score and its signals in one line; the sentence that explains the score is
 * its accessible description and tooltip. No script of its own.
 */
export function KeepLineNote({ keep, locale }: { keep: KeepLine | undefined; locale?: string }) {
  if (!keep) return null;
  const signals = keepLineText(keep, locale);
  return (
    <span className="text-xs text-muted-foreground" data-keep-score={keep.score} title={keep.sentence}>
      <span className="font-medium text-foreground">Keep score {keep.score}</span>
      {signals ? ` · ${signals}` : null}
      <span className="sr-only">. {keep.sentence}</span>
    </span>
  );
}
