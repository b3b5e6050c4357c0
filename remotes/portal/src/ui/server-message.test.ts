// The backend out of reach, in every shape supabase-js gives it to the portal: the person reads one French
// sentence telling them to try again, never a socket's words nor a database's address.
import { databaseErrorMessage } from '@medaille/domain';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../features/auth/auth-errors.ts';
import { failureText, serverMessage } from './server-message.ts';

const UNAVAILABLE = 'Service momentanément indisponible, réessayez.';

/** What supabase-js hands the portal when the backend cannot answer. */
const OUT_OF_REACH = {
  // PostgREST's own answers (503 PGRST000–PGRST002, 504 PGRST003).
  'PostgREST: PGRST000': { code: 'PGRST000', message: 'Database connection error. Retrying the connection.' },
  'PostgREST: PGRST001': { code: 'PGRST001', message: 'Database client error. Retrying the connection.' },
  'PostgREST: PGRST002': { code: 'PGRST002', message: 'Could not query the database for the schema cache. Retrying.' },
  'PostgREST: PGRST003': { code: 'PGRST003', message: 'Timed out acquiring connection from connection pool.' },
  // postgrest-js: a failed fetch, with no code.
  'PostgREST: no answer': { code: '', message: 'TypeError: Failed to fetch', details: '', hint: '' },
  'PostgREST: the socket': { code: '', message: 'FetchError: connect ECONNREFUSED 127.0.0.1:5432' },
  'Auth: no answer': { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 },
  'Auth: 503': {
    name: 'AuthRetryableFetchError',
    message: '{"message":"Service temporarily unavailable"}',
    status: 503,
  },
  'Storage: no answer': { name: 'StorageUnknownError', message: 'Failed to fetch' },
  'Storage: 503': { name: 'StorageApiError', message: 'Service temporarily unavailable', status: 503 },
  'a function: no answer': { name: 'FunctionsFetchError', message: 'Failed to send a request to the Edge Function' },
  'a function: 503': {
    name: 'FunctionsHttpError',
    message: 'Edge Function returned a non-2xx status code',
    context: new Response('{"code":"unavailable","error":"Service momentanément indisponible, réessayez."}', {
      status: 503,
    }),
  },
  'a gateway: 502': { name: 'FunctionsHttpError', message: 'x', context: new Response('Bad Gateway', { status: 502 }) },
};

describe('the backend out of reach', () => {
  it.each(Object.entries(OUT_OF_REACH))('%s: "Service momentanément indisponible, réessayez."', async (_, failure) => {
    expect(failureText(failure)).toBe(UNAVAILABLE);
    expect(await serverMessage({ ...failure })).toBe(UNAVAILABLE);
  });

  it('the database’s and the auth service’s own messages say it the same way', () => {
    expect(databaseErrorMessage(OUT_OF_REACH['PostgREST: PGRST000'])).toBe(UNAVAILABLE);
    expect(databaseErrorMessage(OUT_OF_REACH['PostgREST: the socket'])).toBe(UNAVAILABLE);
    expect(authErrorMessage(OUT_OF_REACH['Auth: 503'])).toBe(UNAVAILABLE);
    expect(authErrorMessage(OUT_OF_REACH['Auth: no answer'])).toBe(UNAVAILABLE);
  });

  it('any other failure keeps the French words made for it', async () => {
    expect(failureText({ code: '42501', message: "Vous n'avez pas le droit de modifier cet animal." })).toBe(
      "Vous n'avez pas le droit de modifier cet animal.",
    );
    expect(failureText({ code: '23514', message: 'x' }, 'Le poids doit être un nombre positif')).toBe(
      'Le poids doit être un nombre positif',
    );
    expect(failureText({ message: '' })).toBe("Une erreur inattendue s'est produite");
    const refused = new Response('{"code":"forbidden","error":"Vous n\'avez pas le droit de faire cette opération."}', {
      status: 403,
    });
    expect(await serverMessage({ name: 'FunctionsHttpError', message: 'x', context: refused })).toBe(
      "Vous n'avez pas le droit de faire cette opération.",
    );
  });
});
