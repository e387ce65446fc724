import type { JoinPath } from '@guided-retrieval/context-graph';
import type { ChatMessage, ChatModel, ChatRequest } from '@guided-retrieval/llm-adapters';
import { isRecord } from '@guided-retrieval/profiler/files';
import { HeuristicDisambiguator } from './heuristic.js';
import { nameRecord } from './name-record.js';
import { defaultHeuristicParams, type HeuristicParams } from './params.js';
import { pathKey, rankPaths } from './paths.js';
import { pathSelectionPrompt } from './prompts/path-selection.js';
import { allowedSources, type SourceTargetsOptions, sourceTargetsPrompt } from './prompts/source-targets.js';
import type {
  DisambiguationInput,
  DisambiguationNote,
  Disambiguator,
  PathSelectionInput,
  SelectedPath,
  SourceAndTargets,
} from './types.js';

export interface LlmDisambiguatorOptions {
  /** What the prompts show (`prompt*`), and the default fallback's parameters (default: `params/heuristic.json`). */
  params?: HeuristicParams;
  /** Decides whatever the model can't or mustn't: errors, timeouts, invalid choices. Default: a `HeuristicDisambiguator` of `params`. */
  fallback?: Disambiguator;
  /** Per model call (default: the model's own). */
  timeoutMs?: number;
  /** Paths shown per target in step 8, best first by the heuristic's ranking (default: `promptPathsShown`). */
  maxPathsShown?: number;
  /** Cancels model calls; the heuristic then decides. */
  signal?: AbortSignal;
}

/**
 * Steps 5–6 and 8 decided by a chat model (paper §3.3), within what the graph offers: a source
 * that is not a candidate, a target not reachable from the source, or a path number that was not
 * offered is rejected and the fallback's (heuristic's) choice stands for that decision, with a
 * note saying so. A model error or timeout leaves the whole decision to the fallback, noted too.
 */
export class LlmDisambiguator implements Disambiguator {
  readonly name: string;
  private readonly fallback: Disambiguator;
  private readonly params: HeuristicParams;

  constructor(
    readonly model: ChatModel,
    private readonly options: LlmDisambiguatorOptions = {},
  ) {
    this.name = `llm:${model.id}`;
    this.params = options.params ?? defaultHeuristicParams();
    this.fallback = options.fallback ?? new HeuristicDisambiguator(options.params ? { params: options.params } : {});
  }

  async chooseSourceAndTargets(input: DisambiguationInput): Promise<SourceAndTargets> {
    const heuristic = await this.fallback.chooseSourceAndTargets(input);
    // Walking joins backwards is the fallback's call (no forward tree covers T0); the model then may too.
    const reverse = Boolean(heuristic.reverse);
    const promptOptions: SourceTargetsOptions = reverse ? { reverse: { across: heuristic.source } } : {};
    const prompt = sourceTargetsPrompt(input, this.params, promptOptions);
    let answer: unknown;
    try {
      answer = (await this.model.complete(this.request(prompt))).json;
    } catch (error) {
      return { ...heuristic, notes: [...heuristic.notes, rejected([], `llm failed (${describeError(error)}): kept heuristic choice`)] };
    }
    const { graph } = input;
    const keep = (tables: string[], why: string): SourceAndTargets => ({
      ...heuristic,
      notes: [...heuristic.notes, rejected(tables, `${why}: kept heuristic choice`)],
    });
    if (!isRecord(answer) || typeof answer.source !== 'string' || !Array.isArray(answer.targets))
      return keep([], 'llm answer is not {source, targets}');

    const proposed = graph.table(answer.source)?.name;
    if (!proposed) return keep([answer.source], `llm proposed unknown table ${answer.source} as the source`);
    if (!allowedSources(input, this.params, promptOptions).includes(proposed))
      return keep([proposed], `llm proposed source ${proposed}, which is not a candidate source`);
    const source = proposed;
    const reach = reverse ? graph.linkedTables(source) : graph.reachable(source);
    const how = reverse ? { reverse: true } : {};
    const reason = typeof answer.reason === 'string' ? shortReason(answer.reason) : '';

    const targets: string[] = [];
    const refused: { table: string; why: string }[] = [];
    for (const raw of answer.targets) {
      const name = typeof raw === 'string' ? graph.table(raw)?.name : undefined;
      if (name === source || (name && targets.includes(name))) continue;
      if (!name) refused.push({ table: String(raw), why: `unknown table ${String(raw)}` });
      else if (!reach.has(name)) refused.push({ table: name, why: `${name}, not ${reverse ? 'linked to' : 'reachable from'} ${source}` });
      else targets.push(name);
    }
    const notes: DisambiguationNote[] = [
      {
        kind: 'source',
        tables: [source],
        reason: `llm chose it, with targets ${targets.join(', ') || '(none)'}${reason ? `: ${reason}` : ''}`,
      },
    ];
    if (refused.length > 0) {
      // The target set is one decision: with any part of it invalid, the heuristic's set stands.
      const fallbackTargets =
        source === heuristic.source
          ? heuristic.targets
          : [...new Set([...heuristic.targets, heuristic.source, ...input.initialTargets])].filter((t) => t !== source && reach.has(t));
      notes.push(
        rejected(
          refused.map((r) => r.table),
          `llm proposed target ${refused.map((r) => r.why).join('; ')}: kept heuristic targets ${fallbackTargets.join(', ') || '(none)'}`,
        ),
      );
      return {
        source,
        targets: fallbackTargets,
        roles: source === heuristic.source ? heuristic.roles : [],
        notes: [...(source === heuristic.source ? heuristic.notes : []), ...notes],
        ...how,
      };
    }
    const added = targets.filter((t) => !input.initialTargets.includes(t));
    const pruned = input.initialTargets.filter((t) => t !== source && !targets.includes(t));
    if (added.length > 0) notes.push({ kind: 'added', tables: added, reason: 'the llm judged the question needs them' });
    if (pruned.length > 0) notes.push({ kind: 'pruned', tables: pruned, reason: 'the llm judged them not needed' });
    if (source !== heuristic.source)
      notes.push({ kind: 'source', tables: [heuristic.source], reason: 'the heuristic would have chosen it' });
    // The heuristic's role paths still apply when they start at the same source and end at a chosen target.
    const roles = source === heuristic.source ? heuristic.roles.filter((r) => targets.includes(r.table)) : [];
    if (reverse)
      notes.push({
        kind: 'source',
        tables: [source],
        reason: "joins may be walked backwards: no table reaches every initial target along the keys' direction",
      });
    return { source, targets, roles, notes, ...how };
  }

