import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToasts, Toaster, toast } from './toast.tsx';

// The toasts live beside React, from one test to the next: each test closes what it showed.
afterEach(() => {
  for (const close of screen.queryAllByRole('button')) act(() => close.click());
  cleanup();
});

const titles = () => screen.queryAllByText(/./, { selector: '.md-toast-title' }).map((node) => node.textContent);

describe('toasts', () => {
  it('show at most two at a time, the newest, so that they never bury the form', () => {
    render(<Toaster />);
    act(() => {
      for (const title of ['Un', 'Deux', 'Trois', 'Quatre']) toast({ topic: title, title });
    });
    expect(titles()).toEqual(['Trois', 'Quatre']);
  });

  it('show a repeated message once, as the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ topic: 'save', title: 'Erreur', description: 'Réessayez', variant: 'destructive' });
      toast({ topic: 'cover', title: 'Couverture choisie' });
      toast({ topic: 'save', title: 'Erreur', description: 'Réessayez', variant: 'destructive' });
    });
    expect(titles()).toEqual(['Couverture choisie', 'Erreur']);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("drop an action's earlier errors once a newer outcome of that action comes, and keep other actions' toasts", () => {
    render(<Toaster />);
    act(() => {
      toast({ topic: 'photo', title: 'Impossible de supprimer la photo', variant: 'destructive' });
      toast({ topic: 'sign-in', title: 'Erreur de connexion', variant: 'destructive' });
    });
    act(() => toast({ topic: 'sign-in', title: 'Connexion réussie' }));
    expect(titles()).toEqual(['Impossible de supprimer la photo', 'Connexion réussie']);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("go away with their topic when the page tells an action's outcome by itself", () => {
    render(<Toaster />);
    act(() => {
      toast({ topic: 'sign-up', title: "Erreur d'inscription", variant: 'destructive' });
      toast({ topic: 'photo', title: 'Photo supprimée' });
    });
    act(() => dismissToasts('sign-up'));
    expect(titles()).toEqual(['Photo supprimée']);
  });

  it('close with a button named in the page language', () => {
    render(<Toaster />);
    act(() => {
      toast({ topic: 'fr', title: 'Enregistré' });
      toast({ topic: 'de', title: 'Gespeichert', closeLabel: 'Schließen' });
    });
    expect(screen.queryByRole('button', { name: 'Fermer' })).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Schließen' }).click());
    expect(titles()).toEqual(['Enregistré']);
  });
});
