/** A local Neo4j problem, said in one line for people (the details are in the log file). */
export class LocalNeo4jError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalNeo4jError';
  }
}
