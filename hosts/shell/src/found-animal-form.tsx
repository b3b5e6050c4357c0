import { codeFromTyped } from '@medaille/domain';
import { ROUTES } from '@medaille/routing';
import { useNavigate } from '@medaille/routing/router';
import { type FormEvent, useId, useState } from 'react';
import { COPY } from './copy.ts';

/**
 * For a finder whose phone cannot scan: the code printed on the medal, typed as they read it, leads to
 * the medal's public page (a code that does not exist gets that page's 'Code introuvable').
 */
export function FoundAnimalForm() {
  const copy = COPY.landing.found;
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [error, setError] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('code');
    const code = codeFromTyped(typeof typed === 'string' ? typed : '');
    setError(code === null);
    if (code !== null) navigate(`/${encodeURIComponent(code)}`);
  };
  return (
    <section className="landing-found" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{copy.title}</h2>
      <form className="landing-found-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>{copy.label}</label>
        <p id={hintId} className="landing-found-hint">
          {copy.hint}
        </p>
        <div className="landing-found-row">
          <input
            id={inputId}
            name="code"
            type="text"
            inputMode="text"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="MDL-7KQ4-M9XP-3T"
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error}
          />
          <button type="submit" className="md-button md-button-primary">
            {copy.submit}
          </button>
        </div>
        {error && (
          <p id={errorId} className="landing-found-error" role="alert">
            {copy.empty}
          </p>
        )}
      </form>
      <p className="landing-found-hint">
        {copy.noMedal} <a href={ROUTES.reportFound}>{copy.reportFound}</a>
      </p>
    </section>
  );
}
