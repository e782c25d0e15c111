
/*
 * -------------------------------------------------------
 * THIS FILE WAS AUTOMATICALLY GENERATED (DO NOT MODIFY)
 * -------------------------------------------------------
 */

/* tslint:disable */
/* eslint-disable */

// Regenerate with `npm run graphql:types`.
export type DocumentStatus = "INGESTING" | "READY" | "FAILED";

export interface IQuery {
    health(): Health | Promise<Health>;
    documents(first?: Nullable<number>, after?: Nullable<string>): DocumentConnection | Promise<DocumentConnection>;
    document(id: string): Document | Promise<Document>;
}

export interface Health {
    ok: boolean;
    neo4j: Neo4jHealth;
    gds: GdsHealth;
    indexes: IndexState[];
    embedder: EmbedderInfo;
}

export interface Neo4jHealth {
    reachable: boolean;
    version?: Nullable<string>;
    edition?: Nullable<string>;
    database: string;
    error?: Nullable<string>;
}

export interface GdsHealth {
    available: boolean;
    version?: Nullable<string>;
}

export interface IndexState {
    name: string;
    type: string;
    state: string;
    populationPercent: number;
    labels: string[];
    properties: string[];
}

export interface EmbedderInfo {
    backend: string;
    model: string;
    dimension: number;
    recordedModel?: Nullable<string>;
}

export interface DocumentConnection {
    edges: DocumentEdge[];
    pageInfo: PageInfo;
    totalCount: number;
}

export interface DocumentEdge {
    cursor: string;
    node: Document;
}

export interface PageInfo {
    hasNextPage: boolean;
    endCursor?: Nullable<string>;
}

export interface Document {
    id: string;
    title: string;
    fileName: string;
    sha256: string;
    pageCount: number;
    status: DocumentStatus;
    ingestedAt: string;
    embeddingModel?: Nullable<string>;
}

type Nullable<T> = T | null;
