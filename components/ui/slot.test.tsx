import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Slot } from './slot';

describe('Button asChild', () => {
  it('renders the child element with the button look, not a button', () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="ghost" size="sm">
        <a href="/account" className="extra">
          Your account
        </a>
      </Button>,
    );
    expect(html).toMatch(/^<a /);
    expect(html).toContain('href="/account"');
    expect(html).toContain('h-8');
    expect(html).toContain('extra');
    expect(html).not.toContain('<button');
  });
});

describe('Slot', () => {
  it('calls both click handlers, the child first, and keeps the child’s other props', () => {
    const calls: string[] = [];
    const element = Slot({
      onClick: () => calls.push('slot'),
      title: 'slot title',
      children: (
        <button type="button" title="child title" onClick={() => calls.push('child')}>
          Go
        </button>
      ),
    });
    const props = (element as unknown as { props: { onClick: () => void; title: string } }).props;
    props.onClick();
    expect(calls).toEqual(['child', 'slot']);
    expect(props.title).toBe('child title');
  });

  it('gives the node to both refs', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    const element = Slot({ ref: slotRef, children: <span ref={childRef} /> });
    const node = {} as HTMLElement;
    (element as unknown as { props: { ref: (node: HTMLElement) => void } }).props.ref(node);
    expect(slotRef.current).toBe(node);
    expect(childRef).toHaveBeenCalledWith(node);
  });
});
