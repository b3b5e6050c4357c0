export { type Backend, callRpc, MedalsError, medalUrl, openBackend } from './backend.ts';
export { type Io, runMedals, USAGE } from './commands.ts';
export { batchCsv } from './csv.ts';
export { MAX_BATCH, mintCodes } from './mint.ts';
export { cellOf, MEDALS_PER_PAGE, medalSheet, qrBoxOf, SHEET } from './sheet.ts';
