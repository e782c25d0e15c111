import type { ApolloServerPlugin } from '@apollo/server';
import { explorerPageHtml } from './explorer-page';

/**
 * Apollo landing-page plugin serving Folio's self-contained explorer (GET /graphql from a browser). Only one
 * plugin may render the landing page, so the Apollo driver must be told `playground: false`.
 */
export function offlineExplorerPlugin(): ApolloServerPlugin {
  const html = explorerPageHtml();
  return {
    serverWillStart() {
      return Promise.resolve({ renderLandingPage: () => Promise.resolve({ html }) });
    },
  };
}
