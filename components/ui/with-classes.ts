import { type ComponentProps, createElement, type JSXElementConstructor } from 'react';
import { cn } from './cn';

type Styleable = keyof React.JSX.IntrinsicElements | JSXElementConstructor<{ className?: string }>;

/**
 * A primitive that only styles an element: it renders `element` with `base` classes, and a
 * caller's `className` merges over them (cn: the caller's class wins a conflict). Every other prop,
 * `ref` included, passes through unchanged. Primitives that add markup or behaviour are written
 * out instead. Call it at module level only (a component made in a render would be a new type
 * each time, and its subtree would remount).
 */
export function withClasses<E extends Styleable>(element: E, base: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per primitive at module level, never in a render
  return function Styled({ className, ...props }: ComponentProps<E> & { className?: string }) {
    return createElement(element, { ...props, className: cn(base, className) });
  };
}
