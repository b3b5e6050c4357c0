import { Link } from '@medaille/routing/router';
import { COPY } from './copy.ts';

export function NotFoundPage() {
  return (
    <main className="not-found">
      <h1>{COPY.notFound.title}</h1>
      <Link className="md-button md-button-primary" to="/">
        {COPY.notFound.home}
      </Link>
    </main>
  );
}
