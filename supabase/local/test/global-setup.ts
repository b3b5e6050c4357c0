// Before any test file: the database templates of the projects this run has (see newTestDatabase).
import { prepareTestTemplates, type TestDatabaseSource } from '../src/testing.ts';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  const sources: TestDatabaseSource[] = [{ kind: 'pglite' }];
  if (url) sources.push({ kind: 'postgres', url });
  await prepareTestTemplates(sources);
}
