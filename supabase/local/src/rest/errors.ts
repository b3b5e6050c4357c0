/** An error in PostgREST's shape, with the HTTP status PostgREST gives it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details);

/**
 * What PostgREST serves and the local stack does not (docs/decisions/0008-local-stack-imitates-rules.md): a 501 whose
 * message names it.
 * PGRST127 is PostgREST's own code for a feature it does not implement.
 */
export const notSupported = (feature: string, details: string | null = null) =>
  new ApiError(501, 'PGRST127', `${feature} is not supported by the local stack`, details);
