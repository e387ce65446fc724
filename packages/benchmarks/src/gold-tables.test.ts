import { describe, expect, it } from 'vitest';
import { goldTables } from './gold-tables.js';

// Gold SQL copied verbatim from the benchmark files (BIRD dev.json `SQL`,
// Spider dev.json `query`) with each database's `table_names_original`; the
// expected sets were checked by reading each query. Nothing here reads
// /work/shared at run time.

const CALIFORNIA_SCHOOLS = ['frpm', 'satscores', 'schools'];
const CODEBASE_COMMUNITY = ['badges', 'comments', 'postHistory', 'postLinks', 'posts', 'tags', 'users', 'votes'];
const SUPERHERO = [
  'alignment',
  'attribute',
  'colour',
  'gender',
  'publisher',
  'race',
  'superhero',
  'hero_attribute',
  'superpower',
  'hero_power',
];
const CARD_GAMES = ['cards', 'foreign_data', 'legalities', 'sets', 'set_translations', 'rulings'];
const EUROPEAN_FOOTBALL_2 = ['Player_Attributes', 'Player', 'League', 'Country', 'Team', 'Team_Attributes', 'Match'];
const FORMULA_1 = [
  'circuits',
  'constructors',
  'drivers',
  'seasons',
  'races',
  'constructorResults',
  'constructorStandings',
  'driverStandings',
  'lapTimes',
  'pitStops',
  'qualifying',
  'status',
  'results',
];
const STUDENT_CLUB = ['event', 'major', 'zip_code', 'attendance', 'budget', 'expense', 'income', 'member'];
const CONCERT_SINGER = ['stadium', 'singer', 'concert', 'singer_in_concert'];
const DOG_KENNELS = ['Breeds', 'Charges', 'Sizes', 'Treatment_Types', 'Owners', 'Dogs', 'Professionals', 'Treatments'];
const CAR_1 = ['continents', 'countries', 'car_makers', 'model_list', 'car_names', 'cars_data'];
const FLIGHT_2 = ['airlines', 'airports', 'flights'];
const ORCHESTRA = ['conductor', 'orchestra', 'performance', 'show'];

interface GoldCase {
  name: string;
  sql: string;
  schema: readonly string[];
  tables: string[];
}

