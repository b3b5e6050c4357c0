// Radix Themes' styles without the colour scales Médaille does not use (about 14 KB less on the wire).
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/orange.css';
import '@radix-ui/themes/tokens/colors/sand.css';
import '@radix-ui/themes/tokens/colors/gray.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
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
