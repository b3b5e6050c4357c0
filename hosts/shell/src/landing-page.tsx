import { ROUTES } from '@medaille/routing';
import { Link } from '@medaille/routing/router';
import { COPY } from './copy.ts';
import { FoundAnimalForm } from './found-animal-form.tsx';

/** The landing page: what Médaille does, the two ways in, the three steps. */
export function LandingPage() {
  const copy = COPY.landing;
  return (
    <main className="landing">
      <section className="landing-hero">
        <img className="landing-hero-image" src="/hero.svg" alt="" width="320" height="240" />
        <div>
          <img className="landing-logo" src="/logo.svg" alt={COPY.brand} width="64" height="64" />
          <h1 className="landing-tagline">{copy.tagline}</h1>
          <div className="landing-actions">
            <Link className="md-button md-button-primary" to={ROUTES.register}>
              {copy.activate}
            </Link>
            <Link className="md-button md-button-secondary" to={ROUTES.login}>
              {copy.signIn}
            </Link>
          </div>
        </div>
      </section>
      <FoundAnimalForm />
      <section className="landing-steps" aria-labelledby="steps-title">
        <h2 id="steps-title">{copy.stepsTitle}</h2>
        <ol>
          {copy.steps.map((step, index) => (
            <li key={step.title}>
              <span className="landing-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <footer className="landing-footer">{copy.footer}</footer>
    </main>
  );
}
