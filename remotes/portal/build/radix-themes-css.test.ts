import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RESPONSIVE_PROPS,
  stylesUnused,
  UNUSED_BREAKPOINTS,
  UNUSED_COMPONENTS,
  USED_ACCENT_COLORS,
} from './radix-themes-css.ts';

// The build leaves out Radix Themes' styles for what the portal never renders: these tests read the
// portal's and the design system's sources, so that using one of those starts by failing here.

const ROOTS = [join(import.meta.dirname, '../src'), join(import.meta.dirname, '../../../shared/design-system/src')];

function sources(): string[] {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')
          ? [join(dir, entry.name)]
          : [],
    );
  return ROOTS.flatMap(files).map((file) => readFileSync(file, 'utf8'));
}

describe("the portal's Radix Themes styles", () => {
  it('keep every component the sources import', () => {
    const imported = sources().flatMap((source) =>
      [...source.matchAll(/import \{([^}]*)\} from '@radix-ui\/themes'/g)].flatMap(([, names = '']) =>
        names.split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? ''),
      ),
    );
    expect(imported.length).toBeGreaterThan(10);
    for (const name of imported) {
      expect(
        UNUSED_COMPONENTS.some((unused) => name.startsWith(unused)),
        name,
      ).toBe(false);
    }
  });

  it('keep every responsive prop and breakpoint the sources set', () => {
    const responsive = sources().flatMap((source) =>
      [...source.matchAll(/(\w+)=\{\{([^}]*)\}\}/g)]
        .filter(([, , object = '']) => /\binitial\s*:/.test(object))
        .map(([, prop = '', object = '']) => ({
          prop,
          breakpoints: [...object.matchAll(/(\w+)\s*:/g)].map((m) => m[1]),
        })),
    );
    expect(responsive.length).toBeGreaterThan(3);
    for (const { prop, breakpoints } of responsive) {
      expect(Object.keys(RESPONSIVE_PROPS), prop).toContain(prop);
      for (const breakpoint of breakpoints) expect(UNUSED_BREAKPOINTS, prop).not.toContain(breakpoint);
    }
  });

  it('keep every colour the sources name', () => {
    const named = sources().flatMap((source) =>
      [...source.matchAll(/\b(?:color|accentColor)=(?:"(\w+)"|\{([^}]*)\})/g)].flatMap(([, quoted, expression]) =>
        quoted ? [quoted] : [...(expression ?? '').matchAll(/[?:]\s*'(\w+)'/g)].map((m) => m[1] ?? ''),
      ),
    );
    expect(named).toContain('orange');
    for (const colour of named) expect(USED_ACCENT_COLORS, colour).toContain(colour);
  });

  it('leave out only the rules of unused components, breakpoints, colours and the dark appearance', () => {
    expect(stylesUnused('.rt-SelectTrigger:where(.rt-variant-soft)')).toBe(true);
    expect(stylesUnused('.rt-BaseMenuContent')).toBe(true);
    expect(stylesUnused('.lg\\:rt-r-size-2')).toBe(true);
    expect(stylesUnused('.md\\:rt-r-mb-3')).toBe(true);
    expect(stylesUnused('[data-accent-color=amber]')).toBe(true);
    expect(stylesUnused("[data-accent-color='amber']")).toBe(true);
    expect(stylesUnused(':is(.dark,.dark-theme)')).toBe(true);
    expect(stylesUnused('.md\\:rt-r-gtc')).toBe(false);
    expect(stylesUnused('.rt-Button:where(.rt-r-size-3)')).toBe(false);
    expect(stylesUnused('.rt-BaseTabListTrigger')).toBe(false);
    expect(stylesUnused("[data-accent-color='orange']")).toBe(false);
    expect(stylesUnused("[data-accent-color]:where(:not([data-accent-color=''],[data-accent-color='gray']))")).toBe(
      false,
    );
    expect(stylesUnused('.radix-themes:where(.light,.light-theme)')).toBe(false);
  });
});
