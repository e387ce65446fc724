/**
 * The page's wiring: fetch the graph, offer the examples, ask the API, and put the pure renderers'
 * output (src/view) on screen. All markup comes from those renderers, which escape what they print.
 */
import type { ApiError, GraphPayload, RetrieveResponse } from '../src/view/api-types.js';
import { disambiguatorLabel, escapeHtml } from '../src/view/html.js';
import { displayGraph } from '../src/view/join-graph.js';
import { renderResultHtml } from '../src/view/phases.js';
import { renderGraphSvg } from '../src/view/svg.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const form = $<HTMLFormElement>('ask');
const input = $<HTMLInputElement>('question');
const button = $<HTMLButtonElement>('go');
const message = $<HTMLParagraphElement>('message');
const graphEl = $<HTMLDivElement>('graph');
const steps = $<HTMLElement>('steps');

let payload: GraphPayload | null = null;
let asked = 0;

function say(text: string | null): void {
  message.hidden = text === null;
  message.textContent = text ?? '';
}

function draw(result: RetrieveResponse | null): void {
  if (!payload) return;
  graphEl.innerHTML = renderGraphSvg(displayGraph(payload, result));
  graphEl.dataset.state = result ? 'result' : 'schema';
  graphEl.dataset.question = result?.question ?? '';
}

async function ask(question: string): Promise<void> {
  const text = question.trim();
  if (text.length === 0) {
    say('Type a question first, or pick one of the examples.');
    input.focus();
    return;
  }
  const ticket = ++asked;
  say(null);
  button.disabled = true;
  steps.dataset.state = 'loading';
  try {
    const response = await fetch('api/retrieve', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: text }),
    });
    const body = (await response.json()) as RetrieveResponse | ApiError;
    if (ticket !== asked) return; // a later question has been asked meanwhile
    if (!response.ok || 'error' in body) {
      say(`Could not retrieve: ${'error' in body ? body.error : response.statusText}`);
      steps.dataset.state = 'error';
      return;
    }
    steps.innerHTML = renderResultHtml(body);
    steps.dataset.state = body.source ? 'result' : 'no-result';
    steps.dataset.question = body.question;
    draw(body);
  } catch (error) {
    if (ticket === asked) say(`Could not reach the server: ${(error as Error).message}`);
  } finally {
    if (ticket === asked) button.disabled = false;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void ask(input.value);
});

async function start(): Promise<void> {
  const response = await fetch('api/graph');
  payload = (await response.json()) as GraphPayload;
  $('database').textContent = `${payload.database} (${payload.tables.length} tables, ${payload.edges.length} join edges)`;
  // The server knows what decides the tables before any question: every result's trace.disambiguation.by says the same.
  $('disambiguator').textContent = disambiguatorLabel(payload.disambiguator);
  // The placeholder is the database's own first example, not a question about another schema.
  input.placeholder = payload.examples[0] ?? `Ask about ${payload.database}'s tables`;
  const examples = $<HTMLDivElement>('examples');
  examples.innerHTML = payload.examples.length
    ? `<span>Examples:</span> ${payload.examples.map((q) => `<button type="button" class="example" data-question="${escapeHtml(q)}">${escapeHtml(q)}</button>`).join(' ')}`
    : '';
  for (const b of examples.querySelectorAll<HTMLButtonElement>('button.example')) {
    b.addEventListener('click', () => {
      input.value = b.dataset.question ?? '';
      void ask(input.value);
    });
  }
  draw(null);
}

start().catch((error: Error) => say(`Could not load the graph: ${error.message}`));