const BIRD: GoldCase[] = [
  {
    name: 'q0 california_schools: one table, backtick columns with spaces and parentheses',
    sql: "SELECT `Free Meal Count (K-12)` / `Enrollment (K-12)` FROM frpm WHERE `County Name` = 'Alameda' ORDER BY (CAST(`Free Meal Count (K-12)` AS REAL) / `Enrollment (K-12)`) DESC LIMIT 1",
    schema: CALIFORNIA_SCHOOLS,
    tables: ['frpm'],
  },
  {
    name: 'q28 california_schools: JOIN with T1..T4 aliases, scalar subquery in WHERE',
    sql: "SELECT T2.School, T2.DOC FROM frpm AS T1 INNER JOIN schools AS T2 ON T1.CDSCode = T2.CDSCode WHERE T2.FundingType = 'Locally funded' AND (T1.`Enrollment (K-12)` - T1.`Enrollment (Ages 5-17)`) > (SELECT AVG(T3.`Enrollment (K-12)` - T3.`Enrollment (Ages 5-17)`) FROM frpm AS T3 INNER JOIN schools AS T4 ON T3.CDSCode = T4.CDSCode WHERE T4.FundingType = 'Locally funded')",
    schema: CALIFORNIA_SCHOOLS,
    tables: ['frpm', 'schools'],
  },
  {
    name: 'q603 codebase_community: IN (subquery), SUM(DISTINCT ...) which the grammar rejects as written',
    sql: "SELECT SUM(DISTINCT FavoriteCount) FROM posts WHERE Id IN ( SELECT PostId FROM postHistory WHERE UserId = 686 AND STRFTIME('%Y', CreationDate) = '2011' )",
    schema: CODEBASE_COMMUNITY,
    tables: ['postHistory', 'posts'],
  },
  {
    name: 'q730 superhero: two EXISTS subqueries, one with a JOIN',
    sql: "SELECT superhero_name FROM superhero AS T1 WHERE EXISTS (SELECT 1 FROM hero_power AS T2 INNER JOIN superpower AS T3 ON T2.power_id = T3.id WHERE T3.power_name = 'Super Strength' AND T1.id = T2.hero_id)AND EXISTS (SELECT 1 FROM publisher AS T4 WHERE T4.publisher_name = 'Marvel Comics' AND T1.publisher_id = T4.id)",
    schema: SUPERHERO,
    tables: ['hero_power', 'publisher', 'superhero', 'superpower'],
  },
  {
    name: 'q403 card_games: subquery in the SELECT list',
    sql: "SELECT ( SELECT CAST(SUM(CASE WHEN language = 'Spanish' THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(*) FROM foreign_data ), name FROM foreign_data WHERE language = 'Spanish'",
    schema: CARD_GAMES,
    tables: ['foreign_data'],
  },
  {
    name: 'q349 card_games: HAVING subquery over a derived table, nested in a WHERE subquery',
    sql: 'SELECT T1.name, T1.artist, T1.isPromo FROM cards AS T1 INNER JOIN rulings AS T2 ON T1.uuid = T2.uuid WHERE T1.isPromo = 1 AND T1.artist = (SELECT artist FROM cards WHERE isPromo = 1 GROUP BY artist HAVING COUNT(DISTINCT uuid) = (SELECT MAX(count_uuid) FROM ( SELECT COUNT(DISTINCT uuid) AS count_uuid FROM cards WHERE isPromo = 1 GROUP BY artist ))) LIMIT 1',
    schema: CARD_GAMES,
    tables: ['cards', 'rulings'],
  },
  {
    name: 'q1058 european_football_2: UNION inside a FROM subquery, scalar subqueries inside both arms',
    sql: "SELECT A FROM ( SELECT AVG(finishing) result, 'Max' A FROM Player AS T1 INNER JOIN Player_Attributes AS T2 ON T1.player_api_id = T2.player_api_id WHERE T1.height = ( SELECT MAX(height) FROM Player ) UNION SELECT AVG(finishing) result, 'Min' A FROM Player AS T1 INNER JOIN Player_Attributes AS T2 ON T1.player_api_id = T2.player_api_id WHERE T1.height = ( SELECT MIN(height) FROM Player ) ) ORDER BY result DESC LIMIT 1",
    schema: EUROPEAN_FOOTBALL_2,
    tables: ['Player', 'Player_Attributes'],
  },
  {
    name: 'q1116 european_football_2: window function in a FROM subquery, `rank` as an alias',
    sql: 'SELECT player_name FROM (SELECT player_name, height, DENSE_RANK() OVER (ORDER BY height DESC) as rank FROM Player) WHERE rank = 1',
    schema: EUROPEAN_FOOTBALL_2,
    tables: ['Player'],
  },
  {
    name: 'q1092 european_football_2: table named Match, HAVING over a nested derived table',
    sql: "SELECT t1.name FROM League AS t1 JOIN Match AS t2 ON t1.id = t2.league_id WHERE t2.season = '2008/2009' GROUP BY t1.name HAVING COUNT(t2.id) = (SELECT MAX(match_count) FROM (SELECT COUNT(t2.id) AS match_count FROM Match AS t2 WHERE t2.season = '2008/2009' GROUP BY t2.league_id))",
    schema: EUROPEAN_FOOTBALL_2,
    tables: ['League', 'Match'],
  },
  {
    name: 'q518 card_games: CTE joined by its name (MaxBanned is not a table)',
    sql: "WITH MaxBanned AS (SELECT format, COUNT(*) AS count_banned FROM legalities WHERE status = 'Banned' GROUP BY format ORDER BY COUNT(*) DESC LIMIT 1) SELECT T2.format, T1.name FROM cards AS T1 INNER JOIN legalities AS T2 ON T2.uuid = T1.uuid INNER JOIN MaxBanned MB ON MB.format = T2.format WHERE T2.status = 'Banned'",
    schema: CARD_GAMES,
    tables: ['cards', 'legalities'],
  },
  {
    name: 'q1013 formula_1: CTE in FROM, the tables inside it count',
    sql: "WITH fastest_lap_times AS ( SELECT T1.raceId, T1.fastestLapTime FROM results AS T1 WHERE T1.FastestLapTime IS NOT NULL) SELECT MIN(fastest_lap_times.fastestLapTime) as lap_record FROM fastest_lap_times INNER JOIN races AS T2 on fastest_lap_times.raceId = T2.raceId INNER JOIN circuits AS T3 on T2.circuitId = T3.circuitId WHERE T2.name = 'Austrian Grand Prix'",
    schema: FORMULA_1,
    tables: ['circuits', 'races', 'results'],
  },
  {
    name: 'q1322 student_club: EXCEPT after GROUP BY / HAVING',
    sql: "SELECT T1.event_name FROM event AS T1  INNER JOIN attendance AS T2 ON T1.event_id = T2.link_to_event GROUP BY T1.event_id  HAVING COUNT(T2.link_to_event) > 10 EXCEPT SELECT T1.event_name  FROM event AS T1  WHERE T1.type = 'Meeting'",
    schema: STUDENT_CLUB,
    tables: ['attendance', 'event'],
  },
];

