// Before any test file: the database templates of the projects this run has (see newTestDatabase).
import { prepareTestTemplates, type TestDatabaseSource } from '@medaille/local-stack/testing';

export default async function setup() {
  const { DATABASE_URL: url, SUPABASE_SHAPED_URL: clusterUrl } = process.env;
  const sources: TestDatabaseSource[] = [{ kind: 'pglite' }];
  if (url) sources.push({ kind: 'postgres', url });
  if (clusterUrl) sources.push({ kind: 'supabase', clusterUrl });
  await prepareTestTemplates(sources);
}
