import { Theme } from '@radix-ui/themes';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const signUp = vi.fn(async () => ({ data: { user: null }, error: null }));
vi.mock('./api.ts', () => ({ signUp, signInWithPassword: vi.fn(), sendMagicLink: vi.fn() }));
const { AuthDialog } = await import('./auth-dialog.tsx');

afterEach(cleanup);

describe("the activation's sign-in dialog", () => {
  it('shows the sign-up password rule before submit, the server’s 8 characters, and sends nothing below it', async () => {
    const user = userEvent.setup();
    const link = { code: 'MDL-7KQ4-M9XP-3T', metadata: { pending_activation: { name: 'Gribouille' } } };
    render(
      <Theme>
        <AuthDialog open onClose={() => {}} onSignedIn={() => {}} activationLink={() => link} />
      </Theme>,
    );
    // Radix Themes doubles each tab's label for its layout; no CSS hides the copy here.
    await user.click(screen.getByRole('tab', { name: /Inscription/ }));
    const panel = within(screen.getByRole('tabpanel', { name: /Inscription/ }));
    const password = panel.getByLabelText('Mot de passe');
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(panel.queryByText('Au moins 8 caractères, dont une lettre et un chiffre')).not.toBeNull();
    await user.type(panel.getByLabelText('Email'), 'marie@exemple.fr');
    await user.type(password, 'chat123');
    expect(panel.getByRole('status').textContent).toBe('Trop court');
    await user.click(panel.getByRole('button', { name: 'Créer mon compte' }));
    expect(panel.getByRole('alert').textContent).toBe('Le mot de passe ne respecte pas tous les critères');
    expect(signUp).not.toHaveBeenCalled();
    await user.clear(password);
    await user.type(password, '12345678');
    expect(panel.getByRole('status').textContent).toBe('Ajoutez une lettre et un chiffre');
    await user.click(panel.getByRole('button', { name: 'Créer mon compte' }));
    expect(panel.getByRole('alert').textContent).toBe('Le mot de passe ne respecte pas tous les critères');
    expect(signUp).not.toHaveBeenCalled();
    await user.clear(password);
    await user.type(password, 'chat1234');
    expect(panel.getByRole('status').textContent).toBe('Valide');
    await user.click(panel.getByRole('button', { name: 'Créer mon compte' }));
    expect(signUp).toHaveBeenCalledWith({ email: 'marie@exemple.fr', password: 'chat1234' }, link);
  });

  it('says nothing of the password before it is typed, and brings a refused sign-up’s field to the person with its error', async () => {
    const user = userEvent.setup();
    signUp.mockClear();
    render(
      <Theme>
        <AuthDialog
          open
          onClose={() => {}}
          onSignedIn={() => {}}
          activationLink={() => ({ code: null, metadata: {} })}
        />
      </Theme>,
    );
    await user.click(screen.getByRole('tab', { name: /Inscription/ }));
    const panel = within(screen.getByRole('tabpanel', { name: /Inscription/ }));
    expect(panel.getByRole('status').textContent).toBe('');
    await user.click(panel.getByRole('button', { name: 'Créer mon compte' }));
    const email = panel.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Veuillez remplir tous les champs',
    );
    await user.type(email, 'marie@exemple.fr');
    await user.click(panel.getByRole('button', { name: 'Créer mon compte' }));
    const password = panel.getByLabelText('Mot de passe');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(signUp).not.toHaveBeenCalled();
  });
});