const SPIDER: GoldCase[] = [
  {
    name: 'concert_singer: INTERSECT of two JOINs',
    sql: 'SELECT T2.name ,  T2.location FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id  =  T2.stadium_id WHERE T1.Year  =  2014 INTERSECT SELECT T2.name ,  T2.location FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id  =  T2.stadium_id WHERE T1.Year  =  2015',
    schema: CONCERT_SINGER,
    tables: ['concert', 'stadium'],
  },
  {
    name: 'dog_kennels: UNION then EXCEPT, a three-arm chain',
    sql: 'SELECT first_name FROM Professionals UNION SELECT first_name FROM Owners EXCEPT SELECT name FROM Dogs',
    schema: DOG_KENNELS,
    tables: ['Dogs', 'Owners', 'Professionals'],
  },
  {
    name: 'car_1: SQL spells Countries / CAR_MAKERS / MODEL_LIST, the schema is lower case',
    sql: "SELECT T1.countryId ,  T1.CountryName FROM Countries AS T1 JOIN CAR_MAKERS AS T2 ON T1.CountryId  =  T2.Country GROUP BY T1.countryId HAVING count(*)  >  3 UNION SELECT T1.countryId ,  T1.CountryName FROM Countries AS T1 JOIN CAR_MAKERS AS T2 ON T1.CountryId  =  T2.Country JOIN MODEL_LIST AS T3 ON T2.Id  =  T3.Maker WHERE T3.Model  =  'fiat';",
    schema: CAR_1,
    tables: ['car_makers', 'countries', 'model_list'],
  },
  {
    name: 'flight_2: NOT IN over a UNION subquery',
    sql: 'SELECT AirportName FROM Airports WHERE AirportCode NOT IN (SELECT SourceAirport FROM Flights UNION SELECT DestAirport FROM Flights)',
    schema: FLIGHT_2,
    tables: ['airports', 'flights'],
  },
  {
    name: 'orchestra: a table named SHOW, a word every grammar reserves',
    sql: 'SELECT avg(Attendance) FROM SHOW',
    schema: ORCHESTRA,
    tables: ['show'],
  },
];

describe('goldTables on BIRD dev gold SQL', () => {
  it.each(BIRD)('$name', ({ sql, schema, tables }) => {
    expect(goldTables(sql, schema)).toEqual({ ok: true, tables });
  });
});

describe('goldTables on Spider dev gold SQL', () => {
  it.each(SPIDER)('$name', ({ sql, schema, tables }) => {
    expect(goldTables(sql, schema)).toEqual({ ok: true, tables });
  });
});

