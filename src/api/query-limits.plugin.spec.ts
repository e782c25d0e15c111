import { ApolloServer } from '@apollo/server';
import type { GraphQLLimits } from '../config/folio-config';
import { formatGraphQLError } from './graphql-errors';
import { queryLimitsPlugin } from './query-limits.plugin';

const typeDefs = `
  type Query { shelf(size: Int!): Shelf! }
  type Shelf { books: [Book!]! }
  type Book { title: String! shelf(size: Int!): Shelf! }
`;

const limits: GraphQLLimits = {
  maxDepth: 10,
  maxAliases: 5,
  maxComplexity: 1000,
  defaultListSize: 2, // underestimates on purpose: the result guard must catch what the estimate lets through
  maxExpensiveFields: 2,
  maxResultObjects: 50,
};

function server(calls: { books: number }) {
  const books = (size: number) => {
    calls.books++;
    return Array.from({ length: size }, (_, i) => ({ title: `book ${i}` }));
  };
  return new ApolloServer({
    typeDefs,
    resolvers: {
      Query: { shelf: (_: unknown, { size }: { size: number }) => ({ size }) },
      Shelf: { books: ({ size }: { size: number }) => books(size) },
      Book: { shelf: (_: unknown, { size }: { size: number }) => ({ size }) },
    },
    plugins: [queryLimitsPlugin(limits)],
    formatError: formatGraphQLError,
  });
}

async function run(query: string) {
  const calls = { books: 0 };
  const apollo = server(calls);
  await apollo.start();
  try {
    const response = await apollo.executeOperation({ query });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return { result: response.body.singleResult, status: response.http.status, calls };
  } finally {
    await apollo.stop();
  }
}

type Result = Awaited<ReturnType<typeof run>>['result'];

/** The refusal a query over a limit gets: its one error, QUERY_TOO_COMPLEX, with the limit as reason. */
function refusal(result: Result) {
  expect(result.errors).toHaveLength(1);
  const error = result.errors![0]!;
  expect(error.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  return { reason: error.extensions?.reason, limit: error.extensions?.limit, message: error.message };
}

describe('queryLimitsPlugin', () => {
  it('answers a query within every limit', async () => {
    const { result, calls } = await run(`{ shelf(size: 3) { books { title } } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      shelf: { books: [{ title: 'book 0' }, { title: 'book 1' }, { title: 'book 2' }] },
    });
    expect(calls.books).toBe(1);
  });

  it('refuses a query over a static limit before any resolver runs, with HTTP 400 and the limit named', async () => {
    const aliases = Array.from({ length: 6 }, (_, i) => `s${i}: shelf(size: 1) { books { title } }`).join(
      ' ',
    );
    const { result, status, calls } = await run(`{ ${aliases} }`);
    expect(calls.books).toBe(0);
    expect(status).toBe(400);
    expect(result.data).toBeUndefined();
    const refused = refusal(result);
    expect(refused).toMatchObject({ reason: 'MAX_ALIASES', limit: 5 });
    expect(refused.message).toContain('limit of 5 (FOLIO_GRAPHQL_MAX_ALIASES)');
  });

  it('stops a query whose lists are longer than estimated once the result holds too many objects', async () => {
    // Estimated cheaply (lists of 2), but 30 books each opening a shelf of 30 books: 900+ objects.
    const { result, calls } = await run(
      `{ shelf(size: 30) { books { shelf(size: 30) { books { title } } } } }`,
    );
    expect(result.data).toBeNull();
    expect(refusal(result)).toMatchObject({ reason: 'MAX_RESULT_OBJECTS', limit: 50 });
    // The inner shelves that had not started when the budget ran out never loaded their books.
    expect(calls.books).toBeLessThanOrEqual(2);
  });
});
