// What other features use of activation: finishing, after an e-mail link, the activation kept in the browser,
// and the words for the database's refusals.
export { finishPendingActivation, type PendingOutcome } from './api.ts';
export { REFUSAL_TEXT } from './refusal-text.ts';
