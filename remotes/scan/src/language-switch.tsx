import { LANGUAGES, type Language, useWords } from './i18n.ts';

/**
 * The page's language, changed with the phone's own picker. Each language is named in itself, so that a
 * finder who cannot read the current one still finds theirs; a globe says what the control is for.
 */
export function LanguageSwitch({ language, onChange }: { language: Language; onChange: (language: Language) => void }) {
  const { copy } = useWords();
  return (
    <label className="scan-language-switch">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M2.5 12h19M12 2.5c2.6 2.6 3.9 5.8 3.9 9.5s-1.3 6.9-3.9 9.5c-2.6-2.6-3.9-5.8-3.9-9.5s1.3-6.9 3.9-9.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
      </svg>
      <span className="scan-visually-hidden">{copy.language}</span>
      <select value={language} onChange={(event) => onChange(event.target.value as Language)}>
        {LANGUAGES.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
