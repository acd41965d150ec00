import { setOwn } from './cloneJson.ts';
import { deepEqual } from './deepEqual.ts';
import { isPlainObject } from './isPlainObject.ts';

/**
 * Up to this many values, {@link DistinctValues} compares a new one with each (no fingerprint to
 * compute); past it, a new value is compared with at most this many values of equal fingerprint.
 */
const COMPARED_VALUES = 16;

/**
 * JSON values kept once each by deep equality ({@link deepEqual}: key order does not matter), in
 * linear time: a few values are compared one by one; past that, each value is compared only with
 * the values of the same {@link fingerprint}, so a list of 10⁵ distinct values does not compare
 * 10¹⁰ pairs. Values whose fingerprints collide more than {@link COMPARED_VALUES} times (only
 * values built to collide) are told apart by a canonical key (their JSON with sorted keys).
 */
export class DistinctValues {
  private readonly values: unknown[] = [];
  /** Past {@link compared} values: the values kept, by fingerprint. */
  private byFingerprint: Map<number, FingerprintClass> | undefined;

  /** Up to how many values a new one is compared with each. */
  private readonly compared: number;

  /**
   * @param compared Up to how many values a new one is compared with each (default
   *   {@link COMPARED_VALUES}); `0` fingerprints from the first, where the values are known to be
   *   many and alike near their top (a union's branches: comparing pairs walked them deep).
   */
  constructor(compared = COMPARED_VALUES) {
    this.compared = compared;
  }

  /**
   * Adds a value unless a deep-equal one is there.
   *
   * @param value A JSON value `JSON.stringify` can write.
   * @returns Whether it was new (`false`: a deep-equal value was added before).
   */
  add(value: unknown): boolean {
    if (this.byFingerprint === undefined) {
      if (this.values.some((known) => deepEqual(known, value))) return false;
      this.values.push(value);
      if (this.values.length > this.compared) {
        this.byFingerprint = new Map();
        for (const known of this.values) addToClass(this.byFingerprint, fingerprint(known), known);
      }
      return true;
    }
    const print = fingerprint(value);
    const known = this.byFingerprint.get(print);
    if (known?.has(value)) return false;
    addToClass(this.byFingerprint, print, value);
    return true;
  }
}

/** The values kept under one fingerprint: a few compared one by one, more by canonical key. */
interface FingerprintClass {
  has(value: unknown): boolean;
  add(value: unknown): void;
}

/** Adds a value (not yet there) to its fingerprint's class, made on first use. */
function addToClass(classes: Map<number, FingerprintClass>, print: number, value: unknown): void {
  let known = classes.get(print);
  if (known === undefined) {
    known = new ComparedClass();
    classes.set(print, known);
  } else if (known instanceof ComparedClass && known.values.length >= COMPARED_VALUES) {
    known = new CanonicalClass(known.values);
    classes.set(print, known);
  }
  known.add(value);
}

/** A fingerprint's values, compared one by one with {@link deepEqual}. */
class ComparedClass implements FingerprintClass {
  readonly values: unknown[] = [];
  has(value: unknown): boolean {
    return this.values.some((known) => deepEqual(known, value));
  }
  add(value: unknown): void {
    this.values.push(value);
  }
}

/** A fingerprint's values past {@link COMPARED_VALUES}, by canonical key. */
class CanonicalClass implements FingerprintClass {
  private readonly keys: Set<string>;
  constructor(values: readonly unknown[]) {
    this.keys = new Set(values.map(canonicalKey));
  }
  has(value: unknown): boolean {
    return this.keys.has(canonicalKey(value));
  }
  add(value: unknown): void {
    this.keys.add(canonicalKey(value));
  }
}

/** The JSON of a value with every object's keys sorted: equal for deep-equal values. */
function canonicalKey(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (!isPlainObject(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) setOwn(sorted, key, item[key]);
    return sorted;
  }) as string;
}

/**
 * How deep {@link fingerprint} reads: deeper values count as one, whatever they hold. Three levels
 * tell a union's wire branches apart by their keywords, property names and each property's
 * keywords; reading every level walked each branch whole (GitHub's ruleset unions, 21 objects).
 */
const FINGERPRINT_DEPTH = 3;

/**
 * A 32-bit number equal for deep-equal JSON values, and nearly always different for others,
 * computed without building anything: a value's kind, sizes, and a few characters of each string
 * (not every character: schemas hold long descriptions, and a collision only costs a
 * {@link deepEqual}). An object's keys count in any order, as {@link deepEqual} reads them.
 *
 * @param value A JSON value.
 * @param depth How deep the value stands in the value fingerprinted (a bound on recursion).
 * @returns The fingerprint.
 */
function fingerprint(value: unknown, depth = 0): number {
  if (typeof value === 'string') return stringPrint(value);
  if (typeof value === 'number') return numberPrint(value);
  if (typeof value === 'boolean') return value ? 0x2f6b : 0x11d3;
  if (value === null || typeof value !== 'object') return 0x5a17;
  if (depth >= FINGERPRINT_DEPTH) return 0x7c01;
  if (Array.isArray(value)) {
    let print = 0x3e9 + value.length;
    for (let index = 0; index < value.length; index++)
      print = (Math.imul(print, 31) + fingerprint(value[index], depth + 1)) | 0;
    return print;
  }
  const keys = Object.keys(value);
  // A sum over the keys: the same for any key order.
  let print = Math.imul(0x4f1 + keys.length, 0x9e3779b1);
  for (const key of keys) {
    const child = fingerprint((value as Record<string, unknown>)[key], depth + 1);
    print = (print + Math.imul(stringPrint(key) ^ child, 0x85ebca6b)) | 0;
  }
  return print;
}

/** A string's length and three of its characters. */
function stringPrint(text: string): number {
  const { length } = text;
  if (length === 0) return 0x1b873593;
  const print =
    Math.imul(length, 0x27d4eb2d) ^
    Math.imul(text.charCodeAt(0), 0x165667b1) ^
    Math.imul(text.charCodeAt(length >> 1), 0xc2b2ae35) ^
    text.charCodeAt(length - 1);
  return print | 0;
}

/** A number's print: equal numbers (`0` and `-0` too) give equal prints. */
function numberPrint(value: number): number {
  if (Number.isInteger(value)) return (value | 0) ^ 0x6a09e667;
  // A fraction: its value scaled, then its bits folded (`| 0` keeps the low 32 bits).
  return (value * 0x10000) | 0;
}
