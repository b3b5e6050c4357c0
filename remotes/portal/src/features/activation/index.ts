// What other features use of activation: finishing, after an e-mail link, the activation kept in the browser.
export { finishPendingActivation, type PendingOutcome } from './api.ts';