describe('goldTables: CTEs', () => {
  it('counts tables inside chained CTEs but never the CTE names', () => {
    const sql = 'WITH a AS (SELECT id FROM t1), b AS (SELECT a.id FROM a JOIN t2 ON a.id = t2.id) SELECT * FROM b JOIN t3 ON b.id = t3.id';
    expect(goldTables(sql, ['t1', 't2', 't3'])).toEqual({ ok: true, tables: ['t1', 't2', 't3'] });
  });

  it('lets a CTE shadow a schema table of the same name', () => {
    expect(goldTables('WITH frpm AS (SELECT * FROM schools) SELECT * FROM frpm', CALIFORNIA_SCHOOLS)).toEqual({
      ok: true,
      tables: ['schools'],
    });
  });

  it('scopes a CTE to its own statement: outside it the same name is a table', () => {
    const sql = 'SELECT * FROM x WHERE id IN (WITH x AS (SELECT id FROM t1) SELECT id FROM x)';
    expect(goldTables(sql, ['t1', 'x'])).toEqual({ ok: true, tables: ['t1', 'x'] });
  });

  it('handles WITH RECURSIVE referring to itself', () => {
    const sql = 'WITH RECURSIVE cnt(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM cnt WHERE n < 5) SELECT n FROM cnt JOIN frpm ON 1';
    expect(goldTables(sql, CALIFORNIA_SCHOOLS)).toEqual({ ok: true, tables: ['frpm'] });
  });
});

describe('goldTables: names, aliases and quoting', () => {
  it('never takes an alias for a table, even one spelled like a table', () => {
    expect(goldTables('SELECT schools.CDSCode FROM frpm AS schools', CALIFORNIA_SCHOOLS)).toEqual({
      ok: true,
      tables: ['frpm'],
    });
  });

  it('unquotes double-quoted and bracketed table names', () => {
    expect(goldTables('SELECT "Free Meal Count (K-12)" FROM "frpm"', CALIFORNIA_SCHOOLS)).toEqual({
      ok: true,
      tables: ['frpm'],
    });
    const bracketed = 'SELECT [County Name] FROM [frpm] AS T1 JOIN [schools] AS T2 ON T1.[CDSCode] = T2.[CDSCode]';
    expect(goldTables(bracketed, CALIFORNIA_SCHOOLS)).toEqual({ ok: true, tables: ['frpm', 'schools'] });
  });

  it('unquotes a backticked table name with a space and returns the schema spelling', () => {
    expect(goldTables('SELECT * FROM `my table` AS t JOIN Other ON t.id = Other.id', ['My Table', 'other'])).toEqual({
      ok: true,
      tables: ['My Table', 'other'],
    });
  });

  it('reads comma joins, schema-qualified names and derived tables in a JOIN', () => {
    expect(goldTables('SELECT T1.a FROM frpm AS T1, main.schools AS T2 WHERE T1.id = T2.id', CALIFORNIA_SCHOOLS)).toEqual({
      ok: true,
      tables: ['frpm', 'schools'],
    });
    const derived = 'SELECT * FROM frpm LEFT JOIN (SELECT * FROM (SELECT * FROM satscores) AS s1) AS s2 ON 1';
    expect(goldTables(derived, CALIFORNIA_SCHOOLS)).toEqual({ ok: true, tables: ['frpm', 'satscores'] });
  });

  it('does not mistake FROM inside TRIM(... FROM ...) for a table', () => {
    expect(goldTables("SELECT TRIM(BOTH 'x' FROM School) FROM schools", CALIFORNIA_SCHOOLS)).toEqual({
      ok: true,
      tables: ['schools'],
    });
  });

  it('gives an empty set for a query that reads no table', () => {
    expect(goldTables('SELECT 1', CALIFORNIA_SCHOOLS)).toEqual({ ok: true, tables: [] });
  });
});

describe('goldTables: failures', () => {
  it('reports a referenced table missing from the schema instead of dropping it', () => {
    const sql = "SELECT `Free Meal Count (K-12)` FROM frpm WHERE `County Name` = 'Alameda'";
    expect(goldTables(sql, ['satscores', 'schools'])).toEqual({ ok: false, error: 'unknown table frpm' });
    expect(goldTables('SELECT * FROM schools JOIN Nowhere AS N ON 1', CALIFORNIA_SCHOOLS)).toEqual({
      ok: false,
      error: 'unknown table Nowhere',
    });
  });

  it.each(['SELEC FROM WHERE', 'SELECT * FROM', "SELECT 'unterminated FROM frpm", 'this is not sql', '', '   '])(
    'returns ok:false with a one-line error for %j, without throwing',
    (sql) => {
      const result = goldTables(sql, CALIFORNIA_SCHOOLS);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.length).toBeGreaterThan(0);
      expect(result.error).not.toMatch(/\n/);
    },
  );
});
