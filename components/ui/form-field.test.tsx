import { renderToString } from 'react-dom/server';
import { type FieldErrors, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormInput, FormSelect, FormTextarea, NEW_PASSWORD } from './form-field';

type Values = { email: string; role: string; note: string; password: string };

/** A form of every bound field kind; `errors` stands for the server's errors mapped onto it. */
function Form({ errors }: { errors?: FieldErrors<Values> }) {
  const form = useForm<Values>({ defaultValues: { email: '', role: 'a', note: '', password: '' }, errors });
  return (
    <form>
      <FormInput form={form} name="email" label="Email" type="email" hint="Your work address" />
      <FormSelect form={form} name="role" label="Role">
        <option value="a">A</option>
      </FormSelect>
      <FormTextarea form={form} name="note" label="Note" rows={3} />
      <FormInput form={form} name="password" label="Password" {...NEW_PASSWORD} />
    </form>
  );
}

/** The attributes of the element opened by `tag` whose name attribute is `name`. */
function control(html: string, tag: string, name: string): string {
  const found = html.match(new RegExp(`<${tag}[^>]*name="${name}"[^>]*>`));
  if (!found) throw new Error(`no ${tag} named ${name}`);
  return found[0];
}
const attribute = (element: string, name: string) => element.match(new RegExp(` ${name}="([^"]*)"`))?.[1];

describe('form fields bound to a react-hook-form form', () => {
  it('label each control, register it under its name and pass its own props through', () => {
    const html = renderToString(<Form />);
    for (const [tag, name, label] of [
      ['input', 'email', 'Email'],
      ['select', 'role', 'Role'],
      ['textarea', 'note', 'Note'],
      ['input', 'password', 'Password'],
    ] as const) {
      const element = control(html, tag, name);
      const id = attribute(element, 'id');
      expect(html).toContain(`<label class="text-sm font-medium leading-none" for="${id}">${label}</label>`);
      expect(attribute(element, 'aria-invalid')).toBeUndefined();
    }
    const email = control(html, 'input', 'email');
    expect(attribute(email, 'type')).toBe('email');
    expect(html).toContain(`id="${attribute(email, 'aria-describedby')}"`);
    const password = control(html, 'input', 'password');
    expect([attribute(password, 'type'), attribute(password, 'autoComplete')]).toEqual([
      'password',
      'new-password',
    ]);
    expect(attribute(control(html, 'textarea', 'note'), 'rows')).toBe('3');
  });

  it('mark a field with an error invalid and describe it by the message, after its hint', () => {
    const html = renderToString(
      <Form
        errors={{
          email: { type: 'server', message: 'Already in use' },
          note: { type: 'x', message: 'Too long' },
        }}
      />,
    );
    const email = control(html, 'input', 'email');
    expect(attribute(email, 'aria-invalid')).toBe('true');
    const [hintId, errorId] = (attribute(email, 'aria-describedby') ?? '').split(' ');
    expect(html).toMatch(new RegExp(`<p id="${hintId}"[^>]*>Your work address</p>`));
    expect(html).toMatch(new RegExp(`<p id="${errorId}"[^>]*>Already in use</p>`));
    expect(attribute(control(html, 'textarea', 'note'), 'aria-invalid')).toBe('true');
    expect(attribute(control(html, 'select', 'role'), 'aria-invalid')).toBeUndefined();
  });
});
