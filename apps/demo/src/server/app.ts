/**
 * The demo's HTTP routes (Hono): the JSON API and the built page.
 *
 *   GET  /api/graph      tables and join edges, for drawing
 *   POST /api/retrieve   {"question": "…"} → the RetrievalResult, plus `preview` with a database
 *                        (unless `"preview": false`; a few at a time, killed at the time limit)
 *   POST /api/context    {"question": "…", "maxTokens": n} → the prompt context (`schema_context`'s answer)
 *   GET  /*              the page (dist/web, built by Vite)
 *
 * Every error is JSON `{"error": "…"}` with a 4xx (or 500) status.
 */
import { existsSync } from 'node:fs';
import type { ContextGraph } from '@guided-retrieval/context-graph';
import { MAX_QUESTION_LENGTH, PROMPT_MODES, type PromptMode, RetrievalInputError, type Retriever } from '@guided-retrieval/retrieval';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { schemaContext, ToolInputError } from '../mcp/tools.js';
import type { RetrieveResponse } from '../view/api-types.js';
import { graphPayload } from './graph-payload.js';
import { type PreviewDatabase, type PreviewOptions, PreviewRunner } from './preview.js';

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

export interface AppOptions {
  graph: ContextGraph;
  retriever: Retriever;
  /** The database behind the graph, for row previews; none for a graph file or a profile alone. */
  database: PreviewDatabase | null;
  /** Runs the previews (one is made for `database` when not given; `serve` passes its own to close on stop). */
  previews?: PreviewRunner;
  /** The built page; when missing, `/` says how to build it. */
  staticDir: string;
  examples: readonly string[];
  preview?: PreviewOptions;
  log?: (message: string) => void;
}

const fail = (c: Context, status: 400 | 404 | 405 | 413 | 415 | 500, error: string) => c.json({ error }, status);

/** The request's JSON object with a usable question, or the error answer. */
async function readQuestion(c: Context): Promise<{ body: Record<string, unknown>; question: string } | Response> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    return fail(c, 415, `send the question as JSON (Content-Type: application/json), not ${type || 'no content type'}`);
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return fail(c, 400, 'the request body is not valid JSON; send {"question": "…"}');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(c, 400, 'send a JSON object: {"question": "…"}');
  const question = (body as { question?: unknown }).question;
  if (typeof question !== 'string') return fail(c, 400, '"question" must be a string');
  if (question.trim().length === 0) return fail(c, 400, 'the question is empty');
  if (question.trim().length > MAX_QUESTION_LENGTH)
    return fail(c, 400, `the question is ${question.trim().length} characters long; the limit is ${MAX_QUESTION_LENGTH}`);
  return { body: body as Record<string, unknown>, question };
}

export function createApp(options: AppOptions): Hono {
  const { graph, retriever, database } = options;
  const previews = database === null ? null : (options.previews ?? new PreviewRunner(database));
  const app = new Hono();
  const payload = graphPayload(graph, {
    examples: options.examples,
    preview: database !== null,
    disambiguator: retriever.disambiguatorName,
  });

  app.onError((error, c) => {
    options.log?.(`guided serve: ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return fail(c, 500, 'internal error: see the server log');
  });
  app.notFound((c) => fail(c, 404, `no such route: ${c.req.method} ${c.req.path}`));

  app.get('/api/graph', (c) => c.json(payload));

  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, `the request body is larger than ${MAX_BODY_BYTES} bytes`),
  });
  app.post('/api/retrieve', limit, async (c) => {
    const read = await readQuestion(c);
    if (read instanceof Response) return read;
    let result: RetrieveResponse;
    try {
      result = await retriever.retrieve(read.question);
    } catch (error) {
      if (error instanceof RetrievalInputError) return fail(c, 400, error.message);
      throw error;
    }
    if (previews && result.sql !== null && read.body.preview !== false) {
      // The columns the question matched are shown first ("spent the most": Invoice.Total).
      const preview = { ...options.preview, matched: result.trace.grounding.matches };
      result = { ...result, preview: await previews.run(graph, result.joinTree.nodes, result.sql, preview, c.req.raw.signal) };
    }
    return c.json(result);
  });
  app.post('/api/context', limit, async (c) => {
    const read = await readQuestion(c);
    if (read instanceof Response) return read;
    const budget = read.body.maxTokens;
    if (budget !== undefined && (typeof budget !== 'number' || !Number.isSafeInteger(budget) || budget < 1))
      return fail(c, 400, `"maxTokens" must be a whole number of tokens ≥ 1, not ${JSON.stringify(budget)}`);
    const mode = read.body.mode;
    if (mode !== undefined && !PROMPT_MODES.includes(mode as PromptMode))
      return fail(c, 400, `"mode" must be ${PROMPT_MODES.map((m) => `"${m}"`).join(' or ')}, not ${JSON.stringify(mode)}`);
    try {
      return c.json(await schemaContext(retriever, read.question, budget, mode as PromptMode | undefined));
    } catch (error) {
      if (error instanceof ToolInputError) return fail(c, 400, error.message);
      throw error;
    }
  });
  app.all('/api/retrieve', (c) => fail(c, 405, 'use POST /api/retrieve with {"question": "…"}'));
  app.all('/api/context', (c) => fail(c, 405, 'use POST /api/context with {"question": "…", "maxTokens": 2000}'));
  app.all('/api/graph', (c) => fail(c, 405, 'use GET /api/graph'));
  app.all('/api/*', (c) => fail(c, 404, `no such route: ${c.req.method} ${c.req.path}`));

  if (existsSync(options.staticDir)) {
    app.use('/*', serveStatic({ root: options.staticDir }));
  } else {
    app.get('/', (c) => c.text(`The page is not built (${options.staticDir} is missing): run npx -y pnpm@12.4.2 build`, 500));
  }
  return app;
}
