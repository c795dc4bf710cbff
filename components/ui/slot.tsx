import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown> & { children?: ReactNode };

/** Both refs get the node (React 19 passes `ref` as a prop). */
function bothRefs<T>(first: Ref<T> | undefined, second: Ref<T> | undefined): Ref<T> | undefined {
  if (!first || !second) return first ?? second;
  return (node: T | null) => {
    for (const ref of [first, second]) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its only child with the slot's props merged in: classes joined, styles merged, an event
 * handler of both called (the child's first), refs both set; for anything else the child's own
 * value wins. What `asChild` needs (a Button that is a Link), in a few lines instead of
 * Radix's Slot in every route's first load (bench: JS per route).
 */
export function Slot({ children, ...slotProps }: Props) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  const childProps = child.props;
  const merged: Props = { ...slotProps };
  for (const [name, value] of Object.entries(childProps)) if (value !== undefined) merged[name] = value;
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (name === 'className' && childValue) merged[name] = `${slotValue} ${childValue}`;
    else if (name === 'style' && childValue)
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    else if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    } else if (name === 'ref') merged[name] = bothRefs(slotValue as Ref<unknown>, childValue as Ref<unknown>);
  }
  return cloneElement(child, merged);
}
