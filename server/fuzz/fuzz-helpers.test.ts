import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFingerprinter, fingerprintDiff } from './db-fingerprint';
import { hashSeed, mulberry32 } from './prng';
import { selectCases } from './select-cases';
import type { CaseRecipe } from './openapi-cases';
import { jsonText, RawJson } from './values';

describe('the fuzz suite’s own helpers', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function database() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-fingerprint-'));
    dirs.push(dir);
    const sql = new Database(path.join(dir, 'bookclub.db'));
    sql.pragma('journal_mode = WAL');
    sql.exec(`CREATE TABLE "post" ("id" integer PRIMARY KEY, "title" text);
      CREATE TABLE "mail" ("id" integer PRIMARY KEY, "to" text, "text" text, "attempts" integer, "sentOn" text);
      INSERT INTO "post" VALUES (1, 'One');
      INSERT INTO "mail" VALUES (1, 'a@club.test', 'a link', 0, NULL);`);
    return { dir, sql };
  }

  it('sees a change another connection commits, and names the table and rows', () => {
    const { dir, sql } = database();
    const fingerprinter = new DatabaseFingerprinter(dir);
    const before = fingerprinter.take();
    expect(fingerprinter.take()).toBe(before);
    sql.prepare(`UPDATE "post" SET "title" = 'Changed' WHERE "id" = 1`).run();
    const after = fingerprinter.take();
    expect(fingerprintDiff(before, after).join('\n')).toMatch(/table post: 1 row\(s\) gone, 1 new[\s\S]*- 1 \| "One"[\s\S]*\+ 1 \| "Changed"/);
    fingerprinter.close();
    sql.close();
  });

  it('ignores the mail worker’s bookkeeping, not a new mail', () => {
    const { dir, sql } = database();
    const fingerprinter = new DatabaseFingerprinter(dir);
    const before = fingerprinter.take();
    sql.prepare(`UPDATE "mail" SET "text" = '', "attempts" = 1, "sentOn" = 'now'`).run();
    expect(fingerprintDiff(before, fingerprinter.take())).toEqual([]);
    sql.prepare(`INSERT INTO "mail" VALUES (2, 'b@club.test', 'x', 0, NULL)`).run();
    expect(fingerprintDiff(before, fingerprinter.take())).not.toEqual([]);
    fingerprinter.close();
    sql.close();
  });

  it('draws the same numbers from the same seed, and other numbers from another', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, mulberry32(seed).next);
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(hashSeed(1, 'GET', '/api/x')).not.toBe(hashSeed(1, 'GET', '/api/y'));
  });

  it('picks the baseline first and every category within a budget', () => {
    const recipe = (category: CaseRecipe['category'], label: string): CaseRecipe => ({
      category,
      label,
      make: () => {
        throw new Error('not sent');
      },
    });
    const recipes = [
      recipe('baseline', 'valid'),
      ...Array.from({ length: 50 }, (_, i) => recipe('field', `f${i}`)),
      recipe('header', 'h'),
      recipe('path', 'p'),
    ];
    const chosen = selectCases(recipes, 6, mulberry32(1));
    expect(chosen[0]!.label).toBe('valid');
    expect(new Set(chosen.map((c) => c.category))).toEqual(new Set(['baseline', 'field', 'header', 'path']));
    expect(selectCases(recipes, 6, mulberry32(1)).map((c) => c.label)).toEqual(chosen.map((c) => c.label));
  });

  it('writes raw JSON numbers as given', () => {
    expect(jsonText({ a: new RawJson('99999999999999999999'), b: [1, new RawJson('-0')], c: 'x' })).toBe('{"a":99999999999999999999,"b":[1,-0],"c":"x"}');
  });
});
