/** A number with its noun, singular for one: count(1, 'row') → '1 row', count(3, 'row') → '3 rows'. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
