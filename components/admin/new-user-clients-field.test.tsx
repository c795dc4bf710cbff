import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { ClientRef } from '@/lib/clients/chosen-client';
import type { CreateUserInput } from '@/lib/users/user.schema';
import { initialClientsOf, NewUserClientsField } from './new-user-clients-field';

/** The "Add user" form's choice of clients, as its dialog starts it. */
function Field({ clients }: { clients: ClientRef[] }) {
  const form = useForm<CreateUserInput>({ defaultValues: { clients: initialClientsOf(clients) } });
  return <NewUserClientsField form={form} clients={clients} />;
}

const boxes = (html: string) =>
  [...html.matchAll(/<label[^>]*><input([^>]*)\/>([^<]*)<\/label>/g)].map((match) => ({
    name: match[2],
    checked: / checked=""/.test(match[1] ?? ''),
  }));

const EUROPE = { id: 'default', name: 'Demo portfolio (Europe)' };
const PACIFIC = { id: 'pacific', name: 'Pacific Rim Instruments' };

describe('the clients of a new user', () => {
  it('asks which of several clients, none ticked, and says what none means', () => {
    const html = renderToString(<Field clients={[EUROPE, PACIFIC]} />);
    expect(html).toContain('<legend');
    expect(boxes(html)).toEqual([
      { name: EUROPE.name, checked: false },
      { name: PACIFIC.name, checked: false },
    ]);
    expect(html).toContain('With none ticked they see no client’s data until you grant one');
    expect(html).toContain('A client added later is not theirs until you grant it');
  });

  it('ticks the only client of a console that has one', () => {
    expect(boxes(renderToString(<Field clients={[EUROPE]} />))).toEqual([
      { name: EUROPE.name, checked: true },
    ]);
  });
});
