/** The wordmark Swagger UI shows in its top bar instead of its own logo. */
export const oratorLogo = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40">' +
    '<circle cx="20" cy="20" r="16" fill="#f5a623"/><path d="M13 14v12M18 10v20M23 15v10M28 12v16" stroke="#1b1b1b" stroke-width="3" stroke-linecap="round"/>' +
    '<text x="44" y="28" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#ffffff">Orator API</text></svg>',
);
