import type { Compilable, CompiledQuery } from 'kysely';
import type { DatabaseHandle } from './database-handle.js';

const markerPrefix = '\u0000orator-parameter:';

/**
 * A query built and compiled to SQL once, then run with new parameter values. Kysely builds and
 * compiles a query's SQL on every call, which on the lookups every signed-in request makes cost
 * more than the database's own work; the hot reads of the repositories use this instead.
 *
 * `build` receives `param(name)`, a stand-in for a value given at each run; the stand-ins are found
 * again in the compiled parameters, so their order is whatever the dialect's compiler chose.
 */
export class PreparedQuery<Params extends Record<string, unknown>, Row> {
  private compiled: CompiledQuery<Row> | undefined;
  /** Per compiled parameter: the name of the run's value to put there, or a constant of the query. */
  private slots: ({ name: keyof Params } | { value: unknown })[] = [];

  constructor(
    private readonly db: DatabaseHandle,
    private readonly build: (param: <K extends keyof Params & string>(name: K) => Params[K]) => Compilable<Row>,
  ) {}

  async execute(params: Params): Promise<Row[]> {
    const compiled = this.compiled ?? this.compile();
    const parameters = this.slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    const result = await this.db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  }

  async first(params: Params): Promise<Row | undefined> {
    return (await this.execute(params))[0];
  }

  private compile(): CompiledQuery<Row> {
    const compiled = this.build((name) => `${markerPrefix}${name}` as never).compile();
    this.slots = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(markerPrefix) ? { name: value.slice(markerPrefix.length) as keyof Params } : { value },
    );
    this.compiled = compiled;
    return compiled;
  }
}
