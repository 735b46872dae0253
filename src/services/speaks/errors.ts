/**
 * A request of the earlier interface that cannot be served, with its HTTP status and
 * `error_code`. The services of that interface speak its codes directly (they serve nothing
 * else); the HTTP layer renders this as `{message: {msg, error_code}}`.
 */
export class EarlierApiRejection extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const rejections = {
  invalid: (field: string, message: string) => new EarlierApiRejection(400, `app/invalid/${field}`, message),
  missing: (field: string) => new EarlierApiRejection(400, 'app/param/not-enough', `${field} is required`),
  notFound: (message = 'No speak at this address') => new EarlierApiRejection(404, 'app/not-found', message),
  forbidden: (message: string) => new EarlierApiRejection(403, 'app/forbidden', message),
  insufficientCredit: () => new EarlierApiRejection(402, 'app/insufficient-credit', 'Insufficient credit'),
  tooManyRequests: (retryAfterSeconds: number) =>
    new EarlierApiRejection(429, 'app/too-many-requests', 'Too many synthesis requests; retry later', retryAfterSeconds),
};
