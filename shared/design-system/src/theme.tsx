import '@radix-ui/themes/styles.css';
import './tokens.css';
import { Theme } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/** Radix Themes with Médaille's accent, for the owner portal (the scan page uses only the tokens). */
export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <Theme accentColor="orange" grayColor="sand" radius="large" scaling="100%">
      {children}
    </Theme>
  );
}
