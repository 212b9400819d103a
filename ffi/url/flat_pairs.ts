/**
 * Lookups, pairs and sorting over a flat list of pairs (name, value, name, value, …), URLSearchParams' storage. Array
 * methods are captured at load time: a user's replacement cannot change an answer.
 */

import { append } from "../builtins/own_arrays.ts";

const arraySort = Array.prototype.sort;

/** The pairs of a flat list as [name, value] arrays, in order (a new array, grown by append()). */
export function pairsOfFlat(list: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < list.length; i += 2) append(pairs, [list[i], list[i + 1]]);
  return pairs;
}

/** Index of the first pair named `name` in a flat list, or -1. */
export function find(list: readonly string[], name: string): number {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return i;
  return -1;
}

/**
 * Stable sort of a flat list's pairs by name (UTF-16 code units): insertion sort for a few pairs, else the
 * engine's stable sort over [name, value] pairs.
 */
export function sortFlat(list: string[]): void {
  const count = list.length >> 1;
  if (count <= 16) {
    for (let i = 2; i < list.length; i += 2) {
      const name = list[i];
      const value = list[i + 1];
      let j = i - 2;
      while (j >= 0 && list[j] > name) {
        list[j + 2] = list[j];
        list[j + 3] = list[j + 1];
        j -= 2;
      }
      list[j + 2] = name;
      list[j + 3] = value;
    }
    return;
  }
  const pairs = pairsOfFlat(list);
  arraySort.call(pairs, (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (let i = 0; i < count; i++) {
    list[2 * i] = pairs[i][0];
    list[2 * i + 1] = pairs[i][1];
  }
}
