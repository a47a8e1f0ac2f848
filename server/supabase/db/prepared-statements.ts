// The statements one database connection has prepared, by text: the pg adapter keeps one of these
// per connection (pipeline.ts), the PGlite worker one for its only connection. At most `limit` are
// kept: when another needs a place, the least recently used is closed (the caller sends a Close
// message before its next statements), so hand-made requests that vary without end cannot grow
// the database's memory. A name is never reused, so a statement never runs under another's name.

/** How many prepared statements one pg connection keeps: a few shapes per table are plenty. */
export const MAX_PREPARED_PER_CONNECTION = 100;

/** PGlite has one connection for every request: room for every shape the site sends, and more. */
export const MAX_PREPARED_IN_PGLITE = 300;

/** One connection's prepared statements, most recently used last (a Map keeps insertion order). */
export class PreparedStatements {
  private readonly names = new Map<string, string>();
  /** The column names each statement's first Describe answered, by statement name. */
  private readonly columns = new Map<string, string[]>();
  /** Statements to close before anything else is sent on the connection. */
  private readonly closing: string[] = [];
  private counter = 0;

  private readonly limit: number;

  constructor(limit = MAX_PREPARED_PER_CONNECTION) {
    this.limit = limit;
  }

  /** The statement's name and whether it must be parsed first; evicts the least recently used. */
  use(text: string): { name: string; parse: boolean } {
    const known = this.names.get(text);
    if (known !== undefined) {
      this.names.delete(text);
      this.names.set(text, known);
      return { name: known, parse: false };
    }
    if (this.names.size >= this.limit) {
      const [oldest, name] = this.names.entries().next().value as [string, string];
      this.names.delete(oldest);
      this.columns.delete(name);
      this.closing.push(name);
    }
    const name = `rest_${++this.counter}`;
    this.names.set(text, name);
    return { name, parse: true };
  }

  /** A statement whose Parse may not have succeeded: forgotten here and closed on the server. */
  forget(text: string): void {
    const name = this.names.get(text);
    if (name === undefined) return;
    this.names.delete(text);
    this.columns.delete(name);
    this.closing.push(name);
  }

  /**
   * A statement's result columns, once described: it need not be described again, since a
   * prepared statement's columns cannot change (PostgreSQL refuses to run it instead, 0A000).
   */
  columnsOf(name: string): string[] | undefined {
    return this.columns.get(name);
  }

  described(name: string, columns: string[]): void {
    if ([...this.names.values()].includes(name)) this.columns.set(name, columns);
  }

  /** The names to close now (the caller sends a Close for each). */
  takeClosing(): string[] {
    return this.closing.splice(0);
  }

  get size(): number {
    return this.names.size;
  }

  /** The name of a prepared text, if it is prepared; does not count as a use. */
  nameOf(text: string): string | undefined {
    return this.names.get(text);
  }
}