  async selectPaths(input: PathSelectionInput): Promise<SelectedPath[]> {
    const heuristic = await this.fallback.selectPaths(input);
    const wanted = new Set(input.targets);
    const maxShown = this.options.maxPathsShown ?? this.params.promptPathsShown;
    const offered = nameRecord<JoinPath[]>();
    // The heuristic's tree-search path first, then the cheapest alternatives, each once.
    for (const t of input.targets) {
      const mine = heuristic.filter((s) => s.target === t).map((s) => s.path);
      const seen = new Set<string>();
      offered[t] = [...mine, ...rankPaths(input.paths[t] ?? [], wanted)]
        .filter((p) => !seen.has(pathKey(p)) && Boolean(seen.add(pathKey(p))))
        .slice(0, maxShown);
    }
    const prompt = pathSelectionPrompt(input, offered);
    if (!prompt) return heuristic;

    const heuristicFor = (target: string, note: string): SelectedPath[] =>
      heuristic.filter((s) => s.target === target).map((s) => ({ ...s, reason: `${s.reason} (${note}: kept heuristic choice)` }));
    let answer: unknown;
    try {
      answer = (await this.model.complete(this.request(prompt))).json;
    } catch (error) {
      const note = `llm failed (${describeError(error)})`;
      return input.targets.flatMap((t) => (prompt.offered[t] ? heuristicFor(t, note) : heuristic.filter((s) => s.target === t)));
    }
    const selections = isRecord(answer) && Array.isArray(answer.selections) ? answer.selections.filter(isRecord) : null;
    const out: SelectedPath[] = [];
    for (const target of input.targets) {
      const paths = prompt.offered[target];
      if (!paths) {
        out.push(...heuristic.filter((s) => s.target === target));
        continue;
      }
      if (!selections) {
        out.push(...heuristicFor(target, 'llm answer is not {selections}'));
        continue;
      }
      const mine = selections.filter((s) => typeof s.target === 'string' && input.graph.table(s.target)?.name === target);
      const numbers = mine.flatMap((s) => (Array.isArray(s.paths) ? s.paths : []));
      if (mine.length === 0 || numbers.length === 0) {
        out.push(...heuristicFor(target, 'llm chose no path'));
        continue;
      }
      const bad = numbers.filter((n) => !Number.isInteger(n) || (n as number) < 1 || (n as number) > paths.length);
      if (bad.length > 0) {
        out.push(...heuristicFor(target, `llm proposed path ${bad.map(String).join(', ')} of ${paths.length} offered`));
        continue;
      }
      const reason = mine.map((s) => (typeof s.reason === 'string' ? shortReason(s.reason) : '')).find((r) => r) ?? '';
      const chosen = [...new Set(numbers as number[])];
      for (const n of chosen) {
        out.push({
          target,
          path: paths[n - 1]!,
          reason: `llm: path ${n} of ${paths.length}${chosen.length > 1 ? ` (role ${chosen.indexOf(n) + 1} of ${chosen.length})` : ''}${reason ? `: ${reason}` : ''}`,
        });
      }
    }
    return out;
  }

  private request(prompt: { messages: ChatMessage[]; schema: object; schemaName: string }): ChatRequest {
    return {
      messages: prompt.messages,
      jsonSchema: prompt.schema,
      schemaName: prompt.schemaName,
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(this.options.signal ? { signal: this.options.signal } : {}),
    };
  }
}

/** Longest model reason kept in a note or a path's reason (characters). */
const MAX_REASON_CHARS = 300;

/** A model's reason on one line, cut to `MAX_REASON_CHARS`. */
function shortReason(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_REASON_CHARS ? `${line.slice(0, MAX_REASON_CHARS - 1)}…` : line;
}

function rejected(tables: string[], reason: string): DisambiguationNote {
  return { kind: 'rejected', tables, reason };
}

function describeError(error: unknown): string {
  const kind = isRecord(error) && typeof error.kind === 'string' ? `${error.kind}: ` : '';
  const message = error instanceof Error ? error.message : String(error);
  return `${kind}${message.replace(/\s+/g, ' ').slice(0, 200)}`;
}
