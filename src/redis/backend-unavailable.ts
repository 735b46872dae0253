/**
 * True when an error says Redis or S3 cannot be reached right now (RedisUnavailableError,
 * S3UnavailableError: both carry code `backend_unavailable`), as opposed to a fault. The HTTP
 * renderers answer such errors 503 with Retry-After in their interface's shape, like an
 * unreachable database; the Redis connection and the S3 client recover by themselves.
 */
export function isBackendUnavailable(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { code?: unknown }).code === 'backend_unavailable';
}
