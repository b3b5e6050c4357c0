import { Theme } from '@radix-ui/themes';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { RegisterPage } from './register-page.tsx';

afterEach(cleanup);

const show = (path = '/auth/register') =>
  render(
    <Theme>
      <MemoryRouter initialEntries={[path]}>
        <RegisterPage />
      </MemoryRouter>
    </Theme>,
  );

describe('the register form', () => {
  it('keeps the button off until 8 characters with a letter and a digit, and says what is missing', () => {
    show();
    const password = screen.getByLabelText('Mot de passe');
    const submit = screen.getByRole('button', { name: 'Créer mon compte' });
    fireEvent.change(password, { target: { value: 'abc1234' } });
    expect(screen.getByRole('status').textContent).toBe('Trop court');
    expect(screen.getAllByText(/Trop court/)).toHaveLength(1);
    const hint = screen.getByText('Au moins 8 caractères, dont une lettre et un chiffre');
    expect(hint.id).toBe(password.getAttribute('aria-describedby'));
    expect(submit.hasAttribute('disabled')).toBe(true);
    for (const withoutBoth of ['12345678', 'motdepasse', '        ']) {
      fireEvent.change(password, { target: { value: withoutBoth } });
      expect(screen.getByRole('status').textContent).toBe('Ajoutez une lettre et un chiffre');
      expect(submit.hasAttribute('disabled')).toBe(true);
    }
    fireEvent.change(password, { target: { value: 'abcd1234' } });
    expect(screen.getByRole('status').textContent).toBe('Valide');
    expect(submit.hasAttribute('disabled')).toBe(false);
  });

  it('says nothing of an empty password before anything is typed, and keeps saying it once typed and erased', () => {
    show();
    const password = screen.getByLabelText('Mot de passe');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByText('Trop court')).toBeNull();
    fireEvent.change(password, { target: { value: 'a' } });
    expect(screen.getByRole('status').textContent).toBe('Trop court');
    fireEvent.change(password, { target: { value: '' } });
    expect(screen.getByRole('status').textContent).toBe('Trop court');
  });

  it('shows and hides the password', () => {
    show();
    const password = screen.getByLabelText('Mot de passe');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('prefills the e-mail and carries the code to the login link', () => {
    show('/auth/register?email=marie%40exemple.fr&code=MDL-42');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('marie@exemple.fr');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth/login?code=MDL-42');
  });

  it('carries the owner page that sent the visitor (an invitation’s) to the login link, and no other address', () => {
    show('/auth/register?next=%2Fmon-compte%2Finvitation');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(
      '/auth/login?next=%2Fmon-compte%2Finvitation',
    );
    cleanup();
    show('/auth/register?next=https%3A%2F%2Fexample.com');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth/login');
  });
});
