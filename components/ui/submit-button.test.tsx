import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './submit-button';

describe('a submit button', () => {
  it('is disabled in the server render, so a form cannot be sent by the browser before its script runs', () => {
    const html = renderToString(
      <form>
        <input name="password" type="password" />
        <SubmitButton busy={false}>Sign in</SubmitButton>
      </form>,
    );
    expect(html).toMatch(/<button [^>]*type="submit" disabled="">Sign in<\/button>/);
  });
});
