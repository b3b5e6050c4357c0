import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toast } from './toast.tsx';

afterEach(cleanup);

const titles = () => screen.queryAllByText(/./, { selector: '.md-toast-title' }).map((node) => node.textContent);

describe('toasts', () => {
  it('show at most two at a time, the newest, so that they never bury the form', () => {
    render(<Toaster />);
    act(() => {
      for (const title of ['Un', 'Deux', 'Trois', 'Quatre']) toast({ title });
    });
    expect(titles()).toEqual(['Trois', 'Quatre']);
  });

  it('show a repeated message once, as the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Erreur', description: 'Réessayez', variant: 'destructive' });
      toast({ title: 'Enregistré' });
      toast({ title: 'Erreur', description: 'Réessayez', variant: 'destructive' });
    });
    expect(titles()).toEqual(['Enregistré', 'Erreur']);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
