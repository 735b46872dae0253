type Operation = { parameters?: { name: string; in: string; example?: unknown }[]; requestBody?: { content?: Record<string, { example?: unknown }> } };
type Paths = Record<string, Record<string, Operation>>;

/**
 * Examples of the admin API. Bodies are valid as they are; the path ids are placeholders of the
 * right form: "Try it out" needs the uid of one of your accounts (GET /admin/v1/accounts) and a
 * key id of it (GET /admin/v1/accounts/{uid}/keys). The examples test puts a fresh account's there.
 */
const bodies: Record<string, unknown> = {
  'post /admin/v1/accounts': { plan: 'free', email: 'ada@example.com', name: 'Ada Lovelace' },
  'put /admin/v1/accounts/{uid}/plan': { plan: 'lite' },
  'post /admin/v1/accounts/{uid}/keys/{key_id}/rotate': { grace_seconds: 86_400 },
};
const parameters: Record<string, string> = { uid: '5f2a9c0e7d1b3a4c6e8f0a1b', key_id: '3c9e1a7b5d2f' };

export function addAdminExamples(paths: Paths): void {
  for (const [url, operations] of Object.entries(paths)) {
    if (!url.startsWith('/admin/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const json = operation.requestBody?.content?.['application/json'];
      const body = bodies[`${method} ${url}`];
      if (body && json) json.example = body;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name in parameters) parameter.example = parameters[parameter.name];
      }
    }
  }
}
